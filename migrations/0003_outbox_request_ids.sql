-- The outbox of what must be published (#17.2) and idempotency keys of submitted actions (#17.3).
CREATE TABLE `outbox` (
	`key` text PRIMARY KEY NOT NULL,
	`game_id` text NOT NULL,
	`version` integer NOT NULL,
	`topic` text NOT NULL,
	`seats` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outbox_unsent_idx` ON `outbox` (`sent_at`,`created_at`);--> statement-breakpoint
ALTER TABLE `actions` ADD `request_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `actions_request_idx` ON `actions` (`game_id`,`request_id`);
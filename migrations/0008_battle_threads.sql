CREATE TABLE `battle_threads` (
	`thread_id` text PRIMARY KEY NOT NULL,
	`game_id` text NOT NULL,
	`hex` text NOT NULL,
	`open` integer DEFAULT 1 NOT NULL,
	`members` text DEFAULT '[]' NOT NULL,
	`posted` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `battle_threads_game_idx` ON `battle_threads` (`game_id`,`hex`,`open`);
CREATE TABLE `actions` (
	`game_id` text NOT NULL,
	`version` integer NOT NULL,
	`seat` text NOT NULL,
	`actor` text NOT NULL,
	`user_id` text,
	`action` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `version`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `deadlines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`step_id` text NOT NULL,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`due_at` integer NOT NULL,
	`remind_at` integer,
	`reminded_at` integer,
	`fired_at` integer,
	`closed_at` integer,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deadlines_version_idx` ON `deadlines` (`game_id`,`version`);--> statement-breakpoint
CREATE INDEX `deadlines_open_idx` ON `deadlines` (`fired_at`,`closed_at`,`due_at`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`created_by` text NOT NULL,
	`scenario` text NOT NULL,
	`seed` integer NOT NULL,
	`options` text DEFAULT '{}' NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'setup' NOT NULL,
	`state` text,
	`version` integer DEFAULT 0 NOT NULL,
	`resolved_version` integer DEFAULT -1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `games_status_idx` ON `games` (`status`);--> statement-breakpoint
CREATE INDEX `games_channel_idx` ON `games` (`guild_id`,`channel_id`);--> statement-breakpoint
CREATE TABLE `published` (
	`key` text PRIMARY KEY NOT NULL,
	`game_id` text NOT NULL,
	`version` integer NOT NULL,
	`target` text NOT NULL,
	`message_id` text,
	`at` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `published_game_idx` ON `published` (`game_id`,`version`);--> statement-breakpoint
CREATE TABLE `seats` (
	`game_id` text NOT NULL,
	`seat` text NOT NULL,
	`user_id` text,
	`autopilot` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`game_id`, `seat`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seats_user_idx` ON `seats` (`user_id`);--> statement-breakpoint
CREATE TABLE `snapshots` (
	`game_id` text NOT NULL,
	`version` integer NOT NULL,
	`state` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `version`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);

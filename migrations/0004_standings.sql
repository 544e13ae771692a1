CREATE TABLE `battle_results` (
	`game_id` text NOT NULL,
	`version` integer NOT NULL,
	`hex` text NOT NULL,
	`turn` integer NOT NULL,
	`date` text NOT NULL,
	`attacker_side` text NOT NULL,
	`attacker_nations` text NOT NULL,
	`defender_nations` text NOT NULL,
	`attacker_commander` text,
	`defender_commander` text,
	`odds` integer NOT NULL,
	`roll` integer NOT NULL,
	`victor` text NOT NULL,
	`attacker_sp_lost` integer NOT NULL,
	`defender_sp_lost` integer NOT NULL,
	`historical` text,
	`reversal` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`game_id`, `version`, `hex`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `campaign_players` (
	`game_id` text NOT NULL,
	`seat` text NOT NULL,
	`player` text NOT NULL,
	`side` text NOT NULL,
	`actions` integer DEFAULT 0 NOT NULL,
	`held_at_end` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`game_id`, `seat`, `player`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_players_player_idx` ON `campaign_players` (`player`);--> statement-breakpoint
CREATE TABLE `campaign_results` (
	`game_id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`scenario` text NOT NULL,
	`ended_by` text NOT NULL,
	`conceded_side` text,
	`recorded` integer DEFAULT 0 NOT NULL,
	`winner` text,
	`level` text,
	`vp_allied` integer DEFAULT 0 NOT NULL,
	`vp_coalition` integer DEFAULT 0 NOT NULL,
	`sp_lost_allied` integer DEFAULT 0 NOT NULL,
	`sp_lost_coalition` integer DEFAULT 0 NOT NULL,
	`last_turn` integer DEFAULT 0 NOT NULL,
	`vp_by_turn` text DEFAULT '[]' NOT NULL,
	`reversal` integer DEFAULT 0 NOT NULL,
	`ended_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_results_guild_idx` ON `campaign_results` (`guild_id`);
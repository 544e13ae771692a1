ALTER TABLE `games` ADD `rules_version` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `map_version` integer;
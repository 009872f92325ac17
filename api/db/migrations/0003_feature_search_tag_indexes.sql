CREATE INDEX `features_primary_game` ON `features` (`primary_tag`,`game_id`);--> statement-breakpoint
CREATE INDEX `features_secondary_game` ON `features` (`secondary_tag`,`game_id`);
DROP INDEX `features_primary_tag`;--> statement-breakpoint
CREATE INDEX `features_tag_game_screen` ON `features` (`primary_tag`,`secondary_tag`,`game_id`,`feature_screen_name`);--> statement-breakpoint
CREATE INDEX `features_game_tag_screen` ON `features` (`game_id`,`primary_tag`,`secondary_tag`,`feature_screen_name`);
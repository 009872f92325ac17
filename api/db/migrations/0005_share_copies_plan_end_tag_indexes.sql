ALTER TABLE `boards` ADD `copied_from_share_code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `boards_user_share_copy` ON `boards` (`user_id`,`copied_from_share_code`);--> statement-breakpoint
ALTER TABLE `users` ADD `plan_ends_at` integer;--> statement-breakpoint
CREATE INDEX `features_primary_game` ON `features` (`primary_tag`,`game_id`);--> statement-breakpoint
CREATE INDEX `features_secondary_game` ON `features` (`secondary_tag`,`game_id`);
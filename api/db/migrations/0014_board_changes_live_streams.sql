CREATE TABLE `board_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`board_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`batch_id` text,
	`from_version` integer NOT NULL,
	`to_version` integer NOT NULL,
	`change` text NOT NULL,
	`refs` text DEFAULT '{}' NOT NULL,
	`for_free_plan` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `board_changes_user_batch` ON `board_changes` (`user_id`,`batch_id`);--> statement-breakpoint
CREATE INDEX `board_changes_board_version` ON `board_changes` (`board_id`,`to_version`);--> statement-breakpoint
CREATE INDEX `board_changes_created` ON `board_changes` (`created_at`);--> statement-breakpoint
CREATE TABLE `live_streams` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`instance` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `live_streams_user` ON `live_streams` (`user_id`);--> statement-breakpoint
CREATE INDEX `live_streams_instance` ON `live_streams` (`instance`);
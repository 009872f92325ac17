CREATE TABLE `own_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`sha256` text NOT NULL,
	`url` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`orphaned_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `own_images_user_sha` ON `own_images` (`user_id`,`sha256`);--> statement-breakpoint
CREATE INDEX `own_images_url` ON `own_images` (`url`);--> statement-breakpoint
ALTER TABLE `cards` ADD `source` text DEFAULT 'catalogue' NOT NULL;--> statement-breakpoint
CREATE INDEX `cards_own_board` ON `cards` (`board_id`) WHERE source = 'own';
CREATE TABLE `card_bookmarks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`card_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `cards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `card_bookmarks_user_card` ON `card_bookmarks` (`user_id`,`card_id`);--> statement-breakpoint
CREATE INDEX `card_bookmarks_card` ON `card_bookmarks` (`card_id`);--> statement-breakpoint
-- Bookmarks become per person (issue #29): a bookmarked card was its board owner's bookmark.
INSERT INTO `card_bookmarks` (`user_id`, `card_id`, `created_at`) SELECT `boards`.`user_id`, `cards`.`id`, `cards`.`created_at` FROM `cards` INNER JOIN `boards` ON `boards`.`id` = `cards`.`board_id` WHERE `cards`.`is_bookmarked` = 1;--> statement-breakpoint
DROP INDEX `cards_board_bookmarked`;--> statement-breakpoint
ALTER TABLE `cards` DROP COLUMN `is_bookmarked`;--> statement-breakpoint
ALTER TABLE `boards` ADD `auto_layout_done` integer DEFAULT 0 NOT NULL;
CREATE TABLE `board_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`board_id` integer NOT NULL,
	`role` text NOT NULL,
	`email` text,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`expires_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`board_id`) REFERENCES `boards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `board_invitations_code_unique` ON `board_invitations` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `board_invitations_board_email` ON `board_invitations` (`board_id`,`email`);--> statement-breakpoint
CREATE INDEX `board_invitations_email` ON `board_invitations` (`email`);--> statement-breakpoint
CREATE TABLE `board_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`board_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`board_id`) REFERENCES `boards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `board_members_board_user` ON `board_members` (`board_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `board_members_user` ON `board_members` (`user_id`);
CREATE TABLE `board_content_versions` (
	`board_id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);

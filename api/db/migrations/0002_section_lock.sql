ALTER TABLE `cards` ADD `locked` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sections` ADD `locked` integer;
-- One share copy per recipient per board, across Stop sharing and sharing again (issue #25 item 6): a copy records
-- the board it was copied from, not the share code (a new code after a revoke made a second copy).
-- Backfill: a copy made through the source's current code is that board's copy; older codes were cleared from
-- their boards when sharing stopped, so their copies stay unlinked (the recipient keeps them as ordinary boards).
-- Deleted boards kept for undo hold raw rows: the dropped column leaves their snapshots, so an undo still restores.
DROP INDEX `boards_user_share_copy`;--> statement-breakpoint
ALTER TABLE `boards` ADD `copied_from_board_id` integer;--> statement-breakpoint
UPDATE `boards` SET `copied_from_board_id` = (SELECT `source`.`id` FROM `boards` AS `source` WHERE `source`.`share_code` = `boards`.`copied_from_share_code`) WHERE `copied_from_share_code` IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `boards_user_board_copy` ON `boards` (`user_id`,`copied_from_board_id`);--> statement-breakpoint
ALTER TABLE `boards` DROP COLUMN `copied_from_share_code`;--> statement-breakpoint
UPDATE `deleted_boards` SET `snapshot` = json_remove(`snapshot`, '$.board.copied_from_share_code') WHERE json_type(`snapshot`, '$.board.copied_from_share_code') IS NOT NULL;

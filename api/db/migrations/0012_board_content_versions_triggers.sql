-- Board content versions (issue 16): any insert, update or delete of a card or a section bumps its board's number
-- in the writer's own transaction, whoever writes (routes, the layout worker, board copies, restores), so a
-- process that cached a board's content page under (board, version) sees a new number exactly when the page may
-- have changed. A board's own insert and delete bump it too (a restore brings an id back).
-- Backfill: existing boards start at 1.
INSERT INTO `board_content_versions` (`board_id`, `version`) SELECT `id`, 1 FROM `boards` WHERE true ON CONFLICT (`board_id`) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER `board_content_version_cards_insert` AFTER INSERT ON `cards`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (NEW.`board_id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `board_content_version_cards_update` AFTER UPDATE ON `cards`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (NEW.`board_id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `board_content_version_cards_move` AFTER UPDATE OF `board_id` ON `cards` WHEN OLD.`board_id` IS NOT NEW.`board_id`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (OLD.`board_id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `board_content_version_cards_delete` AFTER DELETE ON `cards`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (OLD.`board_id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `board_content_version_sections_insert` AFTER INSERT ON `sections`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (NEW.`board_id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `board_content_version_sections_update` AFTER UPDATE ON `sections`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (NEW.`board_id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `board_content_version_sections_move` AFTER UPDATE OF `board_id` ON `sections` WHEN OLD.`board_id` IS NOT NEW.`board_id`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (OLD.`board_id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `board_content_version_sections_delete` AFTER DELETE ON `sections`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (OLD.`board_id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `board_content_version_boards_insert` AFTER INSERT ON `boards`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (NEW.`id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `board_content_version_boards_delete` AFTER DELETE ON `boards`
BEGIN
  INSERT INTO `board_content_versions` (`board_id`, `version`) VALUES (OLD.`id`, 1) ON CONFLICT (`board_id`) DO UPDATE SET `version` = `version` + 1;
END;

-- A card that has sat in a locked section stays hidden from a free owner wherever it goes (issue #14, SECURITY.md:
-- "What a plan hides stays hidden whatever the user renames, deletes or moves"). Kept here, in the database, so that
-- every route that inserts, moves or unlinks cards is covered, including ones written later.
CREATE TRIGGER `cards_lock_on_insert` AFTER INSERT ON `cards`
WHEN NEW.`locked` = 0 AND NEW.`section_id` IS NOT NULL
  AND (SELECT `locked` FROM `sections` WHERE `id` = NEW.`section_id`) = 1
BEGIN
  UPDATE `cards` SET `locked` = 1 WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `cards_lock_on_section_change` AFTER UPDATE OF `section_id` ON `cards`
WHEN NEW.`locked` = 0 AND (
  (OLD.`section_id` IS NOT NULL AND (SELECT `locked` FROM `sections` WHERE `id` = OLD.`section_id`) = 1)
  OR (NEW.`section_id` IS NOT NULL AND (SELECT `locked` FROM `sections` WHERE `id` = NEW.`section_id`) = 1)
)
BEGIN
  UPDATE `cards` SET `locked` = 1 WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `cards_lock_on_section_delete` BEFORE DELETE ON `sections`
WHEN OLD.`locked` = 1
BEGIN
  UPDATE `cards` SET `locked` = 1 WHERE `section_id` = OLD.`id` AND `locked` = 0;
END;

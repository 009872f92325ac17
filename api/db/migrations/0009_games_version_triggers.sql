-- The games' version (issue 19): every insert, update or delete of a game row bumps it in the writer's own
-- transaction, whoever writes (catalogue load, importer, a later admin route), so every process sharing this
-- database sees a new number exactly when the games it derived its game-name index from have changed.
INSERT INTO `games_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `games_version_on_insert` AFTER INSERT ON `games`
BEGIN
  UPDATE `games_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `games_version_on_update` AFTER UPDATE ON `games`
BEGIN
  UPDATE `games_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `games_version_on_delete` AFTER DELETE ON `games`
BEGIN
  UPDATE `games_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;

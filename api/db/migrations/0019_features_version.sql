-- The catalogue features' version (issue 28): every insert, update or delete of a feature row bumps it in the
-- writer's own transaction, so every process sharing this database sees a new number exactly when the words it
-- spells queries against (api/search/spelling.ts) may have changed. An upsert that leaves a row as it was does not
-- update it (features.repo.ts), so a restart's catalogue load changes nothing.
CREATE TABLE `features_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO `features_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `features_version_on_insert` AFTER INSERT ON `features`
BEGIN
  UPDATE `features_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `features_version_on_update` AFTER UPDATE ON `features`
BEGIN
  UPDATE `features_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `features_version_on_delete` AFTER DELETE ON `features`
BEGIN
  UPDATE `features_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;

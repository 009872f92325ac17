-- Full-text index over the catalogue (spec: feature search, query engine). A standalone FTS5 table rather than
-- external content, because game_name lives in another table; the triggers keep it in step with features and games.
CREATE VIRTUAL TABLE `features_fts` USING fts5(
  feature_screen_name, short_description, detailed_description, primary_tag, secondary_tag, game_name,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `features_fts_insert` AFTER INSERT ON `features` BEGIN
  INSERT INTO features_fts(rowid, feature_screen_name, short_description, detailed_description, primary_tag, secondary_tag, game_name)
  VALUES (new.id, new.feature_screen_name, new.short_description, new.detailed_description, new.primary_tag, new.secondary_tag,
          (SELECT name FROM games WHERE id = new.game_id));
END;
--> statement-breakpoint
CREATE TRIGGER `features_fts_delete` AFTER DELETE ON `features` BEGIN
  DELETE FROM features_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `features_fts_update` AFTER UPDATE ON `features` BEGIN
  DELETE FROM features_fts WHERE rowid = old.id;
  INSERT INTO features_fts(rowid, feature_screen_name, short_description, detailed_description, primary_tag, secondary_tag, game_name)
  VALUES (new.id, new.feature_screen_name, new.short_description, new.detailed_description, new.primary_tag, new.secondary_tag,
          (SELECT name FROM games WHERE id = new.game_id));
END;
--> statement-breakpoint
CREATE TRIGGER `features_fts_game_rename` AFTER UPDATE OF name ON `games` BEGIN
  UPDATE features_fts SET game_name = new.name WHERE rowid IN (SELECT id FROM features WHERE game_id = new.id);
END;

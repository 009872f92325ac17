-- Full-text search over the catalogue on PostgreSQL: the twin of SQLite's features_fts (0001_features_fts), kept by
-- triggers from features and games. Words are stemmed like SQLite's porter tokenizer (snowball English, no stop
-- words dropped, accents folded), and weighted like its bm25 column weights: the screen's name counts most.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY loot_english_stem (TEMPLATE = snowball, Language = english);--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION loot (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION loot ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, loot_english_stem;--> statement-breakpoint
CREATE TABLE features_search (
  id integer PRIMARY KEY REFERENCES features(id) ON DELETE CASCADE,
  document tsvector NOT NULL
);--> statement-breakpoint
CREATE INDEX features_search_document ON features_search USING gin (document);--> statement-breakpoint
CREATE FUNCTION features_search_document(f features, game_name text) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('loot', f.feature_screen_name), 'A')
      || setweight(to_tsvector('loot', f.secondary_tag), 'B')
      || setweight(to_tsvector('loot', f.short_description || ' ' || f.primary_tag), 'C')
      || setweight(to_tsvector('loot', f.detailed_description || ' ' || coalesce(game_name, '')), 'D')
$$;--> statement-breakpoint
CREATE FUNCTION features_search_on_feature() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO features_search (id, document)
  VALUES (NEW.id, features_search_document(NEW, (SELECT name FROM games WHERE id = NEW.game_id)))
  ON CONFLICT (id) DO UPDATE SET document = excluded.document;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER features_search_on_feature AFTER INSERT OR UPDATE ON features FOR EACH ROW EXECUTE FUNCTION features_search_on_feature();--> statement-breakpoint
CREATE FUNCTION features_search_on_game_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE features_search s SET document = features_search_document(f, NEW.name)
    FROM features f WHERE f.id = s.id AND f.game_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER features_search_on_game_rename AFTER UPDATE OF name ON games FOR EACH ROW EXECUTE FUNCTION features_search_on_game_rename();

-- The text search on PostgreSQL scores like SQLite's FTS5 bm25 (issue #16: query → board, feature search and find
-- similar give the same results on both databases). ts_rank over 0002's document is a different function of the
-- words: the engine normalizes every score by the best one and keeps a card only above a share of it, so a ranking
-- that merely orders the same way still fills boards differently. FTS5's bm25 needs, per feature, where each word
-- sits in which of its six columns and how many words the feature has: features_search_terms holds that (one row
-- per stemmed word, or pair of words in a row, and feature; an index by word) and features_search_lengths the lengths; the query in
-- api/db/repositories/search.repo.ts computes bm25 from them with FTS5's own formula and column weights.
--
-- Words are cut like FTS5's unicode61 tokenizer: every punctuation mark and symbol separates words ("match-3" is
-- "match" and "3", "24/7" is "24" and "7", "offer—limited" two words), which PostgreSQL's parser alone would keep
-- as one compound, a signed number or a path. They are then folded and stemmed by the 'loot' configuration (0002),
-- whose stemmer becomes Martin Porter's original algorithm, the one SQLite's porter tokenizer implements (snowball
-- 'english' is Porter2: "monthly" → "month", where SQLite has "monthli", so the two matched different features).
CREATE TEXT SEARCH DICTIONARY loot_porter_stem (TEMPLATE = snowball, Language = porter);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION loot ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, loot_porter_stem;--> statement-breakpoint
CREATE FUNCTION loot_search_words(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(coalesce($1, ''),
    '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u00a0-\u00a9\u00ab-\u00b1\u00b4\u00b6-\u00b8\u00bb\u00bf\u00d7\u00f7\u2000-\u2bff\u3000-\u303f\ufe30-\ufe4f\uff01-\uff0f\U0001f000-\U0001faff]',
    ' ', 'g')
$$;--> statement-breakpoint
CREATE TABLE features_search_terms (
  -- A stemmed word, or two words that follow each other in a column ("battl pass"): a two-word phrase, the
  -- commonest kind the engine searches, is then read like a word.
  lexeme text NOT NULL,
  id integer NOT NULL REFERENCES features(id) ON DELETE CASCADE,
  -- How often it occurs in each column, in FTS5's column order: screen name, short description, detailed
  -- description, primary tag, secondary tag, game name.
  counts integer[] NOT NULL,
  -- Where a word occurs (longer phrases are found from these): column index × 65536 + position in that column.
  -- Empty for word pairs.
  positions integer[] NOT NULL,
  -- The counts ride in the index: a word's features and counts are read from the index alone (no heap page per
  -- feature) once the table is vacuumed, as autovacuum does after a catalogue load.
  PRIMARY KEY (lexeme, id) INCLUDE (counts)
);--> statement-breakpoint
CREATE INDEX features_search_terms_id ON features_search_terms (id);--> statement-breakpoint
-- Each feature's length in words, all columns together (bm25's |D|; the catalogue's mean is its avgdl).
CREATE TABLE features_search_lengths (
  id integer PRIMARY KEY REFERENCES features(id) ON DELETE CASCADE,
  length integer NOT NULL
);--> statement-breakpoint
CREATE FUNCTION features_search_terms_of(feature_id integer) RETURNS TABLE (lexeme text, counts integer[], positions integer[]) LANGUAGE sql STABLE AS $$
  WITH words AS (
    SELECT c.col::integer col, t.lexeme, p
      FROM features f
      LEFT JOIN games g ON g.id = f.game_id
     CROSS JOIN LATERAL unnest(ARRAY[f.feature_screen_name, f.short_description, f.detailed_description, f.primary_tag, f.secondary_tag, g.name])
           WITH ORDINALITY c(text, col)
     CROSS JOIN LATERAL unnest(to_tsvector('loot', loot_search_words(c.text))) t
     CROSS JOIN LATERAL unnest(t.positions) p
     WHERE f.id = feature_id
  ), pairs AS (
    SELECT a.col, a.lexeme || ' ' || b.lexeme lexeme, a.p FROM words a JOIN words b ON b.col = a.col AND b.p = a.p + 1
  )
  SELECT w.lexeme,
         ARRAY[count(*) FILTER (WHERE w.col = 1), count(*) FILTER (WHERE w.col = 2), count(*) FILTER (WHERE w.col = 3),
               count(*) FILTER (WHERE w.col = 4), count(*) FILTER (WHERE w.col = 5), count(*) FILTER (WHERE w.col = 6)]::integer[],
         array_agg((w.col - 1) * 65536 + w.p ORDER BY w.col, w.p)
    FROM words w GROUP BY w.lexeme
  UNION ALL
  SELECT w.lexeme,
         ARRAY[count(*) FILTER (WHERE w.col = 1), count(*) FILTER (WHERE w.col = 2), count(*) FILTER (WHERE w.col = 3),
               count(*) FILTER (WHERE w.col = 4), count(*) FILTER (WHERE w.col = 5), count(*) FILTER (WHERE w.col = 6)]::integer[],
         '{}'::integer[]
    FROM pairs w GROUP BY w.lexeme
$$;--> statement-breakpoint
-- Whenever 0002's triggers write a feature's document (a feature inserted or changed, its game renamed; also
-- db:migrate-to-postgres, which fills features_search itself), its words and length are written again.
CREATE FUNCTION features_search_terms_on_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM features_search_terms WHERE id = NEW.id;
  INSERT INTO features_search_terms (lexeme, id, counts, positions) SELECT t.lexeme, NEW.id, t.counts, t.positions FROM features_search_terms_of(NEW.id) t;
  INSERT INTO features_search_lengths (id, length)
  SELECT NEW.id, coalesce(sum(cardinality(positions)), 0) FROM features_search_terms WHERE id = NEW.id
  ON CONFLICT (id) DO UPDATE SET length = excluded.length;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER features_search_terms_on_document BEFORE INSERT OR UPDATE ON features_search FOR EACH ROW EXECUTE FUNCTION features_search_terms_on_document();--> statement-breakpoint
-- A feature's search document depends only on these columns: writing its screenshots (image generation) or any
-- other column no longer rewrites its document and words.
DROP TRIGGER features_search_on_feature ON features;--> statement-breakpoint
CREATE TRIGGER features_search_on_feature_insert AFTER INSERT ON features FOR EACH ROW EXECUTE FUNCTION features_search_on_feature();--> statement-breakpoint
CREATE TRIGGER features_search_on_feature_update AFTER UPDATE OF feature_screen_name, short_description, detailed_description, primary_tag, secondary_tag, game_id ON features
  FOR EACH ROW EXECUTE FUNCTION features_search_on_feature();--> statement-breakpoint
-- The catalogue already loaded: its documents stemmed again, and (by the trigger above) its words.
UPDATE features_search s SET document = features_search_document(f, g.name) FROM features f LEFT JOIN games g ON g.id = f.game_id WHERE f.id = s.id;

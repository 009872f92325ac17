-- PostgreSQL's text ranking and candidate reads at 100,000 features (api/db/fts5-bm25.ts, search.repo.ts): every
-- row they need comes from an index alone.
--
-- The candidates' tag and game indexes hold the feature's id (SQLite's rowid, in every index there): a category's
-- tens of thousands of candidates are read from the index, not from the table's pages.
DROP INDEX "features_tag_game_screen";--> statement-breakpoint
DROP INDEX "features_game_tag_screen";--> statement-breakpoint
CREATE INDEX "features_tag_game_screen" ON "features" USING btree ("primary_tag","secondary_tag","game_id","feature_screen_name","id");--> statement-breakpoint
CREATE INDEX "features_game_tag_screen" ON "features" USING btree ("game_id","primary_tag","secondary_tag","feature_screen_name","id");--> statement-breakpoint
-- bm25 scores a word's every feature by the word's weighted count there and the feature's length (|D|): each row
-- of features_search_terms carries both, in the index, so scoring a common word's tens of thousands of features
-- reads that index range and nothing else. The query computed the count from the counts array (six subscripts,
-- each a copy of the array, per row and twice) and joined features_search_lengths (all 100,000 rows hashed per
-- query). The table is rebuilt with the columns rather than updated in place: one write of each row, indexes
-- built once.
--
-- The column weights are FTS5's (api/db/fts5-bm25.ts BM25_COLUMN_WEIGHTS, SQLite's query passes them to bm25()):
-- changing them there means a migration that writes these rows again, or PostgreSQL scores differently
-- (tests/api/postgres-search.test.ts compares the two).
CREATE FUNCTION features_search_weighted(counts integer[]) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT $1[1] * 6.0::float8 + $1[2] * 2.0::float8 + $1[3] * 1.0::float8 + $1[4] * 1.5::float8 + $1[5] * 2.5::float8 + $1[6] * 0.5::float8
$$;--> statement-breakpoint
CREATE TABLE features_search_terms_rebuilt (
  lexeme text NOT NULL,
  id integer NOT NULL,
  counts integer[] NOT NULL,
  positions integer[] NOT NULL,
  -- Its occurrences, each counted with its column's weight (bm25's f(p, D) for a word or a pair of words).
  frequency float8 NOT NULL,
  -- The feature's words in all columns (features_search_lengths.length).
  length integer NOT NULL
);--> statement-breakpoint
INSERT INTO features_search_terms_rebuilt (lexeme, id, counts, positions, frequency, length)
  SELECT t.lexeme, t.id, t.counts, t.positions, features_search_weighted(t.counts), l.length
    FROM features_search_terms t JOIN features_search_lengths l ON l.id = t.id;--> statement-breakpoint
DROP TABLE features_search_terms;--> statement-breakpoint
ALTER TABLE features_search_terms_rebuilt RENAME TO features_search_terms;--> statement-breakpoint
ALTER TABLE features_search_terms ADD CONSTRAINT features_search_terms_pkey PRIMARY KEY (lexeme, id) INCLUDE (frequency, length);--> statement-breakpoint
ALTER TABLE features_search_terms ADD CONSTRAINT features_search_terms_id_fkey FOREIGN KEY (id) REFERENCES features(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX features_search_terms_id ON features_search_terms (id);--> statement-breakpoint
-- 0006's trigger, writing each row's weighted count and the feature's length: the sum of its word positions (word
-- pairs have none), as features_search_lengths counts it.
CREATE OR REPLACE FUNCTION features_search_terms_on_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM features_search_terms WHERE id = NEW.id;
  INSERT INTO features_search_terms (lexeme, id, counts, positions, frequency, length)
  SELECT t.lexeme, NEW.id, t.counts, t.positions, features_search_weighted(t.counts), (sum(cardinality(t.positions)) OVER ())::integer
    FROM features_search_terms_of(NEW.id) t;
  INSERT INTO features_search_lengths (id, length)
  SELECT NEW.id, coalesce(sum(cardinality(positions)), 0) FROM features_search_terms WHERE id = NEW.id
  ON CONFLICT (id) DO UPDATE SET length = excluded.length;
  RETURN NEW;
END;
$$;

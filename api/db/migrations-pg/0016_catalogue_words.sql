-- The twin of SQLite's 0022_catalogue_words: the catalogue's words typo correction spells queries against, one row
-- per features_version, counted once by the first instance that needs a version and read by every other one.
CREATE TABLE "catalogue_words" (
	"version" integer PRIMARY KEY NOT NULL,
	"words" text NOT NULL
);

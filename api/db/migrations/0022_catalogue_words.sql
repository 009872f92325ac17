-- The catalogue's words that typo correction spells queries against (api/search/spelling.ts), one row per
-- features_version: counted once by the first process that needs a version and read by the others.
CREATE TABLE `catalogue_words` (
	`version` integer PRIMARY KEY NOT NULL,
	`words` text NOT NULL
);

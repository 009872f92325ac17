-- The twin of SQLite's 0019_features_version (issue 28): a number that changes whenever feature rows do. Statement
-- triggers, one bump per statement rather than per row (a catalogue load writes thousands), and only when the
-- statement changed a row: a restart's catalogue load upserts every feature and changes none.
CREATE TABLE "features_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO features_version (id, version) VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION features_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE features_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER features_version_on_insert AFTER INSERT ON features REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION features_version_bump();--> statement-breakpoint
CREATE TRIGGER features_version_on_update AFTER UPDATE ON features REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION features_version_bump();--> statement-breakpoint
CREATE TRIGGER features_version_on_delete AFTER DELETE ON features REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION features_version_bump();

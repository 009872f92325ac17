-- The PostgreSQL twins of SQLite's 0003_section_lock_triggers and 0009_games_version_triggers (ADR 0004, issue 19).
-- A card that has sat in a locked section stays hidden from a free owner wherever it goes: kept by the database so
-- that every route that inserts, moves or unlinks cards is covered, including ones written later.
CREATE FUNCTION cards_lock_from_section() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.locked = 0 AND (
    (NEW.section_id IS NOT NULL AND (SELECT locked FROM sections WHERE id = NEW.section_id) = 1)
    OR (TG_OP = 'UPDATE' AND OLD.section_id IS NOT NULL AND (SELECT locked FROM sections WHERE id = OLD.section_id) = 1)
  ) THEN
    NEW.locked := 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER cards_lock_on_insert BEFORE INSERT ON cards FOR EACH ROW EXECUTE FUNCTION cards_lock_from_section();--> statement-breakpoint
CREATE TRIGGER cards_lock_on_section_change BEFORE UPDATE OF section_id ON cards FOR EACH ROW EXECUTE FUNCTION cards_lock_from_section();--> statement-breakpoint
-- BEFORE DELETE, like SQLite's: ON DELETE SET NULL then moves the cards out, already marked.
CREATE FUNCTION cards_lock_on_section_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.locked = 1 THEN
    UPDATE cards SET locked = 1 WHERE section_id = OLD.id AND locked = 0;
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER cards_lock_on_section_delete BEFORE DELETE ON sections FOR EACH ROW EXECUTE FUNCTION cards_lock_on_section_delete();--> statement-breakpoint
-- The games' version: any change to a game row bumps it in the writer's own transaction, so every process sharing
-- the database can tell cheaply whether its game-name index is current.
INSERT INTO games_version (id, version) VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION games_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER games_version_on_change AFTER INSERT OR UPDATE OR DELETE ON games FOR EACH STATEMENT EXECUTE FUNCTION games_version_bump();

-- Row locks in the triggers, now that PostgreSQL write transactions run side by side (ADR 0008; no global lock).
--
-- 1. A card that joins (or leaves) a section whose free-plan lock is still undecided reads that section FOR SHARE:
--    a decision being written to it (section-lock.service, an UPDATE of sections.locked) finishes first and is read
--    as committed; a decision that starts after waits for this card, and its "hide the cards already there" UPDATE
--    then sees the card. Decided sections (0 or 1) are read without a lock: a decision is made once.
CREATE OR REPLACE FUNCTION cards_lock_from_section() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  state integer;
BEGIN
  IF NEW.locked <> 0 THEN
    RETURN NEW;
  END IF;
  IF NEW.section_id IS NOT NULL THEN
    SELECT locked INTO state FROM sections WHERE id = NEW.section_id;
    IF state IS NULL THEN
      SELECT locked INTO state FROM sections WHERE id = NEW.section_id FOR SHARE;
    END IF;
    IF state = 1 THEN
      NEW.locked := 1;
      RETURN NEW;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.section_id IS NOT NULL THEN
    SELECT locked INTO state FROM sections WHERE id = OLD.section_id;
    IF state IS NULL THEN
      SELECT locked INTO state FROM sections WHERE id = OLD.section_id FOR SHARE;
    END IF;
    IF state = 1 THEN
      NEW.locked := 1;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- 2. A statement that touches several boards (a card moved to another board) bumps their versions in one upsert,
--    in board id order: two such statements locking the same two version rows never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION board_content_versions_bump_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO board_content_versions (board_id, version)
      SELECT board_id, 1 FROM (SELECT DISTINCT board_id FROM new_rows) touched ORDER BY board_id
      ON CONFLICT (board_id) DO UPDATE SET version = board_content_versions.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO board_content_versions (board_id, version)
      SELECT board_id, 1 FROM (SELECT DISTINCT board_id FROM old_rows) touched ORDER BY board_id
      ON CONFLICT (board_id) DO UPDATE SET version = board_content_versions.version + 1;
  ELSE
    INSERT INTO board_content_versions (board_id, version)
      SELECT board_id, 1 FROM (SELECT board_id FROM new_rows UNION SELECT board_id FROM old_rows) touched ORDER BY board_id
      ON CONFLICT (board_id) DO UPDATE SET version = board_content_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;

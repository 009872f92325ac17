-- The PostgreSQL twin of SQLite's 0012_board_content_versions_triggers (ADR 0006): any insert, update or delete of a
-- card or a section, and a board's own insert and delete, bump the board's content version in the writer's own
-- transaction. Statement triggers with transition tables: one upsert per statement and board, not one per row, so a
-- 100,000-card layout save bumps its board once.
INSERT INTO board_content_versions (board_id, version) SELECT id, 1 FROM boards ON CONFLICT (board_id) DO NOTHING;--> statement-breakpoint
CREATE FUNCTION board_content_versions_bump_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO board_content_versions (board_id, version)
      SELECT DISTINCT board_id, 1 FROM new_rows
      ON CONFLICT (board_id) DO UPDATE SET version = board_content_versions.version + 1;
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    INSERT INTO board_content_versions (board_id, version)
      SELECT DISTINCT board_id, 1 FROM old_rows
      ON CONFLICT (board_id) DO UPDATE SET version = board_content_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER board_content_version_cards_insert AFTER INSERT ON cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION board_content_versions_bump_children();--> statement-breakpoint
CREATE TRIGGER board_content_version_cards_update AFTER UPDATE ON cards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION board_content_versions_bump_children();--> statement-breakpoint
CREATE TRIGGER board_content_version_cards_delete AFTER DELETE ON cards REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION board_content_versions_bump_children();--> statement-breakpoint
CREATE TRIGGER board_content_version_sections_insert AFTER INSERT ON sections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION board_content_versions_bump_children();--> statement-breakpoint
CREATE TRIGGER board_content_version_sections_update AFTER UPDATE ON sections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION board_content_versions_bump_children();--> statement-breakpoint
CREATE TRIGGER board_content_version_sections_delete AFTER DELETE ON sections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION board_content_versions_bump_children();--> statement-breakpoint
CREATE FUNCTION board_content_versions_bump_boards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO board_content_versions (board_id, version)
      SELECT DISTINCT id, 1 FROM new_rows
      ON CONFLICT (board_id) DO UPDATE SET version = board_content_versions.version + 1;
  ELSE
    INSERT INTO board_content_versions (board_id, version)
      SELECT DISTINCT id, 1 FROM old_rows
      ON CONFLICT (board_id) DO UPDATE SET version = board_content_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER board_content_version_boards_insert AFTER INSERT ON boards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION board_content_versions_bump_boards();--> statement-breakpoint
CREATE TRIGGER board_content_version_boards_delete AFTER DELETE ON boards REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION board_content_versions_bump_boards();

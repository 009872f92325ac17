-- The twin of SQLite's 0013_share_copy_per_board: one share copy per recipient per board (issue #25 item 6),
-- backfilled from the source's current share code; snapshots of deleted boards lose the dropped column.
DROP INDEX "boards_user_share_copy";--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "copied_from_board_id" integer;--> statement-breakpoint
UPDATE "boards" SET "copied_from_board_id" = "source"."id" FROM "boards" AS "source" WHERE "source"."share_code" = "boards"."copied_from_share_code";--> statement-breakpoint
CREATE UNIQUE INDEX "boards_user_board_copy" ON "boards" USING btree ("user_id","copied_from_board_id");--> statement-breakpoint
ALTER TABLE "boards" DROP COLUMN "copied_from_share_code";--> statement-breakpoint
UPDATE "deleted_boards" SET "snapshot" = ("snapshot"::jsonb #- '{board,copied_from_share_code}')::text WHERE "snapshot"::jsonb -> 'board' ? 'copied_from_share_code';

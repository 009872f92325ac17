-- Where a member's history starts: the board's content version when they joined. Their changes feed and event
-- stream tell nothing older (an older since gets a reload). Memberships made before this column start at 0.
ALTER TABLE "board_members" ADD COLUMN "joined_version" integer DEFAULT 0 NOT NULL;
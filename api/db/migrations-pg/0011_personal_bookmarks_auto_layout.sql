CREATE TABLE "card_bookmarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
DROP INDEX "cards_board_bookmarked";--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "auto_layout_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_bookmarks" ADD CONSTRAINT "card_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bookmarks" ADD CONSTRAINT "card_bookmarks_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_bookmarks_user_card" ON "card_bookmarks" USING btree ("user_id","card_id");--> statement-breakpoint
CREATE INDEX "card_bookmarks_card" ON "card_bookmarks" USING btree ("card_id");--> statement-breakpoint
-- Bookmarks become per person (issue #29): a bookmarked card was its board owner's bookmark.
INSERT INTO "card_bookmarks" ("user_id", "card_id", "created_at") SELECT "boards"."user_id", "cards"."id", "cards"."created_at" FROM "cards" INNER JOIN "boards" ON "boards"."id" = "cards"."board_id" WHERE "cards"."is_bookmarked" = 1;--> statement-breakpoint
ALTER TABLE "cards" DROP COLUMN "is_bookmarked";
CREATE TABLE "boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"is_shared" integer DEFAULT 0 NOT NULL,
	"share_code" text,
	"copied_from_share_code" text,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	"updated_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	CONSTRAINT "boards_share_code_unique" UNIQUE("share_code")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"section_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"detailed_description" text DEFAULT '' NOT NULL,
	"game" text DEFAULT '' NOT NULL,
	"game_link" text DEFAULT '' NOT NULL,
	"images" text DEFAULT '[]' NOT NULL,
	"tags" text DEFAULT '[]' NOT NULL,
	"orientation" text DEFAULT 'horizontal' NOT NULL,
	"is_bookmarked" integer DEFAULT 0 NOT NULL,
	"x" double precision DEFAULT 0 NOT NULL,
	"y" double precision DEFAULT 0 NOT NULL,
	"feature_id" integer,
	"locked" integer DEFAULT 0 NOT NULL,
	"reasons" text DEFAULT '[]' NOT NULL,
	"source" text DEFAULT 'catalogue' NOT NULL,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	"section_title" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'free' NOT NULL,
	"is_new" integer DEFAULT 0 NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "deleted_boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"snapshot" text NOT NULL,
	"deleted_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "features" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"feature_screen_name" text NOT NULL,
	"primary_tag" text NOT NULL,
	"secondary_tag" text DEFAULT '' NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"detailed_description" text DEFAULT '' NOT NULL,
	"game_link" text DEFAULT '' NOT NULL,
	"orientation" text DEFAULT 'horizontal' NOT NULL,
	"screenshots" text DEFAULT '[]' NOT NULL,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text,
	"message" text NOT NULL,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"genre" text DEFAULT 'Other' NOT NULL,
	"subgenre" text DEFAULT '' NOT NULL,
	"tier" text DEFAULT 'Casual' NOT NULL,
	"super_genre" text DEFAULT 'Casual' NOT NULL,
	"orientation" text DEFAULT 'horizontal' NOT NULL,
	"store_url" text DEFAULT '' NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"palette" text,
	CONSTRAINT "games_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "games_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "own_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"url" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"orphaned_at" bigint,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"monthly_limit" integer NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"stripe_price_id" text,
	"sort_order" integer NOT NULL,
	CONSTRAINT "plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer,
	"text" text NOT NULL,
	"rating" integer,
	"provider" text DEFAULT 'offline' NOT NULL,
	"result_count" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"x" double precision DEFAULT 0 NOT NULL,
	"y" double precision DEFAULT 0 NOT NULL,
	"width" double precision DEFAULT 400 NOT NULL,
	"height" double precision DEFAULT 100 NOT NULL,
	"locked" integer,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	"expires_at" bigint NOT NULL,
	"absolute_expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"profile_image_url" text,
	"plan_id" integer DEFAULT 1 NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"monthly_limit" integer DEFAULT 1 NOT NULL,
	"usage_reset_date" bigint NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_subscription_updated_at" bigint,
	"plan_ends_at" bigint,
	"oidc_issuer" text,
	"oidc_subject" text,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_boards" ADD CONSTRAINT "deleted_boards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "own_images" ADD CONSTRAINT "own_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boards_user" ON "boards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boards_user_share_copy" ON "boards" USING btree ("user_id","copied_from_share_code");--> statement-breakpoint
CREATE INDEX "cards_board" ON "cards" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "cards_own_board" ON "cards" USING btree ("board_id") WHERE source = 'own';--> statement-breakpoint
CREATE INDEX "cards_section" ON "cards" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "cards_board_bookmarked" ON "cards" USING btree ("board_id","is_bookmarked");--> statement-breakpoint
CREATE INDEX "collection_items_collection" ON "collection_items" USING btree ("collection_id","sort_order");--> statement-breakpoint
CREATE INDEX "deleted_boards_user_board" ON "deleted_boards" USING btree ("user_id","board_id");--> statement-breakpoint
CREATE UNIQUE INDEX "features_game_screen" ON "features" USING btree ("game_id","feature_screen_name");--> statement-breakpoint
CREATE INDEX "features_primary_tag" ON "features" USING btree ("primary_tag","secondary_tag");--> statement-breakpoint
CREATE INDEX "features_primary_game" ON "features" USING btree ("primary_tag","game_id");--> statement-breakpoint
CREATE INDEX "features_secondary_game" ON "features" USING btree ("secondary_tag","game_id");--> statement-breakpoint
CREATE INDEX "games_genre" ON "games" USING btree ("genre","subgenre");--> statement-breakpoint
CREATE INDEX "games_tier" ON "games" USING btree ("tier");--> statement-breakpoint
CREATE INDEX "login_failures_key_at" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "own_images_user_sha" ON "own_images" USING btree ("user_id","sha256");--> statement-breakpoint
CREATE INDEX "own_images_url" ON "own_images" USING btree ("url");--> statement-breakpoint
CREATE INDEX "queries_user" ON "queries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sections_board" ON "sections" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_identity" ON "users" USING btree ("oidc_issuer","oidc_subject");
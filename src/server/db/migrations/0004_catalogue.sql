CREATE TABLE "edit_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "edit_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"decided_at" timestamp with time zone,
	"decided_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edit_requests_status_check" CHECK ("edit_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"author_id" bigint,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"title" text NOT NULL,
	"version" text,
	"artists" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"artist_text" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'Single' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"upc" text,
	"catalog_number" text,
	"label" text,
	"language" text,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_genre" text,
	"secondary_genre" text,
	"license_type" text,
	"c_line" text,
	"c_year" integer,
	"p_line" text,
	"p_year" integer,
	"release_date" date,
	"original_release_date" date,
	"publish_date" date,
	"release_time" text,
	"time_zone" text DEFAULT 'utc' NOT NULL,
	"apple_preorder" boolean DEFAULT false NOT NULL,
	"apple_preorder_date" date,
	"cover_url" text,
	"cover_medium_url" text,
	"cover_large_url" text,
	"motion_art_square_url" text,
	"motion_art_portrait_url" text,
	"is_ai_cover" boolean DEFAULT false NOT NULL,
	"restrict_takedown" boolean DEFAULT false NOT NULL,
	"transfer_in" boolean DEFAULT false NOT NULL,
	"opt_in_recommended_tracks" boolean DEFAULT false NOT NULL,
	"admin_review" boolean DEFAULT false NOT NULL,
	"priority_review" boolean DEFAULT false NOT NULL,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"territories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_file" jsonb,
	"takedown_reason" text,
	"takedown_at" timestamp with time zone,
	"takedown_by" bigint,
	"track_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_status_check" CHECK ("releases"."status" between 0 and 9)
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"isrc" text,
	"iswc" text,
	"title" text NOT NULL,
	"version" text,
	"language" text,
	"lyrics" text,
	"explicit" boolean DEFAULT false NOT NULL,
	"duration" integer,
	"audio_url" text,
	"instrument_url" text,
	"dolby_url" text,
	"tiktok_start" text,
	"liner_note" text,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"writers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scan_status" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edit_requests" ADD CONSTRAINT "edit_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_requests" ADD CONSTRAINT "edit_requests_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_requests" ADD CONSTRAINT "edit_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_requests" ADD CONSTRAINT "edit_requests_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_takedown_by_accounts_id_fk" FOREIGN KEY ("takedown_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edit_requests_tenant_created_idx" ON "edit_requests" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "edit_requests_tenant_status_idx" ON "edit_requests" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "edit_requests_release_idx" ON "edit_requests" USING btree ("release_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "release_notes_release_idx" ON "release_notes" USING btree ("release_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "releases_tenant_created_idx" ON "releases" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "releases_tenant_status_created_idx" ON "releases" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "releases_tenant_release_date_idx" ON "releases" USING btree ("tenant_id","release_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "releases_tenant_title_idx" ON "releases" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "releases_account_idx" ON "releases" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "releases_tenant_upc_idx" ON "releases" USING btree ("tenant_id","upc");--> statement-breakpoint
CREATE INDEX "releases_tenant_catalog_idx" ON "releases" USING btree ("tenant_id","catalog_number");--> statement-breakpoint
CREATE INDEX "releases_priority_idx" ON "releases" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "releases"."priority_review";--> statement-breakpoint
CREATE INDEX "releases_admin_review_idx" ON "releases" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "releases"."admin_review";--> statement-breakpoint
CREATE INDEX "releases_title_trgm_idx" ON "releases" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "releases_artist_trgm_idx" ON "releases" USING gin ("artist_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "releases_catalog_trgm_idx" ON "releases" USING gin ("catalog_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracks_release_idx" ON "tracks" USING btree ("release_id","position");--> statement-breakpoint
CREATE INDEX "tracks_tenant_isrc_idx" ON "tracks" USING btree ("tenant_id","isrc");--> statement-breakpoint
CREATE INDEX "tracks_title_trgm_idx" ON "tracks" USING gin ("title" gin_trgm_ops);
CREATE TABLE "usage_assets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"track_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"asset_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"submitted_by" bigint,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_cursors" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"cursor" text,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"track_id" bigint NOT NULL,
	"matches" integer DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_tenant_id_day_track_id_pk" PRIMARY KEY("tenant_id","day","track_id")
);
--> statement-breakpoint
CREATE TABLE "usage_matches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"provider_id" text NOT NULL,
	"asset_row_id" bigint NOT NULL,
	"track_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT 'raw' NOT NULL,
	"media_url" text,
	"user_url" text,
	"user_name" text,
	"copy_title" text,
	"upload_date" timestamp with time zone,
	"views" bigint DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	"duration" numeric(12, 3) DEFAULT '0' NOT NULL,
	"match_length" numeric(12, 3) DEFAULT '0' NOT NULL,
	"copy_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"actioned_by" bigint,
	"actioned_at" timestamp with time zone,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "spotify_discovery_release_track_key";--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD COLUMN "campaign_month" date DEFAULT date_trunc('month', now())::date NOT NULL;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD COLUMN "removal_status" text;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD COLUMN "removal_note" text;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD COLUMN "removal_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD COLUMN "removal_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "statement_line_groups" ADD COLUMN "discovery_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_assets" ADD CONSTRAINT "usage_assets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_assets" ADD CONSTRAINT "usage_assets_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_assets" ADD CONSTRAINT "usage_assets_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_assets" ADD CONSTRAINT "usage_assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_assets" ADD CONSTRAINT "usage_assets_submitted_by_accounts_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_cursors" ADD CONSTRAINT "usage_cursors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_matches" ADD CONSTRAINT "usage_matches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_matches" ADD CONSTRAINT "usage_matches_asset_row_id_usage_assets_id_fk" FOREIGN KEY ("asset_row_id") REFERENCES "public"."usage_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_matches" ADD CONSTRAINT "usage_matches_actioned_by_accounts_id_fk" FOREIGN KEY ("actioned_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_assets_open_track_key" ON "usage_assets" USING btree ("tenant_id","track_id") WHERE "usage_assets"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_assets_asset_id_key" ON "usage_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "usage_assets_tenant_created_idx" ON "usage_assets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "usage_assets_tenant_release_idx" ON "usage_assets" USING btree ("tenant_id","release_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_matches_provider_key" ON "usage_matches" USING btree ("tenant_id","provider_id");--> statement-breakpoint
CREATE INDEX "usage_matches_tenant_found_idx" ON "usage_matches" USING btree ("tenant_id","found_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "usage_matches_tenant_status_idx" ON "usage_matches" USING btree ("tenant_id","status","found_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "usage_matches_asset_idx" ON "usage_matches" USING btree ("asset_row_id");--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD CONSTRAINT "spotify_discovery_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spotify_discovery_release_track_month_key" ON "spotify_discovery" USING btree ("release_id",coalesce("track_id", 0),"campaign_month");--> statement-breakpoint
CREATE INDEX "spotify_discovery_removals_idx" ON "spotify_discovery" USING btree ("tenant_id","removal_requested_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "spotify_discovery"."removal_status" is not null;--> statement-breakpoint
CREATE INDEX "spotify_discovery_tagging_idx" ON "spotify_discovery" USING btree ("tenant_id","campaign_month","release_id") WHERE "spotify_discovery"."status" = 'approved' and "spotify_discovery"."enabled";
CREATE TABLE "track_scans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "track_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"track_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_job_id" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"requested_by" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "track_scans_kind_check" CHECK ("track_scans"."kind" in ('fingerprint', 'cover')),
	CONSTRAINT "track_scans_status_check" CHECK ("track_scans"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "spotify_discovery" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spotify_discovery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"track_id" bigint,
	"account_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "track_scans" ADD CONSTRAINT "track_scans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_scans" ADD CONSTRAINT "track_scans_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_scans" ADD CONSTRAINT "track_scans_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD CONSTRAINT "spotify_discovery_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD CONSTRAINT "spotify_discovery_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD CONSTRAINT "spotify_discovery_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD CONSTRAINT "spotify_discovery_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_discovery" ADD CONSTRAINT "spotify_discovery_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_scans_track_idx" ON "track_scans" USING btree ("track_id","requested_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "track_scans_pending_idx" ON "track_scans" USING btree ("requested_at","id") WHERE "track_scans"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "spotify_discovery_release_track_key" ON "spotify_discovery" USING btree ("release_id",coalesce("track_id", 0));--> statement-breakpoint
CREATE INDEX "spotify_discovery_tenant_updated_idx" ON "spotify_discovery" USING btree ("tenant_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "spotify_discovery_tenant_status_idx" ON "spotify_discovery" USING btree ("tenant_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "releases_health_no_cover_idx" ON "releases" USING btree ("tenant_id","id") WHERE "releases"."cover_url" is null;--> statement-breakpoint
CREATE INDEX "releases_health_live_no_upc_idx" ON "releases" USING btree ("tenant_id","id") WHERE "releases"."upc" is null and "releases"."status" in (1, 7);--> statement-breakpoint
CREATE INDEX "tracks_health_no_isrc_idx" ON "tracks" USING btree ("tenant_id","id") WHERE "tracks"."isrc" is null;--> statement-breakpoint
CREATE INDEX "tracks_health_no_audio_idx" ON "tracks" USING btree ("tenant_id","id") WHERE "tracks"."audio_url" is null;--> statement-breakpoint
CREATE INDEX "tracks_health_scan_failed_idx" ON "tracks" USING btree ("tenant_id","id") WHERE "tracks"."scan_status" not in (0, 1);
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
ALTER TABLE "spotify_discovery" ADD CONSTRAINT "spotify_discovery_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spotify_discovery_release_track_month_key" ON "spotify_discovery" USING btree ("release_id",coalesce("track_id", 0),"campaign_month");--> statement-breakpoint
CREATE INDEX "spotify_discovery_removals_idx" ON "spotify_discovery" USING btree ("tenant_id","removal_requested_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "spotify_discovery"."removal_status" is not null;--> statement-breakpoint
CREATE INDEX "spotify_discovery_tagging_idx" ON "spotify_discovery" USING btree ("tenant_id","campaign_month","release_id") WHERE "spotify_discovery"."status" = 'approved' and "spotify_discovery"."enabled";
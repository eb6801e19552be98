CREATE TABLE "feature_control_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"pitch_lead_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_control_settings_lead_check" CHECK ("feature_control_settings"."pitch_lead_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "mechanical_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mechanical_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"format" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"per_copy" numeric(12, 6) NOT NULL,
	"per_minute" numeric(12, 6) NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	CONSTRAINT "mechanical_rates_format_check" CHECK ("mechanical_rates"."format" in ('physical', 'download'))
);
--> statement-breakpoint
ALTER TABLE "feature_requests" DROP CONSTRAINT "feature_requests_kind_check";--> statement-breakpoint
ALTER TABLE "feature_control_settings" ADD CONSTRAINT "feature_control_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mechanical_rates" ADD CONSTRAINT "mechanical_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mechanical_rates_tenant_idx" ON "mechanical_rates" USING btree ("tenant_id","format","from_date");--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_kind_check" CHECK ("feature_requests"."kind" in ('greenlist', 'blocklist', 'youtubeMcn', 'chartRegistration', 'pitch', 'licensing'));--> statement-breakpoint
-- hand-written:
-- licensing/getSearch: approved cover licences by composer or original artist (server/licensing.ts licensedSongText).
CREATE INDEX "feature_requests_licensing_song_trgm_idx" ON "feature_requests" USING gin (((("fields" -> 'song') ->> 'composedBy') || ' ' || (("fields" -> 'song') ->> 'originalRecordingArtist')) gin_trgm_ops) WHERE "kind" = 'licensing';

CREATE TABLE "feature_control_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"pitch_lead_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_control_settings_lead_check" CHECK ("feature_control_settings"."pitch_lead_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "feature_requests" DROP CONSTRAINT "feature_requests_kind_check";--> statement-breakpoint
ALTER TABLE "feature_control_settings" ADD CONSTRAINT "feature_control_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_kind_check" CHECK ("feature_requests"."kind" in ('greenlist', 'blocklist', 'youtubeMcn', 'chartRegistration', 'pitch'));
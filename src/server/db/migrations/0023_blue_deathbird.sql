CREATE TABLE "ddex_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"party_id" text NOT NULL,
	"party_name" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ddex_settings_party_id_check" CHECK ("ddex_settings"."party_id" ~ '^PADPIDA[0-9A-Z]{11}$')
);
--> statement-breakpoint
ALTER TABLE "ddex_settings" ADD CONSTRAINT "ddex_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddex_settings" ADD CONSTRAINT "ddex_settings_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_requester_email_idx" ON "support_tickets" USING btree ("tenant_id",lower("requester_email"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE TABLE "catalogue_validation_mismatches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_validation_mismatches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"validation_id" bigint NOT NULL,
	"upc" text NOT NULL,
	"release_id" bigint,
	"release_title" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"ours" text,
	"theirs" text,
	CONSTRAINT "catalogue_validation_mismatches_kind_check" CHECK ("catalogue_validation_mismatches"."kind" in ('missing_here', 'missing_there', 'title', 'artist', 'label', 'release_date', 'isrcs'))
);
--> statement-breakpoint
CREATE TABLE "catalogue_validation_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_validation_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"validation_id" bigint NOT NULL,
	"csv_row" integer NOT NULL,
	"upc" text NOT NULL,
	"isrc" text,
	"release_title" text DEFAULT '' NOT NULL,
	"artist" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"release_date" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_validations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_validations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"file_id" bigint,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"releases" integer DEFAULT 0 NOT NULL,
	"mismatched_releases" integer DEFAULT 0 NOT NULL,
	"mismatches" integer DEFAULT 0 NOT NULL,
	"progress" numeric(5, 4) DEFAULT '0' NOT NULL,
	"error" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_validations_status_check" CHECK ("catalogue_validations"."status" in ('uploaded', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ddex_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"party_id" text NOT NULL,
	"party_name" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ddex_settings_party_id_check" CHECK ("ddex_settings"."party_id" ~ '^PADPIDA[0-9A-Z]{11}$')
);
--> statement-breakpoint
ALTER TABLE "catalogue_validation_mismatches" ADD CONSTRAINT "catalogue_validation_mismatches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_validation_mismatches" ADD CONSTRAINT "catalogue_validation_mismatches_validation_id_catalogue_validations_id_fk" FOREIGN KEY ("validation_id") REFERENCES "public"."catalogue_validations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_validation_rows" ADD CONSTRAINT "catalogue_validation_rows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_validation_rows" ADD CONSTRAINT "catalogue_validation_rows_validation_id_catalogue_validations_id_fk" FOREIGN KEY ("validation_id") REFERENCES "public"."catalogue_validations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_validations" ADD CONSTRAINT "catalogue_validations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_validations" ADD CONSTRAINT "catalogue_validations_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_validations" ADD CONSTRAINT "catalogue_validations_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddex_settings" ADD CONSTRAINT "ddex_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddex_settings" ADD CONSTRAINT "ddex_settings_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_validation_mismatches_idx" ON "catalogue_validation_mismatches" USING btree ("validation_id","upc","id");--> statement-breakpoint
CREATE INDEX "catalogue_validation_rows_upc_idx" ON "catalogue_validation_rows" USING btree ("validation_id","upc","csv_row");--> statement-breakpoint
CREATE INDEX "catalogue_validations_tenant_idx" ON "catalogue_validations" USING btree ("tenant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_requester_email_idx" ON "support_tickets" USING btree ("tenant_id",lower("requester_email"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
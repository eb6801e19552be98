CREATE TABLE "catalogue_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"release_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"all" boolean DEFAULT false NOT NULL,
	"file_id" bigint,
	"file_name" text DEFAULT '' NOT NULL,
	"releases" integer DEFAULT 0 NOT NULL,
	"tracks" integer DEFAULT 0 NOT NULL,
	"marked_exported" integer DEFAULT 0 NOT NULL,
	"progress" numeric(5, 4) DEFAULT '0' NOT NULL,
	"error" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_exports_kind_check" CHECK ("catalogue_exports"."kind" in ('cms', 'release', 'ddex', 'convert', 'catalog-number')),
	CONSTRAINT "catalogue_exports_status_check" CHECK ("catalogue_exports"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "code_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_imports_kind_check" CHECK ("code_imports"."kind" in ('upc', 'isrc')),
	CONSTRAINT "code_imports_mode_check" CHECK ("code_imports"."mode" in ('pool', 'assign'))
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('queued', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"delivery_id" bigint NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingestion_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ingestion_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"ingestion_id" bigint NOT NULL,
	"csv_row" integer NOT NULL,
	"release_key" text NOT NULL,
	"user_email" text DEFAULT '' NOT NULL,
	"release_title" text DEFAULT '' NOT NULL,
	"track_title" text DEFAULT '' NOT NULL,
	"track_url" text,
	"isrc" text,
	"upc" text,
	"status" text NOT NULL,
	"error" text,
	"data" jsonb,
	"release_id" bigint,
	"track_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "ingestion_rows_status_check" CHECK ("ingestion_rows"."status" in ('valid', 'invalid', 'committed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ingestions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ingestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_id" bigint,
	"file_name" text DEFAULT '' NOT NULL,
	"fetch_audio" boolean DEFAULT true NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"good" integer DEFAULT 0 NOT NULL,
	"bad" integer DEFAULT 0 NOT NULL,
	"committed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"releases" integer DEFAULT 0 NOT NULL,
	"progress" numeric(5, 4) DEFAULT '0' NOT NULL,
	"error" text,
	"job_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "ingestions_status_check" CHECK ("ingestions"."status" in ('uploaded', 'parsing', 'review', 'committing', 'committed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "pool_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pool_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"key" text NOT NULL,
	"import_id" bigint,
	"assigned_entity" text,
	"assigned_id" bigint,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_codes_kind_check" CHECK ("pool_codes"."kind" in ('upc', 'isrc')),
	CONSTRAINT "pool_codes_assigned_check" CHECK (("pool_codes"."assigned_at" is null) = ("pool_codes"."assigned_entity" is null))
);
--> statement-breakpoint
ALTER TABLE "catalogue_exports" ADD CONSTRAINT "catalogue_exports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_exports" ADD CONSTRAINT "catalogue_exports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_exports" ADD CONSTRAINT "catalogue_exports_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_imports" ADD CONSTRAINT "code_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_imports" ADD CONSTRAINT "code_imports_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingestion_rows" ADD CONSTRAINT "ingestion_rows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingestion_rows" ADD CONSTRAINT "ingestion_rows_ingestion_id_ingestions_id_fk" FOREIGN KEY ("ingestion_id") REFERENCES "public"."ingestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingestions" ADD CONSTRAINT "ingestions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingestions" ADD CONSTRAINT "ingestions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingestions" ADD CONSTRAINT "ingestions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_codes" ADD CONSTRAINT "pool_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_codes" ADD CONSTRAINT "pool_codes_import_id_code_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."code_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_exports_tenant_idx" ON "catalogue_exports" USING btree ("tenant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "code_imports_tenant_kind_idx" ON "code_imports" USING btree ("tenant_id","kind","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_tenant_idx" ON "deliveries" USING btree ("tenant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_release_idx" ON "deliveries" USING btree ("release_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_live_uq" ON "deliveries" USING btree ("tenant_id","release_id","target") WHERE "deliveries"."status" in ('queued', 'sending', 'failed');--> statement-breakpoint
CREATE INDEX "delivery_events_delivery_idx" ON "delivery_events" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "ingestion_rows_ingestion_idx" ON "ingestion_rows" USING btree ("ingestion_id","csv_row");--> statement-breakpoint
CREATE INDEX "ingestion_rows_commit_idx" ON "ingestion_rows" USING btree ("ingestion_id","release_key","csv_row") WHERE "ingestion_rows"."status" = 'valid';--> statement-breakpoint
CREATE INDEX "ingestion_rows_tenant_day_idx" ON "ingestion_rows" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "ingestions_tenant_idx" ON "ingestions" USING btree ("tenant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pool_codes_tenant_kind_key_uq" ON "pool_codes" USING btree ("tenant_id","kind","key");--> statement-breakpoint
CREATE INDEX "pool_codes_free_idx" ON "pool_codes" USING btree ("tenant_id","kind","id") WHERE "pool_codes"."assigned_at" is null;
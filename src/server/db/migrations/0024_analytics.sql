CREATE TABLE "analytics_queries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"key" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"error" text,
	"job_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "analytics_queries_status_check" CHECK ("analytics_queries"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "trend_breakdown_daily" (
	"tenant_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"track_id" bigint NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "trend_breakdown_daily_tenant_id_platform_dimension_day_track_id_value_pk" PRIMARY KEY("tenant_id","platform","dimension","day","track_id","value")
);
--> statement-breakpoint
CREATE TABLE "trend_daily" (
	"tenant_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"track_id" bigint NOT NULL,
	"day" date NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"listeners" bigint DEFAULT 0 NOT NULL,
	"artificial" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "trend_daily_tenant_id_platform_track_id_day_pk" PRIMARY KEY("tenant_id","platform","track_id","day")
);
--> statement-breakpoint
CREATE TABLE "trend_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trend_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_id" bigint,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"job_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_by" bigint,
	"committed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "trend_imports_status_check" CHECK ("trend_imports"."status" in ('uploaded', 'parsing', 'review', 'committed', 'cancelled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "analytics_queries" ADD CONSTRAINT "analytics_queries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_queries" ADD CONSTRAINT "analytics_queries_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_breakdown_daily" ADD CONSTRAINT "trend_breakdown_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_daily" ADD CONSTRAINT "trend_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_imports" ADD CONSTRAINT "trend_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_imports" ADD CONSTRAINT "trend_imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_imports" ADD CONSTRAINT "trend_imports_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_imports" ADD CONSTRAINT "trend_imports_committed_by_accounts_id_fk" FOREIGN KEY ("committed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_queries_key_idx" ON "analytics_queries" USING btree ("tenant_id","key");--> statement-breakpoint
CREATE INDEX "analytics_queries_list_idx" ON "analytics_queries" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trend_breakdown_daily_track_idx" ON "trend_breakdown_daily" USING btree ("tenant_id","track_id","dimension","day");--> statement-breakpoint
CREATE INDEX "trend_daily_day_idx" ON "trend_daily" USING btree ("tenant_id","day","platform");--> statement-breakpoint
CREATE INDEX "trend_daily_track_idx" ON "trend_daily" USING btree ("tenant_id","track_id","day");--> statement-breakpoint
CREATE INDEX "trend_imports_history_idx" ON "trend_imports" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trend_imports_hash_idx" ON "trend_imports" USING btree ("tenant_id","content_hash") WHERE "trend_imports"."status" not in ('cancelled', 'failed');--> statement-breakpoint
-- hand-written:
-- The trend facts, one row per report line, partitioned by month of the day reported (drizzle cannot
-- declare partitioning). Partitions (trend_facts_YYYYMM) are created on demand by the import job.
-- track_id is set when the ISRC matches a track; rolled_up once the line is in the rollups.
CREATE TABLE "trend_facts" (
	"tenant_id" bigint NOT NULL,
	"import_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"isrc" text,
	"platform_track_id" text,
	"country" text,
	"streams" bigint NOT NULL,
	"listeners" bigint NOT NULL DEFAULT 0,
	"artificial" bigint NOT NULL DEFAULT 0,
	"dims" jsonb NOT NULL DEFAULT '{}'::jsonb,
	"track_id" bigint,
	"rolled_up" boolean NOT NULL DEFAULT false
) PARTITION BY RANGE ("day");
--> statement-breakpoint
CREATE INDEX "trend_facts_import_idx" ON "trend_facts" ("import_id", "line");
--> statement-breakpoint
-- Lines waiting for a track with their ISRC: matched later, then rolled up.
CREATE INDEX "trend_facts_unmatched_idx" ON "trend_facts" ("tenant_id", "isrc") WHERE "track_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "trend_facts_pending_idx" ON "trend_facts" ("tenant_id", "import_id") WHERE "track_id" IS NOT NULL AND NOT "rolled_up";

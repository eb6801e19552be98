CREATE TABLE "track_reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "track_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"track_id" bigint NOT NULL,
	"flag" text NOT NULL,
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"sent_by" bigint,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "track_reviews_flag_check" CHECK ("track_reviews"."flag" in ('spike', 'artificial')),
	CONSTRAINT "track_reviews_status_check" CHECK ("track_reviews"."status" in ('open', 'confirmed', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "trend_source_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trend_source_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"source_id" bigint NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"modified_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'fetching' NOT NULL,
	"content_hash" text,
	"import_id" bigint,
	"error" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trend_source_files_status_check" CHECK ("trend_source_files"."status" in ('fetching', 'imported', 'duplicate', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "trend_sources" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trend_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"directory" text DEFAULT '' NOT NULL,
	"pattern" text DEFAULT '*.csv' NOT NULL,
	"host" text,
	"port" integer,
	"username" text,
	"password_encrypted" text,
	"private_key_encrypted" text,
	"host_key_sha256" text,
	"every_minutes" integer DEFAULT 60 NOT NULL,
	"auto_commit" boolean DEFAULT false NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "trend_sources_kind_check" CHECK ("trend_sources"."kind" in ('folder', 'sftp')),
	CONSTRAINT "trend_sources_every_check" CHECK ("trend_sources"."every_minutes" between 5 and 10080)
);
--> statement-breakpoint
ALTER TABLE "track_reviews" ADD CONSTRAINT "track_reviews_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_reviews" ADD CONSTRAINT "track_reviews_sent_by_accounts_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_reviews" ADD CONSTRAINT "track_reviews_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_source_files" ADD CONSTRAINT "trend_source_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_source_files" ADD CONSTRAINT "trend_source_files_source_id_trend_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."trend_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_source_files" ADD CONSTRAINT "trend_source_files_import_id_trend_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."trend_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_sources" ADD CONSTRAINT "trend_sources_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_sources" ADD CONSTRAINT "trend_sources_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "track_reviews_open_idx" ON "track_reviews" USING btree ("tenant_id","track_id") WHERE "track_reviews"."status" = 'open';--> statement-breakpoint
CREATE INDEX "track_reviews_queue_idx" ON "track_reviews" USING btree ("tenant_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trend_source_files_seen_idx" ON "trend_source_files" USING btree ("source_id","name","size","modified_at");--> statement-breakpoint
CREATE INDEX "trend_source_files_history_idx" ON "trend_source_files" USING btree ("tenant_id","fetched_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trend_source_files_source_idx" ON "trend_source_files" USING btree ("tenant_id","source_id","fetched_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trend_sources_platform_idx" ON "trend_sources" USING btree ("tenant_id","platform","kind");
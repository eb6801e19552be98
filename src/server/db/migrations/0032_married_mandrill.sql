CREATE TABLE "release_import_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_import_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"import_id" bigint NOT NULL,
	"csv_row" integer NOT NULL,
	"upc" text DEFAULT '' NOT NULL,
	"release_title" text DEFAULT '' NOT NULL,
	"owner_email" text DEFAULT '' NOT NULL,
	"result" text NOT NULL,
	"release_id" bigint,
	"message" text,
	CONSTRAINT "release_import_rows_result_check" CHECK ("release_import_rows"."result" in ('created', 'updated', 'unchanged', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "release_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"file_id" bigint,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"progress" numeric(5, 4) DEFAULT '0' NOT NULL,
	"error" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "release_imports_status_check" CHECK ("release_imports"."status" in ('uploaded', 'parsing', 'committed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "catalogue_exports" DROP CONSTRAINT "catalogue_exports_kind_check";--> statement-breakpoint
ALTER TABLE "release_import_rows" ADD CONSTRAINT "release_import_rows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_import_rows" ADD CONSTRAINT "release_import_rows_import_id_release_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."release_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_imports" ADD CONSTRAINT "release_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_imports" ADD CONSTRAINT "release_imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_imports" ADD CONSTRAINT "release_imports_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_import_rows_import_idx" ON "release_import_rows" USING btree ("import_id","csv_row");--> statement-breakpoint
CREATE INDEX "release_import_rows_failed_idx" ON "release_import_rows" USING btree ("import_id","csv_row") WHERE "release_import_rows"."result" = 'failed';--> statement-breakpoint
CREATE INDEX "release_imports_tenant_idx" ON "release_imports" USING btree ("tenant_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "catalogue_exports" ADD CONSTRAINT "catalogue_exports_kind_check" CHECK ("catalogue_exports"."kind" in ('cms', 'release', 'ddex', 'convert', 'catalog-number', 'audiosalad'));
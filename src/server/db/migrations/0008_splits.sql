CREATE TABLE "split_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "split_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"token" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"rows" jsonb NOT NULL,
	"split_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "split_batches_kind_check" CHECK ("split_batches"."kind" in ('splits', 'creator')),
	CONSTRAINT "split_batches_status_check" CHECK ("split_batches"."status" in ('preview', 'submitted'))
);
--> statement-breakpoint
ALTER TABLE "splits" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "split_batches" ADD CONSTRAINT "split_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_batches" ADD CONSTRAINT "split_batches_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "split_batches_token_idx" ON "split_batches" USING btree ("token");--> statement-breakpoint
CREATE INDEX "split_batches_tenant_created_idx" ON "split_batches" USING btree ("tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "splits" ADD CONSTRAINT "splits_batch_id_split_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."split_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "splits_batch_idx" ON "splits" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "splits_tenant_status_created_idx" ON "splits" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE TABLE "trend_dims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trend_dims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"dims" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trend_dims" ADD CONSTRAINT "trend_dims_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trend_dims_tenant_dims_idx" ON "trend_dims" USING btree ("tenant_id","dims");--> statement-breakpoint
-- hand-written:
-- A fact written by the dry run holds its dims as the id of the workspace's combination (trend_dims)
-- and no JSON: `dims` may be null (then `dims_id` is set); facts written before, or inserted with
-- their JSON, keep it. Both metadata-only on the partitioned table.
ALTER TABLE "trend_facts" ALTER COLUMN "dims" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "trend_facts" ADD COLUMN "dims_id" bigint;

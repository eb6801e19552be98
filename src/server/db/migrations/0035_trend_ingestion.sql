ALTER TABLE "trend_breakdown_daily" DROP CONSTRAINT "trend_breakdown_daily_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "trend_daily" DROP CONSTRAINT "trend_daily_tenant_id_tenants_id_fk";
--> statement-breakpoint
-- hand-written:
-- Matched facts not yet rolled up: nothing reads this index (a commit reads its import's lines through
-- trend_facts_import_idx, and rolled_up is never set), yet every matched line paid for it at ingestion.
DROP INDEX IF EXISTS "trend_facts_pending_idx";

ALTER TABLE "usage_matches" DROP CONSTRAINT "usage_matches_actioned_by_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "usage_assets_tenant_created_idx";--> statement-breakpoint
DROP INDEX "usage_assets_cancelled_idx";--> statement-breakpoint
DROP INDEX "usage_assets_open_status_idx";--> statement-breakpoint
CREATE INDEX "usage_assets_tenant_created_idx" ON "usage_assets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"track_title");--> statement-breakpoint
CREATE INDEX "usage_assets_cancelled_idx" ON "usage_assets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"track_title") WHERE "usage_assets"."cancelled_at" is not null;--> statement-breakpoint
CREATE INDEX "usage_assets_open_status_idx" ON "usage_assets" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"track_title") WHERE "usage_assets"."cancelled_at" is null;--> statement-breakpoint
-- hand-written:
-- usage_matches.actioned_by has no foreign key (its check trigger ran for every match a refresh
-- stores, all of them without one): deleting accounts clears it, once per statement, as the foreign
-- key's ON DELETE SET NULL did.
CREATE FUNCTION "accounts_delete_usage_actioned_by"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "usage_matches" m SET "actioned_by" = NULL FROM "gone" g WHERE m."actioned_by" = g."id" AND m."tenant_id" = g."tenant_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_delete_usage_actioned_by" AFTER DELETE ON "accounts" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "accounts_delete_usage_actioned_by"();
--> statement-breakpoint
-- The provider's match and asset ids are only ever compared for equality and sorted to write a
-- refresh's rows in one order: byte-wise comparison (COLLATE "C") makes that sort and the descents of
-- their unique indexes (the refresh's dedup and asset look-up) cheaper than the locale's. Drizzle
-- cannot declare a column's collation.
ALTER TABLE "usage_matches" ALTER COLUMN "provider_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "usage_assets" ALTER COLUMN "asset_id" SET DATA TYPE text COLLATE "C";

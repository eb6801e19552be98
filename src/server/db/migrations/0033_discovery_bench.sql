ALTER TABLE "usage_daily" DROP CONSTRAINT "usage_daily_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "usage_matches" DROP CONSTRAINT "usage_matches_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "usage_matches" DROP CONSTRAINT "usage_matches_asset_row_id_usage_assets_id_fk";
--> statement-breakpoint
CREATE INDEX "usage_assets_cancelled_idx" ON "usage_assets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "usage_assets"."cancelled_at" is not null;--> statement-breakpoint
CREATE INDEX "usage_assets_open_status_idx" ON "usage_assets" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "usage_assets"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "usage_assets_tenant_track_idx" ON "usage_assets" USING btree ("tenant_id","track_id");--> statement-breakpoint
CREATE INDEX "usage_matches_tenant_platform_idx" ON "usage_matches" USING btree ("tenant_id","platform","found_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- hand-written:
-- usage_matches has no foreign key to usage_assets (a refresh would check it for every match it
-- stores): deleting assets, as a removed track does through its cascade, deletes their matches, once
-- per statement.
CREATE FUNCTION "usage_assets_delete_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "usage_matches" m USING "gone" g WHERE m."asset_row_id" = g."id" AND m."tenant_id" = g."tenant_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "usage_assets_delete_matches" AFTER DELETE ON "usage_assets" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "usage_assets_delete_matches"();

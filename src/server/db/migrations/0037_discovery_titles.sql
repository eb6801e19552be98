DROP INDEX "usage_matches_tenant_status_idx";--> statement-breakpoint
DROP INDEX "usage_matches_tenant_platform_idx";--> statement-breakpoint
ALTER TABLE "usage_assets" ADD COLUMN "track_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_matches" ADD COLUMN "track_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "usage_assets_track_title_trgm_idx" ON "usage_assets" USING gin ("track_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usage_matches_tenant_status_platform_idx" ON "usage_matches" USING btree ("tenant_id","status","platform","found_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- hand-written:
-- The track titles the usage lists search (usage_assets' trigram index; usage_matches' walk of a common
-- fragment) are copied by the statements that write the rows; these fill the rows that exist, and the
-- trigger keeps both when a track is renamed.
UPDATE "usage_assets" a SET "track_title" = t."title" FROM "tracks" t WHERE t."id" = a."track_id" AND a."track_title" IS DISTINCT FROM t."title";--> statement-breakpoint
UPDATE "usage_matches" m SET "track_title" = a."track_title" FROM "usage_assets" a WHERE a."id" = m."asset_row_id" AND m."track_title" IS DISTINCT FROM a."track_title";--> statement-breakpoint
CREATE FUNCTION "usage_track_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "usage_assets" a SET "track_title" = n."title" FROM "renamed_new" n JOIN "renamed_old" o ON o."id" = n."id"
    WHERE n."title" IS DISTINCT FROM o."title" AND a."track_id" = n."id" AND a."tenant_id" = n."tenant_id";
  UPDATE "usage_matches" m SET "track_title" = a."track_title" FROM "usage_assets" a, "renamed_new" n JOIN "renamed_old" o ON o."id" = n."id"
    WHERE n."title" IS DISTINCT FROM o."title" AND a."track_id" = n."id" AND a."tenant_id" = n."tenant_id"
      AND m."asset_row_id" = a."id" AND m."tenant_id" = a."tenant_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "usage_track_renamed" AFTER UPDATE ON "tracks" REFERENCING OLD TABLE AS "renamed_old" NEW TABLE AS "renamed_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "usage_track_renamed"();--> statement-breakpoint
-- The filtered match lists read usage_matches_tenant_status_platform_idx as one range per status and platform
-- (matchesInOrder): a row outside them would be missing from every list.
ALTER TABLE "usage_matches" ADD CONSTRAINT "usage_matches_status_check" CHECK ("status" IN ('new', 'claimed', 'monetised', 'taken_down', 'ignored'));--> statement-breakpoint
ALTER TABLE "usage_matches" ADD CONSTRAINT "usage_matches_platform_check" CHECK ("platform" IN ('twitch', 'apple', 'spotify', 'raw'));

ALTER TABLE "trend_daily" ADD COLUMN "breakdown_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trend_daily" ADD COLUMN "breakdown_streams" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
-- hand-written:
-- Each track's day takes its breakdown values ('dimension:value') and their streams from
-- trend_breakdown_daily (dropped by the next migration; every one of its rows has its track's day
-- in trend_daily, the commit writing both from the same groups).
UPDATE "trend_daily" d SET "breakdown_values" = b.k, "breakdown_streams" = b.s
FROM (
  SELECT "tenant_id", "platform", "track_id", "day", array_agg("dimension" || ':' || "value" ORDER BY "dimension", "value") AS k,
    array_agg("streams" ORDER BY "dimension", "value") AS s
  FROM "trend_breakdown_daily" GROUP BY 1, 2, 3, 4
) b
WHERE d."tenant_id" = b."tenant_id" AND d."platform" = b."platform" AND d."track_id" = b."track_id" AND d."day" = b."day";

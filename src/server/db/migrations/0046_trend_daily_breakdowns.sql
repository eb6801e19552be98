ALTER TABLE "trend_daily" ADD COLUMN "breakdowns" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- hand-written:
-- Each track's day takes its breakdown values, { dimension: { value: streams } }, from
-- trend_breakdown_daily (dropped by the next migration; every one of its rows has its track's day in
-- trend_daily, the commit writing both from the same groups).
UPDATE "trend_daily" d SET "breakdowns" = b.breakdowns
FROM (
  SELECT "tenant_id", "platform", "track_id", "day", jsonb_object_agg("dimension", vals) AS breakdowns
  FROM (
    SELECT "tenant_id", "platform", "track_id", "day", "dimension", jsonb_object_agg("value", "streams") AS vals
    FROM "trend_breakdown_daily" GROUP BY 1, 2, 3, 4, 5
  ) x GROUP BY 1, 2, 3, 4
) b
WHERE d."tenant_id" = b."tenant_id" AND d."platform" = b."platform" AND d."track_id" = b."track_id" AND d."day" = b."day";

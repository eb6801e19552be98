ALTER TABLE "trend_track_period" DROP CONSTRAINT "trend_track_period_grain_check";--> statement-breakpoint
ALTER TABLE "trend_track_period" ADD COLUMN "artificial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trend_track_period" ADD CONSTRAINT "trend_track_period_grain_check" CHECK ("trend_track_period"."grain" in ('d', 'w', 'm', 'y'));--> statement-breakpoint
-- hand-written:
-- The artificial streams of the weeks, months (and '*' days) already kept, from trend_daily's flagged rows.
UPDATE "trend_track_period" p SET "artificial" = s.artificial
FROM (
  SELECT d."tenant_id", pl.platform, g.grain, g.starts_on, d."track_id", sum(d."artificial") AS artificial
  FROM "trend_daily" d
  CROSS JOIN LATERAL (VALUES (d."platform"), ('*')) pl(platform)
  CROSS JOIN LATERAL (VALUES ('d', d."day"), ('w', date_trunc('week', d."day")::date), ('m', date_trunc('month', d."day")::date)) g(grain, starts_on)
  WHERE d."artificial" > 0 AND (g.grain <> 'd' OR pl.platform = '*')
  GROUP BY 1, 2, 3, 4, 5
) s
WHERE p."tenant_id" = s."tenant_id" AND p."platform" = s.platform AND p."grain" = s.grain AND p."starts_on" = s.starts_on AND p."track_id" = s."track_id";
--> statement-breakpoint
-- Calendar years per track (per platform and '*'), summed from the months.
INSERT INTO "trend_track_period" ("tenant_id", "platform", "grain", "starts_on", "track_id", "streams", "artificial")
SELECT "tenant_id", "platform", 'y', date_trunc('year', "starts_on")::date, "track_id", sum("streams"), sum("artificial")
FROM "trend_track_period" WHERE "grain" = 'm'
GROUP BY 1, 2, 4, 5 ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The flagged rows only, with what the artificial-streams read sums (index-only scans).
CREATE INDEX IF NOT EXISTS "trend_track_period_artificial_idx" ON "trend_track_period" ("tenant_id", "platform", "grain", "starts_on", "track_id") INCLUDE ("streams", "artificial") WHERE "artificial" > 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trend_daily_artificial_idx" ON "trend_daily" ("tenant_id", "platform", "day") INCLUDE ("track_id", "streams", "artificial") WHERE "artificial" > 0;

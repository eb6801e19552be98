CREATE TABLE "trend_track_period" (
	"tenant_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"grain" text NOT NULL,
	"starts_on" date NOT NULL,
	"track_id" bigint NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "trend_track_period_grain_check" CHECK ("trend_track_period"."grain" in ('d', 'w', 'm'))
);
--> statement-breakpoint
-- hand-written:
-- The key, with the streams beside it (drizzle cannot declare INCLUDE): a period's rows of one
-- platform (or '*') and grain are an index-only scan, and the commit's upsert uses it as its arbiter.
CREATE UNIQUE INDEX IF NOT EXISTS "trend_track_period_key" ON "trend_track_period" ("tenant_id", "platform", "grain", "starts_on", "track_id") INCLUDE ("streams");
--> statement-breakpoint
-- Weeks and months per track (and days for every platform) start from what trend_daily already holds.
INSERT INTO "trend_track_period" ("tenant_id", "platform", "grain", "starts_on", "track_id", "streams")
SELECT d."tenant_id", p.platform, g.grain, g.starts_on, d."track_id", sum(d."streams")
FROM "trend_daily" d
CROSS JOIN LATERAL (VALUES (d."platform"), ('*')) p(platform)
CROSS JOIN LATERAL (VALUES ('d', d."day"), ('w', date_trunc('week', d."day")::date), ('m', date_trunc('month', d."day")::date)) g(grain, starts_on)
WHERE g.grain <> 'd' OR p.platform = '*'
GROUP BY 1, 2, 3, 4, 5 ON CONFLICT DO NOTHING;

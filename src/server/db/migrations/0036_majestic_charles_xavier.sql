CREATE TABLE "trend_platform_breakdown_daily" (
	"tenant_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "trend_platform_breakdown_daily_tenant_id_dimension_day_platform_value_pk" PRIMARY KEY("tenant_id","dimension","day","platform","value")
);
--> statement-breakpoint
CREATE TABLE "trend_platform_daily" (
	"tenant_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"listeners" bigint DEFAULT 0 NOT NULL,
	"artificial" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "trend_platform_daily_tenant_id_day_platform_pk" PRIMARY KEY("tenant_id","day","platform")
);
--> statement-breakpoint
DROP INDEX "trend_daily_day_idx";--> statement-breakpoint
DROP INDEX "trend_daily_track_idx";--> statement-breakpoint
-- hand-written:
-- Top songs and accounts over a period: an index-only scan of the period's per-track rows of one
-- platform (or of each, with platform = any(...)), never the heap (drizzle cannot declare INCLUDE).
CREATE INDEX IF NOT EXISTS "trend_daily_period_idx" ON "trend_daily" ("tenant_id", "platform", "day") INCLUDE ("track_id", "streams");
--> statement-breakpoint
-- A track's series, and whether it streamed in a period on a platform ("Tracks streamed": one probe
-- per track), answered from the index alone.
CREATE INDEX IF NOT EXISTS "trend_daily_track_idx" ON "trend_daily" ("tenant_id", "track_id", "day") INCLUDE ("platform");
--> statement-breakpoint
-- The rollups without the track start from what the per-track ones already hold.
INSERT INTO "trend_platform_daily" ("tenant_id", "platform", "day", "streams", "listeners", "artificial")
SELECT "tenant_id", "platform", "day", sum("streams"), sum("listeners"), sum("artificial") FROM "trend_daily"
GROUP BY 1, 2, 3 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "trend_platform_breakdown_daily" ("tenant_id", "platform", "day", "dimension", "value", "streams")
SELECT "tenant_id", "platform", "day", "dimension", "value", sum("streams") FROM "trend_breakdown_daily"
GROUP BY 1, 2, 3, 4, 5 ON CONFLICT DO NOTHING;

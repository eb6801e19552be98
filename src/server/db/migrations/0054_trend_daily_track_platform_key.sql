-- Custom SQL migration file, put your code below! ---- hand-written:
-- "Analytics for this account" reads its tracks' trend_daily rows of the period by
-- trend_daily_track_idx (the series by day and the listeners, which only trend_daily holds). Keyed
-- (tenant, track, day) with the platform beside it, one platform's read took every platform's
-- entries of the tracks and filtered five sixths away (the account's Spotify summary got slower with
-- 0050), and every platform's read visited the entries day by day across the platforms, whose rows
-- lie in different parts of the heap (each report writes one platform): the index-only scan's
-- visibility-map look-up changed page at nearly every entry (~1 buffer an entry, session 40). Keyed
-- (tenant, track, platform, day), each (track, platform) is one short range of consecutive entries:
-- one platform reads its own, every platform reads `platform = any(…)` ranges. Reads without a
-- platform (the release tab) name every platform the same way. Built before the old one is dropped.
CREATE INDEX IF NOT EXISTS "trend_daily_track_platform_idx" ON "trend_daily" ("tenant_id", "track_id", "platform", "day") INCLUDE ("streams", "listeners", "artificial");
--> statement-breakpoint
DROP INDEX IF EXISTS "trend_daily_track_idx";
--> statement-breakpoint
ALTER INDEX "trend_daily_track_platform_idx" RENAME TO "trend_daily_track_idx";

-- Custom SQL migration file, put your code below! --
-- hand-written:
-- "Analytics for this account": the series by day, the totals (listeners are only in trend_daily) and
-- the split by platform read the account's tracks' rows of the period by trend_daily_track_idx. With
-- only the platform beside the key, every row was a heap page of its own (a year of 30 tracks: 63,780
-- rows, ~64,000 pages); with the sums beside it, an index-only scan of ~30 short ranges. The new index
-- is built before the old one is dropped, so reads keep an index until the migration commits.
CREATE INDEX IF NOT EXISTS "trend_daily_track_sums_idx" ON "trend_daily" ("tenant_id", "track_id", "day") INCLUDE ("platform", "streams", "listeners", "artificial");
--> statement-breakpoint
DROP INDEX IF EXISTS "trend_daily_track_idx";
--> statement-breakpoint
ALTER INDEX "trend_daily_track_sums_idx" RENAME TO "trend_daily_track_idx";

ALTER TABLE "trend_track_period" ADD COLUMN "breakdown_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trend_track_period" ADD COLUMN "breakdown_streams" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
-- hand-written:
-- Each month row of trend_track_period takes its breakdown arrays from trend_daily's of the same
-- track, platform and month summed by value, and the `*` month rows from every platform's (the
-- commit writes them from the same groups from now on, rollups.ts). Every (track, platform, month)
-- of trend_daily has its month row (0039, 0042), so none is left out.
UPDATE "trend_track_period" p SET "breakdown_values" = b.k, "breakdown_streams" = b.s
FROM (
  WITH v AS (
    SELECT d."tenant_id", d."platform", date_trunc('month', d."day")::date AS "month", d."track_id", u.k, sum(u.s)::bigint AS s
    FROM "trend_daily" d CROSS JOIN LATERAL unnest(d."breakdown_values", d."breakdown_streams") u(k, s)
    GROUP BY 1, 2, 3, 4, 5
  ), a AS (
    SELECT "tenant_id", "platform", "month", "track_id", k, s FROM v
    UNION ALL
    SELECT "tenant_id", '*', "month", "track_id", k, sum(s)::bigint FROM v GROUP BY 1, 3, 4, 5
  )
  SELECT "tenant_id", "platform", "month", "track_id", array_agg(k ORDER BY k) AS k, array_agg(s ORDER BY k) AS s
  FROM a GROUP BY 1, 2, 3, 4
) b
WHERE p."tenant_id" = b."tenant_id" AND p."platform" = b."platform" AND p."grain" = 'm' AND p."starts_on" = b."month"
  AND p."track_id" = b."track_id";

CREATE TABLE "trend_import_stage" (
	"tenant_id" bigint NOT NULL,
	"import_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"track_id" bigint,
	"streams" bigint DEFAULT 0 NOT NULL,
	"listeners" bigint DEFAULT 0 NOT NULL,
	"artificial" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"breakdown_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"breakdown_streams" bigint[] DEFAULT '{}'::bigint[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "trend_import_stage_import_idx" ON "trend_import_stage" USING btree ("import_id");--> statement-breakpoint
-- hand-written:
-- The stage is rebuilt by a new dry run and read once by the commit; a commit without it groups the
-- import's facts (rollups.ts): no WAL for its rows, and a crash empties it (drizzle cannot declare UNLOGGED).
ALTER TABLE "trend_import_stage" SET UNLOGGED;

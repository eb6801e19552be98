CREATE TABLE "earnings_track_pending" (
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"track_id" bigint NOT NULL,
	"period" date NOT NULL,
	"quantity" bigint NOT NULL,
	"net" numeric(24, 6) NOT NULL,
	"drop_empty" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "earnings_track_pending_tenant_idx" ON "earnings_track_pending" USING btree ("tenant_id");
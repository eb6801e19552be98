CREATE TABLE "feature_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feature_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"requester_account_id" bigint NOT NULL,
	"release_id" bigint,
	"track_id" bigint,
	"title" text NOT NULL,
	"fields" jsonb NOT NULL,
	"reason" text,
	"reviewed_by_account_id" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_requests_kind_check" CHECK ("feature_requests"."kind" in ('greenlist'))
);
--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_requester_account_id_accounts_id_fk" FOREIGN KEY ("requester_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_reviewed_by_account_id_accounts_id_fk" FOREIGN KEY ("reviewed_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feature_requests_kind_created_idx" ON "feature_requests" USING btree ("tenant_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feature_requests_kind_status_created_idx" ON "feature_requests" USING btree ("tenant_id","kind","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feature_requests_requester_idx" ON "feature_requests" USING btree ("tenant_id","requester_account_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feature_requests_release_idx" ON "feature_requests" USING btree ("tenant_id","release_id");--> statement-breakpoint
CREATE INDEX "feature_requests_status_created_idx" ON "feature_requests" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
-- hand-written:
-- The staff list's and palette's title search (ilike '%…%').
CREATE INDEX "feature_requests_title_trgm_idx" ON "feature_requests" USING gin ("title" gin_trgm_ops);

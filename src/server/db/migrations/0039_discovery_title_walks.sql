DROP INDEX "usage_assets_tenant_created_idx";--> statement-breakpoint
DROP INDEX "usage_assets_cancelled_idx";--> statement-breakpoint
DROP INDEX "usage_assets_open_status_idx";--> statement-breakpoint
CREATE INDEX "usage_assets_tenant_created_idx" ON "usage_assets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"track_title");--> statement-breakpoint
CREATE INDEX "usage_assets_cancelled_idx" ON "usage_assets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"track_title") WHERE "usage_assets"."cancelled_at" is not null;--> statement-breakpoint
CREATE INDEX "usage_assets_open_status_idx" ON "usage_assets" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"track_title") WHERE "usage_assets"."cancelled_at" is null;
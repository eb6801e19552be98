ALTER TABLE "tracks" DROP CONSTRAINT "tracks_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "ingestion_rows" DROP CONSTRAINT "ingestion_rows_ingestion_id_ingestions_id_fk";

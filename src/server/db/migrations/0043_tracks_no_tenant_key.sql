ALTER TABLE "tracks" DROP CONSTRAINT "tracks_tenant_id_tenants_id_fk";

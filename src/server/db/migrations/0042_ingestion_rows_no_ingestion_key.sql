ALTER TABLE "ingestion_rows" DROP CONSTRAINT "ingestion_rows_ingestion_id_ingestions_id_fk";

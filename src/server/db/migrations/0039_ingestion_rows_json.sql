ALTER TABLE "ingestion_rows" ALTER COLUMN "data" SET DATA TYPE json;

-- A block's matches (~15 KB of digits per 1,000 lines) compress poorly, and compressing them
-- (pglz) cost ~1.1 ms an insert, five times the insert itself: they are stored out of line as they are.
ALTER TABLE "statement_line_blocks" ALTER COLUMN "data" SET STORAGE EXTERNAL;

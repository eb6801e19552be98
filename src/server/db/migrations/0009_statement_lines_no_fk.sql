ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_import_id_statement_imports_id_fk";

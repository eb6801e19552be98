CREATE TABLE "statement_line_blocks" (
	"import_id" bigint NOT NULL,
	"block_no" integer NOT NULL,
	"tenant_id" bigint NOT NULL,
	"first_line" integer NOT NULL,
	"last_line" integer NOT NULL,
	"lines" integer NOT NULL,
	"byte_start" bigint NOT NULL,
	"byte_end" bigint NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "statement_line_blocks_import_id_block_no_pk" PRIMARY KEY("import_id","block_no")
);
--> statement-breakpoint
CREATE TABLE "statement_line_groups" (
	"tenant_id" bigint NOT NULL,
	"import_id" bigint NOT NULL,
	"period" date NOT NULL,
	"channel" text NOT NULL,
	"territory" text NOT NULL,
	"release_id" bigint NOT NULL,
	"track_id" bigint,
	"lines" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"net_base" numeric(24, 6) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD COLUMN "line_columns" jsonb;--> statement-breakpoint
CREATE INDEX "statement_line_groups_import_idx" ON "statement_line_groups" USING btree ("import_id");
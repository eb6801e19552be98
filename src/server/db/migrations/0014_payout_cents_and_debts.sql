CREATE TABLE "account_debts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_debts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"source" text NOT NULL,
	"import_id" bigint,
	"transaction_id" bigint,
	"reason" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_debts_amount_check" CHECK ("account_debts"."amount" > 0),
	CONSTRAINT "account_debts_source_check" CHECK ("account_debts"."source" in ('rollback', 'adjustment', 'migrated'))
);
--> statement-breakpoint
-- Payouts not yet settled get a whole-cent net (docs/payouts.md "Rounding"): the net becomes
-- amount − fee rounded half to even to cents, which is what an exported batch file already paid, and
-- the fee absorbs the fraction. Paid, rejected and failed payouts keep what the ledger booked.
UPDATE "payouts" SET "fee" = "amount" - (
  CASE
    WHEN ("amount" - "fee") * 100 - trunc(("amount" - "fee") * 100) = 0.5 AND mod(trunc(("amount" - "fee") * 100), 2) = 0
      THEN trunc(("amount" - "fee") * 100)
    ELSE round(("amount" - "fee") * 100)
  END
) / 100
WHERE "status" IN ('pending', 'approved', 'processing') AND "amount" - "fee" <> round("amount" - "fee", 2);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "net" numeric(24, 6) GENERATED ALWAYS AS (amount - fee) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "account_debts" ADD CONSTRAINT "account_debts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_debts" ADD CONSTRAINT "account_debts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_debts" ADD CONSTRAINT "account_debts_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_debts" ADD CONSTRAINT "account_debts_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_debts" ADD CONSTRAINT "account_debts_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_debts_account_idx" ON "account_debts" USING btree ("tenant_id","account_id","created_at","id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_net_cents_check" CHECK ("payouts"."amount" - "payouts"."fee" = round("payouts"."amount" - "payouts"."fee", 2)) NOT VALID;--> statement-breakpoint
-- Balances already below zero (rollbacks before this rule) become recorded debts.
INSERT INTO "account_debts" ("tenant_id", "account_id", "amount", "source", "reason")
SELECT "tenant_id", "account_id", -sum("amount"), 'migrated', 'The balance was already below zero when recoupable debts began to be recorded.'
FROM "ledger_entries"
WHERE "book" = 'account' AND "account_id" IS NOT NULL
GROUP BY "tenant_id", "account_id"
HAVING sum("amount") < 0;
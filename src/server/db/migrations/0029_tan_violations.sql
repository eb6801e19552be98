CREATE TABLE "earnings_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earnings_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"track_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"held_by" bigint,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" bigint,
	"released_at" timestamp with time zone,
	"release_reason" text
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_book_check";--> statement-breakpoint
ALTER TABLE "earnings_holds" ADD CONSTRAINT "earnings_holds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_holds" ADD CONSTRAINT "earnings_holds_held_by_accounts_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_holds" ADD CONSTRAINT "earnings_holds_released_by_accounts_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_holds_standing_idx" ON "earnings_holds" USING btree ("tenant_id","track_id") WHERE "earnings_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "earnings_holds_tenant_idx" ON "earnings_holds" USING btree ("tenant_id","held_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "ledger_entries_track_idx" ON "ledger_entries" USING btree ("tenant_id","track_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_book_check" CHECK ("ledger_entries"."book" in ('account', 'tenant', 'suspense', 'clearing', 'payouts', 'held'));
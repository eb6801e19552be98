CREATE TABLE "transfers_in" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfers_in_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"from_distributor" text NOT NULL,
	"upc" text NOT NULL,
	"isrcs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"original_release_date" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfers_in" ADD CONSTRAINT "transfers_in_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers_in" ADD CONSTRAINT "transfers_in_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers_in" ADD CONSTRAINT "transfers_in_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_in_tenant_idx" ON "transfers_in" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
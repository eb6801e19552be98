CREATE TABLE "split_payees" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "split_payees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"split_id" bigint NOT NULL,
	"email" text NOT NULL,
	"account_id" bigint,
	"share" numeric(11, 10) NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "split_payees_share_check" CHECK ("split_payees"."share" > 0 and "split_payees"."share" <= 1),
	CONSTRAINT "split_payees_status_check" CHECK ("split_payees"."status" in ('invited', 'confirmed', 'removal_requested', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "splits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "splits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"track_id" bigint NOT NULL,
	"owner_account_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"locked_by" bigint,
	"locked_at" timestamp with time zone,
	"starts_on" date NOT NULL,
	"ended_on" date,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "splits_status_check" CHECK ("splits"."status" in ('pending', 'active', 'declined', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "earnings_account_monthly" (
	"tenant_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"period" date NOT NULL,
	"amount" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "earnings_account_monthly_account_id_period_pk" PRIMARY KEY("account_id","period")
);
--> statement-breakpoint
CREATE TABLE "earnings_account_totals" (
	"tenant_id" bigint NOT NULL,
	"account_id" bigint PRIMARY KEY NOT NULL,
	"amount" numeric(24, 6) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings_channel_monthly" (
	"tenant_id" bigint NOT NULL,
	"period" date NOT NULL,
	"channel" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"net" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "earnings_channel_monthly_tenant_id_period_channel_pk" PRIMARY KEY("tenant_id","period","channel")
);
--> statement-breakpoint
CREATE TABLE "earnings_monthly" (
	"tenant_id" bigint NOT NULL,
	"period" date NOT NULL,
	"source" text NOT NULL,
	"lines" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"net" numeric(24, 6) DEFAULT '0' NOT NULL,
	"tenant_share" numeric(24, 6) DEFAULT '0' NOT NULL,
	"unmatched" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "earnings_monthly_tenant_id_period_source_pk" PRIMARY KEY("tenant_id","period","source")
);
--> statement-breakpoint
CREATE TABLE "earnings_release_detail" (
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"period" date NOT NULL,
	"channel" text NOT NULL,
	"territory" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"net" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "earnings_release_detail_release_id_period_channel_territory_pk" PRIMARY KEY("release_id","period","channel","territory")
);
--> statement-breakpoint
CREATE TABLE "earnings_release_totals" (
	"tenant_id" bigint NOT NULL,
	"release_id" bigint PRIMARY KEY NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"net" numeric(24, 6) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings_track_monthly" (
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"track_id" bigint NOT NULL,
	"period" date NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"net" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "earnings_track_monthly_release_id_track_id_period_pk" PRIMARY KEY("release_id","track_id","period")
);
--> statement-breakpoint
CREATE TABLE "earnings_track_totals" (
	"tenant_id" bigint NOT NULL,
	"track_id" bigint PRIMARY KEY NOT NULL,
	"release_id" bigint NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"net" numeric(24, 6) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"period" date NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"book" text NOT NULL,
	"account_id" bigint,
	"category" text NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"import_id" bigint,
	"track_id" bigint,
	"release_id" bigint,
	"period" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_book_check" CHECK ("ledger_entries"."book" in ('account', 'tenant', 'suspense', 'clearing', 'payouts')),
	CONSTRAINT "ledger_entries_account_book_check" CHECK (("ledger_entries"."book" = 'account') = ("ledger_entries"."account_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"import_id" bigint,
	"reverses_id" bigint,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_manual_matches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_manual_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"key_kind" text NOT NULL,
	"key" text NOT NULL,
	"track_id" bigint,
	"release_id" bigint NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_id" bigint,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"period" date NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" numeric(20, 10),
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"matched_isrc" integer DEFAULT 0 NOT NULL,
	"matched_upc" integer DEFAULT 0 NOT NULL,
	"matched_manual" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"gross" numeric(28, 10) DEFAULT '0' NOT NULL,
	"net" numeric(28, 10) DEFAULT '0' NOT NULL,
	"net_base" numeric(24, 6) DEFAULT '0' NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"job_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_by" bigint,
	"committed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"rolled_back_by" bigint,
	"rolled_back_at" timestamp with time zone,
	CONSTRAINT "statement_imports_source_check" CHECK ("statement_imports"."source" in ('cms', 'audiosalad')),
	CONSTRAINT "statement_imports_status_check" CHECK ("statement_imports"."status" in ('uploaded', 'parsing', 'review', 'committing', 'committed', 'cancelled', 'failed', 'rolled_back'))
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"import_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"period" date NOT NULL,
	"isrc" text,
	"upc" text,
	"title" text,
	"artist" text,
	"channel" text DEFAULT '' NOT NULL,
	"territory" text DEFAULT '' NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"gross" numeric(28, 10) DEFAULT '0' NOT NULL,
	"net" numeric(28, 10) DEFAULT '0' NOT NULL,
	"net_base" numeric(24, 6) DEFAULT '0' NOT NULL,
	"track_id" bigint,
	"release_id" bigint,
	"matched_by" text
);
--> statement-breakpoint
ALTER TABLE "split_payees" ADD CONSTRAINT "split_payees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_payees" ADD CONSTRAINT "split_payees_split_id_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."splits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_payees" ADD CONSTRAINT "split_payees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splits" ADD CONSTRAINT "splits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splits" ADD CONSTRAINT "splits_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splits" ADD CONSTRAINT "splits_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splits" ADD CONSTRAINT "splits_locked_by_accounts_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splits" ADD CONSTRAINT "splits_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_manual_matches" ADD CONSTRAINT "statement_manual_matches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_manual_matches" ADD CONSTRAINT "statement_manual_matches_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_committed_by_accounts_id_fk" FOREIGN KEY ("committed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_rolled_back_by_accounts_id_fk" FOREIGN KEY ("rolled_back_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "split_payees_split_idx" ON "split_payees" USING btree ("split_id","id");--> statement-breakpoint
CREATE INDEX "split_payees_account_idx" ON "split_payees" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "split_payees_email_idx" ON "split_payees" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "splits_tenant_created_idx" ON "splits" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "splits_owner_idx" ON "splits" USING btree ("owner_account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "splits_track_idx" ON "splits" USING btree ("track_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "splits_track_open_idx" ON "splits" USING btree ("track_id") WHERE "splits"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "earnings_account_monthly_period_idx" ON "earnings_account_monthly" USING btree ("tenant_id","period");--> statement-breakpoint
CREATE INDEX "earnings_account_totals_rank_idx" ON "earnings_account_totals" USING btree ("tenant_id","amount" DESC NULLS LAST,"account_id");--> statement-breakpoint
CREATE INDEX "earnings_release_totals_rank_idx" ON "earnings_release_totals" USING btree ("tenant_id","net" DESC NULLS LAST,"release_id");--> statement-breakpoint
CREATE INDEX "earnings_track_monthly_period_idx" ON "earnings_track_monthly" USING btree ("tenant_id","period");--> statement-breakpoint
CREATE INDEX "earnings_track_totals_rank_idx" ON "earnings_track_totals" USING btree ("tenant_id","net" DESC NULLS LAST,"track_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_unique_idx" ON "exchange_rates" USING btree ("tenant_id","currency","period");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","category");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_import_idx" ON "ledger_entries" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_book_idx" ON "ledger_entries" USING btree ("tenant_id","book","category");--> statement-breakpoint
CREATE INDEX "ledger_transactions_import_idx" ON "ledger_transactions" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_tenant_idx" ON "ledger_transactions" USING btree ("tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "statement_manual_matches_key_idx" ON "statement_manual_matches" USING btree ("tenant_id","key_kind","key");--> statement-breakpoint
CREATE INDEX "statement_imports_history_idx" ON "statement_imports" USING btree ("tenant_id","source","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "statement_imports_hash_idx" ON "statement_imports" USING btree ("tenant_id","content_hash") WHERE "statement_imports"."status" not in ('cancelled', 'failed', 'rolled_back');--> statement-breakpoint
CREATE INDEX "statement_lines_import_idx" ON "statement_lines" USING btree ("import_id","line_no");--> statement-breakpoint
CREATE INDEX "statement_lines_unmatched_idx" ON "statement_lines" USING btree ("tenant_id","import_id","id") WHERE "statement_lines"."release_id" is null;
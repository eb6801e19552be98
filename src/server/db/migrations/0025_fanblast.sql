CREATE TABLE "fanblast_blasts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fanblast_blasts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"from_name" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"message_id" text NOT NULL,
	"reason" text,
	"base_url" text DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fanblast_fans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fanblast_fans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_proof" text DEFAULT '' NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fanblast_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fanblast_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"blast_id" bigint NOT NULL,
	"fan_id" bigint NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fanblast_blasts" ADD CONSTRAINT "fanblast_blasts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fanblast_blasts" ADD CONSTRAINT "fanblast_blasts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fanblast_blasts" ADD CONSTRAINT "fanblast_blasts_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fanblast_fans" ADD CONSTRAINT "fanblast_fans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fanblast_fans" ADD CONSTRAINT "fanblast_fans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fanblast_recipients" ADD CONSTRAINT "fanblast_recipients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fanblast_recipients" ADD CONSTRAINT "fanblast_recipients_blast_id_fanblast_blasts_id_fk" FOREIGN KEY ("blast_id") REFERENCES "public"."fanblast_blasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fanblast_recipients" ADD CONSTRAINT "fanblast_recipients_fan_id_fanblast_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fanblast_fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fanblast_blasts_list_idx" ON "fanblast_blasts" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fanblast_blasts_status_idx" ON "fanblast_blasts" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fanblast_blasts_account_idx" ON "fanblast_blasts" USING btree ("tenant_id","account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fanblast_blasts_subject_trgm_idx" ON "fanblast_blasts" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fanblast_fans_email_uq" ON "fanblast_fans" USING btree ("tenant_id","account_id","email");--> statement-breakpoint
CREATE INDEX "fanblast_fans_account_idx" ON "fanblast_fans" USING btree ("tenant_id","account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fanblast_recipients_uq" ON "fanblast_recipients" USING btree ("blast_id","fan_id");--> statement-breakpoint
CREATE INDEX "fanblast_recipients_log_idx" ON "fanblast_recipients" USING btree ("tenant_id","blast_id","id");--> statement-breakpoint
CREATE INDEX "fanblast_recipients_state_idx" ON "fanblast_recipients" USING btree ("blast_id","state","id");--> statement-breakpoint
-- hand-written:
-- Statuses, recipient states and sources as src/core/fanblast.ts defines them; addresses kept lower-case (one fan per address).
ALTER TABLE "fanblast_blasts" ADD CONSTRAINT "fanblast_blasts_status_check" CHECK ("status" in ('submitted', 'approved', 'rejected', 'sending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "fanblast_recipients" ADD CONSTRAINT "fanblast_recipients_state_check" CHECK ("state" in ('queued', 'sending', 'sent', 'deferred', 'bounced', 'failed', 'unsubscribed'));--> statement-breakpoint
ALTER TABLE "fanblast_fans" ADD CONSTRAINT "fanblast_fans_source_check" CHECK ("source" in ('smartlink', 'import'));--> statement-breakpoint
ALTER TABLE "fanblast_fans" ADD CONSTRAINT "fanblast_fans_email_lower_check" CHECK ("email" = lower("email"));

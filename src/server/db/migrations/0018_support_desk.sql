CREATE TABLE "support_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"comment_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"author_account_id" bigint,
	"is_support_team" boolean DEFAULT false NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"html_body" text NOT NULL,
	"plain_body" text NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_disabled_accounts" (
	"tenant_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_disabled_accounts_tenant_id_account_id_pk" PRIMARY KEY("tenant_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "support_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"auto_reply" text DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"canned_replies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"business_hours" text DEFAULT '' NOT NULL,
	"first_response_minutes" integer DEFAULT 1440 NOT NULL,
	"auto_close_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"requester_account_id" bigint,
	"requester_email" text NOT NULL,
	"requester_name" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"source" text DEFAULT 'app' NOT NULL,
	"assignee_account_id" bigint,
	"elevated" boolean DEFAULT false NOT NULL,
	"first_response_at" timestamp with time zone,
	"solved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('new', 'open', 'pending', 'on_hold', 'solved', 'closed')),
	CONSTRAINT "support_tickets_priority_check" CHECK ("support_tickets"."priority" in ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "support_tickets_source_check" CHECK ("support_tickets"."source" in ('app', 'email', 'help_center'))
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_comment_id_support_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."support_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_author_account_id_accounts_id_fk" FOREIGN KEY ("author_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_disabled_accounts" ADD CONSTRAINT "support_disabled_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_disabled_accounts" ADD CONSTRAINT "support_disabled_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_settings" ADD CONSTRAINT "support_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_requester_account_id_accounts_id_fk" FOREIGN KEY ("requester_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_account_id_accounts_id_fk" FOREIGN KEY ("assignee_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_comment_idx" ON "support_attachments" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "support_comments_ticket_idx" ON "support_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_comments_message_idx" ON "support_comments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "support_tickets_tenant_created_idx" ON "support_tickets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_tenant_status_created_idx" ON "support_tickets" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_requester_idx" ON "support_tickets" USING btree ("tenant_id","requester_account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_assignee_idx" ON "support_tickets" USING btree ("tenant_id","assignee_account_id","status");--> statement-breakpoint
CREATE INDEX "help_threads_tenant_recent_idx" ON "help_threads" USING btree ("tenant_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
-- hand-written:
-- The ticket search (subject, requester email and name; three characters at least) goes through trigram indexes.
CREATE INDEX "support_tickets_subject_trgm_idx" ON "support_tickets" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_tickets_requester_trgm_idx" ON "support_tickets" USING gin (("requester_email" || ' ' || "requester_name") gin_trgm_ops);--> statement-breakpoint
-- Auto-close finds solved tickets without reading the others.
CREATE INDEX "support_tickets_solved_idx" ON "support_tickets" ("solved_at") WHERE "status" = 'solved';--> statement-breakpoint
-- Help-center threads are searched by subject (the staff list and the palette).
CREATE INDEX "help_threads_subject_trgm_idx" ON "help_threads" USING gin ("subject" gin_trgm_ops);

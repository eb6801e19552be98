CREATE TABLE "platform_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"track_id" bigint,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"external_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_assets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"file_id" bigint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_assets_kind_check" CHECK ("release_assets"."kind" in ('post', 'story', 'canvas'))
);
--> statement-breakpoint
CREATE TABLE "smartlink_clicks" (
	"smartlink_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "smartlink_clicks_smartlink_id_day_platform_pk" PRIMARY KEY("smartlink_id","day","platform")
);
--> statement-breakpoint
CREATE TABLE "smartlinks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smartlinks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "short_link_host" text;--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_assets" ADD CONSTRAINT "release_assets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_assets" ADD CONSTRAINT "release_assets_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_assets" ADD CONSTRAINT "release_assets_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_assets" ADD CONSTRAINT "release_assets_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smartlink_clicks" ADD CONSTRAINT "smartlink_clicks_smartlink_id_smartlinks_id_fk" FOREIGN KEY ("smartlink_id") REFERENCES "public"."smartlinks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smartlink_clicks" ADD CONSTRAINT "smartlink_clicks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smartlinks" ADD CONSTRAINT "smartlinks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smartlinks" ADD CONSTRAINT "smartlinks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smartlinks" ADD CONSTRAINT "smartlinks_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_links_release_uq" ON "platform_links" USING btree ("release_id","platform") WHERE "platform_links"."track_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_links_track_uq" ON "platform_links" USING btree ("track_id","platform") WHERE "platform_links"."track_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "release_assets_release_kind_uq" ON "release_assets" USING btree ("release_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "smartlinks_release_uq" ON "smartlinks" USING btree ("release_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smartlinks_tenant_code_uq" ON "smartlinks" USING btree ("tenant_id","code");
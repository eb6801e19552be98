CREATE TABLE "fanblast_send_pace" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fanblast_send_pace" ADD CONSTRAINT "fanblast_send_pace_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
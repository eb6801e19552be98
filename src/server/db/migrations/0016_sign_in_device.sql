ALTER TABLE "login_history" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "login_history_device_idx" ON "login_history" USING btree ("device","created_at" DESC NULLS LAST);
ALTER TABLE "etl_job" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_recipient" ADD COLUMN "sms_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_recipient" ADD COLUMN "sms_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contact_email_lower_idx" ON "contact" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "notification_recipient_sms_due_idx" ON "notification_recipient" USING btree ("sms_status","sms_next_attempt_at");
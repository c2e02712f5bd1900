CREATE TABLE "notification_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipient_kind" text NOT NULL,
	"section_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipient_count" integer NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"sent_by" uuid,
	"sent_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_recipient" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"contact_id" uuid,
	"address" text NOT NULL,
	"sms_status" text,
	"sms_attempts" integer DEFAULT 0 NOT NULL,
	"sms_last_error" text
);
--> statement-breakpoint
ALTER TABLE "notification_message" ADD CONSTRAINT "notification_message_sent_by_admin_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admin_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipient" ADD CONSTRAINT "notification_recipient_message_id_notification_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."notification_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipient" ADD CONSTRAINT "notification_recipient_contact_id_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_message_created_idx" ON "notification_message" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_recipient_uq" ON "notification_recipient" USING btree ("message_id","address");
CREATE TABLE "course_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"document_key" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "course_document_size_ck" CHECK ("course_document"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "department" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_schedule_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"speaker" text DEFAULT '' NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "event_schedule_item_span_ck" CHECK ("event_schedule_item"."ends_at" > "event_schedule_item"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "institution_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"event_type" text NOT NULL,
	"campus_id" uuid,
	"venue" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"audience" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "institution_event_span_ck" CHECK ("institution_event"."ends_at" > "institution_event"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "course_document" ADD CONSTRAINT "course_document_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_schedule_item" ADD CONSTRAINT "event_schedule_item_event_id_institution_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."institution_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_event" ADD CONSTRAINT "institution_event_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_event" ADD CONSTRAINT "institution_event_created_by_admin_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_document_offering_idx" ON "course_document" USING btree ("course_offering_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_document_key_uq" ON "course_document" USING btree ("document_key");--> statement-breakpoint
CREATE UNIQUE INDEX "department_code_uq" ON "department" USING btree ("code");--> statement-breakpoint
CREATE INDEX "event_schedule_item_event_idx" ON "event_schedule_item" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "institution_event_start_idx" ON "institution_event" USING btree ("starts_at");
CREATE TABLE "academic_calendar_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intake_id" uuid,
	"campus_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "academic_calendar_owner_ck" CHECK ("academic_calendar_entry"."intake_id" is not null or "academic_calendar_entry"."campus_id" is not null),
	CONSTRAINT "academic_calendar_dates_ck" CHECK ("academic_calendar_entry"."end_date" >= "academic_calendar_entry"."start_date")
);
--> statement-breakpoint
CREATE TABLE "class_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_activity_id" uuid NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"date" date NOT NULL,
	"sequence" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faculty_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attachment_name" text NOT NULL,
	"attachment_key" text NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faculty_invitation_recipient" (
	"invitation_id" uuid NOT NULL,
	"faculty_id" uuid NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faculty_profile" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"designation" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"association" text DEFAULT 'Internal' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"location_preference" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faculty_subject_rating" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"faculty_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"batch" text NOT NULL,
	"rating_halves" smallint NOT NULL,
	CONSTRAINT "faculty_subject_rating_ck" CHECK ("faculty_subject_rating"."rating_halves" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "master_planner_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_id" uuid NOT NULL,
	"term_number" smallint NOT NULL,
	"name" text NOT NULL,
	"activity_type" text NOT NULL,
	"start_week" smallint NOT NULL,
	"duration_weeks" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_requirement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_plan_id" uuid NOT NULL,
	"term_number" smallint NOT NULL,
	"term_name" text NOT NULL,
	"course_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planner_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term_id" uuid NOT NULL,
	"name" text NOT NULL,
	"activity_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"term_subject_id" uuid,
	"faculty_id" uuid,
	"is_reference" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "planner_activity_dates_ck" CHECK ("planner_activity"."end_date" >= "planner_activity"."start_date")
);
--> statement-breakpoint
CREATE TABLE "section_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term_id" uuid NOT NULL,
	"term_subject_id" uuid NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"activity_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"duration_days" smallint NOT NULL,
	"sessions" smallint NOT NULL,
	"hours_per_session_centi" smallint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"faculty_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "section_activity_hours_ck" CHECK ("section_activity"."hours_per_session_centi" between 10 and 2400),
	CONSTRAINT "section_activity_dates_ck" CHECK ("section_activity"."end_date" >= "section_activity"."start_date")
);
--> statement-breakpoint
CREATE TABLE "term_subject" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "term_subject_dates_ck" CHECK ("term_subject"."end_date" >= "term_subject"."start_date")
);
--> statement-breakpoint
ALTER TABLE "course_offering" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "term" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_calendar_entry" ADD CONSTRAINT "academic_calendar_entry_intake_id_intake_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intake"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_calendar_entry" ADD CONSTRAINT "academic_calendar_entry_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_session" ADD CONSTRAINT "class_session_section_activity_id_section_activity_id_fk" FOREIGN KEY ("section_activity_id") REFERENCES "public"."section_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_session" ADD CONSTRAINT "class_session_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faculty_invitation" ADD CONSTRAINT "faculty_invitation_sent_by_admin_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admin_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faculty_invitation_recipient" ADD CONSTRAINT "faculty_invitation_recipient_invitation_id_faculty_invitation_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."faculty_invitation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faculty_invitation_recipient" ADD CONSTRAINT "faculty_invitation_recipient_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faculty_profile" ADD CONSTRAINT "faculty_profile_contact_id_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faculty_subject_rating" ADD CONSTRAINT "faculty_subject_rating_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faculty_subject_rating" ADD CONSTRAINT "faculty_subject_rating_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_planner_activity" ADD CONSTRAINT "master_planner_activity_programme_id_academic_programme_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."academic_programme"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_requirement" ADD CONSTRAINT "plan_requirement_programme_plan_id_programme_plan_id_fk" FOREIGN KEY ("programme_plan_id") REFERENCES "public"."programme_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_requirement" ADD CONSTRAINT "plan_requirement_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_activity" ADD CONSTRAINT "planner_activity_term_id_term_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."term"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_activity" ADD CONSTRAINT "planner_activity_term_subject_id_term_subject_id_fk" FOREIGN KEY ("term_subject_id") REFERENCES "public"."term_subject"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_activity" ADD CONSTRAINT "planner_activity_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_activity" ADD CONSTRAINT "section_activity_term_id_term_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."term"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_activity" ADD CONSTRAINT "section_activity_term_subject_id_term_subject_id_fk" FOREIGN KEY ("term_subject_id") REFERENCES "public"."term_subject"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_activity" ADD CONSTRAINT "section_activity_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_activity" ADD CONSTRAINT "section_activity_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_subject" ADD CONSTRAINT "term_subject_term_id_term_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."term"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_subject" ADD CONSTRAINT "term_subject_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academic_calendar_intake_idx" ON "academic_calendar_entry" USING btree ("intake_id");--> statement-breakpoint
CREATE INDEX "academic_calendar_campus_idx" ON "academic_calendar_entry" USING btree ("campus_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_session_uq" ON "class_session" USING btree ("section_activity_id","sequence");--> statement-breakpoint
CREATE INDEX "class_session_offering_idx" ON "class_session" USING btree ("course_offering_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "faculty_invitation_recipient_uq" ON "faculty_invitation_recipient" USING btree ("invitation_id","faculty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "faculty_subject_rating_uq" ON "faculty_subject_rating" USING btree ("faculty_id","course_id","batch");--> statement-breakpoint
CREATE INDEX "master_planner_activity_programme_idx" ON "master_planner_activity" USING btree ("programme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_requirement_uq" ON "plan_requirement" USING btree ("programme_plan_id","term_number","course_id");--> statement-breakpoint
CREATE INDEX "planner_activity_term_idx" ON "planner_activity" USING btree ("term_id","start_date");--> statement-breakpoint
CREATE INDEX "section_activity_offering_idx" ON "section_activity" USING btree ("course_offering_id");--> statement-breakpoint
CREATE INDEX "section_activity_term_idx" ON "section_activity" USING btree ("term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "term_subject_uq" ON "term_subject" USING btree ("term_id","course_id");--> statement-breakpoint
-- hand-written: every course already taught in a term (its course offerings) becomes that term's subject, with the term's dates.
INSERT INTO "term_subject" ("term_id", "course_id", "start_date", "end_date")
SELECT DISTINCT o."term_id", o."course_id", t."start_date", t."end_date"
FROM "course_offering" o JOIN "term" t ON t."id" = o."term_id"
ON CONFLICT DO NOTHING;

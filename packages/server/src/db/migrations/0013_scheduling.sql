CREATE TABLE "scheduled_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"exam_type" text,
	"term_subject_id" uuid,
	"course_offering_id" uuid,
	"planner_activity_id" uuid,
	"facility_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_event_times_ck" CHECK ("scheduled_event"."ends_at" > "scheduled_event"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "scheduled_event_faculty" (
	"event_id" uuid NOT NULL,
	"faculty_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scheduled_event_faculty_position_ck" CHECK ("scheduled_event_faculty"."position" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "scheduled_event" ADD CONSTRAINT "scheduled_event_term_id_term_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."term"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_event" ADD CONSTRAINT "scheduled_event_term_subject_id_term_subject_id_fk" FOREIGN KEY ("term_subject_id") REFERENCES "public"."term_subject"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_event" ADD CONSTRAINT "scheduled_event_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_event" ADD CONSTRAINT "scheduled_event_planner_activity_id_planner_activity_id_fk" FOREIGN KEY ("planner_activity_id") REFERENCES "public"."planner_activity"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_event" ADD CONSTRAINT "scheduled_event_facility_id_facility_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facility"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_event_faculty" ADD CONSTRAINT "scheduled_event_faculty_event_id_scheduled_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."scheduled_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_event_faculty" ADD CONSTRAINT "scheduled_event_faculty_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_event_term_idx" ON "scheduled_event" USING btree ("term_id","starts_at");--> statement-breakpoint
CREATE INDEX "scheduled_event_facility_idx" ON "scheduled_event" USING btree ("facility_id","starts_at");--> statement-breakpoint
CREATE INDEX "scheduled_event_offering_idx" ON "scheduled_event" USING btree ("course_offering_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_event_faculty_uq" ON "scheduled_event_faculty" USING btree ("event_id","faculty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_event_faculty_position_uq" ON "scheduled_event_faculty" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "scheduled_event_faculty_time_idx" ON "scheduled_event_faculty" USING btree ("faculty_id","starts_at");
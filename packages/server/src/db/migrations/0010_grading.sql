CREATE TABLE "grade_range" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"type_of_grading" text NOT NULL,
	"letter_grade" text NOT NULL,
	"grade_point" numeric(4, 2) NOT NULL,
	"lower" numeric(5, 2) NOT NULL,
	"upper" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grading_component" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"name" text NOT NULL,
	"weightage_percent" numeric(5, 2) NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grading_setting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"type_of_grading" text DEFAULT 'Absolute' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grading_sub_component" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component_id" uuid NOT NULL,
	"name" text NOT NULL,
	"weightage_percent" numeric(5, 2) NOT NULL,
	"total_marks" numeric(6, 2) DEFAULT 100 NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"record_type" text NOT NULL,
	"criteria_type" text NOT NULL,
	"programme_id" uuid,
	"min_grade_points" numeric(4, 2) NOT NULL,
	"max_failed_courses" integer NOT NULL,
	"min_attendance_percent" numeric(5, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_grade" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"total_percent" numeric(5, 2) NOT NULL,
	"calculated_grade" text NOT NULL,
	"penalty" text DEFAULT '' NOT NULL,
	"penalty_steps" smallint DEFAULT 0 NOT NULL,
	"final_grade" text NOT NULL,
	"grade_point" numeric(4, 2) NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_mark" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"sub_component_id" uuid NOT NULL,
	"marks_obtained" numeric(6, 2) NOT NULL,
	"total_marks" numeric(6, 2) NOT NULL,
	"previous_marks_obtained" numeric(6, 2),
	"source" text DEFAULT 'entry' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "student_mark_range_ck" CHECK ("student_mark"."marks_obtained" >= 0 and "student_mark"."marks_obtained" <= "student_mark"."total_marks")
);
--> statement-breakpoint
ALTER TABLE "grade_range" ADD CONSTRAINT "grade_range_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_component" ADD CONSTRAINT "grading_component_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_setting" ADD CONSTRAINT "grading_setting_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sub_component" ADD CONSTRAINT "grading_sub_component_component_id_grading_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."grading_component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_criteria" ADD CONSTRAINT "promotion_criteria_programme_id_academic_programme_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."academic_programme"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_grade" ADD CONSTRAINT "student_grade_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_grade" ADD CONSTRAINT "student_grade_student_id_contact_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_mark" ADD CONSTRAINT "student_mark_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_mark" ADD CONSTRAINT "student_mark_student_id_contact_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_mark" ADD CONSTRAINT "student_mark_sub_component_id_grading_sub_component_id_fk" FOREIGN KEY ("sub_component_id") REFERENCES "public"."grading_sub_component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grade_range_uq" ON "grade_range" USING btree ("course_offering_id","type_of_grading","letter_grade");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_component_uq" ON "grading_component" USING btree ("course_offering_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_setting_offering_uq" ON "grading_setting" USING btree ("course_offering_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_sub_component_uq" ON "grading_sub_component" USING btree ("component_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_criteria_name_uq" ON "promotion_criteria" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "student_grade_uq" ON "student_grade" USING btree ("course_offering_id","student_id");--> statement-breakpoint
CREATE INDEX "student_grade_student_idx" ON "student_grade" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_mark_uq" ON "student_mark" USING btree ("student_id","sub_component_id");--> statement-breakpoint
CREATE INDEX "student_mark_offering_idx" ON "student_mark" USING btree ("course_offering_id");
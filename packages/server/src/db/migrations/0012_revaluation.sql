CREATE TABLE "answer_sheet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"document_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"sub_component_id" uuid NOT NULL,
	"adjustment" jsonb NOT NULL,
	"reason" text NOT NULL,
	"changes" jsonb NOT NULL,
	"applied_by" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retest_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'Pending' NOT NULL,
	"retest_exam_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revaluation_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"sub_component_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'Requested' NOT NULL,
	"fees_status" text DEFAULT 'Unpaid' NOT NULL,
	"answer_sheet_type" text DEFAULT 'Set 1' NOT NULL,
	"evaluator_id" uuid,
	"previous_marks" numeric(6, 2) NOT NULL,
	"revised_marks" numeric(6, 2),
	"remark" text DEFAULT '' NOT NULL,
	"due_date" date NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_sheet" ADD CONSTRAINT "answer_sheet_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_sheet" ADD CONSTRAINT "answer_sheet_student_id_contact_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation" ADD CONSTRAINT "moderation_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation" ADD CONSTRAINT "moderation_sub_component_id_grading_sub_component_id_fk" FOREIGN KEY ("sub_component_id") REFERENCES "public"."grading_sub_component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retest_request" ADD CONSTRAINT "retest_request_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retest_request" ADD CONSTRAINT "retest_request_student_id_contact_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retest_request" ADD CONSTRAINT "retest_request_retest_exam_id_exam_id_fk" FOREIGN KEY ("retest_exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revaluation_request" ADD CONSTRAINT "revaluation_request_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revaluation_request" ADD CONSTRAINT "revaluation_request_student_id_contact_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revaluation_request" ADD CONSTRAINT "revaluation_request_sub_component_id_grading_sub_component_id_fk" FOREIGN KEY ("sub_component_id") REFERENCES "public"."grading_sub_component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revaluation_request" ADD CONSTRAINT "revaluation_request_evaluator_id_contact_id_fk" FOREIGN KEY ("evaluator_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_sheet_uq" ON "answer_sheet" USING btree ("exam_id","student_id");--> statement-breakpoint
CREATE INDEX "moderation_offering_idx" ON "moderation" USING btree ("course_offering_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retest_request_uq" ON "retest_request" USING btree ("exam_id","student_id");--> statement-breakpoint
CREATE INDEX "retest_request_retest_exam_idx" ON "retest_request" USING btree ("retest_exam_id");--> statement-breakpoint
CREATE UNIQUE INDEX "revaluation_request_uq" ON "revaluation_request" USING btree ("exam_id","student_id","sub_component_id");--> statement-breakpoint
CREATE INDEX "revaluation_request_exam_idx" ON "revaluation_request" USING btree ("exam_id");
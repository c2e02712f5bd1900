CREATE TABLE "evaluator_assignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"faculty_id" uuid NOT NULL,
	"facility_id" uuid,
	"assigned_paper" text DEFAULT 'All' NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exam_eligibility" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "faculty_type" text;--> statement-breakpoint
ALTER TABLE "enrolment" ADD COLUMN "attendance_percent" smallint;--> statement-breakpoint
ALTER TABLE "enrolment" ADD COLUMN "documents_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluator_assignment" ADD CONSTRAINT "evaluator_assignment_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluator_assignment" ADD CONSTRAINT "evaluator_assignment_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluator_assignment" ADD CONSTRAINT "evaluator_assignment_facility_id_facility_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facility"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_eligibility" ADD CONSTRAINT "exam_eligibility_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_eligibility" ADD CONSTRAINT "exam_eligibility_student_id_contact_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluator_assignment_uq" ON "evaluator_assignment" USING btree ("exam_id","faculty_id");--> statement-breakpoint
CREATE INDEX "evaluator_assignment_faculty_idx" ON "evaluator_assignment" USING btree ("faculty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_eligibility_uq" ON "exam_eligibility" USING btree ("exam_id","student_id");
CREATE TABLE "exam_period_scheme" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_cycle_id" uuid NOT NULL,
	"weekdays_without_exams" jsonb NOT NULL,
	"dates_without_exams" jsonb NOT NULL,
	"slots" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_period_scheme" ADD CONSTRAINT "exam_period_scheme_exam_cycle_id_exam_cycle_id_fk" FOREIGN KEY ("exam_cycle_id") REFERENCES "public"."exam_cycle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_period_scheme_cycle_uq" ON "exam_period_scheme" USING btree ("exam_cycle_id");
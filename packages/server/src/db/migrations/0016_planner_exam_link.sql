ALTER TABLE "scheduled_event" ADD COLUMN "exam_id" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_event" ADD CONSTRAINT "scheduled_event_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_event_exam_idx" ON "scheduled_event" USING btree ("exam_id");--> statement-breakpoint
-- Exams booked on the planner before this link: the exam of the same section and type whose day
-- and start time (Asia/Kolkata) are the event's.
UPDATE "scheduled_event" e SET "exam_id" = x."id" FROM "exam" x
WHERE e."kind" = 'exam' AND e."exam_id" IS NULL
  AND x."course_offering_id" = e."course_offering_id" AND x."exam_type" = e."exam_type"
  AND x."exam_date" = (e."starts_at" AT TIME ZONE 'Asia/Kolkata')::date
  AND x."start_time" = to_char(e."starts_at" AT TIME ZONE 'Asia/Kolkata', 'HH24:MI');

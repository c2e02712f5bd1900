DROP INDEX "facility_code_uq";--> statement-breakpoint
ALTER TABLE "evaluator_assignment" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_eligibility" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_period" ADD COLUMN "seating_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invigilation" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_paper" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "facility_code_uq" ON "facility" USING btree (lower("code"));
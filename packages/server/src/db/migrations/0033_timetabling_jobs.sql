CREATE TABLE "timetabling_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_cycle_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"time_limit_seconds" integer NOT NULL,
	"seed" integer DEFAULT 1 NOT NULL,
	"max_iterations" integer,
	"iteration" integer DEFAULT 0 NOT NULL,
	"elapsed_ms" integer DEFAULT 0 NOT NULL,
	"start_penalty" double precision DEFAULT 0 NOT NULL,
	"penalty" double precision DEFAULT 0 NOT NULL,
	"best_penalty" double precision DEFAULT 0 NOT NULL,
	"stop_requested" boolean DEFAULT false NOT NULL,
	"start_periods" jsonb NOT NULL,
	"start_versions" jsonb NOT NULL,
	"proposal" jsonb,
	"message" text,
	"started_by" uuid,
	"started_by_email" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "timetabling_job_status_ck" CHECK ("timetabling_job"."status" in ('running', 'done', 'stopped', 'failed', 'accepted', 'discarded'))
);
--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "timetabling_job" ADD CONSTRAINT "timetabling_job_exam_cycle_id_exam_cycle_id_fk" FOREIGN KEY ("exam_cycle_id") REFERENCES "public"."exam_cycle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetabling_job" ADD CONSTRAINT "timetabling_job_started_by_admin_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."admin_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timetabling_job_running_uq" ON "timetabling_job" USING btree ("exam_cycle_id") WHERE "timetabling_job"."status" = 'running';--> statement-breakpoint
CREATE INDEX "timetabling_job_cycle_idx" ON "timetabling_job" USING btree ("exam_cycle_id","started_at");
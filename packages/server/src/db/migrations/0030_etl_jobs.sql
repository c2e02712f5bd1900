CREATE TABLE "etl_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"file_size" integer NOT NULL,
	"upload" "bytea",
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_imported" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"rows_failed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "etl_job_kind_ck" CHECK ("etl_job"."kind" in ('students', 'faculty', 'courses', 'enrolments')),
	CONSTRAINT "etl_job_status_ck" CHECK ("etl_job"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "etl_job_error" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"field" text,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "etl_job" ADD CONSTRAINT "etl_job_created_by_admin_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_job_error" ADD CONSTRAINT "etl_job_error_job_id_etl_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."etl_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "etl_job_status_idx" ON "etl_job" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "etl_job_created_idx" ON "etl_job" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "etl_job_error_job_line_idx" ON "etl_job_error" USING btree ("job_id","line");
CREATE TABLE "academic_programme" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"contact_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_paper_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"author_user_id" uuid,
	"author_contact_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"intake_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"credits" smallint DEFAULT 3 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_offering" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"section" text NOT NULL,
	"faculty_id" uuid,
	"capacity" integer DEFAULT 120 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrolment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"status" text DEFAULT 'Enrolled' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_cycle_id" uuid NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"component" text NOT NULL,
	"exam_type" text NOT NULL,
	"exam_date" date NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_cycle" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"exam_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_id" uuid NOT NULL,
	"programme_plan_id" uuid,
	"campus_id" uuid NOT NULL,
	"name" text NOT NULL,
	"year" smallint NOT NULL,
	"month" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_addresses" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"transport" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_challenge" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"client_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_primary" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_paper" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"exam_cycle_id" uuid NOT NULL,
	"exam_id" uuid,
	"faculty_id" uuid,
	"status" text DEFAULT 'Not Submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_paper_set" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_paper_id" uuid NOT NULL,
	"set_number" smallint NOT NULL,
	"status" text DEFAULT 'Not Submitted' NOT NULL,
	"document_key" text,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intake_id" uuid NOT NULL,
	"name" text NOT NULL,
	"number" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "academic_programme" ADD CONSTRAINT "academic_programme_institution_id_institution_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institution"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_user" ADD CONSTRAINT "admin_user_contact_id_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_admin_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."admin_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus" ADD CONSTRAINT "campus_institution_id_institution_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institution"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_question_paper_id_question_paper_id_fk" FOREIGN KEY ("question_paper_id") REFERENCES "public"."question_paper"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_author_user_id_admin_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."admin_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_author_contact_id_contact_id_fk" FOREIGN KEY ("author_contact_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_intake_id_intake_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intake"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_offering" ADD CONSTRAINT "course_offering_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_offering" ADD CONSTRAINT "course_offering_term_id_term_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."term"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_offering" ADD CONSTRAINT "course_offering_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment" ADD CONSTRAINT "enrolment_student_id_contact_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment" ADD CONSTRAINT "enrolment_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_exam_cycle_id_exam_cycle_id_fk" FOREIGN KEY ("exam_cycle_id") REFERENCES "public"."exam_cycle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake" ADD CONSTRAINT "intake_programme_id_academic_programme_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."academic_programme"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake" ADD CONSTRAINT "intake_programme_plan_id_programme_plan_id_fk" FOREIGN KEY ("programme_plan_id") REFERENCES "public"."programme_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake" ADD CONSTRAINT "intake_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenge" ADD CONSTRAINT "otp_challenge_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_plan" ADD CONSTRAINT "programme_plan_programme_id_academic_programme_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."academic_programme"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_paper" ADD CONSTRAINT "question_paper_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_paper" ADD CONSTRAINT "question_paper_exam_cycle_id_exam_cycle_id_fk" FOREIGN KEY ("exam_cycle_id") REFERENCES "public"."exam_cycle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_paper" ADD CONSTRAINT "question_paper_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_paper" ADD CONSTRAINT "question_paper_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_paper_set" ADD CONSTRAINT "question_paper_set_question_paper_id_question_paper_id_fk" FOREIGN KEY ("question_paper_id") REFERENCES "public"."question_paper"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term" ADD CONSTRAINT "term_intake_id_intake_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intake"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_programme_code_uq" ON "academic_programme" USING btree ("institution_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_user_email_uq" ON "admin_user" USING btree ("email");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campus_name_uq" ON "campus" USING btree ("institution_id","name");--> statement-breakpoint
CREATE INDEX "chat_message_paper_idx" ON "chat_message" USING btree ("question_paper_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_email_uq" ON "contact" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contact_kind_idx" ON "contact" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "contact_intake_idx" ON "contact" USING btree ("intake_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_code_uq" ON "course" USING btree ("code");--> statement-breakpoint
CREATE INDEX "course_name_idx" ON "course" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "course_offering_uq" ON "course_offering" USING btree ("course_id","term_id","section");--> statement-breakpoint
CREATE INDEX "course_offering_term_idx" ON "course_offering" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "course_offering_faculty_idx" ON "course_offering" USING btree ("faculty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolment_uq" ON "enrolment" USING btree ("student_id","course_offering_id");--> statement-breakpoint
CREATE INDEX "enrolment_offering_idx" ON "enrolment" USING btree ("course_offering_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_cycle_offering_uq" ON "exam" USING btree ("exam_cycle_id","course_offering_id","component");--> statement-breakpoint
CREATE INDEX "exam_offering_idx" ON "exam" USING btree ("course_offering_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_cycle_name_uq" ON "exam_cycle" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_name_uq" ON "intake" USING btree ("name");--> statement-breakpoint
CREATE INDEX "intake_programme_idx" ON "intake" USING btree ("programme_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "otp_challenge_user_idx" ON "otp_challenge" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "otp_request_email_idx" ON "otp_request" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "otp_request_client_idx" ON "otp_request" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "question_paper_offering_cycle_uq" ON "question_paper" USING btree ("course_offering_id","exam_cycle_id");--> statement-breakpoint
CREATE INDEX "question_paper_status_idx" ON "question_paper" USING btree ("status");--> statement-breakpoint
CREATE INDEX "question_paper_cycle_idx" ON "question_paper" USING btree ("exam_cycle_id");--> statement-breakpoint
CREATE INDEX "question_paper_faculty_idx" ON "question_paper" USING btree ("faculty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_paper_set_uq" ON "question_paper_set" USING btree ("question_paper_id","set_number");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_token_hash_uq" ON "refresh_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "role_name_uq" ON "role" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "term_intake_number_uq" ON "term" USING btree ("intake_id","number");--> statement-breakpoint
CREATE INDEX "term_name_idx" ON "term" USING btree ("name");
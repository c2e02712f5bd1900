CREATE TABLE "feedback_answer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"response_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"rating" smallint,
	"text" text,
	CONSTRAINT "feedback_answer_rating_ck" CHECK ("feedback_answer"."rating" is null or "feedback_answer"."rating" between 1 and 5),
	CONSTRAINT "feedback_answer_one_ck" CHECK (("feedback_answer"."rating" is null) <> ("feedback_answer"."text" is null))
);
--> statement-breakpoint
CREATE TABLE "feedback_form" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"title" text NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "feedback_form_dates_ck" CHECK ("feedback_form"."closes_on" >= "feedback_form"."opens_on")
);
--> statement-breakpoint
CREATE TABLE "feedback_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback_question" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	CONSTRAINT "feedback_question_kind_ck" CHECK ("feedback_question"."kind" in ('rating', 'text'))
);
--> statement-breakpoint
CREATE TABLE "feedback_response" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"submitted_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_answer" ADD CONSTRAINT "feedback_answer_response_id_feedback_response_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."feedback_response"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_answer" ADD CONSTRAINT "feedback_answer_question_id_feedback_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."feedback_question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_form" ADD CONSTRAINT "feedback_form_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_invitation" ADD CONSTRAINT "feedback_invitation_form_id_feedback_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."feedback_form"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_invitation" ADD CONSTRAINT "feedback_invitation_student_id_contact_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_question" ADD CONSTRAINT "feedback_question_form_id_feedback_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."feedback_form"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_response" ADD CONSTRAINT "feedback_response_form_id_feedback_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."feedback_form"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_answer_uq" ON "feedback_answer" USING btree ("response_id","question_id");--> statement-breakpoint
CREATE INDEX "feedback_answer_question_idx" ON "feedback_answer" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "feedback_form_offering_idx" ON "feedback_form" USING btree ("course_offering_id");--> statement-breakpoint
CREATE INDEX "feedback_form_closes_idx" ON "feedback_form" USING btree ("closes_on");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_invitation_student_uq" ON "feedback_invitation" USING btree ("form_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_invitation_token_uq" ON "feedback_invitation" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_question_position_uq" ON "feedback_question" USING btree ("form_id","position");--> statement-breakpoint
CREATE INDEX "feedback_response_form_idx" ON "feedback_response" USING btree ("form_id");
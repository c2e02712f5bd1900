CREATE TABLE "course_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_offering_id" uuid NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"document_key" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "course_document_size_ck" CHECK ("course_document"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "course_document" ADD CONSTRAINT "course_document_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_document_offering_idx" ON "course_document" USING btree ("course_offering_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_document_key_uq" ON "course_document" USING btree ("document_key");
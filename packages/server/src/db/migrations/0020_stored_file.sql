CREATE TABLE "stored_file" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"media_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_file_created_at_idx" ON "stored_file" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "answer_sheet_document_key_idx" ON "answer_sheet" USING btree ("document_key");--> statement-breakpoint
CREATE INDEX "faculty_invitation_attachment_key_idx" ON "faculty_invitation" USING btree ("attachment_key");--> statement-breakpoint
CREATE INDEX "question_paper_set_document_key_idx" ON "question_paper_set" USING btree ("document_key");
CREATE TABLE "read_model_version" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "read_model_version" ("name", "version") VALUES ('question_paper_list', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Any statement that writes a table the question-paper list reads bumps the list's counter, in the
-- writer's own transaction (see schema.ts readModelVersion).
CREATE FUNCTION "bump_question_paper_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_model_version" SET "version" = "version" + 1 WHERE "name" = 'question_paper_list';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "question_paper_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "question_paper" FOR EACH STATEMENT EXECUTE FUNCTION "bump_question_paper_list_version"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "question_paper_set" FOR EACH STATEMENT EXECUTE FUNCTION "bump_question_paper_list_version"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_offering" FOR EACH STATEMENT EXECUTE FUNCTION "bump_question_paper_list_version"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course" FOR EACH STATEMENT EXECUTE FUNCTION "bump_question_paper_list_version"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "term" FOR EACH STATEMENT EXECUTE FUNCTION "bump_question_paper_list_version"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "intake" FOR EACH STATEMENT EXECUTE FUNCTION "bump_question_paper_list_version"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exam_cycle" FOR EACH STATEMENT EXECUTE FUNCTION "bump_question_paper_list_version"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exam" FOR EACH STATEMENT EXECUTE FUNCTION "bump_question_paper_list_version"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact" FOR EACH STATEMENT EXECUTE FUNCTION "bump_question_paper_list_version"();

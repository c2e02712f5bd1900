CREATE TABLE "read_model_answer" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"answer" text NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The counter's bump also tells the other portal processes listening on this database which read
-- model changed; a notification is delivered only when the writer's transaction commits, and
-- PostgreSQL folds repeats within one transaction (db/read-model-sharing.ts).
CREATE OR REPLACE FUNCTION "bump_question_paper_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_model_version" SET "version" = "version" + 1 WHERE "name" = 'question_paper_list';
  PERFORM pg_notify('read_model_changed', 'question_paper_list');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The counter's bump also tells the other portal processes listening on this database which read
-- model changed; a notification is delivered only when the writer's transaction commits, and
-- PostgreSQL folds repeats within one transaction (db/read-model-sharing.ts).
CREATE OR REPLACE FUNCTION "bump_exam_operations_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_model_version" SET "version" = "version" + 1 WHERE "name" = 'exam_operations';
  PERFORM pg_notify('read_model_changed', 'exam_operations');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The counter's bump also tells the other portal processes listening on this database which read
-- model changed; a notification is delivered only when the writer's transaction commits, and
-- PostgreSQL folds repeats within one transaction (db/read-model-sharing.ts).
CREATE OR REPLACE FUNCTION "bump_grading_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_model_version" SET "version" = "version" + 1 WHERE "name" = 'grading';
  PERFORM pg_notify('read_model_changed', 'grading');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The counter's bump also tells the other portal processes listening on this database which read
-- model changed; a notification is delivered only when the writer's transaction commits, and
-- PostgreSQL folds repeats within one transaction (db/read-model-sharing.ts).
CREATE OR REPLACE FUNCTION "bump_scheduling_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_model_version" SET "version" = "version" + 1 WHERE "name" = 'scheduling';
  PERFORM pg_notify('read_model_changed', 'scheduling');
  RETURN NULL;
END;
$$;

-- hand-written
-- The class results of a course offering's grading (SubjectScores: every student's weighted total,
-- percentile and grades, and the class's statistics) are kept in memory behind the 'grading'
-- counter (db/read-model-cache.ts). Any statement that writes a table those results read bumps the
-- counter in the writer's own transaction, so no process ever serves results older than a
-- committed change.
INSERT INTO "read_model_version" ("name", "version") VALUES ('grading', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_grading_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_model_version" SET "version" = "version" + 1 WHERE "name" = 'grading';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_offering" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "term" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "intake" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academic_programme" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grading_setting" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grade_range" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grading_component" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grading_sub_component" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enrolment" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "student_mark" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();
--> statement-breakpoint
CREATE TRIGGER "grading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "student_grade" FOR EACH STATEMENT EXECUTE FUNCTION "bump_grading_version"();

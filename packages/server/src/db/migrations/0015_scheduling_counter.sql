-- hand-written
-- The scheduling reads (the scheduler's load of a term, SchedulerData, and the weekly time table,
-- SessionTimeTable) are kept in memory behind the 'scheduling' counter (db/read-model-cache.ts).
-- Any statement that writes a table those reads use bumps the counter in the writer's own
-- transaction, so no process ever serves an answer older than a committed change.
INSERT INTO "read_model_version" ("name", "version") VALUES ('scheduling', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_scheduling_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_model_version" SET "version" = "version" + 1 WHERE "name" = 'scheduling';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "scheduled_event" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "scheduled_event_faculty" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "term" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "intake" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academic_programme" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "term_subject" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_offering" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "planner_activity" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "facility" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "section_activity" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();
--> statement-breakpoint
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "class_session" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();

-- hand-written
-- The scheduler's load of a term (SchedulerData, kept behind the 'scheduling' counter) carries the
-- holidays of the term's intake and campus, read from academic_calendar_entry: writes to it (the
-- academic calendar's entries, campus holidays) bump the counter as well, in the writer's own
-- transaction, so the scheduler never draws a holiday list older than a committed change.
CREATE TRIGGER "scheduling_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academic_calendar_entry" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scheduling_version"();

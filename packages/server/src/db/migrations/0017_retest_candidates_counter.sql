-- hand-written
-- Who sits a retest exam is its retest students (retest_request.retest_exam_id, exam/candidates.ts),
-- so the exam operations reads kept behind the exam_operations counter (the dashboard, the clash
-- report, the student lists) read retest_request too: writes to it bump the counter as well, in the
-- writer's own transaction, whoever writes.
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "retest_request" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();

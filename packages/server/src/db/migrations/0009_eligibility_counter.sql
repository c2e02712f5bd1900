-- hand-written
-- The student lists (StudentData, StudentRiskData) keep their counts behind the exam_operations
-- counter; the eligibility label they filter and count by also depends on the office's decisions,
-- so writes to those bump the counter too, in the writer's own transaction.
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exam_eligibility" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();

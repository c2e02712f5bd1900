CREATE TABLE "question_paper_tally" (
	"course_offering_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "question_paper_tally_course_offering_id_status_pk" PRIMARY KEY("course_offering_id","status")
);
--> statement-breakpoint
ALTER TABLE "question_paper_tally" ADD CONSTRAINT "question_paper_tally_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written from here: the tally kept by statement triggers on question_paper, in the writer's
-- own transaction, whoever writes; each adds the statement's changes per (offering, status) in key
-- order (so concurrent writers lock the rows they share in one order) and deletes a count that
-- falls to zero.
CREATE FUNCTION "question_paper_tally_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "question_paper_tally" ("course_offering_id", "status", "n")
    SELECT "course_offering_id", "status", count(*)::int FROM "new_papers" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("course_offering_id", "status") DO UPDATE SET "n" = "question_paper_tally"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "question_paper_tally" t SET "n" = t."n" - d."n"
    FROM (SELECT "course_offering_id", "status", count(*)::int AS "n" FROM "old_papers" GROUP BY 1, 2) d
    WHERE t."course_offering_id" = d."course_offering_id" AND t."status" = d."status";
  ELSE
    INSERT INTO "question_paper_tally" ("course_offering_id", "status", "n")
    SELECT "course_offering_id", "status", sum("d")::int FROM (
      SELECT "course_offering_id", "status", 1 AS "d" FROM "new_papers"
      UNION ALL
      SELECT "course_offering_id", "status", -1 FROM "old_papers"
    ) changes GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2
    ON CONFLICT ("course_offering_id", "status") DO UPDATE SET "n" = "question_paper_tally"."n" + excluded."n";
  END IF;
  DELETE FROM "question_paper_tally" WHERE "n" <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "question_paper_tally_insert" AFTER INSERT ON "question_paper" REFERENCING NEW TABLE AS "new_papers" FOR EACH STATEMENT EXECUTE FUNCTION "question_paper_tally_add"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_tally_update" AFTER UPDATE ON "question_paper" REFERENCING OLD TABLE AS "old_papers" NEW TABLE AS "new_papers" FOR EACH STATEMENT EXECUTE FUNCTION "question_paper_tally_add"();
--> statement-breakpoint
CREATE TRIGGER "question_paper_tally_delete" AFTER DELETE ON "question_paper" REFERENCING OLD TABLE AS "old_papers" FOR EACH STATEMENT EXECUTE FUNCTION "question_paper_tally_add"();
--> statement-breakpoint
CREATE FUNCTION "question_paper_tally_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "question_paper_tally";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "question_paper_tally_truncate" AFTER TRUNCATE ON "question_paper" FOR EACH STATEMENT EXECUTE FUNCTION "question_paper_tally_clear"();
--> statement-breakpoint
INSERT INTO "question_paper_tally" ("course_offering_id", "status", "n")
SELECT "course_offering_id", "status", count(*)::int FROM "question_paper" GROUP BY 1, 2;

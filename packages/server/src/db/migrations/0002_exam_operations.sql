CREATE TABLE "exam_period" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_cycle_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"penalty" integer DEFAULT 0 NOT NULL,
	"original_id" text
);
--> statement-breakpoint
CREATE TABLE "facility" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campus_id" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"import_source_id" uuid,
	"original_id" text
);
--> statement-breakpoint
CREATE TABLE "import_source" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"checksum" text NOT NULL,
	"counts" jsonb NOT NULL,
	"imported_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invigilation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"faculty_id" uuid NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_assignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_period_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"seat_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "import_source_id" uuid;--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "original_id" text;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "import_source_id" uuid;--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "original_id" text;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "exam_period_id" uuid;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "students_per_invigilator" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "exam_mode" text DEFAULT 'offline' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "venue" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "import_source_id" uuid;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "original_id" text;--> statement-breakpoint
ALTER TABLE "exam_cycle" ADD COLUMN "import_source_id" uuid;--> statement-breakpoint
ALTER TABLE "exam_cycle" ADD COLUMN "original_id" text;--> statement-breakpoint
ALTER TABLE "exam_period" ADD CONSTRAINT "exam_period_exam_cycle_id_exam_cycle_id_fk" FOREIGN KEY ("exam_cycle_id") REFERENCES "public"."exam_cycle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility" ADD CONSTRAINT "facility_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility" ADD CONSTRAINT "facility_import_source_id_import_source_id_fk" FOREIGN KEY ("import_source_id") REFERENCES "public"."import_source"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invigilation" ADD CONSTRAINT "invigilation_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invigilation" ADD CONSTRAINT "invigilation_facility_id_facility_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facility"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invigilation" ADD CONSTRAINT "invigilation_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignment" ADD CONSTRAINT "seat_assignment_exam_period_id_exam_period_id_fk" FOREIGN KEY ("exam_period_id") REFERENCES "public"."exam_period"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignment" ADD CONSTRAINT "seat_assignment_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignment" ADD CONSTRAINT "seat_assignment_student_id_contact_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignment" ADD CONSTRAINT "seat_assignment_facility_id_facility_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facility"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_period_slot_uq" ON "exam_period" USING btree ("exam_cycle_id","date","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_code_uq" ON "facility" USING btree ("code");--> statement-breakpoint
CREATE INDEX "facility_campus_idx" ON "facility" USING btree ("campus_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_import_uq" ON "facility" USING btree ("import_source_id","original_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_source_code_uq" ON "import_source" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "invigilation_exam_faculty_uq" ON "invigilation" USING btree ("exam_id","faculty_id");--> statement-breakpoint
CREATE INDEX "invigilation_faculty_idx" ON "invigilation" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "invigilation_facility_idx" ON "invigilation" USING btree ("facility_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_assignment_student_uq" ON "seat_assignment" USING btree ("exam_period_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_assignment_seat_uq" ON "seat_assignment" USING btree ("exam_period_id","facility_id","seat_number");--> statement-breakpoint
CREATE INDEX "seat_assignment_exam_idx" ON "seat_assignment" USING btree ("exam_id");--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_import_source_id_import_source_id_fk" FOREIGN KEY ("import_source_id") REFERENCES "public"."import_source"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course" ADD CONSTRAINT "course_import_source_id_import_source_id_fk" FOREIGN KEY ("import_source_id") REFERENCES "public"."import_source"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_exam_period_id_exam_period_id_fk" FOREIGN KEY ("exam_period_id") REFERENCES "public"."exam_period"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_import_source_id_import_source_id_fk" FOREIGN KEY ("import_source_id") REFERENCES "public"."import_source"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_cycle" ADD CONSTRAINT "exam_cycle_import_source_id_import_source_id_fk" FOREIGN KEY ("import_source_id") REFERENCES "public"."import_source"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_code_uq" ON "contact" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_import_uq" ON "contact" USING btree ("import_source_id","original_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_import_uq" ON "course" USING btree ("import_source_id","original_id");--> statement-breakpoint
CREATE INDEX "exam_period_idx" ON "exam" USING btree ("exam_period_id");--> statement-breakpoint
CREATE INDEX "exam_cycle_date_idx" ON "exam" USING btree ("exam_cycle_id","exam_date");--> statement-breakpoint
-- Existing exams get the period (cycle, date, start time) they are held in.
INSERT INTO "exam_period" ("exam_cycle_id", "date", "start_time", "duration_minutes")
  SELECT "exam_cycle_id", "exam_date", "start_time", max("duration_minutes") FROM "exam"
  GROUP BY "exam_cycle_id", "exam_date", "start_time";--> statement-breakpoint
UPDATE "exam" SET "exam_period_id" = p."id" FROM "exam_period" p
  WHERE p."exam_cycle_id" = "exam"."exam_cycle_id" AND p."date" = "exam"."exam_date"
    AND p."start_time" = "exam"."start_time";
--> statement-breakpoint
INSERT INTO "read_model_version" ("name", "version") VALUES ('exam_operations', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Any statement that writes a table the exam dashboard and clash report read bumps their counter,
-- in the writer's own transaction (see schema.ts readModelVersion).
CREATE FUNCTION "bump_exam_operations_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_model_version" SET "version" = "version" + 1 WHERE "name" = 'exam_operations';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exam" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exam_period" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exam_cycle" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enrolment" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seat_assignment" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invigilation" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "facility" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_offering" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "term" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();
--> statement-breakpoint
CREATE TRIGGER "exam_operations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "intake" FOR EACH STATEMENT EXECUTE FUNCTION "bump_exam_operations_version"();

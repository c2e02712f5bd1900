ALTER TABLE "user_role" DROP CONSTRAINT "user_role_user_id_role_id_pk";--> statement-breakpoint
ALTER TABLE "user_role" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_role" ADD COLUMN "scope_kind" text;--> statement-breakpoint
ALTER TABLE "user_role" ADD COLUMN "scope_id" uuid;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_assignment_uq" UNIQUE NULLS NOT DISTINCT("user_id","role_id","scope_kind","scope_id");--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_scope_ck" CHECK (("user_role"."scope_kind" is null) = ("user_role"."scope_id" is null));--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_scope_kind_ck" CHECK ("user_role"."scope_kind" is null or "user_role"."scope_kind" in ('institute', 'programme', 'programme_plan', 'class_section'));--> statement-breakpoint
-- hand-written
-- The portal's roles are reference data (packages/domain/src/roles.ts): every database has them,
-- with or without demo data, so administrators can be assigned roles on a fresh install.
INSERT INTO "role" ("name", "description") VALUES
  ('admin', 'Administrator: may use everything'),
  ('exam_office', 'Exam office: the exam areas'),
  ('academic_office', 'Academic office: the planning areas')
ON CONFLICT ("name") DO NOTHING;

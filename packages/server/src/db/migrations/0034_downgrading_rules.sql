CREATE TABLE "downgrading_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_name" text NOT NULL,
	"attempt_type" text NOT NULL,
	"downgrade_steps" smallint DEFAULT 0 NOT NULL,
	"max_grade" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downgrading_rule_attempt_ck" CHECK ("downgrading_rule"."attempt_type" in ('Retest')),
	CONSTRAINT "downgrading_rule_steps_ck" CHECK ("downgrading_rule"."downgrade_steps" between 0 and 3),
	CONSTRAINT "downgrading_rule_grade_ck" CHECK ("downgrading_rule"."max_grade" is null or "downgrading_rule"."max_grade" in ('A', 'B', 'C', 'F'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "downgrading_rule_attempt_uq" ON "downgrading_rule" USING btree ("attempt_type");
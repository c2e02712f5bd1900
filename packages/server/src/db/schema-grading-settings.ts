/**
 * Grading settings that hold for every course offering (openapi/grading.yaml DownGradingRulesSetup):
 * the downgrading rules. Re-exported by schema.ts; imports only drizzle.
 */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A downgrading rule (domain downgrading.ts): how an attempt of kind `attemptType` (Retest) lowers
 * the grade its marks earn: by `downgradeSteps` letters (0-3), then no better than `maxGrade`
 * (A, B, C, F; null = no cap). One rule per attempt type; `version` for stale-save checks.
 */
export const downgradingRule = pgTable(
  "downgrading_rule",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ruleName: text("rule_name").notNull(),
    attemptType: text("attempt_type", { enum: ["Retest"] }).notNull(),
    downgradeSteps: smallint("downgrade_steps").notNull().default(0),
    maxGrade: text("max_grade", { enum: ["A", "B", "C", "F"] }),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("downgrading_rule_attempt_uq").on(t.attemptType),
    check("downgrading_rule_attempt_ck", sql`${t.attemptType} in ('Retest')`),
    check("downgrading_rule_steps_ck", sql`${t.downgradeSteps} between 0 and 3`),
    check("downgrading_rule_grade_ck", sql`${t.maxGrade} is null or ${t.maxGrade} in ('A', 'B', 'C', 'F')`),
  ],
);

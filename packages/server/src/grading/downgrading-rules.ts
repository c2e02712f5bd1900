/**
 * The downgrading rules as grading reads them (DownGradingRulesSetup; domain downgrading.ts): the
 * rules, and the students of an offering whose result is a retest. The writes, which regrade, are in
 * downgrading.ts; grading (setup.ts, grading.ts) imports only this file.
 */
import type { DowngradingRule, GradeLetter } from "@portal/domain";
import { asc, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { downgradingRule } from "../db/schema.ts";

/** Retest request states whose student's result is a retest (accepted, or a retest exam scheduled). */
export const RETEST_STATES_THAT_DOWNGRADE = ["Accept", "Scheduled"] as const;

/** A rule as the API answers it (wire names of DownGradingRulesSetup). */
export type DowngradingRuleRow = {
  id: string;
  ruleName: string;
  attemptType: "Retest";
  downgradeSteps: number;
  maxGrade: GradeLetter | null;
  version: number;
};

/** Every downgrading rule, by attempt type. */
export async function listDowngradingRules(db: Executor): Promise<DowngradingRuleRow[]> {
  return db
    .select({
      id: downgradingRule.id,
      ruleName: downgradingRule.ruleName,
      attemptType: downgradingRule.attemptType,
      downgradeSteps: downgradingRule.downgradeSteps,
      maxGrade: downgradingRule.maxGrade,
      version: downgradingRule.version,
    })
    .from(downgradingRule)
    .orderBy(asc(downgradingRule.attemptType));
}

/** The rules in the domain's shape, for grading. */
export async function loadDowngradingRules(db: Executor): Promise<DowngradingRule[]> {
  return (await listDowngradingRules(db)).map((r) => ({
    attemptType: r.attemptType,
    downgradeSteps: r.downgradeSteps,
    maxGrade: r.maxGrade,
  }));
}

/**
 * The students of course offering `id` whose result is a retest: a retest request for one of the
 * offering's exams in a state of {@link RETEST_STATES_THAT_DOWNGRADE}. Empty without rules (not read).
 */
export async function retestStudents(
  db: Executor,
  id: string,
  rules: readonly DowngradingRule[],
): Promise<Set<string>> {
  if (rules.length === 0) return new Set();
  const found = await rows<{ studentId: string }>(
    db,
    sql`select distinct rr.student_id as "studentId" from retest_request rr join exam e on e.id = rr.exam_id
        where e.course_offering_id = ${id} and rr.state in ('Accept', 'Scheduled')`,
  );
  return new Set(found.map((r) => r.studentId));
}

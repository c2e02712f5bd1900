/**
 * Downgrading rules (spec exam-management-and-shell §7, "DownGradingRulesSetup (get/post/delete)";
 * the spec names the call and nothing else, so the rules are designed here and written down in
 * openapi/grading.yaml, downgradingRules).
 *
 * A rule says how a kind of attempt lowers the grade a student's marks earn: by `downgradeSteps`
 * letters of A, B, C, F (0-3) and/or no better than `maxGrade`. The one kind of attempt the portal
 * records is a retest (a student whose retest request for an exam of the course offering was
 * accepted or scheduled). Pure: the server grades with these functions and the portal shows the
 * same letters.
 */
import { z } from "zod";
import { downgrade, GRADE_LETTERS, GRADING_MESSAGES, type GradeLetter } from "./grading.ts";

/** The attempts a rule can be about (one rule each): a retest. */
export const DOWNGRADING_ATTEMPT_TYPES = ["Retest"] as const;
export type DowngradingAttemptType = (typeof DOWNGRADING_ATTEMPT_TYPES)[number];

/** Most letters one rule lowers a grade (A to F is three). */
export const MAX_DOWNGRADE_STEPS = 3;
/** Most characters of a rule's name. */
export const DOWNGRADING_RULE_NAME_MAX = 100;

/** A downgrading rule as grading uses it. `maxGrade` null: no cap. */
export type DowngradingRule = {
  attemptType: DowngradingAttemptType;
  downgradeSteps: number;
  maxGrade: GradeLetter | null;
};

/** What grading knows of a student's attempt in a course offering. */
export type GradedAttempt = { retest: boolean };

/** No attempt a rule is about: the grade stays as the marks earn it. */
export const FIRST_ATTEMPT: GradedAttempt = { retest: false };

/** The rules' messages, one per field: the form shows them and the server answers them. */
export const DOWNGRADING_MESSAGES = {
  ruleName: "ruleName is required",
  ruleNameLength: `ruleName has at most ${DOWNGRADING_RULE_NAME_MAX} characters`,
  attemptType: `attemptType must be ${DOWNGRADING_ATTEMPT_TYPES.join(" or ")}`,
  downgradeSteps: `downgradeSteps must be a whole number from 0 to ${MAX_DOWNGRADE_STEPS}`,
  noEffect: "The rule must lower the grade: give downgradeSteps above 0 or a maxGrade below A",
  duplicate: "There is a rule for this attempt already: change that rule instead",
  aboveCeiling: (grade: GradeLetter) =>
    `A downgrading rule caps this student's grade at ${grade}: the final grade cannot be higher`,
} as const;

const steps = z
  .number({ error: DOWNGRADING_MESSAGES.downgradeSteps })
  .int({ error: DOWNGRADING_MESSAGES.downgradeSteps })
  .min(0, { error: DOWNGRADING_MESSAGES.downgradeSteps })
  .max(MAX_DOWNGRADE_STEPS, { error: DOWNGRADING_MESSAGES.downgradeSteps });

/**
 * A rule as saved (DownGradingRulesSetup post): ruleName (1-100 characters, trimmed), attemptType,
 * downgradeSteps (0-3) and maxGrade (A, B, C, F or null). A rule that lowers nothing (0 steps and
 * no cap below A) is refused on `downgradeSteps`.
 */
export const ZDowngradingRule = z
  .object({
    ruleName: z
      .string({ error: DOWNGRADING_MESSAGES.ruleName })
      .trim()
      .min(1, { error: DOWNGRADING_MESSAGES.ruleName })
      .max(DOWNGRADING_RULE_NAME_MAX, { error: DOWNGRADING_MESSAGES.ruleNameLength }),
    attemptType: z.enum(DOWNGRADING_ATTEMPT_TYPES, { error: DOWNGRADING_MESSAGES.attemptType }),
    downgradeSteps: steps,
    maxGrade: z.enum(GRADE_LETTERS, { error: GRADING_MESSAGES.gradeLetter }).nullable(),
  })
  .refine((r) => r.downgradeSteps > 0 || (r.maxGrade !== null && r.maxGrade !== "A"), {
    error: DOWNGRADING_MESSAGES.noEffect,
    path: ["downgradeSteps"],
  });

/** The rules that apply to `attempt`: the retest rule for a retest. */
export function rulesFor(attempt: GradedAttempt, rules: readonly DowngradingRule[]): DowngradingRule[] {
  return rules.filter((r) => r.attemptType === "Retest" && attempt.retest);
}

/**
 * The best grade `attempt` may keep of `calculated` (the letter its marks earn): each applying rule
 * lowers it by its steps (never below F), then caps it at its maxGrade. No rule, or an attempt no
 * rule is about: `calculated` itself, so grading without rules is what it was before rules.
 */
export function downgradedGrade(
  calculated: GradeLetter,
  attempt: GradedAttempt,
  rules: readonly DowngradingRule[],
): GradeLetter {
  let grade = calculated;
  for (const rule of rulesFor(attempt, rules)) {
    grade = downgrade(grade, rule.downgradeSteps);
    if (rule.maxGrade && GRADE_LETTERS.indexOf(grade) < GRADE_LETTERS.indexOf(rule.maxGrade)) {
      grade = rule.maxGrade;
    }
  }
  return grade;
}

/**
 * A student's final grade: the {@link downgradedGrade} of the calculated grade, then lowered by the
 * penalty's own `penaltySteps` (the grader's, spec §2 Penalty column). A penalised retest is lowered
 * by both.
 */
export function finalGradeOf(
  calculated: GradeLetter,
  penaltySteps: number,
  attempt: GradedAttempt,
  rules: readonly DowngradingRule[],
): GradeLetter {
  return downgrade(downgradedGrade(calculated, attempt, rules), penaltySteps);
}

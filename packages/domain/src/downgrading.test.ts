import { describe, expect, it } from "vitest";
import {
  DOWNGRADING_MESSAGES,
  type DowngradingRule,
  downgradedGrade,
  FIRST_ATTEMPT,
  finalGradeOf,
  ZDowngradingRule,
} from "./downgrading.ts";
import { DEFAULT_GRADE_BANDS, downgrade, GRADE_LETTERS, type GradeLetter, gradeTotals } from "./grading.ts";

const retest = { retest: true };
const rule = (downgradeSteps: number, maxGrade: GradeLetter | null = null): DowngradingRule => ({
  attemptType: "Retest",
  downgradeSteps,
  maxGrade,
});

describe("downgradedGrade: a retest rule lowers by its steps, then caps", () => {
  it.each([
    // calculated, rule steps, rule cap, retest?, expected
    ["A", 1, null, true, "B"],
    ["B", 1, null, true, "C"],
    ["C", 2, null, true, "F"],
    ["F", 1, null, true, "F"],
    ["A", 0, "B", true, "B"],
    ["C", 0, "B", true, "C"],
    ["A", 1, "C", true, "C"],
    ["B", 3, "C", true, "F"],
    ["A", 0, "F", true, "F"],
    ["A", 2, null, false, "A"],
    ["B", 0, "C", false, "B"],
  ] as const)("%s with %i step(s), cap %s, retest %s: %s", (calculated, steps, cap, isRetest, expected) => {
    expect(downgradedGrade(calculated, { retest: isRetest }, [rule(steps, cap)])).toBe(expected);
  });

  it("keeps every letter as it was without rules, and for a first attempt whatever the rules", () => {
    for (const letter of GRADE_LETTERS) {
      expect(downgradedGrade(letter, retest, [])).toBe(letter);
      expect(downgradedGrade(letter, FIRST_ATTEMPT, [rule(3, "F")])).toBe(letter);
      for (const penalty of [0, 1, 2, 3]) {
        expect(finalGradeOf(letter, penalty, retest, [])).toBe(downgrade(letter, penalty));
        expect(finalGradeOf(letter, penalty, FIRST_ATTEMPT, [rule(1, "C")])).toBe(downgrade(letter, penalty));
      }
    }
  });

  it("leaves a graded class's final grades as they were when no rule is set", () => {
    const totals = [95, 81.5, 79.99, 60, 55, 40, 39.99, 12, 0];
    const penalties = [0, 1, 0, 2, 0, 1, 0, 0, 3];
    const graded = gradeTotals("Absolute", DEFAULT_GRADE_BANDS.Absolute, totals);
    const before = graded.map((g, i) => downgrade(g.calculatedGrade, penalties[i] as number));
    const after = graded.map((g, i) => finalGradeOf(g.calculatedGrade, penalties[i] as number, retest, []));
    expect(after).toEqual(before);
    expect(before).toEqual(["A", "B", "B", "F", "C", "F", "F", "F", "F"]);
  });

  it("lowers a penalised retest by the rule and then by the penalty", () => {
    expect(finalGradeOf("A", 1, retest, [rule(1)])).toBe("C");
    expect(finalGradeOf("A", 1, retest, [rule(0, "B")])).toBe("C");
    expect(finalGradeOf("A", 0, retest, [rule(0, "B")])).toBe("B");
  });
});

describe("ZDowngradingRule", () => {
  it.each([
    [{ ruleName: " Retest ", attemptType: "Retest", downgradeSteps: 1, maxGrade: null }, null],
    [{ ruleName: "Cap", attemptType: "Retest", downgradeSteps: 0, maxGrade: "B" }, null],
    [
      { ruleName: "", attemptType: "Retest", downgradeSteps: 1, maxGrade: null },
      DOWNGRADING_MESSAGES.ruleName,
    ],
    [
      { ruleName: "x".repeat(101), attemptType: "Retest", downgradeSteps: 1, maxGrade: null },
      DOWNGRADING_MESSAGES.ruleNameLength,
    ],
    [
      { ruleName: "L", attemptType: "Late", downgradeSteps: 1, maxGrade: null },
      DOWNGRADING_MESSAGES.attemptType,
    ],
    [
      { ruleName: "S", attemptType: "Retest", downgradeSteps: 4, maxGrade: null },
      DOWNGRADING_MESSAGES.downgradeSteps,
    ],
    [
      { ruleName: "S", attemptType: "Retest", downgradeSteps: 1.5, maxGrade: null },
      DOWNGRADING_MESSAGES.downgradeSteps,
    ],
    [
      { ruleName: "N", attemptType: "Retest", downgradeSteps: 0, maxGrade: null },
      DOWNGRADING_MESSAGES.noEffect,
    ],
    [
      { ruleName: "N", attemptType: "Retest", downgradeSteps: 0, maxGrade: "A" },
      DOWNGRADING_MESSAGES.noEffect,
    ],
    [
      { ruleName: "G", attemptType: "Retest", downgradeSteps: 1, maxGrade: "D" },
      "The Grade Should be in A,B,C or F Only",
    ],
  ])("%o: %s", (input, message) => {
    const result = ZDowngradingRule.safeParse(input);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });

  it("trims the name", () => {
    expect(
      ZDowngradingRule.parse({
        ruleName: " Retest ",
        attemptType: "Retest",
        downgradeSteps: 1,
        maxGrade: null,
      }).ruleName,
    ).toBe("Retest");
  });
});

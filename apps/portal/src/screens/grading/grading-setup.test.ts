import { GRADING_MESSAGES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import {
  availableNames,
  bandFromDraft,
  bandsProblem,
  type ComponentDraft,
  componentDrafts,
  componentsFormProblem,
  defaultFirstComponent,
  nextComponent,
  numberOrZero,
  parseRange,
  subCountProblem,
  toComponentsWire,
  withSubCount,
} from "./grading-setup.ts";
import { histogramBins } from "./histogram.ts";

const A = { letterGrade: "A" as const, gradePoint: 4, lower: 80, upper: 100 };
const B = { letterGrade: "B" as const, gradePoint: 3, lower: 60, upper: 80 };
const C = { letterGrade: "C" as const, gradePoint: 2, lower: 40, upper: 60 };
const F = { letterGrade: "F" as const, gradePoint: 0, lower: 0, upper: 40 };

describe("grade ranges (spec §5 'upper - lower', letters A, B, C, F)", () => {
  it.each([
    ["100 - 80", { upper: 100, lower: 80 }],
    [" 79.5-60 ", { upper: 79.5, lower: 60 }],
    ["abc - 70", { upper: 0, lower: 70 }],
    ["90 - x", { upper: 90, lower: 0 }],
    ["90", { upper: 90, lower: 0 }],
    ["", { upper: 0, lower: 0 }],
  ])("reads %j as %j (non-numbers become 0)", (text, expected) => {
    expect(parseRange(text)).toEqual(expected);
  });

  it.each([
    ["12", 12],
    ["", 0],
    ["ten", 0],
    ["1e400", 0],
  ])("numberOrZero(%j) is %d", (text, n) => expect(numberOrZero(text)).toBe(n));

  it.each([
    ["D", "letterGrade", GRADING_MESSAGES.gradeLetter],
    ["a", "letterGrade", GRADING_MESSAGES.gradeLetter],
    ["AB", "letterGrade", GRADING_MESSAGES.gradeLetter],
  ])("refuses the letter %j with the spec's message", (letterGrade, field, message) => {
    expect(bandFromDraft({ letterGrade, gradePoint: "4", range: "100 - 80" }).problem).toEqual({
      field,
      message,
    });
  });

  it("refuses a row whose upper limit is not above its lower one, and a limit above 100", () => {
    expect(bandFromDraft({ letterGrade: "A", gradePoint: "4", range: "abc - 70" }).problem).toEqual({
      field: "range",
      message: GRADING_MESSAGES.rangeOrder("A"),
    });
    expect(bandFromDraft({ letterGrade: "A", gradePoint: "4", range: "120 - 70" }).problem?.field).toBe(
      "range",
    );
  });

  it("accepts a sound row", () => {
    expect(bandFromDraft({ letterGrade: " B ", gradePoint: "3", range: "80 - 60" }).band).toEqual(B);
  });

  it.each([
    ["sound bands", [A, B, C, F], null],
    ["an overlap", [{ ...A, lower: 75 }, B, C, F], GRADING_MESSAGES.rangeOverlap("B", "A")],
    ["a gap", [{ ...A, lower: 85 }, B, C, F], GRADING_MESSAGES.rangeGap(80, 85)],
    ["a gap at the top", [{ ...A, upper: 95 }, B, C, F], GRADING_MESSAGES.rangeGap(95, 100)],
    [
      "a repeated letter",
      [A, { ...B, letterGrade: "A" as const }, C, F],
      GRADING_MESSAGES.letterRepeated("A"),
    ],
  ])("the whole table with %s: %j", (_name, bands, problem) => {
    expect(bandsProblem(bands)).toBe(problem);
  });
});

function draft(
  name: string,
  weight: string,
  subs: Array<[string, string]>,
  id: string | null = null,
): ComponentDraft {
  return {
    componentId: id,
    componentName: name,
    weightagePercent: weight,
    isNew: id === null,
    subComponents: subs.map(([n, w], i) => ({
      subComponentid: id ? `${id}-${i}` : null,
      subComponentName: n,
      weightagePercent: w,
      totalMarks: "100",
    })),
  };
}

describe("component editor (spec §4, §5, §9)", () => {
  it("starts a course offering without components with Quiz, weight 20, one sub-component of weight 0", () => {
    expect(componentDrafts([])).toEqual([defaultFirstComponent()]);
    expect(defaultFirstComponent()).toMatchObject({
      componentName: "Quiz",
      weightagePercent: "20",
      isNew: true,
      subComponents: [{ subComponentName: "Quiz 1", weightagePercent: "0", subComponentid: null }],
    });
  });

  it("never offers a component name already used by another row", () => {
    const drafts = [draft("Quiz", "20", [["Quiz 1", "100"]]), draft("Essays", "80", [["Essays 1", "100"]])];
    expect(availableNames(drafts)).not.toContain("Quiz");
    expect(availableNames(drafts)).not.toContain("Essays");
    expect(availableNames(drafts, "Essays")).toContain("Essays");
    expect(nextComponent(drafts)?.componentName).toBe("Class Participation");
  });

  it.each([
    ["1", null],
    ["8", null],
    ["9", GRADING_MESSAGES.subComponentCount],
    ["0", GRADING_MESSAGES.subComponentCount],
    ["2.5", GRADING_MESSAGES.subComponentCount],
    ["", GRADING_MESSAGES.subComponentCount],
  ])("sub-component count %j: %j", (text, problem) => expect(subCountProblem(text)).toBe(problem));

  it("generates new sub-components with weight 0 for a chosen count and keeps saved ones", () => {
    const fresh = withSubCount(draft("Essays", "10", [["Essays 1", "0"]]), 3);
    expect(fresh.subComponents.map((s) => [s.subComponentName, s.weightagePercent])).toEqual([
      ["Essays 1", "0"],
      ["Essays 2", "0"],
      ["Essays 3", "0"],
    ]);
    expect(withSubCount(fresh, 1).subComponents).toHaveLength(1);
    const saved = draft(
      "Quiz",
      "20",
      [
        ["Quiz 1", "50"],
        ["Quiz 2", "50"],
      ],
      "q",
    );
    expect(withSubCount(saved, 1).subComponents).toHaveLength(2);
    expect(withSubCount(saved, 20).subComponents).toHaveLength(8);
  });

  it.each([
    [
      "weights that do not total 100",
      [draft("Quiz", "30", [["Quiz 1", "100"]]), draft("Essays", "80", [["Essays 1", "100"]])],
      GRADING_MESSAGES.componentWeights(110),
    ],
    [
      "sub-component weights that do not total 100",
      [
        draft("Quiz", "100", [
          ["Quiz 1", "60"],
          ["Quiz 2", "30"],
        ]),
      ],
      GRADING_MESSAGES.subComponentWeights("Quiz", 90),
    ],
    [
      "a repeated component",
      [draft("Quiz", "50", [["Quiz 1", "100"]]), draft("Quiz", "50", [["Quiz 2", "100"]])],
      GRADING_MESSAGES.componentRepeated("Quiz"),
    ],
    [
      "9 sub-components",
      [
        draft(
          "Quiz",
          "100",
          Array.from({ length: 9 }, (_, i) => [`Quiz ${i + 1}`, i === 0 ? "100" : "0"] as [string, string]),
        ),
      ],
      GRADING_MESSAGES.subComponentCount,
    ],
    [
      "a weight that is not a number",
      [draft("Quiz", "ten", [["Quiz 1", "100"]])],
      "A weight must be a number from 0 to 100",
    ],
    [
      "a sound set",
      [draft("Quiz", "40", [["Quiz 1", "100"]]), draft("Essays", "60", [["Essays 1", "100"]])],
      null,
    ],
  ])("Save with %s: %j", (_name, drafts, problem) => {
    expect(componentsFormProblem(drafts)).toBe(problem);
  });

  it("sends the spec's wire names with the saved ids", () => {
    expect(toComponentsWire([draft("Quiz", "100", [["Quiz 1", "100"]], "q")])).toEqual([
      {
        componentId: "q",
        componentName: "Quiz",
        weightagePercent: 100,
        subComponents: [
          {
            subComponentid: "q-0",
            subComponentName: "Quiz 1",
            subcompWeightageCompPercent: 100,
            totalMarks: 100,
          },
        ],
      },
    ]);
  });
});

describe("histogram bins", () => {
  it("counts totals in ten bins of 10 marks, 100 in the last", () => {
    const bins = histogramBins([0, 9.99, 10, 55, 100, 99.5]);
    expect(bins.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(bins[9]).toMatchObject({ lower: 90, upper: 100 });
  });
});

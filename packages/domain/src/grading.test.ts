import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  absoluteGrade,
  bandFor,
  type ComponentDefinition,
  classStatistics,
  componentsProblem,
  DEFAULT_GRADE_BANDS,
  downgrade,
  finalGradeProblem,
  GRADE_LETTERS,
  GRADING_MESSAGES,
  GRADING_TYPES,
  type GradeBand,
  generateSubComponents,
  gradeBandsProblem,
  gradeClass,
  gradePointAverage,
  gradeTotals,
  PROMOTION_MESSAGES,
  percentiles,
  promotionStatus,
  relativeGrades,
  weightedTotal,
  ZComponent,
  ZComponents,
  ZGradeBands,
  ZMark,
  ZPromotionCriteria,
} from "./index.ts";

/** `n` non-negative integers totalling 100. */
const weights = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 100 }), { minLength: n - 1, maxLength: n - 1 }).map((cuts) => {
    const sorted = [0, ...cuts.sort((a, b) => a - b), 100];
    return sorted.slice(1).map((v, i) => v - (sorted[i] as number));
  });

/** A component set (1..8 components × 1..8 sub-components) with weights totalling 100 per level, and marks. */
const gradedSet = fc
  .integer({ min: 1, max: 8 })
  .chain((nc) =>
    fc.tuple(weights(nc), fc.array(fc.integer({ min: 1, max: 8 }), { minLength: nc, maxLength: nc })),
  )
  .chain(([cw, counts]) =>
    fc.tuple(
      fc.constant(cw),
      fc.tuple(...counts.map((n) => weights(n))),
      fc.tuple(
        ...counts.map((n) =>
          fc.array(fc.tuple(fc.integer({ min: 1, max: 200 }), fc.double({ min: 0, max: 1, noNaN: true })), {
            minLength: n,
            maxLength: n,
          }),
        ),
      ),
    ),
  )
  .map(([cw, sw, marks]) => {
    const components: ComponentDefinition[] = cw.map((w, c) => ({
      componentName: "Quiz",
      weightagePercent: w,
      subComponents: (sw[c] as number[]).map((v, s) => ({
        subComponentName: `S${s}`,
        weightagePercent: v,
        totalMarks: 100,
      })),
    }));
    const studentMarks = marks.map((row) =>
      row.map(([total, share]) => ({ totalMarks: total, marksObtained: total * share })),
    );
    return { components, studentMarks };
  });

/** A sound band set: 4 contiguous bands from random cut points, best letter on top. */
const soundBands = fc
  .uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 3, maxLength: 3 })
  .map((cuts): GradeBand[] => {
    const edges = [0, ...cuts.sort((a, b) => a - b), 100];
    return ["F", "C", "B", "A"].map((letter, i) => ({
      letterGrade: letter as GradeBand["letterGrade"],
      gradePoint: i,
      lower: edges[i] as number,
      upper: edges[i + 1] as number,
    }));
  });

const rank = (l: string) => GRADE_LETTERS.indexOf(l as (typeof GRADE_LETTERS)[number]);

describe("grading properties", () => {
  it("gives totals within 0..100 when weights total 100 per level", () => {
    fc.assert(
      fc.property(gradedSet, ({ components, studentMarks }) => {
        const total = weightedTotal(components, studentMarks);
        return total >= 0 && total <= 100;
      }),
    );
  });

  it("gives 100 to full marks and 0 to no marks", () => {
    fc.assert(
      fc.property(gradedSet, ({ components, studentMarks }) => {
        const full = studentMarks.map((row) => row.map((m) => ({ ...m, marksObtained: m.totalMarks })));
        expect(weightedTotal(components, full)).toBeCloseTo(100, 1);
        expect(weightedTotal(components, [])).toBe(0);
      }),
    );
  });

  it("never gives a higher total a lower grade (absolute)", () => {
    fc.assert(
      fc.property(
        soundBands,
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (bands, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          return rank(absoluteGrade(bands, hi)) <= rank(absoluteGrade(bands, lo));
        },
      ),
    );
  });

  it("never gives a higher total a lower grade (relative)", () => {
    fc.assert(
      fc.property(
        soundBands,
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 60 }),
        (bands, totals) => {
          const grades = relativeGrades(bands, totals);
          for (let i = 0; i < totals.length; i++) {
            for (let j = 0; j < totals.length; j++) {
              if (
                (totals[i] as number) > (totals[j] as number) &&
                rank(grades[i] as string) > rank(grades[j] as string)
              )
                return false;
            }
          }
          return true;
        },
      ),
    );
  });

  it("maps every value to exactly one band of a sound set", () => {
    fc.assert(
      fc.property(soundBands, fc.double({ min: 0, max: 100, noNaN: true }), (bands, v) => {
        expect(gradeBandsProblem(bands)).toBeNull();
        const holding = bands.filter((b) => v >= b.lower && (v < b.upper || (b.upper === 100 && v === 100)));
        expect(holding).toHaveLength(1);
        expect(bandFor(bands, v)).toBe(holding[0]);
      }),
    );
  });

  it("gives a shuffled class the same grades", () => {
    fc.assert(
      fc.property(
        soundBands,
        fc
          .array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 80 })
          .chain((totals) =>
            fc.tuple(
              fc.constant(totals),
              fc.shuffledSubarray(
                totals.map((_, i) => i),
                { minLength: totals.length, maxLength: totals.length },
              ),
            ),
          ),
        (bands, [totals, order]) => {
          const grades = relativeGrades(bands, totals);
          const shuffled = relativeGrades(
            bands,
            order.map((i) => totals[i] as number),
          );
          order.forEach((from, to) => {
            expect(shuffled[to]).toBe(grades[from]);
          });
        },
      ),
    );
  });

  it("regrades a class from its totals as stored (2 decimals) exactly as from all its marks", () => {
    /** One student's marks for `components`: each sub-component a share of its total, or missing. */
    const marksFor = (components: ComponentDefinition[]) =>
      fc.tuple(
        ...components.map((c) =>
          fc.tuple(
            ...c.subComponents.map((sub) =>
              fc.option(
                fc.integer({ min: 0, max: 2 * sub.totalMarks }).map((half) => ({
                  totalMarks: sub.totalMarks,
                  marksObtained: half / 2,
                })),
              ),
            ),
          ),
        ),
      );
    fc.assert(
      fc.property(
        soundBands,
        fc.constantFrom(...GRADING_TYPES),
        gradedSet.chain(({ components }) =>
          fc.tuple(
            fc.constant(components),
            fc.array(marksFor(components), { minLength: 1, maxLength: 30 }),
            fc.nat(),
            marksFor(components),
          ),
        ),
        (bands, type, [components, marks, pick, corrected]) => {
          const before = marks.map((m, i) => ({ studentId: `s${i}`, marks: m }));
          const stored = gradeClass(type, bands, components, before).students.map((g) =>
            Number(g.total.toFixed(2)),
          );
          const who = pick % before.length;
          const after = before.map((s, i) => (i === who ? { ...s, marks: corrected } : s));
          const full = gradeClass(type, bands, components, after).students;
          const totals = stored.map((t, i) => (i === who ? weightedTotal(components, corrected) : t));
          const incremental = gradeTotals(type, bands, totals);
          expect(incremental.map((g) => g.calculatedGrade)).toEqual(full.map((g) => g.calculatedGrade));
          expect(incremental.map((g) => g.percentile)).toEqual(full.map((g) => g.percentile));
          expect(totals).toEqual(full.map((g) => g.total));
        },
      ),
    );
  });

  it("finds an overlap or gap in any broken band set", () => {
    fc.assert(
      fc.property(
        soundBands,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -5, max: 5 }).filter((d) => d !== 0),
        (bands, i, d) => {
          const broken = bands.map((b, k) => (k === i && b.lower > 0 ? { ...b, lower: b.lower + d } : b));
          if (broken[i]?.lower === bands[i]?.lower) return true;
          return gradeBandsProblem(broken) !== null;
        },
      ),
    );
  });
});

describe("grading tables", () => {
  const abs = DEFAULT_GRADE_BANDS.Absolute;

  it.each([
    [100, "A"],
    [80, "A"],
    [79.99, "B"],
    [60, "B"],
    [59.5, "C"],
    [40, "C"],
    [39.99, "F"],
    [0, "F"],
  ])("absolute %s gives %s", (total, letter) => {
    expect(absoluteGrade(abs, total)).toBe(letter);
  });

  it("computes a weighted total by the formula", () => {
    const components: ComponentDefinition[] = [
      {
        componentName: "Quiz",
        weightagePercent: 20,
        subComponents: [
          { subComponentName: "Q1", weightagePercent: 50, totalMarks: 10 },
          { subComponentName: "Q2", weightagePercent: 50, totalMarks: 20 },
        ],
      },
      {
        componentName: "End Term Exam",
        weightagePercent: 80,
        subComponents: [{ subComponentName: "Paper", weightagePercent: 100, totalMarks: 100 }],
      },
    ];
    // 0.2 * (0.5*8/10 + 0.5*10/20) * 100 + 0.8 * 70 = 0.2*65 + 56 = 69
    expect(
      weightedTotal(components, [
        [
          { marksObtained: 8, totalMarks: 10 },
          { marksObtained: 10, totalMarks: 20 },
        ],
        [{ marksObtained: 70, totalMarks: 100 }],
      ]),
    ).toBe(69);
    expect(weightedTotal(components, [[null, { marksObtained: 20, totalMarks: 20 }]])).toBe(10);
  });

  it("computes the class's statistics", () => {
    expect(classStatistics([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ mean: 5, standardDeviation: 2, size: 8 });
    expect(classStatistics([])).toEqual({ mean: 0, standardDeviation: 0, size: 0 });
  });

  it("gives mid-rank percentiles, ties shared", () => {
    expect(percentiles([10, 20, 20, 30])).toEqual([12.5, 50, 50, 87.5]);
  });

  it("grades a class relatively from its own distribution", () => {
    const totals = Array.from({ length: 20 }, (_, i) => 50 + i);
    const result = gradeClass(
      "Relative",
      DEFAULT_GRADE_BANDS.Relative,
      [
        {
          componentName: "Quiz",
          weightagePercent: 100,
          subComponents: [{ subComponentName: "Q", weightagePercent: 100, totalMarks: 100 }],
        },
      ],
      totals.map((t, i) => ({ studentId: `s${i}`, marks: [[{ marksObtained: t, totalMarks: 100 }]] })),
    );
    const letters = result.students.map((s) => s.calculatedGrade);
    // percentiles 2.5, 7.5, ... 97.5: 2 below 10 (F), 6 in 10..40 (C), 7 in 40..75 (B), 5 from 75 (A)
    expect(letters.filter((l) => l === "F")).toHaveLength(2);
    expect(letters.filter((l) => l === "C")).toHaveLength(6);
    expect(letters.filter((l) => l === "B")).toHaveLength(7);
    expect(letters.filter((l) => l === "A")).toHaveLength(5);
    expect(result.statistics).toEqual({ mean: 59.5, standardDeviation: 5.77, size: 20 });
    expect(result.students[19]?.gradePoint).toBe(4);
  });

  it.each([
    [
      [
        { letterGrade: "A", lower: 70, upper: 100 },
        { letterGrade: "B", lower: 50, upper: 75 },
        { letterGrade: "F", lower: 0, upper: 50 },
      ],
      GRADING_MESSAGES.rangeOverlap("B", "A"),
    ],
    [
      [
        { letterGrade: "A", lower: 80, upper: 100 },
        { letterGrade: "B", lower: 50, upper: 75 },
        { letterGrade: "F", lower: 0, upper: 50 },
      ],
      GRADING_MESSAGES.rangeGap(75, 80),
    ],
    [
      [
        { letterGrade: "A", lower: 50, upper: 90 },
        { letterGrade: "F", lower: 0, upper: 50 },
      ],
      GRADING_MESSAGES.rangeGap(90, 100),
    ],
    [[{ letterGrade: "A", lower: 10, upper: 100 }], GRADING_MESSAGES.rangeGap(0, 10)],
    [
      [
        { letterGrade: "A", lower: 50, upper: 100 },
        { letterGrade: "A", lower: 0, upper: 50 },
      ],
      GRADING_MESSAGES.letterRepeated("A"),
    ],
    [
      [
        { letterGrade: "F", lower: 50, upper: 100 },
        { letterGrade: "A", lower: 0, upper: 50 },
      ],
      GRADING_MESSAGES.rangeLetterOrder("A", "F"),
    ],
    [[{ letterGrade: "A", lower: 100, upper: 0 }], GRADING_MESSAGES.rangeOrder("A")],
  ])("refuses bands %j", (bands, message) => {
    const withPoints = bands.map((b) => ({ ...b, gradePoint: 1 })) as GradeBand[];
    expect(gradeBandsProblem(withPoints)).toBe(message);
    expect(ZGradeBands.safeParse(withPoints).error?.issues[0]?.message).toBe(message);
  });

  it("refuses the letter D with the spec's message", () => {
    const r = ZGradeBands.safeParse([{ letterGrade: "D", gradePoint: 1, lower: 0, upper: 100 }]);
    expect(r.error?.issues[0]?.message).toBe("The Grade Should be in A,B,C or F Only");
  });

  const quiz = (w: number, subs: number[]) => ({
    componentName: "Quiz" as const,
    weightagePercent: w,
    subComponents: subs.map((v, i) => ({ subComponentName: `Q${i}`, weightagePercent: v, totalMarks: 100 })),
  });

  it("checks components: weights, repeats, names and sub-component counts", () => {
    expect(componentsProblem([quiz(100, [50, 50])])).toBeNull();
    expect(componentsProblem([quiz(90, [100])])).toBe(GRADING_MESSAGES.componentWeights(90));
    expect(componentsProblem([quiz(100, [60, 30])])).toBe(GRADING_MESSAGES.subComponentWeights("Quiz", 90));
    expect(componentsProblem([quiz(50, [100]), quiz(50, [100])])).toBe(
      GRADING_MESSAGES.componentRepeated("Quiz"),
    );
    expect(ZComponent.safeParse({ ...quiz(100, Array(9).fill(100 / 9)) }).error?.issues[0]?.message).toBe(
      GRADING_MESSAGES.subComponentCount,
    );
    expect(ZComponent.safeParse({ ...quiz(100, []) }).error?.issues[0]?.message).toBe(
      GRADING_MESSAGES.subComponentCount,
    );
    expect(
      ZComponent.safeParse({ ...quiz(100, [100]), componentName: "Homework" }).error?.issues[0]?.message,
    ).toBe(GRADING_MESSAGES.componentName);
    expect(ZComponents.safeParse([quiz(100, [100])]).success).toBe(true);
  });

  it("generates 1..8 sub-components of weight 0", () => {
    expect(generateSubComponents("Quiz", 3)).toEqual([
      { subComponentName: "Quiz 1", weightagePercent: 0, totalMarks: 100 },
      { subComponentName: "Quiz 2", weightagePercent: 0, totalMarks: 100 },
      { subComponentName: "Quiz 3", weightagePercent: 0, totalMarks: 100 },
    ]);
    expect(generateSubComponents("Quiz", 12)).toHaveLength(8);
    expect(generateSubComponents("Quiz", 0)).toHaveLength(1);
  });

  it("keeps marks within 0..total", () => {
    expect(ZMark.safeParse({ marksObtained: 11, totalMarks: 10 }).error?.issues[0]?.message).toBe(
      GRADING_MESSAGES.markAboveTotal,
    );
    expect(ZMark.safeParse({ marksObtained: -1, totalMarks: 10 }).error?.issues[0]?.message).toBe(
      GRADING_MESSAGES.markBelowZero,
    );
    expect(ZMark.safeParse({ marksObtained: 10, totalMarks: 10 }).success).toBe(true);
  });

  it("down-grades and checks penalties", () => {
    expect(downgrade("A", 1)).toBe("B");
    expect(downgrade("B", 5)).toBe("F");
    expect(downgrade("C", -1)).toBe("C");
    expect(finalGradeProblem("B", "A", "")).toBe(GRADING_MESSAGES.finalAboveCalculated);
    expect(finalGradeProblem("A", "B", " ")).toBe(GRADING_MESSAGES.penaltyRequired);
    expect(finalGradeProblem("A", "B", "Late submission")).toBeNull();
    expect(finalGradeProblem("A", "A", "")).toBeNull();
  });

  it.each([
    [{ gradePointAverage: 3.5, failedCourses: 0, attendancePercent: 90 }, "Promoted"],
    [{ gradePointAverage: 2.2, failedCourses: 0, attendancePercent: 90 }, "At Risk"],
    [{ gradePointAverage: 3.5, failedCourses: 1, attendancePercent: 90 }, "At Risk"],
    [{ gradePointAverage: 3.5, failedCourses: 0, attendancePercent: 77 }, "At Risk"],
    [{ gradePointAverage: 1.9, failedCourses: 0, attendancePercent: 90 }, "Not Promoted"],
    [{ gradePointAverage: 3.5, failedCourses: 2, attendancePercent: 90 }, "Not Promoted"],
    [{ gradePointAverage: 3.5, failedCourses: 0, attendancePercent: 60 }, "Not Promoted"],
    [{ gradePointAverage: 3.5, failedCourses: 0, attendancePercent: null }, "Promoted"],
  ])("promotion of %j is %s", (record, status) => {
    const criteria = {
      name: "Default",
      recordType: "Default" as const,
      criteriaType: "Promotion" as const,
      minGradePoints: 2,
      maxFailedCourses: 1,
      minAttendancePercent: 75,
    };
    expect(promotionStatus(criteria, record)).toBe(status);
  });

  it("averages grade points by credits", () => {
    expect(
      gradePointAverage([
        { gradePoint: 4, credits: 3 },
        { gradePoint: 2, credits: 1 },
      ]),
    ).toBe(3.5);
    expect(gradePointAverage([])).toBe(0);
  });
});

describe("promotion criteria rules", () => {
  const valid = {
    name: "Standard promotion",
    recordType: "Default",
    criteriaType: "Promotion",
    minGradePoints: 2,
    maxFailedCourses: 1,
    minAttendancePercent: 75,
  };
  const messages = (value: unknown) =>
    ZPromotionCriteria.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

  it("accepts a criterion inside every range", () => {
    expect(messages(valid)).toEqual([]);
  });

  it("answers each field's own message whether the value is missing, out of range or not whole", () => {
    expect(messages({ ...valid, minGradePoints: 12 })).toEqual([
      ["minGradePoints", PROMOTION_MESSAGES.minGradePoints],
    ]);
    expect(messages({ ...valid, minGradePoints: Number.NaN })).toEqual([
      ["minGradePoints", PROMOTION_MESSAGES.minGradePoints],
    ]);
    expect(messages({ ...valid, maxFailedCourses: 1.5 })).toEqual([
      ["maxFailedCourses", PROMOTION_MESSAGES.maxFailedCourses],
    ]);
    expect(messages({ ...valid, maxFailedCourses: 51 })).toEqual([
      ["maxFailedCourses", PROMOTION_MESSAGES.maxFailedCourses],
    ]);
    expect(messages({ ...valid, minAttendancePercent: -1 })).toEqual([
      ["minAttendancePercent", PROMOTION_MESSAGES.minAttendancePercent],
    ]);
    expect(messages({ ...valid, name: "  " })).toEqual([["name", PROMOTION_MESSAGES.name]]);
    expect(messages({ ...valid, name: "x".repeat(201) })).toEqual([["name", PROMOTION_MESSAGES.nameLength]]);
    expect(messages({ ...valid, recordType: "Other" })).toEqual([
      ["recordType", PROMOTION_MESSAGES.recordType],
    ]);
  });
});

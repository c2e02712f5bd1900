import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  emptyRetestExam,
  MODERATION_SAMPLE_SIZE,
  markDistribution,
  moderateMark,
  moderationSample,
  planRevaluationUpdate,
  RETEST_DURATIONS,
  RETEST_STATES,
  REVALUATION_ACTIONS,
  REVALUATION_STATES,
  type RetestState,
  type RevaluationAction,
  type RevaluationState,
  retestAcceptLabel,
  retestMayMove,
  retestUpdateProblem,
  revaluationAcceptLabel,
  revaluationNext,
  revaluationStatusLabel,
  sittingsClash,
  ZRetestExam,
  zModerationAdjustment,
} from "./index.ts";

describe("revaluation transitions (spec §4)", () => {
  // Every (state, action) pair: the table reads like the rule.
  const allowed: Array<[RevaluationState, RevaluationAction, RevaluationState | null]> = [
    ["Requested", "accept", "Accepted"],
    ["Requested", "reject", "Rejected"],
    ["Requested", "assignEvaluator", null],
    ["Requested", "complete", null],
    ["Accepted", "accept", null],
    ["Accepted", "reject", null],
    ["Accepted", "assignEvaluator", "Evaluator Assigned"],
    ["Accepted", "complete", null],
    ["Evaluator Assigned", "accept", null],
    ["Evaluator Assigned", "reject", null],
    ["Evaluator Assigned", "assignEvaluator", "Evaluator Assigned"],
    ["Evaluator Assigned", "complete", "Completed"],
    ["Completed", "accept", null],
    ["Completed", "reject", null],
    ["Completed", "assignEvaluator", null],
    ["Completed", "complete", null],
    ["Rejected", "accept", null],
    ["Rejected", "reject", null],
    ["Rejected", "assignEvaluator", null],
    ["Rejected", "complete", null],
  ];

  it("covers every state and action", () => {
    expect(allowed).toHaveLength(REVALUATION_STATES.length * REVALUATION_ACTIONS.length);
  });

  it.each(allowed)("%s --%s--> %s", (state, action, next) => {
    expect(revaluationNext(state, action)).toBe(next);
  });

  it.each([
    ["Requested", null, "Pending"],
    ["Accepted", "Accept", "Pending"],
    ["Evaluator Assigned", "Accept", "Pending"],
    ["Completed", "Accept", "Completed"],
    ["Rejected", "Reject", "Pending"],
  ] as const)("%s shows RevalAccept %s and RevalutionStatus %s", (state, accept, status) => {
    expect(revaluationAcceptLabel(state)).toBe(accept);
    expect(revaluationStatusLabel(state)).toBe(status);
  });
});

describe("planRevaluationUpdate (spec §3 revaluation update item)", () => {
  it.each([
    ["Requested", null, { accept: "Accept" }, ["accept"], "Accepted"],
    ["Requested", null, { accept: "Reject" }, ["reject"], "Rejected"],
    [
      "Requested",
      null,
      { accept: "Accept", evaluatorId: "f1", status: "Completed" },
      ["accept", "assignEvaluator", "complete"],
      "Completed",
    ],
    ["Accepted", null, { accept: "Accept", evaluatorId: "f1" }, ["assignEvaluator"], "Evaluator Assigned"],
    ["Evaluator Assigned", "f1", { evaluatorId: "f2" }, ["assignEvaluator"], "Evaluator Assigned"],
    ["Evaluator Assigned", "f1", { evaluatorId: "f1", status: "Pending" }, [], "Evaluator Assigned"],
    ["Evaluator Assigned", "f1", { status: "Completed" }, ["complete"], "Completed"],
    ["Completed", "f1", { status: "Completed", accept: "Accept" }, [], "Completed"],
  ] as const)("%s (evaluator %s) + %j = %j", (state, evaluator, wish, actions, next) => {
    expect(planRevaluationUpdate(state, evaluator, wish)).toEqual({ actions, state: next });
  });

  it.each([
    ["Rejected", null, { accept: "Accept" }, "RevalAccept"],
    ["Accepted", null, { accept: "Reject" }, "RevalAccept"],
    ["Requested", null, { evaluatorId: "f1" }, "EvaluatorAssignedID"],
    ["Requested", null, { status: "Completed" }, "RevalutionStatus"],
    ["Accepted", null, { status: "Completed" }, "RevalutionStatus"],
    ["Completed", "f1", { status: "Pending" }, "RevalutionStatus"],
    ["Completed", "f1", { evaluatorId: "f2" }, "EvaluatorAssignedID"],
    ["Evaluator Assigned", "f1", { evaluatorId: null }, "EvaluatorAssignedID"],
  ] as const)("refuses %s (evaluator %s) + %j, naming %s", (state, evaluator, wish, field) => {
    const plan = planRevaluationUpdate(state, evaluator, wish);
    expect(plan).toMatchObject({ field });
    expect((plan as { problem: string }).problem).toMatch(/cannot|not removed/);
  });
});

describe("retest transitions (spec §4 retest accept)", () => {
  const table: Array<[RetestState, RetestState, boolean]> = RETEST_STATES.flatMap((from) =>
    RETEST_STATES.map((to): [RetestState, RetestState, boolean] => [
      from,
      to,
      from === to ||
        (from !== "Scheduled" && to !== "Scheduled") ||
        (from === "Accept" && to === "Scheduled"),
    ]),
  );

  it.each(table)("%s -> %s allowed: %s", (from, to, ok) => {
    expect(retestMayMove(from, to)).toBe(ok);
  });

  it("shows a scheduled request as Accept, and an update cannot take it back", () => {
    expect(retestAcceptLabel("Scheduled")).toBe("Accept");
    expect(retestUpdateProblem("Scheduled", "Accept")).toBeNull();
    expect(retestUpdateProblem("Scheduled", "Reject")).toMatch(/Scheduled cannot be rejected/);
    expect(retestUpdateProblem("Scheduled", "Pending")).toMatch(/cannot be reopened/);
    expect(retestUpdateProblem("Reject", "Accept")).toBeNull();
  });
});

describe("Create Retest Exam form (spec §5, §9)", () => {
  const valid = {
    ...emptyRetestExam(),
    term: "t1",
    course: "c1",
    batch: "MBA 2025 Mumbai",
    examCycle: "Dec 2026 Retest",
    dateOfExam: "2026-12-10",
    startTimeOfExam: "2:30 PM",
    duration: 90,
  };

  it("offers 30 to 300 minutes in steps of 30", () => {
    expect(RETEST_DURATIONS).toEqual([30, 60, 90, 120, 150, 180, 210, 240, 270, 300]);
  });

  it("accepts a complete form and normalises the time", () => {
    expect(ZRetestExam.parse(valid)).toMatchObject({ startTimeOfExam: "14:30", examMode: "offline" });
  });

  it.each([
    ["duration", 45, "30 to 300 minutes"],
    ["duration", 330, "30 to 300 minutes"],
    ["duration", 0, "30 to 300 minutes"],
    ["term", "", "Required"],
    ["course", "  ", "Required"],
    ["batch", undefined, "Required"],
    ["examCycle", "", "Required"],
    ["dateOfExam", "", "Required"],
    ["dateOfExam", "2026-02-30", "YYYY-MM-DD"],
    ["startTimeOfExam", "25:00", "time such as"],
    ["examType", "EndTerm", "ReTest"],
    ["examTimeZone", "UTC", "Asia/Kolkata"],
    ["studentFacultyRatio", "30:1", "50:30"],
    ["examMode", "hybrid", "online or offline"],
  ])("refuses %s = %j (%s)", (field, value, message) => {
    const r = ZRetestExam.safeParse({ ...valid, [field]: value });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual([field]);
    expect(r.error?.issues[0]?.message).toContain(message);
  });
});

describe("sittingsClash", () => {
  const a = { date: "2026-12-10", startTime: "10:00", durationMinutes: 120 };
  it.each([
    [{ date: "2026-12-10", startTime: "11:30", durationMinutes: 30 }, true],
    [{ date: "2026-12-10", startTime: "09:00", durationMinutes: 61 }, true],
    [{ date: "2026-12-10", startTime: "12:00", durationMinutes: 60 }, false],
    [{ date: "2026-12-10", startTime: "09:00", durationMinutes: 60 }, false],
    [{ date: "2026-12-11", startTime: "10:00", durationMinutes: 120 }, false],
  ])("10:00-12:00 against %j: %s", (b, clash) => {
    expect(sittingsClash(a, b)).toBe(clash);
    expect(sittingsClash(b, a)).toBe(clash);
  });
});

describe("moderation", () => {
  it.each([
    [{ kind: "add", marks: 3 } as const, 40, 43],
    [{ kind: "add", marks: 15 } as const, 40, 50],
    [{ kind: "add", marks: -50 } as const, 40, 0],
    [{ kind: "scale", factor: 1.1, offset: 0 } as const, 40, 44],
    [{ kind: "scale", factor: 1.5, offset: 0 } as const, 40, 50],
    [{ kind: "scale", factor: 0.9, offset: 2.333 } as const, 10, 11.33],
    [{ kind: "individual", marks: [{ studentId: "s1", marks: 33 }] } as const, 40, 33],
  ])("%j on 40 of 50 (s1) -> %s", (adj, mark, expected) => {
    expect(moderateMark(adj, "s1", mark, 50)).toBe(expected);
  });

  it("leaves students an individual adjustment does not name", () => {
    expect(
      moderateMark({ kind: "individual", marks: [{ studentId: "s1", marks: 1 }] }, "s2", 5, 50),
    ).toBeNull();
  });

  it.each([
    [{ kind: "add", marks: 51 }, "between -50 and 50"],
    [{ kind: "scale", factor: 0 }, "more than 0"],
    [{ kind: "scale", factor: 2.5 }, "at most 2"],
    [{ kind: "individual", marks: [{ studentId: "s", marks: 51 }] }, "more than the total"],
    [{ kind: "individual", marks: [] }, "at least one"],
    [{ kind: "bonus" }, "add, scale or individual"],
  ])("refuses %j", (adj, message) => {
    const r = zModerationAdjustment(50).safeParse(adj);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain(message);
  });

  it("counts marks into ten bands of the total", () => {
    const d = markDistribution([0, 4.9, 5, 25, 49.5, 50], 50);
    expect(d).toMatchObject({ count: 6, lowest: 0, highest: 50, mean: 22.4 });
    expect(d.bands.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(markDistribution([], 50)).toMatchObject({ count: 0, mean: 0, lowest: null, highest: null });
  });
});

describe("moderationSample", () => {
  const cls = (marks: number[]) =>
    marks.map((m, i) => ({ studentId: `s${String(i).padStart(3, "0")}`, marks: m }));

  it("is the whole class, highest first, when it has at most ten marks", () => {
    expect(moderationSample(cls([3, 9, 5])).map((m) => m.marks)).toEqual([9, 5, 3]);
  });

  it("spreads ten scripts over a large class, with the highest and the lowest mark", () => {
    const marks = Array.from({ length: 91 }, (_, i) => i);
    const sample = moderationSample(cls(marks));
    expect(sample.map((m) => m.marks)).toEqual([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);
  });

  it("does not depend on the order the marks come in, and never repeats a student", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 0, maxLength: 60 }),
        fc.integer(),
        (marks, seed) => {
          const all = cls(marks);
          const shuffled = [...all].sort((a, b) => ((a.marks * 31 + seed) % 7) - ((b.marks * 31 + seed) % 7));
          const sample = moderationSample(all);
          expect(moderationSample(shuffled)).toEqual(sample);
          expect(sample.length).toBe(Math.min(all.length, MODERATION_SAMPLE_SIZE));
          expect(new Set(sample.map((m) => m.studentId)).size).toBe(sample.length);
          if (all.length > 0) {
            expect(sample[0]?.marks).toBe(Math.max(...marks));
            expect(sample.at(-1)?.marks).toBe(Math.min(...marks));
          }
        },
      ),
      { numRuns: 300, seed: 20261124 },
    );
  });
});

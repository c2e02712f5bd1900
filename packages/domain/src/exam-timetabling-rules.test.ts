import { describe, expect, it } from "vitest";
import {
  checkExamTimetable,
  DEFAULT_TIMETABLING_RULES,
  type ExamTimetablingRules,
  improveExamTimetable,
  periodsNeeded,
  type TimetablingExam,
  timetableInPeriods,
  timetablingObjectiveOf,
  timetablingOptionsOf,
  timetablingPeriodsOf,
} from "./index.ts";

/** An exam sat by `students` (one seat each), 120 minutes, needing `invigilators`. */
const exam = (key: string, students: number[], invigilators = 0): TimetablingExam => ({
  key,
  students,
  seats: students.length,
  durationMinutes: 120,
  invigilators,
});
/** Students 100.. `count` of them, so seat counts are easy to read. */
const crowd = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
/** `days` exam days of `slots` periods each, keys "day-slot", in time order. */
const grid = (days: number, slots: number, rules: ExamTimetablingRules) =>
  timetablingPeriodsOf(
    Array.from({ length: days * slots }, (_, i) => ({
      key: `${Math.floor(i / slots)}-${i % slots}`,
      durationMinutes: 180,
      day: Math.floor(i / slots),
    })),
    rules,
  );
const rules = (change: Partial<ExamTimetablingRules>): ExamTimetablingRules => ({
  ...DEFAULT_TIMETABLING_RULES,
  ...change,
});

type Case = {
  case: string;
  rules: ExamTimetablingRules;
  exams: TimetablingExam[];
  days: number;
  slots: number;
  /** What must hold of the timetable besides the checker finding no break. */
  holds: (period: (key: string) => string) => void;
};

const feasible: Case[] = [
  {
    case: "one exam per student per day",
    rules: rules({ oneExamPerDay: true }),
    exams: [exam("A", [1]), exam("B", [1]), exam("C", [2]), exam("D", [2])],
    days: 2,
    slots: 2,
    holds: (at) => {
      expect(at("A").split("-")[0]).not.toBe(at("B").split("-")[0]);
      expect(at("C").split("-")[0]).not.toBe(at("D").split("-")[0]);
    },
  },
  {
    case: "a hard minimum spread of 3 periods",
    rules: rules({ minSpreadPeriods: 3, spreadIsHard: true }),
    exams: [exam("A", [1]), exam("B", [1])],
    days: 4,
    slots: 1,
    holds: (at) => expect(Math.abs(Number(at("A")[0]) - Number(at("B")[0]))).toBeGreaterThanOrEqual(3),
  },
  {
    case: "exams that must share a period",
    rules: rules({ togetherPairs: [["A", "B"]] }),
    exams: [exam("A", [1]), exam("B", [2]), exam("C", [1, 2])],
    days: 1,
    slots: 2,
    holds: (at) => expect(at("A")).toBe(at("B")),
  },
  {
    case: "exams that must avoid each other's period",
    rules: rules({ apartPairs: [["A", "B"]] }),
    exams: [exam("A", [1]), exam("B", [2])],
    days: 1,
    slots: 2,
    holds: (at) => expect(at("A")).not.toBe(at("B")),
  },
  {
    case: "room seats per period",
    rules: rules({ seatsPerPeriod: 100 }),
    exams: [exam("A", crowd(100, 40)), exam("B", crowd(200, 40)), exam("C", crowd(300, 40))],
    days: 1,
    slots: 2,
    holds: (at) => expect(new Set([at("A"), at("B"), at("C")]).size).toBe(2),
  },
  {
    case: "invigilators available per period",
    rules: rules({ invigilatorsPerPeriod: 3 }),
    exams: [exam("A", [1], 2), exam("B", [2], 2)],
    days: 1,
    slots: 2,
    holds: (at) => expect(at("A")).not.toBe(at("B")),
  },
];

describe("timetabling rules are kept", () => {
  it.each(feasible)("$case: construction keeps it", (c) => {
    const periods = grid(c.days, c.slots, c.rules);
    const result = timetableInPeriods(c.exams, periods, c.rules);
    if (!result.ok) throw new Error(result.message);
    expect(checkExamTimetable(c.exams, periods, result.assignment, c.rules).breaks).toEqual([]);
    c.holds((key) => result.assignment.get(key) as string);
  });

  it.each(feasible)("$case: improvement keeps it", (c) => {
    const periods = grid(c.days, c.slots, c.rules);
    const start = timetableInPeriods(c.exams, periods, c.rules);
    if (!start.ok) throw new Error(start.message);
    const improved = improveExamTimetable(c.exams, periods, start.assignment, {
      ...timetablingOptionsOf(c.rules),
      objective: timetablingObjectiveOf(c.rules),
      maxIterations: 2000,
    });
    expect(checkExamTimetable(c.exams, periods, improved.assignment, c.rules).breaks).toEqual([]);
    c.holds((key) => improved.assignment.get(key) as string);
  });

  it("the checker names a broken rule (one exam per day)", () => {
    const r = rules({ oneExamPerDay: true });
    const periods = grid(1, 2, r);
    const exams = [exam("A", [1]), exam("B", [1])];
    const { breaks } = checkExamTimetable(
      exams,
      periods,
      new Map([
        ["A", "0-0"],
        ["B", "0-1"],
      ]),
      r,
    );
    expect(breaks).toEqual([{ rule: "oneExamPerDay", exams: ["A", "B"], period: "0-0" }]);
  });

  it("a soft minimum spread is a penalty the improvement removes", () => {
    const r = rules({ minSpreadPeriods: 3 });
    const periods = grid(4, 1, r);
    const exams = [exam("A", [1]), exam("B", [1])];
    const close = new Map([
      ["A", "0-0"],
      ["B", "1-0"],
    ]);
    expect(checkExamTimetable(exams, periods, close, r)).toEqual({ breaks: [], softSpreadPenalty: 64 });
    const improved = improveExamTimetable(exams, periods, close, {
      ...timetablingOptionsOf(r),
      objective: timetablingObjectiveOf(r),
      maxIterations: 2000,
    });
    expect(checkExamTimetable(exams, periods, improved.assignment, r).softSpreadPenalty).toBe(0);
  });
});

describe("timetabling rules that make a set infeasible are refused with the reason", () => {
  it.each([
    {
      case: "one exam per day: three exams of a student in two days",
      rules: rules({ oneExamPerDay: true }),
      exams: [exam("A", [1]), exam("B", [1]), exam("C", [1])],
      days: 2,
      slots: 3,
      unplaced: 1,
      needed: 7,
    },
    {
      case: "hard spread 3: three exams of a student in four periods",
      rules: rules({ minSpreadPeriods: 3, spreadIsHard: true }),
      exams: [exam("A", [1]), exam("B", [1]), exam("C", [1])],
      days: 4,
      slots: 1,
      unplaced: 1,
      needed: 7,
    },
    {
      case: "apart: three exams kept apart in two periods",
      rules: rules({
        apartPairs: [
          ["A", "B"],
          ["B", "C"],
          ["A", "C"],
        ],
      }),
      exams: [exam("A", [1]), exam("B", [2]), exam("C", [3])],
      days: 1,
      slots: 2,
      unplaced: 1,
      needed: 3,
    },
    {
      case: "seats: three exams of 60 in two periods of 100 seats",
      rules: rules({ seatsPerPeriod: 100 }),
      exams: [exam("A", crowd(100, 60)), exam("B", crowd(200, 60)), exam("C", crowd(300, 60))],
      days: 1,
      slots: 2,
      unplaced: 1,
      needed: 3,
    },
    {
      case: "invigilators: three exams needing 2 of 3 invigilators in two periods",
      rules: rules({ invigilatorsPerPeriod: 3 }),
      exams: [exam("A", [1], 2), exam("B", [2], 2), exam("C", [3], 2)],
      days: 1,
      slots: 2,
      unplaced: 1,
      needed: 3,
    },
  ])("$case", (c) => {
    const periods = grid(c.days, c.slots, c.rules);
    const result = timetableInPeriods(c.exams, periods, c.rules);
    // Which exam is left over depends on the construction's order; how many and the count do not.
    expect(result).toMatchObject({ ok: false, periodsNeeded: c.needed });
    if (result.ok) return;
    expect(result.unplaced).toHaveLength(c.unplaced);
    expect(c.exams.map((e) => e.key)).toContain(result.unplaced[0]);
    expect(result.message).toBe(
      `The exams do not fit in ${periods.length} periods: exams ${result.unplaced.join(", ")} conflict with an exam in every ` +
        `period they could take (shared students or a rule of the period scheme). A first-fit colouring uses ${c.needed} ` +
        "periods. Give more periods or relax the rules.",
    );
  });

  it("together: exams sharing a student cannot share a period, however many periods", () => {
    const r = rules({ togetherPairs: [["A", "B"]] });
    const exams = [exam("A", [1]), exam("B", [1])];
    const result = timetableInPeriods(exams, grid(2, 2, r), r, (key) => `Exam ${key}`);
    expect(result).toMatchObject({ ok: false, unplaced: ["A", "B"], periodsNeeded: null });
    if (!result.ok) expect(result.message).toContain("exams Exam A, Exam B conflict");
    if (!result.ok) expect(result.message).toContain("Some fit in no period however many there are");
  });

  it("counts the periods needed by going on with days like the busiest one", () => {
    const r = rules({ oneExamPerDay: true });
    const exams = [exam("A", [1]), exam("B", [1]), exam("C", [1]), exam("D", [1])];
    expect(periodsNeeded(exams, grid(1, 2, r), timetablingOptionsOf(r))).toBe(7);
  });
});

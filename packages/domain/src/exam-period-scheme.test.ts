import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIMETABLING_RULES,
  droppedPeriodsHoldingExams,
  EmptyPeriodSchemeError,
  type ExamPeriodSchemeFormValues,
  examPeriodsOfScheme,
  PERIOD_SCHEME_FORM_MESSAGES,
  periodSchemeFormValues,
  type SchemePeriod,
  ZExamPeriodScheme,
  ZExamPeriodSchemeForm,
} from "./index.ts";

/** A cycle Monday 2027-01-04 to Sunday 2027-01-10. */
const week = { startDate: "2027-01-04", endDate: "2027-01-10" };
const morning = { startTime: "09:00", durationMinutes: 180 };
const afternoon = { startTime: "14:00", durationMinutes: 120 };

/** The periods as "date startTime/minutes@day" strings, compact to compare. */
const show = (periods: SchemePeriod[]) =>
  periods.map((p) => `${p.date} ${p.startTime}/${p.durationMinutes}@${p.dayIndex}`);

describe("examPeriodsOfScheme", () => {
  it.each([
    {
      case: "every day of a three-day cycle, one slot",
      cycle: { startDate: "2027-01-04", endDate: "2027-01-06" },
      scheme: { weekdaysWithoutExams: [], datesWithoutExams: [], slots: [morning] },
      periods: ["2027-01-04 09:00/180@0", "2027-01-05 09:00/180@1", "2027-01-06 09:00/180@2"],
    },
    {
      case: "Sundays and Saturdays without exams",
      cycle: week,
      scheme: { weekdaysWithoutExams: [6, 7], datesWithoutExams: [], slots: [morning] },
      periods: [
        "2027-01-04 09:00/180@0",
        "2027-01-05 09:00/180@1",
        "2027-01-06 09:00/180@2",
        "2027-01-07 09:00/180@3",
        "2027-01-08 09:00/180@4",
      ],
    },
    {
      case: "a holiday skipped, day index counts exam days only",
      cycle: { startDate: "2027-01-25", endDate: "2027-01-27" },
      scheme: { weekdaysWithoutExams: [7], datesWithoutExams: ["2027-01-26"], slots: [morning] },
      periods: ["2027-01-25 09:00/180@0", "2027-01-27 09:00/180@1"],
    },
    {
      case: "slots given out of order come in start-time order",
      cycle: { startDate: "2027-01-04", endDate: "2027-01-05" },
      scheme: { weekdaysWithoutExams: [], datesWithoutExams: [], slots: [afternoon, morning] },
      periods: [
        "2027-01-04 09:00/180@0",
        "2027-01-04 14:00/120@0",
        "2027-01-05 09:00/180@1",
        "2027-01-05 14:00/120@1",
      ],
    },
    {
      case: "a one-day cycle",
      cycle: { startDate: "2027-01-04", endDate: "2027-01-04" },
      scheme: { weekdaysWithoutExams: [], datesWithoutExams: [], slots: [morning] },
      periods: ["2027-01-04 09:00/180@0"],
    },
  ])("$case", ({ cycle, scheme, periods }) => {
    expect(show(examPeriodsOfScheme(cycle, scheme))).toEqual(periods);
  });

  it.each([
    {
      case: "no slot",
      cycle: week,
      scheme: { weekdaysWithoutExams: [], datesWithoutExams: [], slots: [] },
      message: "The period scheme has no slot: give at least one",
    },
    {
      case: "every day closed",
      cycle: { startDate: "2027-01-09", endDate: "2027-01-10" },
      scheme: { weekdaysWithoutExams: [6, 7], datesWithoutExams: [], slots: [morning] },
      message: "The period scheme leaves no day with exams between 2027-01-09 and 2027-01-10",
    },
    {
      case: "the only day a holiday",
      cycle: { startDate: "2027-01-26", endDate: "2027-01-26" },
      scheme: { weekdaysWithoutExams: [], datesWithoutExams: ["2027-01-26"], slots: [morning] },
      message: "The period scheme leaves no day with exams between 2027-01-26 and 2027-01-26",
    },
  ])("refuses an empty scheme: $case", ({ cycle, scheme, message }) => {
    expect(() => examPeriodsOfScheme(cycle, scheme)).toThrow(EmptyPeriodSchemeError);
    expect(() => examPeriodsOfScheme(cycle, scheme)).toThrow(message);
  });

  it("refuses a cycle ending before it starts", () => {
    expect(() =>
      examPeriodsOfScheme(
        { startDate: "2027-01-05", endDate: "2027-01-04" },
        { weekdaysWithoutExams: [], datesWithoutExams: [], slots: [morning] },
      ),
    ).toThrow("the cycle ends before it starts");
  });
});

describe("ZExamPeriodScheme", () => {
  const base = {
    weekdaysWithoutExams: [7],
    datesWithoutExams: [],
    slots: [morning, afternoon],
    rules: DEFAULT_TIMETABLING_RULES,
  };

  it("accepts a scheme and keeps its shape", () => {
    expect(ZExamPeriodScheme.parse(base)).toEqual(base);
  });

  it.each([
    { case: "no slot", change: { slots: [] }, path: "slots", message: "Give at least one slot per exam day" },
    {
      case: "a start time that is no time",
      change: { slots: [{ startTime: "25:00", durationMinutes: 60 }] },
      path: "slots.0.startTime",
      message: "Start time must be a time such as 09:30",
    },
    {
      case: "two slots at one time",
      change: { slots: [morning, { startTime: "09:00", durationMinutes: 60 }] },
      path: "slots.1.startTime",
      message: "Two slots start at 09:00",
    },
    {
      case: "overlapping slots",
      change: { slots: [{ startTime: "11:00", durationMinutes: 60 }, morning] },
      path: "slots.0.startTime",
      message: "The slot at 09:00 runs into the slot at 11:00",
    },
    {
      case: "a slot past midnight",
      change: { slots: [{ startTime: "22:00", durationMinutes: 180 }] },
      path: "slots.0.durationMinutes",
      message: "The slot at 22:00 runs past midnight",
    },
    {
      case: "a duration too short",
      change: { slots: [{ startTime: "09:00", durationMinutes: 5 }] },
      path: "slots.0.durationMinutes",
      message: "Duration must be at least 15 minutes",
    },
    {
      case: "a holiday that is no date",
      change: { datesWithoutExams: ["2027-02-30"] },
      path: "datesWithoutExams.0",
      message: "A day without exams must be a date written YYYY-MM-DD",
    },
    {
      case: "a weekday 8",
      change: { weekdaysWithoutExams: [8] },
      path: "weekdaysWithoutExams.0",
      message: "A weekday is a number from 1 (Monday) to 7 (Sunday)",
    },
    {
      case: "a pair both together and apart",
      change: {
        rules: { ...DEFAULT_TIMETABLING_RULES, togetherPairs: [["a", "b"]], apartPairs: [["b", "a"]] },
      },
      path: "rules.apartPairs.0",
      message: "Exams b and a cannot both share a period and avoid each other's period",
    },
    {
      case: "an exam paired with itself",
      change: { rules: { ...DEFAULT_TIMETABLING_RULES, apartPairs: [["a", "a"]] } },
      path: "rules.apartPairs.0",
      message: "An exam cannot be paired with itself",
    },
  ])("refuses $case", ({ change, path, message }) => {
    const result = ZExamPeriodScheme.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    expect(issues).toContainEqual({ path, message });
  });
});

describe("ZExamPeriodSchemeForm", () => {
  const scheme = {
    weekdaysWithoutExams: [7],
    datesWithoutExams: ["2027-01-26"],
    slots: [morning, afternoon],
    rules: {
      ...DEFAULT_TIMETABLING_RULES,
      oneExamPerDay: true,
      minSpreadPeriods: 2,
      spreadIsHard: true,
      togetherPairs: [["a", "b"]] as [string, string][],
      seatsPerPeriod: 400,
    },
  };
  const typed: ExamPeriodSchemeFormValues = periodSchemeFormValues(scheme);

  it("holds a stored scheme as text and parses back to it", () => {
    expect(typed.slots).toEqual([
      { startTime: "09:00", durationMinutes: "180" },
      { startTime: "14:00", durationMinutes: "120" },
    ]);
    expect(typed.rules.seatsPerPeriod).toBe("400");
    expect(typed.rules.invigilatorsPerPeriod).toBe("");
    expect(ZExamPeriodSchemeForm.parse(typed)).toEqual(scheme);
  });

  it("reads blank seats and invigilators per period as no limit", () => {
    const parsed = ZExamPeriodSchemeForm.parse({
      ...typed,
      rules: { ...typed.rules, seatsPerPeriod: " ", invigilatorsPerPeriod: "" },
    });
    expect(parsed.rules.seatsPerPeriod).toBeNull();
    expect(parsed.rules.invigilatorsPerPeriod).toBeNull();
  });

  const slots = (...list: [string, string][]) =>
    list.map(([startTime, durationMinutes]) => ({ startTime, durationMinutes }));
  it.each([
    {
      case: "a duration not typed",
      change: { slots: slots(["09:00", ""]) },
      path: "slots.0.durationMinutes",
      message: "Duration must be a number of minutes",
    },
    {
      case: "a duration in words",
      change: { slots: slots(["09:00", "three hours"]) },
      path: "slots.0.durationMinutes",
      message: "Duration must be a number of minutes",
    },
    {
      case: "a fractional duration",
      change: { slots: slots(["09:00", "90.5"]) },
      path: "slots.0.durationMinutes",
      message: "Duration must be a whole number of minutes",
    },
    {
      case: "a start time not typed",
      change: { slots: slots(["", "60"]) },
      path: "slots.0.startTime",
      message: "Start time must be a time such as 09:30",
    },
    {
      case: "overlapping slots (the scheme's own rule)",
      change: { slots: slots(["09:00", "180"], ["11:00", "60"]) },
      path: "slots.1.startTime",
      message: "The slot at 09:00 runs into the slot at 11:00",
    },
    { case: "no slot", change: { slots: [] }, path: "slots", message: "Give at least one slot per exam day" },
    {
      case: "a date without exams left blank",
      change: { datesWithoutExams: [""] },
      path: "datesWithoutExams.0",
      message: "A day without exams must be a date written YYYY-MM-DD",
    },
    {
      case: "a negative spread",
      change: { rules: { ...typed.rules, minSpreadPeriods: "-1" } },
      path: "rules.minSpreadPeriods",
      message: "Minimum spread cannot be negative",
    },
    {
      case: "no seats",
      change: { rules: { ...typed.rules, seatsPerPeriod: "0" } },
      path: "rules.seatsPerPeriod",
      message: "Seats per period must be at least 1",
    },
    {
      case: "invigilators in words",
      change: { rules: { ...typed.rules, invigilatorsPerPeriod: "many" } },
      path: "rules.invigilatorsPerPeriod",
      message: "Invigilators per period must be a number",
    },
    {
      case: "a pair with one exam not chosen",
      change: { rules: { ...typed.rules, apartPairs: [["a", ""]] as [string, string][] } },
      path: "rules.apartPairs.0.1",
      message: PERIOD_SCHEME_FORM_MESSAGES.chooseExam,
    },
    {
      case: "a pair both together and apart (the rules' own check)",
      change: { rules: { ...typed.rules, apartPairs: [["b", "a"]] as [string, string][] } },
      path: "rules.apartPairs.0",
      message: "Exams b and a cannot both share a period and avoid each other's period",
    },
  ])("refuses $case at $path", ({ change, path, message }) => {
    const result = ZExamPeriodSchemeForm.safeParse({ ...typed, ...change });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    expect(issues).toContainEqual({ path, message });
  });
});

describe("droppedPeriodsHoldingExams", () => {
  const existing = [
    { date: "2027-01-04", startTime: "09:00", exams: 3 },
    { date: "2027-01-04", startTime: "14:00", exams: 0 },
    { date: "2027-01-10", startTime: "09:00", exams: 1 },
  ];
  it("names the periods holding exams that the scheme no longer makes, not the empty ones", () => {
    const planned = examPeriodsOfScheme(week, {
      weekdaysWithoutExams: [7],
      datesWithoutExams: [],
      slots: [{ startTime: "09:00", durationMinutes: 120 }],
    });
    expect(droppedPeriodsHoldingExams(existing, planned)).toEqual([existing[2]]);
  });
  it("names none when every period holding exams is kept", () => {
    const planned = examPeriodsOfScheme(week, {
      weekdaysWithoutExams: [],
      datesWithoutExams: [],
      slots: [morning],
    });
    expect(droppedPeriodsHoldingExams(existing, planned)).toEqual([]);
  });
});

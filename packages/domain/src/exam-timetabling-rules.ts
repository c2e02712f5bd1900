import { z } from "zod";
import type { ImprovementObjective } from "./exam-improvement.ts";
import {
  assignExamPeriods,
  type PeriodAssignment,
  proximityWeight,
  type TimetablingExam,
  type TimetablingOptions,
  type TimetablingPeriod,
} from "./exam-timetabling.ts";

/**
 * The timetabling rules an exam office chooses for a cycle, stored with its period scheme and read
 * by the timetabler: construction (assignExamPeriods) and improvement (improveExamTimetable) keep
 * every hard rule; the soft spread is a penalty the improvement lowers. Pure.
 */

/** Two exams (ids) a pair rule names. */
export const ZExamPair = z
  .tuple([z.string().trim().min(1).max(100), z.string().trim().min(1).max(100)], {
    error: "A pair names two exams",
  })
  .refine(([a, b]) => a !== b, { error: "An exam cannot be paired with itself" });

/**
 * The office's rules (the options object of the timetabler, all optional in effect):
 * - `oneExamPerDay` (hard): no student sits two exams on one day.
 * - `minSpreadPeriods`: exams sharing a student at least this many periods apart (0 or 1: none
 *   beyond not in the same period); `spreadIsHard` makes it a rule the timetable must keep, else it
 *   is a penalty of SOFT_SPREAD_WEIGHT x (spread - distance) per student and pair of exams closer.
 * - `togetherPairs`: exams (ids) that must share a period (transitive); `apartPairs`: exams that
 *   must not share a period though no student links them.
 * - `seatsPerPeriod`: the seats of the rooms open in each period (total); null for no limit.
 * - `invigilatorsPerPeriod`: invigilators available in each period; an exam needs
 *   ceil(students / its students per invigilator) of them (seating.ts invigilatorsNeeded); null
 *   for no limit.
 */
export const ZExamTimetablingRules = z
  .object({
    oneExamPerDay: z.boolean(),
    minSpreadPeriods: z
      .number({ error: "Minimum spread must be a number of periods" })
      .int({ error: "Minimum spread must be a whole number of periods" })
      .min(0, { error: "Minimum spread cannot be negative" })
      .max(30, { error: "Minimum spread must be at most 30 periods" }),
    spreadIsHard: z.boolean(),
    togetherPairs: z.array(ZExamPair).max(500, { error: "Give at most 500 pairs" }),
    apartPairs: z.array(ZExamPair).max(500, { error: "Give at most 500 pairs" }),
    seatsPerPeriod: z
      .number({ error: "Seats per period must be a number" })
      .int({ error: "Seats per period must be a whole number" })
      .min(1, { error: "Seats per period must be at least 1" })
      .max(1_000_000)
      .nullable(),
    invigilatorsPerPeriod: z
      .number({ error: "Invigilators per period must be a number" })
      .int({ error: "Invigilators per period must be a whole number" })
      .min(0, { error: "Invigilators per period cannot be negative" })
      .max(100_000)
      .nullable(),
  })
  .superRefine((rules, ctx) => {
    const together = new Set(rules.togetherPairs.map(([a, b]) => [a, b].sort().join("\u0000")));
    for (const [i, [a, b]] of rules.apartPairs.entries()) {
      if (together.has([a, b].sort().join("\u0000"))) {
        ctx.addIssue({
          code: "custom",
          path: ["apartPairs", i],
          message: `Exams ${a} and ${b} cannot both share a period and avoid each other's period`,
        });
      }
    }
  });
export type ExamTimetablingRules = z.output<typeof ZExamTimetablingRules>;

/** No rule beyond the timetabler's own (no clash, durations fit): what a new scheme starts with. */
export const DEFAULT_TIMETABLING_RULES: ExamTimetablingRules = {
  oneExamPerDay: false,
  minSpreadPeriods: 0,
  spreadIsHard: false,
  togetherPairs: [],
  apartPairs: [],
  seatsPerPeriod: null,
  invigilatorsPerPeriod: null,
};

/** Penalty per student and pair of exams one period closer than the soft minimum spread. */
export const SOFT_SPREAD_WEIGHT = 32;

/** The hard rules as the timetabler's options (`together`, `apart`, `oneExamPerDay`, `minSpread`). */
export function timetablingOptionsOf(rules: ExamTimetablingRules): Omit<TimetablingOptions, "strategy"> {
  return {
    together: rules.togetherPairs,
    apart: rules.apartPairs,
    oneExamPerDay: rules.oneExamPerDay,
    minSpread: rules.spreadIsHard ? Math.max(1, rules.minSpreadPeriods) : 1,
  };
}

/**
 * The timetabler's periods from the cycle's periods in time order (`key`: the period's id, `day`:
 * its day, e.g. the scheme's day index or the date), with the rules' seats and invigilators.
 */
export function timetablingPeriodsOf(
  periods: ReadonlyArray<{ key: string; durationMinutes: number; day: number | string }>,
  rules: Pick<ExamTimetablingRules, "seatsPerPeriod" | "invigilatorsPerPeriod">,
): TimetablingPeriod[] {
  return periods.map((q) => ({
    key: q.key,
    durationMinutes: q.durationMinutes,
    day: q.day,
    ...(rules.seatsPerPeriod === null ? {} : { seats: rules.seatsPerPeriod }),
    ...(rules.invigilatorsPerPeriod === null ? {} : { invigilators: rules.invigilatorsPerPeriod }),
  }));
}

/**
 * What the improvement lowers under these rules: the Toronto proximity weight (2^(5-d) for d = 1..5
 * periods apart) plus, for a soft minimum spread s, SOFT_SPREAD_WEIGHT x (s - d) for d < s.
 */
export function timetablingObjectiveOf(rules: ExamTimetablingRules): ImprovementObjective {
  const soft = rules.spreadIsHard ? 0 : rules.minSpreadPeriods;
  return {
    pairCost: (a, b) => {
      const d = Math.abs(a - b);
      return proximityWeight(d) + (d < soft ? SOFT_SPREAD_WEIGHT * (soft - d) : 0);
    },
  };
}

/** A rule a timetable breaks: which rule, the exams (keys) and the period (key) where it shows. */
export type TimetablingBreak = {
  rule:
    | "clash"
    | "oneExamPerDay"
    | "minSpread"
    | "together"
    | "apart"
    | "seats"
    | "invigilators"
    | "unplaced";
  exams: string[];
  period: string | null;
};

/**
 * Checks a timetable (exam key to period key; `periods` in time order, as given to the timetabler)
 * against the rules: every hard rule broken, and the soft spread penalty (SOFT_SPREAD_WEIGHT x
 * (spread - distance) per shared student and pair of exams too close; 0 when the spread is hard).
 * Exams without a period are listed under `unplaced`.
 */
export function checkExamTimetable(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  assignment: ReadonlyMap<string, string>,
  rules: ExamTimetablingRules,
): { breaks: TimetablingBreak[]; softSpreadPenalty: number } {
  const index = new Map(periods.map((q, i) => [q.key, i]));
  const breaks: TimetablingBreak[] = [];
  const at = (key: string) => {
    const q = assignment.get(key);
    return q === undefined ? undefined : index.get(q);
  };
  const unplaced = exams.filter((e) => at(e.key) === undefined).map((e) => e.key);
  if (unplaced.length > 0) breaks.push({ rule: "unplaced", exams: unplaced, period: null });
  const spread = Math.max(1, rules.minSpreadPeriods);
  let softSpreadPenalty = 0;
  const examsOfStudent = new Map<string | number, string[]>();
  for (const exam of exams) {
    for (const s of exam.students) examsOfStudent.set(s, [...(examsOfStudent.get(s) ?? []), exam.key]);
  }
  const seen = new Set<string>();
  const report = (rule: TimetablingBreak["rule"], a: string, b: string, period: string | null) => {
    const key = `${rule}\u0000${[a, b].sort().join("\u0000")}`;
    if (seen.has(key)) return;
    seen.add(key);
    breaks.push({ rule, exams: [a, b], period });
  };
  for (const list of examsOfStudent.values()) {
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) {
        const a = list[x] as string;
        const b = list[y] as string;
        const qa = at(a);
        const qb = at(b);
        if (qa === undefined || qb === undefined) continue;
        const d = Math.abs(qa - qb);
        const period = (periods[qa] as TimetablingPeriod).key;
        if (d === 0) report("clash", a, b, period);
        else if (rules.oneExamPerDay && periods[qa]?.day === periods[qb]?.day)
          report("oneExamPerDay", a, b, period);
        else if (d < spread) {
          if (rules.spreadIsHard) report("minSpread", a, b, period);
          else softSpreadPenalty += SOFT_SPREAD_WEIGHT * (spread - d);
        }
      }
    }
  }
  for (const [a, b] of rules.togetherPairs) {
    if (at(a) !== undefined && at(b) !== undefined && at(a) !== at(b)) report("together", a, b, null);
  }
  for (const [a, b] of rules.apartPairs) {
    const qa = at(a);
    if (qa !== undefined && qa === at(b)) report("apart", a, b, (periods[qa] as TimetablingPeriod).key);
  }
  for (const [q, period] of periods.entries()) {
    const there = exams.filter((e) => at(e.key) === q);
    const seats = there.reduce((k, e) => k + e.seats, 0);
    const staff = there.reduce((k, e) => k + (e.invigilators ?? 0), 0);
    const keys = there.map((e) => e.key);
    if (period.seats !== undefined && seats > period.seats)
      breaks.push({ rule: "seats", exams: keys, period: period.key });
    if (period.invigilators !== undefined && staff > period.invigilators)
      breaks.push({ rule: "invigilators", exams: keys, period: period.key });
  }
  return { breaks, softSpreadPenalty };
}

/**
 * The better of a `spread` and a `compact` construction (the one leaving fewer exams unplaced,
 * `spread` on ties): what the import and the timetabler start improvement from.
 */
export function bestExamAssignment(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  constraints: Omit<TimetablingOptions, "strategy"> = {},
): PeriodAssignment {
  const spread = assignExamPeriods(exams, periods, { ...constraints, strategy: "spread" });
  if (spread.unplaced.length === 0) return spread;
  const compact = assignExamPeriods(exams, periods, { ...constraints, strategy: "compact" });
  return compact.unplaced.length < spread.unplaced.length ? compact : spread;
}

/**
 * Periods a first-fit (compact) colouring uses when `periods` goes on with more days like its
 * busiest day (same slot lengths, seats and invigilators, new days), keeping the hard rules: how
 * many periods the exams would need. Null when some exam fits no period however many there are
 * (too long, too many seats or invigilators, or held together with an exam it shares a student
 * with).
 */
export function periodsNeeded(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  constraints: Omit<TimetablingOptions, "strategy"> = {},
): number | null {
  if (exams.length === 0) return 0;
  const byDay = new Map<number | string, TimetablingPeriod[]>();
  for (const [i, q] of periods.entries()) {
    const day = q.day ?? `#${i}`;
    byDay.set(day, [...(byDay.get(day) ?? []), q]);
  }
  const template = [...byDay.values()].reduce<TimetablingPeriod[]>(
    (best, day) => (day.length > best.length ? day : best),
    [],
  );
  if (template.length === 0) return null;
  const extended: TimetablingPeriod[] = periods.map((q, i) => ({
    ...q,
    key: `p${i}`,
    day: q.day ?? `#${i}`,
  }));
  for (let d = 0; extended.length < periods.length + exams.length * template.length; d++) {
    for (const [s, q] of template.entries()) extended.push({ ...q, key: `x${d}-${s}`, day: `x${d}` });
  }
  const { assignment, unplaced } = assignExamPeriods(exams, extended, {
    ...constraints,
    strategy: "compact",
  });
  if (unplaced.length > 0) return null;
  const position = new Map(extended.map((q, i) => [q.key, i]));
  let last = 0;
  for (const key of assignment.values()) last = Math.max(last, position.get(key) ?? 0);
  return last + 1;
}

/** A timetable within the periods, or why there is none. */
export type TimetableInPeriods =
  | { ok: true; assignment: Map<string, string> }
  | {
      ok: false;
      /** Exams (keys) that fit in no period left to them. */
      unplaced: string[];
      /** Periods the exams would need (see {@link periodsNeeded}); null when no count is enough. */
      periodsNeeded: number | null;
      /** The refusal in words, naming up to 10 exams by `label`. */
      message: string;
    };

/**
 * Places every exam into the given periods (in time order) keeping the rules' hard constraints
 * (no clash, one exam per student per day, hard spread, together and apart pairs, seats and
 * invigilators per period, durations); never adds periods. When the exams do not fit it refuses
 * with the exams left over and the periods they would need, as the exam-data import does.
 * `label` names an exam in the message (default: its key).
 */
export function timetableInPeriods(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  rules: ExamTimetablingRules,
  label: (key: string) => string = (key) => key,
): TimetableInPeriods {
  const constraints = timetablingOptionsOf(rules);
  const built = bestExamAssignment(exams, periods, constraints);
  if (built.unplaced.length === 0) return { ok: true, assignment: built.assignment };
  const needed = periodsNeeded(exams, periods, constraints);
  const shown = built.unplaced.slice(0, 10).map(label);
  const more =
    built.unplaced.length > shown.length ? ` and ${built.unplaced.length - shown.length} more` : "";
  const reason =
    needed === null
      ? "Some fit in no period however many there are (too long, too many seats or invigilators, or held together with an exam they share a student with)."
      : `A first-fit colouring uses ${needed} periods.`;
  return {
    ok: false,
    unplaced: built.unplaced,
    periodsNeeded: needed,
    message:
      `The exams do not fit in ${periods.length} periods: exams ${shown.join(", ")}${more} conflict with an exam in every period ` +
      `they could take (shared students or a rule of the period scheme). ${reason} Give more periods or relax the rules.`,
  };
}

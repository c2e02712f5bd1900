import { Temporal } from "temporal-polyfill";
import { EXAM_TIME_ZONE } from "./constants.ts";

/**
 * Exam timetabling: putting every exam into an exam period so that no student sits two exams at
 * once (graph colouring of the exams' conflict graph), as real enrolment data (the Toronto and
 * ITC2007 benchmarks) is imported. Pure functions; durations in minutes, dates ISO (YYYY-MM-DD),
 * times HH:MM in Asia/Kolkata.
 */

/** An exam to place: its key, the students who sit it (ids), the seats it needs and its length. */
export type TimetablingExam = {
  key: string;
  students: readonly number[] | readonly string[];
  /** Seats the exam needs (usually its number of students). */
  seats: number;
  durationMinutes: number;
};

/**
 * An exam period (sitting) exams may be put in. `seats` is the period's seat total (the sum of the
 * capacities of its rooms); without it the period holds any number of students.
 */
export type TimetablingPeriod = { key: string; seats?: number; durationMinutes: number };

/**
 * How to choose among the periods an exam fits in:
 * - `compact`: the earliest (classic DSatur first fit; uses the fewest periods),
 * - `spread`: the one that adds the least Toronto proximity cost for the exam's students (periods
 *   are taken to be in time order), earliest on ties. Spreads each student's exams apart, but may
 *   leave exams unplaced where `compact` places them all.
 */
export type TimetablingStrategy = "compact" | "spread";

export type TimetablingOptions = {
  strategy?: TimetablingStrategy;
  /** Pairs of exam keys that must not share a period though no student links them (ITC2007 EXCLUSION). */
  apart?: ReadonlyArray<readonly [string, string]>;
};

/** Where each placed exam goes (exam key to period key) and the keys of the exams that fit nowhere. */
export type PeriodAssignment = { assignment: Map<string, string>; unplaced: string[] };

/** The conflict graph of exams: for each exam (by input index), its neighbours and shared students. */
type ConflictGraph = {
  neighbours: Int32Array[];
  /** Students each neighbour shares with the exam (0 for an `apart` pair without common students). */
  shared: Int32Array[];
};

function conflictGraph(
  exams: readonly TimetablingExam[],
  apart: ReadonlyArray<readonly [string, string]> = [],
): ConflictGraph {
  const index = new Map<string, number>();
  for (const [i, exam] of exams.entries()) {
    if (index.has(exam.key)) throw new Error(`exam key "${exam.key}" is given twice`);
    index.set(exam.key, i);
  }
  const examsOfStudent = new Map<number | string, number[]>();
  for (const [i, exam] of exams.entries()) {
    for (const student of exam.students) {
      const list = examsOfStudent.get(student);
      if (list) list.push(i);
      else examsOfStudent.set(student, [i]);
    }
  }
  const links: Array<Map<number, number>> = exams.map(() => new Map());
  const link = (a: number, b: number, students: number) => {
    if (a === b) return;
    const la = links[a] as Map<number, number>;
    const lb = links[b] as Map<number, number>;
    la.set(b, (la.get(b) ?? 0) + students);
    lb.set(a, (lb.get(a) ?? 0) + students);
  };
  for (const list of examsOfStudent.values()) {
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) link(list[x] as number, list[y] as number, 1);
    }
  }
  for (const [a, b] of apart) {
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia === undefined || ib === undefined) throw new Error(`apart pair names an unknown exam: ${a}, ${b}`);
    link(ia, ib, 0);
  }
  return {
    neighbours: links.map((m) => Int32Array.from(m.keys())),
    shared: links.map((m) => Int32Array.from(m.values())),
  };
}

/** Adds `delta` to `values[i]` (typed arrays: no index is ever out of range here). */
function add(values: Int32Array | Float64Array, i: number, delta: number): void {
  values[i] = (values[i] as number) + delta;
}

/** Toronto proximity weight of two exams `d` periods apart: 2^(5-d) for d = 1..5, else 0. */
export function proximityWeight(distance: number): number {
  const d = Math.abs(distance);
  return d >= 1 && d <= 5 ? 2 ** (5 - d) : 0;
}

/**
 * Puts every exam into a period (DSatur-style graph colouring): repeatedly takes the unplaced exam
 * with the fewest periods still open to it (no student of it sits an exam there, its duration fits
 * the period's, and the period's seats left cover its `seats`), ties broken by the most unplaced
 * neighbours, then the most seats, then input order; and puts it in the period the strategy picks
 * (default `compact`). An exam with no open period is left out and listed in `unplaced` (it does not
 * block its neighbours). Keys must be unique (throws otherwise). Runs in O(exams x periods + student
 * pairs + exams^2): the 543 exams and 18,419 students of Toronto car-f-92 take milliseconds.
 */
export function assignExamPeriods(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  options: TimetablingOptions = {},
): PeriodAssignment {
  const n = exams.length;
  const p = periods.length;
  const strategy = options.strategy ?? "compact";
  const graph = conflictGraph(exams, options.apart);
  const periodKeys = new Set<string>();
  for (const period of periods) {
    if (periodKeys.has(period.key)) throw new Error(`period key "${period.key}" is given twice`);
    periodKeys.add(period.key);
  }

  const seatsLeft = Float64Array.from(periods, (q) => q.seats ?? Number.POSITIVE_INFINITY);
  const open = new Uint8Array(n * p);
  const openCount = new Int32Array(n);
  const openNeighbours = Int32Array.from(graph.neighbours, (list) => list.length);
  for (let e = 0; e < n; e++) {
    const exam = exams[e] as TimetablingExam;
    for (let q = 0; q < p; q++) {
      const period = periods[q] as TimetablingPeriod;
      if (exam.durationMinutes <= period.durationMinutes && exam.seats <= (seatsLeft[q] as number)) {
        open[e * p + q] = 1;
        add(openCount, e, 1);
      }
    }
  }

  const done = new Uint8Array(n);
  const periodOf = new Int32Array(n).fill(-1);
  const cost = new Float64Array(p);
  const unplaced: number[] = [];

  for (let step = 0; step < n; step++) {
    let e = -1;
    for (let x = 0; x < n; x++) {
      if (done[x]) continue;
      if (e < 0) {
        e = x;
        continue;
      }
      const dc = (openCount[x] as number) - (openCount[e] as number);
      if (dc < 0) e = x;
      else if (dc === 0) {
        const dn = (openNeighbours[x] as number) - (openNeighbours[e] as number);
        if (dn > 0 || (dn === 0 && (exams[x] as TimetablingExam).seats > (exams[e] as TimetablingExam).seats))
          e = x;
      }
    }
    done[e] = 1;
    const neighbours = graph.neighbours[e] as Int32Array;
    for (const x of neighbours) if (!done[x]) add(openNeighbours, x, -1);
    if (openCount[e] === 0) {
      unplaced.push(e);
      continue;
    }

    let chosen = -1;
    if (strategy === "compact") {
      for (let q = 0; q < p && chosen < 0; q++) if (open[e * p + q]) chosen = q;
    } else {
      cost.fill(0);
      const shared = graph.shared[e] as Int32Array;
      for (const [i, x] of neighbours.entries()) {
        const q = periodOf[x] as number;
        if (q < 0) continue;
        const w = shared[i] as number;
        for (let d = 1; d <= 5; d++) {
          if (q - d >= 0) add(cost, q - d, w * proximityWeight(d));
          if (q + d < p) add(cost, q + d, w * proximityWeight(d));
        }
      }
      for (let q = 0; q < p; q++) {
        if (open[e * p + q] && (chosen < 0 || (cost[q] as number) < (cost[chosen] as number))) chosen = q;
      }
    }

    periodOf[e] = chosen;
    const seats = (exams[e] as TimetablingExam).seats;
    add(seatsLeft, chosen, -seats);
    for (const x of neighbours) {
      if (!done[x] && open[x * p + chosen]) {
        open[x * p + chosen] = 0;
        add(openCount, x, -1);
      }
    }
    if (Number.isFinite(seatsLeft[chosen])) {
      const left = seatsLeft[chosen] as number;
      for (let x = 0; x < n; x++) {
        if (!done[x] && open[x * p + chosen] && (exams[x] as TimetablingExam).seats > left) {
          open[x * p + chosen] = 0;
          add(openCount, x, -1);
        }
      }
    }
  }

  // Repair: an exam left out may still go where exactly one placed exam blocks it, when that exam
  // can move to another period it fits in (a one-step Kempe-style move).
  let stillUnplaced: number[] = [];
  for (const e of unplaced) {
    if (!moveOneBlocker(e, exams, periods, graph, periodOf, seatsLeft)) stillUnplaced.push(e);
  }
  if (stillUnplaced.length > 0) stillUnplaced = iteratedGreedy(exams, periods, graph, periodOf, seatsLeft);

  const assignment = new Map<string, string>();
  for (let e = 0; e < n; e++) {
    const q = periodOf[e] as number;
    if (q >= 0) assignment.set((exams[e] as TimetablingExam).key, (periods[q] as TimetablingPeriod).key);
  }
  return { assignment, unplaced: stillUnplaced.map((e) => (exams[e] as TimetablingExam).key) };
}

/** Passes of {@link iteratedGreedy} at most. */
const GREEDY_PASSES = 400;

/**
 * Iterated greedy (after Culberson and Luo): recolours all exams first fit, one period class after
 * another (the unplaced first, then the classes in reverse, largest-first or shuffled order); exams
 * of one class never conflict, so a pass rarely needs more periods than the last. Keeps a pass when
 * it leaves no more exams unplaced, stops when only exams no period could ever take are left or
 * after {@link GREEDY_PASSES} passes.
 * Deterministic (fixed pseudo-random seed). Updates `periodOf` and `seatsLeft`; returns the exams
 * still without a period.
 */
function iteratedGreedy(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  graph: ConflictGraph,
  periodOf: Int32Array,
  seatsLeft: Float64Array,
): number[] {
  const n = exams.length;
  const p = periods.length;
  let seed = 0x2f6b_9d4d;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const capacity = Float64Array.from(periods, (q) => q.seats ?? Number.POSITIVE_INFINITY);
  let best = Int32Array.from(periodOf);
  let bestUnplaced = best.reduce((k, q) => k + (q < 0 ? 1 : 0), 0);
  // Exams no period can take even when empty (too long or too large) stay out whatever the order.
  const hopeless = exams.filter(
    (exam) =>
      !periods.some(
        (q) =>
          exam.durationMinutes <= q.durationMinutes && exam.seats <= (q.seats ?? Number.POSITIVE_INFINITY),
      ),
  ).length;
  const trial = new Int32Array(n);
  const left = new Float64Array(p);
  for (let pass = 0; pass < GREEDY_PASSES && bestUnplaced > hopeless; pass++) {
    const classes: number[][] = Array.from({ length: p }, () => []);
    const unplacedClass: number[] = [];
    for (let e = 0; e < n; e++) {
      const q = best[e] as number;
      if (q < 0) unplacedClass.push(e);
      else (classes[q] as number[]).push(e);
    }
    const kind = pass % 3;
    if (kind === 0) classes.reverse();
    else if (kind === 1) classes.sort((a, b) => b.length - a.length);
    else {
      for (let i = classes.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [classes[i], classes[j]] = [classes[j] as number[], classes[i] as number[]];
      }
    }
    trial.fill(-1);
    left.set(capacity);
    let unplacedCount = 0;
    for (const group of [unplacedClass, ...classes]) {
      for (const e of group) {
        const exam = exams[e] as TimetablingExam;
        const blocked = new Set<number>();
        for (const x of graph.neighbours[e] as Int32Array)
          if ((trial[x] as number) >= 0) blocked.add(trial[x] as number);
        let chosen = -1;
        for (let q = 0; q < p && chosen < 0; q++) {
          if (blocked.has(q)) continue;
          if (exam.durationMinutes > (periods[q] as TimetablingPeriod).durationMinutes) continue;
          if (exam.seats > (left[q] as number)) continue;
          chosen = q;
        }
        trial[e] = chosen;
        if (chosen < 0) unplacedCount++;
        else add(left, chosen, -exam.seats);
      }
    }
    if (unplacedCount <= bestUnplaced) {
      best = Int32Array.from(trial);
      bestUnplaced = unplacedCount;
    }
  }
  periodOf.set(best);
  seatsLeft.set(capacity);
  const unplaced: number[] = [];
  for (let e = 0; e < n; e++) {
    const q = periodOf[e] as number;
    if (q < 0) unplaced.push(e);
    else add(seatsLeft, q, -(exams[e] as TimetablingExam).seats);
  }
  return unplaced;
}

/**
 * Tries to place exam `e` (no period yet) in a period where a single placed neighbour blocks it by
 * moving that neighbour to another period it fits in. Updates `periodOf` and `seatsLeft` and
 * returns true on success; changes nothing otherwise.
 */
function moveOneBlocker(
  e: number,
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  graph: ConflictGraph,
  periodOf: Int32Array,
  seatsLeft: Float64Array,
): boolean {
  const p = periods.length;
  const exam = exams[e] as TimetablingExam;
  const blockers = new Int32Array(p);
  const blocker = new Int32Array(p).fill(-1);
  for (const x of graph.neighbours[e] as Int32Array) {
    const q = periodOf[x] as number;
    if (q < 0) continue;
    add(blockers, q, 1);
    blocker[q] = x;
  }
  const taken = new Uint8Array(p);
  for (let q = 0; q < p; q++) {
    const b = blocker[q] as number;
    if (blockers[q] !== 1 || exam.durationMinutes > (periods[q] as TimetablingPeriod).durationMinutes)
      continue;
    const moved = exams[b] as TimetablingExam;
    if (exam.seats > (seatsLeft[q] as number) + moved.seats) continue;
    taken.fill(0);
    for (const y of graph.neighbours[b] as Int32Array) {
      const r = periodOf[y] as number;
      if (r >= 0) taken[r] = 1;
    }
    for (let r = 0; r < p; r++) {
      if (r === q || taken[r]) continue;
      if (moved.durationMinutes > (periods[r] as TimetablingPeriod).durationMinutes) continue;
      if (moved.seats > (seatsLeft[r] as number)) continue;
      periodOf[b] = r;
      add(seatsLeft, r, -moved.seats);
      add(seatsLeft, q, moved.seats - exam.seats);
      periodOf[e] = q;
      return true;
    }
  }
  return false;
}

/**
 * Completes an assignment: each exam without a period (in input order) goes into the period where
 * the fewest of its students already sit another exam; ties go to a period its duration fits, then
 * the one with the most seats left, then the earliest. Returns a new map holding every exam; the
 * clashes it makes are the price of exams that fit nowhere (a clash report shows them).
 * Requires at least one period when some exam is unassigned (throws otherwise).
 */
export function placeWithFewestClashes(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  assignment: ReadonlyMap<string, string>,
): Map<string, string> {
  const result = new Map(assignment);
  const missing = exams.filter((e) => !result.has(e.key));
  if (missing.length === 0) return result;
  if (periods.length === 0) throw new Error("there is no period to put the unplaced exams in");
  const periodIndex = new Map(periods.map((q, i) => [q.key, i]));
  const seatsLeft = periods.map((q) => q.seats ?? Number.POSITIVE_INFINITY);
  /** For each student, the periods they already sit an exam in. */
  const busy = new Map<number | string, Set<number>>();
  const sit = (exam: TimetablingExam, q: number) => {
    seatsLeft[q] = (seatsLeft[q] as number) - exam.seats;
    for (const s of exam.students) {
      const set = busy.get(s);
      if (set) set.add(q);
      else busy.set(s, new Set([q]));
    }
  };
  for (const exam of exams) {
    const key = result.get(exam.key);
    const q = key === undefined ? undefined : periodIndex.get(key);
    if (q !== undefined) sit(exam, q);
  }
  for (const exam of missing) {
    const clashes = new Array<number>(periods.length).fill(0);
    for (const s of exam.students) for (const q of busy.get(s) ?? []) clashes[q] = (clashes[q] as number) + 1;
    const fits = (q: number) => exam.durationMinutes <= (periods[q] as TimetablingPeriod).durationMinutes;
    let best = 0;
    for (let q = 1; q < periods.length; q++) {
      const byClashes = (clashes[q] as number) - (clashes[best] as number);
      const byFit = Number(fits(best)) - Number(fits(q));
      const bySeats = (seatsLeft[best] as number) - (seatsLeft[q] as number);
      if (byClashes < 0 || (byClashes === 0 && (byFit < 0 || (byFit === 0 && bySeats < 0)))) best = q;
    }
    result.set(exam.key, (periods[best] as TimetablingPeriod).key);
    sit(exam, best);
  }
  return result;
}

/**
 * Student clashes of an assignment: for each student and period, the exams beyond the first that
 * the student sits there, summed (0 when no student has two exams at once). Exams without a period
 * are not counted.
 */
export function countStudentClashes(
  exams: ReadonlyArray<Pick<TimetablingExam, "key" | "students">>,
  assignment: ReadonlyMap<string, string>,
): number {
  const seen = new Set<string>();
  let clashes = 0;
  for (const exam of exams) {
    const period = assignment.get(exam.key);
    if (period === undefined) continue;
    for (const s of exam.students) {
      const key = `${period}\u0000${s}`;
      if (seen.has(key)) clashes++;
      else seen.add(key);
    }
  }
  return clashes;
}

/**
 * The Toronto benchmark's proximity penalty (Carter, Laporte and Lee 1996): for each student and
 * each pair of their exams `d` periods apart, 2^(5-d) for d = 1..5, summed and divided by the number
 * of students (`studentCount`, default: the distinct students of `exams`). `periodIndex` gives each
 * exam's period number (periods in time order, one apart per step); exams without one are skipped.
 */
export function torontoProximityPenalty(
  exams: ReadonlyArray<Pick<TimetablingExam, "key" | "students">>,
  periodIndex: ReadonlyMap<string, number>,
  studentCount?: number,
): number {
  const periodsOfStudent = new Map<number | string, number[]>();
  for (const exam of exams) {
    const q = periodIndex.get(exam.key);
    for (const s of exam.students) {
      let list = periodsOfStudent.get(s);
      if (!list) {
        list = [];
        periodsOfStudent.set(s, list);
      }
      if (q !== undefined) list.push(q);
    }
  }
  let total = 0;
  for (const list of periodsOfStudent.values()) {
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++)
        total += proximityWeight((list[x] as number) - (list[y] as number));
    }
  }
  const students = studentCount ?? periodsOfStudent.size;
  return students === 0 ? 0 : total / students;
}

/** Start times of generated exam periods: three sittings a day. */
export const GENERATED_PERIOD_TIMES = ["09:00", "13:00", "17:00"] as const;
/** Length of a generated exam period, minutes. */
export const GENERATED_PERIOD_MINUTES = 180;

/** A generated sitting: ISO date, start time HH:MM (Asia/Kolkata), length in minutes. */
export type GeneratedPeriod = { date: string; startTime: string; durationMinutes: number };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: "reject" });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first Monday strictly after the day `now` (epoch milliseconds) falls on in `timeZone`
 * (default Asia/Kolkata), as YYYY-MM-DD: on a Monday, the Monday a week later.
 */
export function firstMondayAfter(now: number, timeZone: string = EXAM_TIME_ZONE): string {
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone).toPlainDate();
  return today.add({ days: 8 - today.dayOfWeek }).toString();
}

/**
 * `count` exam periods on weekdays from `startDate` (YYYY-MM-DD; a Saturday or Sunday start moves
 * to the Monday after), `times` per day (default 09:00, 13:00, 17:00) of `durationMinutes` each
 * (default 180), in time order; the last day may hold fewer. Throws on a malformed date.
 */
export function weekdayExamPeriods(
  startDate: string,
  count: number,
  times: readonly string[] = GENERATED_PERIOD_TIMES,
  durationMinutes: number = GENERATED_PERIOD_MINUTES,
): GeneratedPeriod[] {
  if (!isCalendarDate(startDate)) throw new Error(`"${startDate}" is not a date (YYYY-MM-DD)`);
  if (times.length === 0) throw new Error("give at least one start time");
  const periods: GeneratedPeriod[] = [];
  let day = Temporal.PlainDate.from(startDate);
  while (periods.length < count) {
    if (day.dayOfWeek <= 5) {
      for (const startTime of times) {
        if (periods.length === count) break;
        periods.push({ date: day.toString(), startTime, durationMinutes });
      }
    }
    day = day.add({ days: 1 });
  }
  return periods;
}

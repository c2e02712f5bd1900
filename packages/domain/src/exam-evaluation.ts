/**
 * Evaluators of exam timetables against the two public benchmarks the importer reads: the ITC2007
 * examination track's hard constraints and soft penalty (McCollum et al., "The Second International
 * Timetabling Competition: Examination Timetabling Track", 2007, section 3; the Toronto proximity
 * penalty is {@link torontoProximityPenalty} in exam-timetabling.ts). Pure functions; exams, periods
 * and rooms are numbered from 0 in file order, periods in time order.
 */

/** ITC2007 institutional weightings ([InstitutionalWeightings]). */
export type Itc2007Weights = {
  /** TWOINAROW: per student, per pair of their exams in consecutive periods of one day. */
  twoInARow: number;
  /** TWOINADAY: per student, per pair of their exams on one day, not consecutive. */
  twoInADay: number;
  /** PERIODSPREAD: the spread g; per student, 1 per pair of their exams 1..g periods apart. */
  periodSpread: number;
  /** NONMIXEDDURATIONS: per room and period, per distinct exam duration beyond the first. */
  nonMixedDurations: number;
  /** FRONTLOAD: the `exams` largest exams (most students) in the last `periods` periods cost `weight` each. */
  frontLoad: { exams: number; periods: number; weight: number };
};

/** An ITC2007 instance in evaluator terms (indexes, minutes). */
export type Itc2007Instance = {
  /** Each exam's students (any ids) and length in minutes. */
  exams: ReadonlyArray<{ students: readonly (number | string)[]; durationMinutes: number }>;
  /** Periods in time order: their day (any key, e.g. the date), length in minutes and penalty. */
  periods: ReadonlyArray<{ day: string; durationMinutes: number; penalty: number }>;
  rooms: ReadonlyArray<{ capacity: number; penalty: number }>;
  /** EXCLUSION pairs: never in one period. */
  apart: ReadonlyArray<readonly [number, number]>;
  /** EXAM_COINCIDENCE pairs: in one period. */
  together: ReadonlyArray<readonly [number, number]>;
  /** AFTER pairs `[later, earlier]`: `later` in a strictly later period than `earlier`. */
  after: ReadonlyArray<readonly [number, number]>;
  /** ROOM_EXCLUSIVE exams: no other exam in their room and period. */
  roomExclusive: readonly number[];
  weights: Itc2007Weights;
};

/** A solution: each exam's period and room (index; -1 when it has none, which counts as a break). */
export type Itc2007Solution = { period: ArrayLike<number>; room: ArrayLike<number> };

/** Hard-constraint breaks by kind; a feasible solution has `total` 0. */
export type Itc2007HardBreaks = {
  /** Exams without a period or room. */
  unassigned: number;
  /** Per student and period, the exams beyond the first they sit there. */
  clashes: number;
  /** Per room and period, 1 when the seats taken exceed the capacity. */
  roomOccupancy: number;
  /** Exams longer than their period. */
  periodDuration: number;
  /**
   * Broken EXCLUSION, EXAM_COINCIDENCE and AFTER constraints, each distinct one once (a pair
   * stated twice, or both ways round for the symmetric two, counts once; an exam paired with
   * itself is no constraint), as the competition winner's evaluator counts them.
   */
  periodConstraints: number;
  /** ROOM_EXCLUSIVE exams sharing their room and period. */
  roomConstraints: number;
  total: number;
};

/** Soft penalty by term, each already weighted; `total` is the competition's objective. */
export type Itc2007SoftPenalty = {
  twoInARow: number;
  twoInADay: number;
  periodSpread: number;
  nonMixedDurations: number;
  frontLoad: number;
  roomPenalty: number;
  periodPenalty: number;
  total: number;
};

/** The weightings of a parsed [InstitutionalWeightings] section (missing terms weigh 0). */
export function itc2007Weights(weightings: Readonly<Record<string, readonly number[]>>): Itc2007Weights {
  const w = (name: string, i = 0) => weightings[name]?.[i] ?? 0;
  return {
    twoInARow: w("TWOINAROW"),
    twoInADay: w("TWOINADAY"),
    periodSpread: w("PERIODSPREAD"),
    nonMixedDurations: w("NONMIXEDDURATIONS"),
    frontLoad: { exams: w("FRONTLOAD", 0), periods: w("FRONTLOAD", 1), weight: w("FRONTLOAD", 2) },
  };
}

/** For each period, the index of its day (periods of one day share it), in period order. */
export function dayIndexes(periods: ReadonlyArray<{ day: string }>): Int32Array {
  const days = new Map<string, number>();
  return Int32Array.from(periods, (p) => {
    let d = days.get(p.day);
    if (d === undefined) {
      d = days.size;
      days.set(p.day, d);
    }
    return d;
  });
}

/**
 * Student-pair cost of two periods under the ITC2007 weightings, per student sitting an exam in
 * each: two in a row (same day, consecutive), two in a day (same day, further apart) and period
 * spread (1 when 1..g periods apart, any day). 0 for the same period (a clash, counted as hard).
 */
export function itc2007PairCost(
  weights: Itc2007Weights,
  dayOf: ArrayLike<number>,
  a: number,
  b: number,
): number {
  if (a === b) return 0;
  const d = Math.abs(a - b);
  let cost = d <= weights.periodSpread ? 1 : 0;
  if (dayOf[a] === dayOf[b]) cost += d === 1 ? weights.twoInARow : weights.twoInADay;
  return cost;
}

/**
 * The exams that count for the front load: the `count` exams with the most students, ties by
 * index (the competition's evaluator sorts by size; its order among equal sizes is unspecified).
 */
export function frontLoadExams(exams: Itc2007Instance["exams"], count: number): Set<number> {
  const order = exams
    .map((e, i) => [e.students.length, i] as const)
    .sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  return new Set(order.slice(0, Math.max(0, count)).map(([, i]) => i));
}

/** Each student's exams (indexes), students in first-seen order. */
function examsByStudent(exams: Itc2007Instance["exams"]): number[][] {
  const lists = new Map<number | string, number[]>();
  for (const [e, exam] of exams.entries()) {
    for (const s of exam.students) {
      const list = lists.get(s);
      if (list) list.push(e);
      else lists.set(s, [e]);
    }
  }
  return [...lists.values()];
}

/**
 * The hard-constraint breaks of an ITC2007 solution (competition section 3.1): student clashes,
 * room occupancy over capacity, exams longer than their period, EXCLUSION / EXAM_COINCIDENCE /
 * AFTER pairs broken, ROOM_EXCLUSIVE exams sharing a room; exams without a period or room are
 * counted apart and skipped by the rest. O(enrolments + exams + pairs).
 */
export function itc2007HardBreaks(instance: Itc2007Instance, solution: Itc2007Solution): Itc2007HardBreaks {
  const { exams, periods, rooms } = instance;
  const placed = (e: number) => {
    const q = solution.period[e] ?? -1;
    const r = solution.room[e] ?? -1;
    return q >= 0 && q < periods.length && r >= 0 && r < rooms.length;
  };
  const breaks: Itc2007HardBreaks = {
    unassigned: 0,
    clashes: 0,
    roomOccupancy: 0,
    periodDuration: 0,
    periodConstraints: 0,
    roomConstraints: 0,
    total: 0,
  };
  const seats = new Map<number, number>();
  const count = new Map<number, number>();
  for (const [e, exam] of exams.entries()) {
    if (!placed(e)) {
      breaks.unassigned++;
      continue;
    }
    const q = solution.period[e] as number;
    const slot = q * rooms.length + (solution.room[e] as number);
    seats.set(slot, (seats.get(slot) ?? 0) + exam.students.length);
    count.set(slot, (count.get(slot) ?? 0) + 1);
    if (exam.durationMinutes > (periods[q]?.durationMinutes ?? 0)) breaks.periodDuration++;
  }
  for (const [slot, taken] of seats) {
    if (taken > (rooms[slot % rooms.length]?.capacity ?? 0)) breaks.roomOccupancy++;
  }
  for (const e of new Set(instance.roomExclusive)) {
    if (!placed(e)) continue;
    const slot = (solution.period[e] as number) * rooms.length + (solution.room[e] as number);
    if ((count.get(slot) ?? 0) > 1) breaks.roomConstraints++;
  }
  for (const list of examsByStudent(exams)) {
    const seen = new Set<number>();
    for (const e of list) {
      if (!placed(e)) continue;
      const q = solution.period[e] as number;
      if (seen.has(q)) breaks.clashes++;
      else seen.add(q);
    }
  }
  // Each distinct constraint counts once: a file may state an EXCLUSION or EXAM_COINCIDENCE pair
  // twice, once each way round (exam_comp_set4 does, 20 times), and may pair an exam with itself
  // (exam_comp_set6), which constrains nothing.
  const pairs = (
    list: ReadonlyArray<readonly [number, number]>,
    ordered: boolean,
    broken: (a: number, b: number) => boolean,
  ) => {
    const seen = new Set<string>();
    for (const [x, y] of list) {
      if (x === y) continue;
      const key = ordered || x < y ? `${x},${y}` : `${y},${x}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (placed(x) && placed(y) && broken(solution.period[x] as number, solution.period[y] as number))
        breaks.periodConstraints++;
    }
  };
  pairs(instance.apart, false, (a, b) => a === b);
  pairs(instance.together, false, (a, b) => a !== b);
  pairs(instance.after, true, (later, earlier) => later <= earlier);
  breaks.total =
    breaks.unassigned +
    breaks.clashes +
    breaks.roomOccupancy +
    breaks.periodDuration +
    breaks.periodConstraints +
    breaks.roomConstraints;
  return breaks;
}

/**
 * The soft penalty of an ITC2007 solution (competition section 3.2), each term weighted:
 * two in a row, two in a day and period spread per student and pair of their exams (see
 * {@link itc2007PairCost}), non-mixed durations per room and period, front load, and the room and
 * period penalties of each exam's room and period. Exams without a period (or room, for the room
 * terms) are skipped. O(enrolments x exams per student + exams).
 */
export function itc2007SoftPenalty(instance: Itc2007Instance, solution: Itc2007Solution): Itc2007SoftPenalty {
  const { exams, periods, rooms, weights } = instance;
  const dayOf = dayIndexes(periods);
  const periodOf = (e: number) => {
    const q = solution.period[e] ?? -1;
    return q >= 0 && q < periods.length ? q : -1;
  };
  const roomOf = (e: number) => {
    const r = solution.room[e] ?? -1;
    return periodOf(e) >= 0 && r >= 0 && r < rooms.length ? r : -1;
  };
  const soft: Itc2007SoftPenalty = {
    twoInARow: 0,
    twoInADay: 0,
    periodSpread: 0,
    nonMixedDurations: 0,
    frontLoad: 0,
    roomPenalty: 0,
    periodPenalty: 0,
    total: 0,
  };
  for (const list of examsByStudent(exams)) {
    for (let i = 0; i < list.length; i++) {
      const a = periodOf(list[i] as number);
      if (a < 0) continue;
      for (let j = i + 1; j < list.length; j++) {
        const b = periodOf(list[j] as number);
        if (b < 0 || a === b) continue;
        const d = Math.abs(a - b);
        if (d <= weights.periodSpread) soft.periodSpread++;
        if (dayOf[a] === dayOf[b]) {
          if (d === 1) soft.twoInARow += weights.twoInARow;
          else soft.twoInADay += weights.twoInADay;
        }
      }
    }
  }
  const durations = new Map<number, Set<number>>();
  for (const [e, exam] of exams.entries()) {
    const q = periodOf(e);
    if (q < 0) continue;
    soft.periodPenalty += periods[q]?.penalty ?? 0;
    const r = roomOf(e);
    if (r < 0) continue;
    soft.roomPenalty += rooms[r]?.penalty ?? 0;
    const slot = q * rooms.length + r;
    const set = durations.get(slot);
    if (set) set.add(exam.durationMinutes);
    else durations.set(slot, new Set([exam.durationMinutes]));
  }
  for (const set of durations.values()) soft.nonMixedDurations += (set.size - 1) * weights.nonMixedDurations;
  const { exams: largest, periods: last, weight } = weights.frontLoad;
  const firstLate = periods.length - last;
  for (const e of frontLoadExams(exams, largest)) {
    const q = periodOf(e);
    if (q >= 0 && q >= firstLate) soft.frontLoad += weight;
  }
  soft.total =
    soft.twoInARow +
    soft.twoInADay +
    soft.periodSpread +
    soft.nonMixedDurations +
    soft.frontLoad +
    soft.roomPenalty +
    soft.periodPenalty;
  return soft;
}

/**
 * Rooms for the exams of one period (input indexes), or null when they do not all fit (ITC2007:
 * one room per exam, exams may share a room up to its capacity, a ROOM_EXCLUSIVE exam alone).
 * The exclusive exams first, then the others, most students first (ties by index). First try: each
 * takes the room that keeps the soft penalty lowest (the room penalty, plus the non-mixed-durations
 * weight when the room already holds another duration), ties to the room left fullest, then the
 * lowest index. When that leaves an exam out, second try: best fit (the room left fullest) alone.
 * Returns the rooms in the order of `exams`.
 */
export function roomsForPeriod(instance: Itc2007Instance, exams: readonly number[]): number[] | null {
  const exclusive = new Set(instance.roomExclusive);
  const size = (e: number) => instance.exams[e]?.students.length ?? 0;
  const order = exams
    .map((e, at) => ({ e, at }))
    .sort(
      (x, y) => Number(exclusive.has(y.e)) - Number(exclusive.has(x.e)) || size(y.e) - size(x.e) || x.e - y.e,
    );
  const attempt = (withPenalty: boolean): number[] | null => {
    const rooms = instance.rooms;
    const left = rooms.map((r) => r.capacity);
    const closed = new Uint8Array(rooms.length);
    const used = new Uint8Array(rooms.length);
    const durations: Array<Set<number>> = rooms.map(() => new Set());
    const chosen = new Array<number>(exams.length).fill(-1);
    for (const { e, at } of order) {
      const need = size(e);
      const alone = exclusive.has(e);
      const duration = instance.exams[e]?.durationMinutes ?? 0;
      let best = -1;
      let bestCost = 0;
      for (const [r, spec] of rooms.entries()) {
        const free = left[r] as number;
        if (closed[r] || free < need || (alone && used[r])) continue;
        const mixed = durations[r] as Set<number>;
        const cost = withPenalty
          ? spec.penalty + (mixed.size > 0 && !mixed.has(duration) ? instance.weights.nonMixedDurations : 0)
          : 0;
        if (best < 0 || cost < bestCost || (cost === bestCost && free < (left[best] as number))) {
          best = r;
          bestCost = cost;
        }
      }
      if (best < 0) return null;
      chosen[at] = best;
      left[best] = (left[best] as number) - need;
      used[best] = 1;
      (durations[best] as Set<number>).add(duration);
      if (alone) closed[best] = 1;
    }
    return chosen;
  };
  return attempt(true) ?? attempt(false);
}

/**
 * Rooms for a timetable's exams, period by period ({@link roomsForPeriod}); in a period where the
 * exams do not all fit, each takes the room with the most seats left (an occupancy or exclusivity
 * break the evaluator reports). Returns each exam's room (-1 without a period, or without rooms).
 */
export function assignItc2007Rooms(instance: Itc2007Instance, period: ArrayLike<number>): Int32Array {
  const { exams, periods, rooms } = instance;
  const room = new Int32Array(exams.length).fill(-1);
  const byPeriod: number[][] = periods.map(() => []);
  for (let e = 0; e < exams.length; e++) {
    const q = period[e] ?? -1;
    if (q >= 0 && q < periods.length) (byPeriod[q] as number[]).push(e);
  }
  if (rooms.length === 0) return room;
  for (const list of byPeriod) {
    const fitted = roomsForPeriod(instance, list);
    if (fitted) {
      for (const [at, e] of list.entries()) room[e] = fitted[at] as number;
      continue;
    }
    const left = rooms.map((r) => r.capacity);
    for (const e of list) {
      let best = 0;
      for (let r = 1; r < rooms.length; r++) if ((left[r] as number) > (left[best] as number)) best = r;
      room[e] = best;
      left[best] = (left[best] as number) - (exams[e]?.students.length ?? 0);
    }
  }
  return room;
}

/**
 * An ITC2007 solution in the competition's output format: one line per exam in file order,
 * `period, room` (both indexes from 0 in file order), CRLF line ends as the competition's files
 * have them. An exam without a period or room is written `-1, -1`.
 */
export function formatItc2007Solution(solution: Itc2007Solution, exams: number): string {
  let text = "";
  for (let e = 0; e < exams; e++) {
    const q = solution.period[e] ?? -1;
    const r = solution.room[e] ?? -1;
    text += q >= 0 && r >= 0 ? `${q}, ${r}\r\n` : "-1, -1\r\n";
  }
  return text;
}

/**
 * Reads a solution in the competition's output format ({@link formatItc2007Solution}): one
 * `period, room` line per exam, blank lines ignored. Throws an Error naming the line when a line
 * is not two whole numbers, or when the count of lines is not `exams`.
 */
export function parseItc2007Solution(text: string, exams: number): Itc2007Solution {
  const period: number[] = [];
  const room: number[] = [];
  for (const [at, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const match = /^(-?\d+)\s*,\s*(-?\d+)$/.exec(line);
    if (!match) throw new Error(`line ${at + 1}: expected "period, room", got "${line}"`);
    period.push(Number(match[1]));
    room.push(Number(match[2]));
  }
  if (period.length !== exams) throw new Error(`line count ${period.length}, exam count ${exams}`);
  return { period, room };
}

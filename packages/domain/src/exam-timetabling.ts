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
  /** Invigilators the exam needs (ceil(students / students per invigilator)); 0 when not given. */
  invigilators?: number;
};

/**
 * An exam period (sitting) exams may be put in. `seats` is the period's seat total (the sum of the
 * capacities of its rooms); without it the period holds any number of students.
 */
export type TimetablingPeriod = {
  key: string;
  seats?: number;
  durationMinutes: number;
  /** The day the period is on (any value equal for the periods of one day); needed by `oneExamPerDay`. */
  day?: number | string;
  /** Invigilators available in the period; without it the period staffs any number of exams. */
  invigilators?: number;
};

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
  /**
   * Pairs of exam keys that must share a period (ITC2007 EXAM_COINCIDENCE). Transitive: A with B and
   * B with C puts all three together. Exams held together must not share a student (nor be an
   * `apart` pair): such a group cannot be held at all and stays unplaced.
   */
  together?: ReadonlyArray<readonly [string, string]>;
  /**
   * Pairs `[later, earlier]`: exam `later` must be in a period strictly after the period of exam
   * `earlier` (ITC2007 `later, AFTER, earlier`; the same period breaks it). "After" is the order of
   * the `periods` argument, which the caller gives in time order. Exams on an ordering cycle (or
   * ordered against an exam they are held together with) stay unplaced.
   */
  after?: ReadonlyArray<readonly [string, string]>;
  /**
   * At most one exam per student per day (hard): exams sharing a student go on different days
   * (`day` of the periods, which every period must then carry). `apart` pairs without a shared
   * student only need different periods.
   */
  oneExamPerDay?: boolean;
  /**
   * Hard minimum spread: exams sharing a student at least this many periods apart (in the order of
   * the `periods` argument); 1 (the default) only forbids the same period, 2 also the next period.
   */
  minSpread?: number;
};

/** Where each placed exam goes (exam key to period key) and the keys of the exams that fit nowhere. */
export type PeriodAssignment = { assignment: Map<string, string>; unplaced: string[] };

/**
 * What the colouring places: one exam, or exams held together (`together`) merged into one node
 * with their seats summed and the longest duration.
 */
export type TimetablingNode = Pick<TimetablingExam, "seats" | "durationMinutes"> & { invigilators: number };

/** The conflict graph of the nodes: for each node, its neighbours and the students they share. */
export type ConflictGraph = {
  neighbours: Int32Array[];
  /** Students each neighbour shares with the node (0 for an `apart` pair without common students). */
  shared: Int32Array[];
};

/**
 * Ordering of the nodes (`after` pairs): for each node the nodes that must come earlier and later,
 * and the nodes with any such pair in an order that puts earlier ones first (empty when no pair).
 */
export type Ordering = { earlier: number[][]; later: number[][]; sequence: number[] };

/** The problem on nodes, with the nodes no period can ever take (`impossible`). */
export type TimetablingProblem = {
  nodes: TimetablingNode[];
  /** The node of each exam (input index). */
  nodeOf: Int32Array;
  graph: ConflictGraph;
  order: Ordering;
  impossible: Uint8Array;
};

/** Index of each key; throws when a key is given twice. */
function indexKeys(items: ReadonlyArray<{ key: string }>, what: string): Map<string, number> {
  const index = new Map<string, number>();
  for (const [i, item] of items.entries()) {
    if (index.has(item.key)) throw new Error(`${what} key "${item.key}" is given twice`);
    index.set(item.key, i);
  }
  return index;
}

/** The exam indexes of a pair of keys; throws naming the option when a key is unknown. */
function pairIndexes(index: Map<string, number>, option: string, [a, b]: readonly [string, string]) {
  const ia = index.get(a);
  const ib = index.get(b);
  if (ia === undefined || ib === undefined)
    throw new Error(`${option} pair names an unknown exam: ${a}, ${b}`);
  return [ia, ib] as const;
}

/**
 * Merges the exams held together into nodes (union-find; a node is numbered by its first exam in
 * input order, so without `together` node i is exam i), builds their conflict graph and ordering, and
 * marks the nodes that can never be placed: members sharing a student or kept apart, an ordering
 * within one node, or an ordering cycle. O(exams + student pairs + pairs x ordered nodes).
 */
export function buildTimetablingProblem(
  exams: readonly TimetablingExam[],
  options: TimetablingOptions,
): TimetablingProblem {
  const n = exams.length;
  const index = indexKeys(exams, "exam");
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const root = (x: number): number => {
    let r = x;
    while (parent[r] !== r) r = parent[r] as number;
    for (let y = x; parent[y] !== r; ) {
      const next = parent[y] as number;
      parent[y] = r;
      y = next;
    }
    return r;
  };
  for (const pair of options.together ?? []) {
    const [a, b] = pairIndexes(index, "together", pair).map(root) as [number, number];
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const nodeOfRoot = new Map<number, number>();
  const nodeOf = new Int32Array(n);
  const nodes: TimetablingNode[] = [];
  for (let e = 0; e < n; e++) {
    const exam = exams[e] as TimetablingExam;
    const r = root(e);
    let v = nodeOfRoot.get(r);
    if (v === undefined) {
      v = nodes.length;
      nodeOfRoot.set(r, v);
      nodes.push({ seats: 0, durationMinutes: 0, invigilators: 0 });
    }
    nodeOf[e] = v;
    const node = nodes[v] as TimetablingNode;
    node.seats += exam.seats;
    node.invigilators += exam.invigilators ?? 0;
    node.durationMinutes = Math.max(node.durationMinutes, exam.durationMinutes);
  }

  const m = nodes.length;
  const impossible = new Uint8Array(m);
  const links: Array<Map<number, number>> = nodes.map(() => new Map());
  const link = (x: number, y: number, students: number) => {
    if (x === y) return; // an exam listing a student twice
    const a = nodeOf[x] as number;
    const b = nodeOf[y] as number;
    if (a === b) {
      impossible[a] = 1; // held together, yet a student sits both (or they are kept apart)
      return;
    }
    const la = links[a] as Map<number, number>;
    const lb = links[b] as Map<number, number>;
    la.set(b, (la.get(b) ?? 0) + students);
    lb.set(a, (lb.get(a) ?? 0) + students);
  };
  const examsOfStudent = new Map<number | string, number[]>();
  for (const [e, exam] of exams.entries()) {
    for (const student of exam.students) {
      const list = examsOfStudent.get(student);
      if (list) list.push(e);
      else examsOfStudent.set(student, [e]);
    }
  }
  for (const list of examsOfStudent.values()) {
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) link(list[x] as number, list[y] as number, 1);
    }
  }
  for (const pair of options.apart ?? []) link(...pairIndexes(index, "apart", pair), 0);
  const graph: ConflictGraph = {
    neighbours: links.map((l) => Int32Array.from(l.keys())),
    shared: links.map((l) => Int32Array.from(l.values())),
  };

  // Ordering: node `earlier` before node `later`; within one node it can never hold.
  const earlier: number[][] = nodes.map(() => []);
  const later: number[][] = nodes.map(() => []);
  const seen = new Set<number>();
  for (const pair of options.after ?? []) {
    const [x, y] = pairIndexes(index, "after", pair);
    const a = nodeOf[y] as number;
    const b = nodeOf[x] as number;
    if (a === b) impossible[a] = 1;
    else if (!seen.has(a * m + b)) {
      seen.add(a * m + b);
      (later[a] as number[]).push(b);
      (earlier[b] as number[]).push(a);
    }
  }
  const ordered = new Set([...seen].flatMap((k) => [Math.floor(k / m), k % m]));
  for (const v of ordered) if (reaches(later, v, v)) impossible[v] = 1;
  // An ordering against a node that is never placed cannot be kept either way: drop it.
  for (let v = 0; v < m; v++) {
    if (!impossible[v]) continue;
    for (const w of later[v] as number[]) earlier[w] = (earlier[w] as number[]).filter((x) => x !== v);
    for (const w of earlier[v] as number[]) later[w] = (later[w] as number[]).filter((x) => x !== v);
    earlier[v] = [];
    later[v] = [];
  }
  return {
    nodes,
    nodeOf,
    graph,
    order: { earlier, later, sequence: topologicalOrder(earlier, later) },
    impossible,
  };
}

/** True when `to` can be reached from `from` over at least one `next` step (depth-first). */
function reaches(next: readonly number[][], from: number, to: number): boolean {
  const stack = [...(next[from] as number[])];
  const visited = new Set<number>();
  while (stack.length > 0) {
    const v = stack.pop() as number;
    if (v === to) return true;
    if (visited.has(v)) continue;
    visited.add(v);
    stack.push(...(next[v] as number[]));
  }
  return false;
}

/** The nodes with an ordering pair, earlier ones first (Kahn; the graph has no cycle left). */
function topologicalOrder(earlier: readonly number[][], later: readonly number[][]): number[] {
  const waiting = earlier.map((list) => list.length);
  const sequence = earlier.flatMap((list, v) =>
    list.length === 0 && (later[v] as number[]).length > 0 ? [v] : [],
  );
  for (let i = 0; i < sequence.length; i++) {
    for (const w of later[sequence[i] as number] as number[]) {
      waiting[w] = (waiting[w] as number) - 1;
      if (waiting[w] === 0) sequence.push(w);
    }
  }
  return sequence;
}

/** Adds `delta` to `values[i]` (typed arrays: no index is ever out of range here). */
function add(values: Int32Array | Float64Array, i: number, delta: number): void {
  values[i] = (values[i] as number) + delta;
}

/**
 * True when node `v` in period `q` keeps its ordering against the placed nodes (`periodOf` >= 0):
 * after every earlier one, before every later one.
 */
export function orderAllows(order: Ordering, v: number, q: number, periodOf: Int32Array): boolean {
  for (const x of order.earlier[v] as number[]) if ((periodOf[x] as number) >= q) return false;
  for (const y of order.later[v] as number[]) {
    const r = periodOf[y] as number;
    if (r >= 0 && r <= q) return false;
  }
  return true;
}

/**
 * Narrows the open periods of the nodes not yet done to what the ordering still allows: a node comes
 * after the earliest period its earlier nodes can take (their own period once placed) and before the
 * latest period its later nodes can take. One pass each way over `order.sequence` reaches the fixed
 * point (a backward pass only empties a node, and an empty node no longer bounds its neighbours).
 * O(ordered nodes x periods).
 */
function narrowByOrder(
  order: Ordering,
  p: number,
  open: Uint8Array,
  openCount: Int32Array,
  done: Uint8Array,
  periodOf: Int32Array,
): void {
  const close = (v: number, from: number, to: number) => {
    for (let q = Math.max(0, from); q < Math.min(p, to); q++) {
      if (open[v * p + q]) {
        open[v * p + q] = 0;
        add(openCount, v, -1);
      }
    }
  };
  const bound = (v: number, fromEnd: boolean): number => {
    if (done[v]) return periodOf[v] as number;
    for (let i = 0; i < p; i++) {
      const q = fromEnd ? p - 1 - i : i;
      if (open[v * p + q]) return q;
    }
    return -1;
  };
  for (const v of order.sequence) {
    const first = bound(v, false);
    if (first >= 0) for (const w of order.later[v] as number[]) if (!done[w]) close(w, 0, first + 1);
  }
  for (let i = order.sequence.length - 1; i >= 0; i--) {
    const v = order.sequence[i] as number;
    const last = bound(v, true);
    if (last >= 0) for (const w of order.earlier[v] as number[]) if (!done[w]) close(w, last, p);
  }
}

/**
 * Which periods exams sharing a student may not take together (`oneExamPerDay`, `minSpread`):
 * a p x p matrix, 1 at [q * p + r] when an exam in q rules out r for a student's other exam (always
 * on the diagonal). Throws when `oneExamPerDay` is asked and a period has no `day`.
 */
export function studentBlockedPeriods(
  periods: readonly TimetablingPeriod[],
  options: Pick<TimetablingOptions, "oneExamPerDay" | "minSpread">,
): Uint8Array {
  const p = periods.length;
  const spread = Math.max(1, Math.floor(options.minSpread ?? 1));
  if (options.oneExamPerDay && periods.some((q) => q.day === undefined))
    throw new Error("oneExamPerDay needs the day of every period");
  const near = new Uint8Array(p * p);
  for (let q = 0; q < p; q++) {
    for (let r = 0; r < p; r++) {
      const sameDay = options.oneExamPerDay === true && periods[q]?.day === periods[r]?.day;
      if (Math.abs(q - r) < spread || sameDay) near[q * p + r] = 1;
    }
  }
  return near;
}

/** Toronto proximity weight of two exams `d` periods apart: 2^(5-d) for d = 1..5, else 0. */
export function proximityWeight(distance: number): number {
  const d = Math.abs(distance);
  return d >= 1 && d <= 5 ? 2 ** (5 - d) : 0;
}

/**
 * Puts every exam into a period (DSatur-style graph colouring), keeping the hard constraints: no
 * student sits two exams in one period, `apart` pairs in different periods, `together` exams in one
 * period (merged into one node first: their seats add up, the longest duration counts), `after`
 * pairs in strictly later periods, each period's exams within its `seats` and its duration.
 * Repeatedly takes the unplaced node with the fewest periods still open to it (no student of it sits
 * an exam there, the durations fit, the period's seats left cover its seats, the ordering still
 * allows it), ties broken by the most unplaced neighbours, then the most seats, then input order;
 * and puts it in the period the strategy picks (default `compact`); orderings then narrow the open
 * periods of the nodes they link. A node with no open period is left out and its exams listed in
 * `unplaced` (input order; it blocks neither its neighbours nor its orderings); repairs (moving one
 * blocking node, then iterated greedy passes) try to place them, keeping every constraint. Keys must
 * be unique and pairs must name known exams (throws otherwise). Runs in O(exams x periods + student
 * pairs + exams^2 + ordered nodes x periods x exams): the 543 exams and 18,419 students of Toronto
 * car-f-92 take milliseconds.
 */
export function assignExamPeriods(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  options: TimetablingOptions = {},
): PeriodAssignment {
  const p = periods.length;
  const strategy = options.strategy ?? "compact";
  indexKeys(periods, "period");
  const problem = buildTimetablingProblem(exams, options);
  const { nodes, graph, order } = problem;
  const n = nodes.length;

  const seatsLeft = Float64Array.from(periods, (q) => q.seats ?? Number.POSITIVE_INFINITY);
  const invigilatorsLeft = Float64Array.from(periods, (q) => q.invigilators ?? Number.POSITIVE_INFINITY);
  const near = studentBlockedPeriods(periods, options);
  const open = new Uint8Array(n * p);
  const openCount = new Int32Array(n);
  const openNeighbours = Int32Array.from(graph.neighbours, (list) => list.length);
  for (let e = 0; e < n; e++) {
    if (problem.impossible[e]) continue;
    const node = nodes[e] as TimetablingNode;
    for (let q = 0; q < p; q++) {
      const period = periods[q] as TimetablingPeriod;
      if (
        node.durationMinutes <= period.durationMinutes &&
        node.seats <= (seatsLeft[q] as number) &&
        node.invigilators <= (invigilatorsLeft[q] as number)
      ) {
        open[e * p + q] = 1;
        add(openCount, e, 1);
      }
    }
  }
  const done = new Uint8Array(n);
  const periodOf = new Int32Array(n).fill(-1);
  if (order.sequence.length > 0) narrowByOrder(order, p, open, openCount, done, periodOf);
  /** Where each node may ever go (durations, seat totals, ordering chains), for the repairs. */
  const allowed = Uint8Array.from(open);

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
        if (dn > 0 || (dn === 0 && (nodes[x] as TimetablingNode).seats > (nodes[e] as TimetablingNode).seats))
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
    const seats = (nodes[e] as TimetablingNode).seats;
    add(seatsLeft, chosen, -seats);
    add(invigilatorsLeft, chosen, -(nodes[e] as TimetablingNode).invigilators);
    const sharedWith = graph.shared[e] as Int32Array;
    for (const [i, x] of neighbours.entries()) {
      if (done[x]) continue;
      // A student's other exam may not take the period, nor (day, spread) the periods near it.
      const wide = (sharedWith[i] as number) > 0;
      for (let r = 0; r < p; r++) {
        if ((r === chosen || (wide && near[chosen * p + r])) && open[x * p + r]) {
          open[x * p + r] = 0;
          add(openCount, x, -1);
        }
      }
    }
    if (Number.isFinite(seatsLeft[chosen]) || Number.isFinite(invigilatorsLeft[chosen])) {
      const left = seatsLeft[chosen] as number;
      const staff = invigilatorsLeft[chosen] as number;
      for (let x = 0; x < n; x++) {
        const other = nodes[x] as TimetablingNode;
        if (!done[x] && open[x * p + chosen] && (other.seats > left || other.invigilators > staff)) {
          open[x * p + chosen] = 0;
          add(openCount, x, -1);
        }
      }
    }
    if (order.sequence.length > 0) narrowByOrder(order, p, open, openCount, done, periodOf);
  }

  // Repair: a node left out may still go where exactly one placed node blocks it, when that node
  // can move to another period it fits in (a one-step Kempe-style move).
  const repair: Repair = {
    nodes,
    periods,
    graph,
    order,
    allowed,
    periodOf,
    seatsLeft,
    invigilatorsLeft,
    near,
  };
  let stillUnplaced = unplaced.filter((e) => !moveOneBlocker(e, repair));
  if (stillUnplaced.length > 0) stillUnplaced = iteratedGreedy(repair);

  const out = new Set(stillUnplaced);
  const assignment = new Map<string, string>();
  const unplacedKeys: string[] = [];
  for (const [i, exam] of exams.entries()) {
    const v = problem.nodeOf[i] as number;
    if (out.has(v)) unplacedKeys.push(exam.key);
    else assignment.set(exam.key, (periods[periodOf[v] as number] as TimetablingPeriod).key);
  }
  return { assignment, unplaced: unplacedKeys };
}

/** What the repairs work on: the nodes, periods and constraints, and the placement they change. */
type Repair = {
  nodes: readonly TimetablingNode[];
  periods: readonly TimetablingPeriod[];
  graph: ConflictGraph;
  order: Ordering;
  /** Node x period: 1 where the node may ever go. */
  allowed: Uint8Array;
  periodOf: Int32Array;
  seatsLeft: Float64Array;
  invigilatorsLeft: Float64Array;
  /** Periods ruled out for a student's other exam (studentBlockedPeriods). */
  near: Uint8Array;
};

/** Passes of {@link iteratedGreedy} at most. */
const GREEDY_PASSES = 400;

/**
 * Iterated greedy (after Culberson and Luo): recolours all nodes first fit, one period class after
 * another (the unplaced first, then the classes in reverse, largest-first or shuffled order); nodes
 * of one class never conflict, so a pass rarely needs more periods than the last. A node takes the
 * first period it is allowed in, without a conflicting node, with seats left, and in order with the
 * nodes already recoloured. Keeps a pass when it leaves no more nodes unplaced, stops when only nodes
 * no period could ever take are left or after {@link GREEDY_PASSES} passes.
 * Deterministic (fixed pseudo-random seed). Updates `periodOf` and `seatsLeft`; returns the nodes
 * still without a period.
 */
function iteratedGreedy({
  nodes,
  periods,
  graph,
  order,
  allowed,
  periodOf,
  seatsLeft,
  invigilatorsLeft,
  near,
}: Repair): number[] {
  const n = nodes.length;
  const p = periods.length;
  let seed = 0x2f6b_9d4d;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const capacity = Float64Array.from(periods, (q) => q.seats ?? Number.POSITIVE_INFINITY);
  const staffing = Float64Array.from(periods, (q) => q.invigilators ?? Number.POSITIVE_INFINITY);
  let best = Int32Array.from(periodOf);
  let bestUnplaced = best.reduce((k, q) => k + (q < 0 ? 1 : 0), 0);
  // Nodes no period can take even when empty (too long, too large, impossible) stay out whatever the order.
  let hopeless = 0;
  for (let e = 0; e < n; e++) if (!allowed.subarray(e * p, (e + 1) * p).includes(1)) hopeless++;
  const trial = new Int32Array(n);
  const left = new Float64Array(p);
  const staffLeft = new Float64Array(p);
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
    staffLeft.set(staffing);
    let unplacedCount = 0;
    for (const group of [unplacedClass, ...classes]) {
      for (const e of group) {
        const node = nodes[e] as TimetablingNode;
        const blocked = new Set<number>();
        const sharedWith = graph.shared[e] as Int32Array;
        for (const [i, x] of (graph.neighbours[e] as Int32Array).entries()) {
          const r = trial[x] as number;
          if (r < 0) continue;
          blocked.add(r);
          if ((sharedWith[i] as number) > 0) for (let s = 0; s < p; s++) if (near[r * p + s]) blocked.add(s);
        }
        let chosen = -1;
        for (let q = 0; q < p && chosen < 0; q++) {
          if (!allowed[e * p + q] || blocked.has(q) || node.seats > (left[q] as number)) continue;
          if (node.invigilators > (staffLeft[q] as number)) continue;
          if (orderAllows(order, e, q, trial)) chosen = q;
        }
        trial[e] = chosen;
        if (chosen < 0) unplacedCount++;
        else {
          add(left, chosen, -node.seats);
          add(staffLeft, chosen, -node.invigilators);
        }
      }
    }
    if (unplacedCount <= bestUnplaced) {
      best = Int32Array.from(trial);
      bestUnplaced = unplacedCount;
    }
  }
  periodOf.set(best);
  seatsLeft.set(capacity);
  invigilatorsLeft.set(staffing);
  const unplaced: number[] = [];
  for (let e = 0; e < n; e++) {
    const q = periodOf[e] as number;
    if (q < 0) unplaced.push(e);
    else {
      add(seatsLeft, q, -(nodes[e] as TimetablingNode).seats);
      add(invigilatorsLeft, q, -(nodes[e] as TimetablingNode).invigilators);
    }
  }
  return unplaced;
}

/**
 * Tries to place node `e` (no period yet) in a period it is allowed in where a single placed
 * neighbour blocks it, by moving that neighbour to another period it is allowed in; both must keep
 * their ordering. Updates `periodOf` and `seatsLeft` and returns true on success; changes nothing
 * otherwise.
 */
function moveOneBlocker(
  e: number,
  { nodes, periods, graph, order, allowed, periodOf, seatsLeft, invigilatorsLeft, near }: Repair,
): boolean {
  const p = periods.length;
  const node = nodes[e] as TimetablingNode;
  const blockers = new Int32Array(p);
  const blocker = new Int32Array(p).fill(-1);
  /** Whether the blocker of a period shares a student with `e` (then periods near it are ruled out too). */
  const blockerWide = new Uint8Array(p);
  const sharedE = graph.shared[e] as Int32Array;
  for (const [i, x] of (graph.neighbours[e] as Int32Array).entries()) {
    const at = periodOf[x] as number;
    if (at < 0) continue;
    const wide = (sharedE[i] as number) > 0;
    for (let q = 0; q < p; q++) {
      if (q !== at && !(wide && near[at * p + q])) continue;
      add(blockers, q, 1);
      blocker[q] = x;
      blockerWide[q] = wide ? 1 : 0;
    }
  }
  const taken = new Uint8Array(p);
  for (let q = 0; q < p; q++) {
    const b = blocker[q] as number;
    if (blockers[q] !== 1 || !allowed[e * p + q]) continue;
    const moved = nodes[b] as TimetablingNode;
    const from = periodOf[b] as number;
    const freedSeats = from === q ? moved.seats : 0;
    const freedStaff = from === q ? moved.invigilators : 0;
    if (node.seats > (seatsLeft[q] as number) + freedSeats) continue;
    if (node.invigilators > (invigilatorsLeft[q] as number) + freedStaff) continue;
    taken.fill(0);
    const sharedB = graph.shared[b] as Int32Array;
    for (const [i, y] of (graph.neighbours[b] as Int32Array).entries()) {
      const r = periodOf[y] as number;
      if (r < 0) continue;
      taken[r] = 1;
      if ((sharedB[i] as number) > 0) for (let s = 0; s < p; s++) if (near[r * p + s]) taken[s] = 1;
    }
    for (let r = 0; r < p; r++) {
      if (r === q || r === from || taken[r] || !allowed[b * p + r]) continue;
      if (blockerWide[q] && near[q * p + r]) continue;
      if (moved.seats > (seatsLeft[r] as number) || moved.invigilators > (invigilatorsLeft[r] as number))
        continue;
      periodOf[b] = r;
      periodOf[e] = q;
      if (!orderAllows(order, b, r, periodOf) || !orderAllows(order, e, q, periodOf)) {
        periodOf[b] = from;
        periodOf[e] = -1;
        continue;
      }
      add(seatsLeft, from, moved.seats);
      add(seatsLeft, r, -moved.seats);
      add(seatsLeft, q, -node.seats);
      add(invigilatorsLeft, from, moved.invigilators);
      add(invigilatorsLeft, r, -moved.invigilators);
      add(invigilatorsLeft, q, -node.invigilators);
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

/**
 * Columns the Upcoming and completed exams lists (POST /salesforce/ExamData `sortBy`) sort by on the
 * server: course code, course name, section, intake, term, programme, exam type and date (date, then
 * start time). Without a sort the Upcoming list is soonest first and the completed list latest first;
 * ties always fall back to that order, then the exam's id, so pages never repeat or skip an exam.
 */
export const EXAM_DATA_SORT_COLUMNS = [
  "courseCode",
  "courseName",
  "section",
  "intake",
  "term",
  "programme",
  "examType",
  "date",
] as const;
export type ExamDataSortColumn = (typeof EXAM_DATA_SORT_COLUMNS)[number];

import {
  buildTimetablingProblem,
  orderAllows,
  proximityWeight,
  studentBlockedPeriods,
  type TimetablingExam,
  type TimetablingNode,
  type TimetablingOptions,
  type TimetablingPeriod,
} from "./exam-timetabling.ts";

/**
 * Improvement of a clash-free exam timetable after construction: Kempe-chain moves under simulated
 * annealing, the neighbourhood behind many of the best published Toronto and ITC2007 results
 * (Thompson and Dowsland 1998; Merlot et al. 2003; Müller's ITC2007 winner). Pure and
 * deterministic for a given seed and iteration budget; a time limit uses an injected clock.
 */

/**
 * What the improvement lowers, over period indexes (the `periods` argument's order, time order):
 * `pairCost(a, b)` per student sitting one exam in period a and another in period b (symmetric;
 * never asked for a === b, which is a clash), and optionally `examCost(exam, q)` for exam (input
 * index) in period q (e.g. ITC2007 period penalty and front load).
 */
export type ImprovementObjective = {
  pairCost: (a: number, b: number) => number;
  examCost?: (exam: number, period: number) => number;
};

/** The Toronto proximity objective: 2^(5-d) per shared student for exams d = 1..5 periods apart. */
export const torontoObjective: ImprovementObjective = { pairCost: (a, b) => proximityWeight(a - b) };

/** Progress of an improvement run: iterations done, the current and the best penalty (objective units). */
export type ImprovementProgress = { iteration: number; penalty: number; bestPenalty: number };

export type ImprovementOptions = Omit<TimetablingOptions, "strategy"> & {
  objective: ImprovementObjective;
  /** Keys of exams that stay in their period (locked by staff); a move touching one is refused. */
  locked?: readonly string[];
  /** Seed of the pseudo-random sequence (default 1). */
  seed?: number;
  /** Iterations (attempted moves) at most. */
  maxIterations: number;
  /** Milliseconds at most, measured by `now` (required with it); the iteration budget still applies. */
  timeLimitMs?: number;
  /** The clock, in milliseconds (e.g. performance.now); only read when `timeLimitMs` is given. */
  now?: () => number;
  /** Called every `progressEvery` iterations (default 10,000) and once at the end. */
  onProgress?: (progress: ImprovementProgress) => void;
  progressEvery?: number;
  /**
   * Whether the exams (input indexes) of a period can be seated there (e.g. ITC2007 rooms, one
   * room per exam: roomsForPeriod). A period that cannot counts as a hard break: a move that adds
   * one is never kept as the best, a move that removes one always is, before any penalty.
   */
  periodFits?: (period: number, exams: readonly number[]) => boolean;
};

/** The best timetable found (exam key to period key), its penalty and the start's, in objective units. */
export type ImprovementResult = {
  assignment: Map<string, string>;
  penalty: number;
  startPenalty: number;
  iterations: number;
  /** Moves taken (better, equal or accepted worse). */
  accepted: number;
  /** Periods whose exams `periodFits` refuses in the result (0 without it). */
  unfitPeriods: number;
};

/** Mulberry32: a small seeded pseudo-random generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * The search state of an improvement run over the nodes (exams, or exams held together): each
 * node's period, and tables kept up to date on every applied move, node x period (index
 * `node * periods + period`):
 * - `moveCost`: the objective the node would add in that period against its neighbours where they
 *   are now (pair cost x shared students, plus its exam cost), so a move's cost change is a sum
 *   over the nodes it moves, not a walk over their neighbours;
 * - `neighboursIn` / `sharedIn`: its neighbours in that period, and the students it shares with them.
 * A move is built by {@link ImprovementSearch.kempe} or {@link ImprovementSearch.periodSwap} (which
 * return its change of objective, NaN when a hard rule refuses it; they change nothing) and carried
 * out by {@link ImprovementSearch.apply}.
 */
export type ImprovementSearch = {
  /** Period index of each node (read only: change it through `apply`). */
  periodOf: Int32Array;
  /** Node of each exam (input index). */
  nodeOf: Int32Array;
  moveCost: Float64Array;
  neighboursIn: Int32Array;
  sharedIn: Float64Array;
  /** The nodes a move may start from (not locked). */
  movable: readonly number[];
  /**
   * Builds the Kempe chain of node `v` towards period `q` (the exams linked by students or `apart`
   * pairs alternating between v's period and q) and returns the objective change of swapping it,
   * or NaN when a locked exam, a duration, the seats, the invigilators or a student's day or
   * spread (`oneExamPerDay`, `minSpread`) refuses it. Seating (`periodFits`) and the `after`
   * ordering are checked by `seatingChange` and `apply`.
   */
  kempe: (v: number, q: number) => number;
  /** Builds the swap of the whole contents of periods `a` and `b` (a != b); returns as `kempe` does. */
  periodSwap: (a: number, b: number) => number;
  /**
   * Periods `periodFits` refuses after the move built last minus those it refuses now, between
   * its two periods (0 without `periodFits`); remembered for `apply`.
   */
  seatingChange: () => number;
  /** Whether `periodFits` accepts each of the move's two periods now (true without it). */
  bothSeated: () => boolean;
  /**
   * Carries out the move built last and updates the tables; when it breaks an `after` ordering
   * it changes nothing and returns false.
   */
  apply: () => boolean;
  /** The objective of the current timetable, recomputed from scratch (seating left out). */
  penalty: () => number;
  /** Periods `periodFits` refuses now (0 without it). */
  unfitPeriods: () => number;
};

/**
 * Builds the search state of `start` (exam key to period key; see improveExamTimetable for what it
 * must hold): checks the start and fills the move-cost tables, O(students' exam pairs x periods).
 * Throws as improveExamTimetable does.
 */
export function createImprovementSearch(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  start: ReadonlyMap<string, string>,
  options: Omit<ImprovementOptions, "maxIterations">,
): ImprovementSearch {
  const problem = buildTimetablingProblem(exams, options);
  const { nodes, graph, order } = problem;
  const n = nodes.length;
  const p = periods.length;
  const periodIndex = new Map(periods.map((q, i) => [q.key, i]));
  const periodOf = new Int32Array(n).fill(-1);
  for (const [e, exam] of exams.entries()) {
    const key = start.get(exam.key);
    const q = key === undefined ? undefined : periodIndex.get(key);
    if (q === undefined) throw new Error(`exam ${exam.key} has no period to start from`);
    const v = problem.nodeOf[e] as number;
    const was = periodOf[v] as number;
    if (was >= 0 && was !== q) throw new Error(`exam ${exam.key} is apart from its group`);
    periodOf[v] = q;
  }

  const pair = new Float64Array(p * p);
  for (let a = 0; a < p; a++)
    for (let b = 0; b < p; b++) if (a !== b) pair[a * p + b] = options.objective.pairCost(a, b);
  const examCost = options.objective.examCost;
  const unary = examCost ? new Float64Array(n * p) : null;
  if (unary && examCost) {
    for (let e = 0; e < exams.length; e++) {
      const v = problem.nodeOf[e] as number;
      for (let q = 0; q < p; q++) unary[v * p + q] = (unary[v * p + q] as number) + examCost(e, q);
    }
  }
  const capacity = Float64Array.from(periods, (q) => q.seats ?? Number.POSITIVE_INFINITY);
  const staffing = Float64Array.from(periods, (q) => q.invigilators ?? Number.POSITIVE_INFINITY);
  const near = studentBlockedPeriods(periods, options);
  // Only the same period is ruled out (no oneExamPerDay, minSpread 1): a Kempe chain or a period
  // swap then never needs the day and spread tables.
  let nearPlain = true;
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) if (a !== b && near[a * p + b]) nearPlain = false;
  for (let v = 0; v < n; v++) {
    const shared = graph.shared[v] as Int32Array;
    for (const [i, u] of (graph.neighbours[v] as Int32Array).entries()) {
      const a = periodOf[v] as number;
      const b = periodOf[u] as number;
      if (a === b) throw new Error("the start timetable has a clash");
      if ((shared[i] as number) > 0 && near[a * p + b])
        throw new Error("the start timetable puts a student's exams on one day or closer than minSpread");
    }
  }
  const used = new Float64Array(p);
  const staffUsed = new Float64Array(p);
  for (let v = 0; v < n; v++) {
    const q = periodOf[v] as number;
    used[q] = (used[q] as number) + (nodes[v] as TimetablingNode).seats;
    staffUsed[q] = (staffUsed[q] as number) + (nodes[v] as TimetablingNode).invigilators;
  }
  const allowed = new Uint8Array(n * p);
  for (let v = 0; v < n; v++) {
    const node = nodes[v] as TimetablingNode;
    for (let q = 0; q < p; q++) {
      const period = periods[q] as TimetablingPeriod;
      allowed[v * p + q] =
        node.durationMinutes <= period.durationMinutes &&
        node.seats <= (capacity[q] as number) &&
        node.invigilators <= (staffing[q] as number)
          ? 1
          : 0;
    }
  }
  const locked = new Uint8Array(n);
  const keys = new Map(exams.map((e, i) => [e.key, i]));
  for (const key of options.locked ?? []) {
    const e = keys.get(key);
    if (e !== undefined) locked[problem.nodeOf[e] as number] = 1;
  }
  const ordered = new Uint8Array(n);
  for (const v of order.sequence) ordered[v] = 1;

  // The nodes of each period (swap-remove lists) and each node's place in its list.
  const members: number[][] = periods.map(() => []);
  const place = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    const list = members[periodOf[v] as number] as number[];
    place[v] = list.length;
    list.push(v);
  }
  const leave = (v: number, q: number) => {
    const list = members[q] as number[];
    const last = list.pop() as number;
    if (last !== v) {
      list[place[v] as number] = last;
      place[last] = place[v] as number;
    }
  };
  const join = (v: number, q: number) => {
    const list = members[q] as number[];
    place[v] = list.length;
    list.push(v);
  };

  // For each period t, the periods r where a neighbour in t costs something (pair[r][t] != 0), and
  // those it rules out for a student's other exam (near).
  const costFrom: Array<{ at: Int32Array; cost: Float64Array }> = [];
  const nearFrom: Int32Array[] = [];
  for (let t = 0; t < p; t++) {
    const at: number[] = [];
    const blocked: number[] = [];
    for (let r = 0; r < p; r++) {
      if (pair[r * p + t] !== 0) at.push(r);
      if (near[r * p + t]) blocked.push(r);
    }
    costFrom.push({ at: Int32Array.from(at), cost: Float64Array.from(at, (r) => pair[r * p + t] as number) });
    nearFrom.push(Int32Array.from(blocked));
  }
  const moveCost = unary ? Float64Array.from(unary) : new Float64Array(n * p);
  const neighboursIn = new Int32Array(n * p);
  const sharedIn = new Float64Array(n * p);
  // Day and spread (only when more than the same period is ruled out): student neighbours whose
  // period rules out each period, and student neighbours in each period.
  const blockedBy = nearPlain ? null : new Int32Array(n * p);
  const studentsIn = nearPlain ? null : new Int32Array(n * p);
  /** Adds (sign 1) or removes (-1) a neighbour sharing `s` students in period t to node u's tables. */
  const account = (u: number, s: number, t: number, sign: number) => {
    const base = u * p;
    neighboursIn[base + t] = (neighboursIn[base + t] as number) + sign;
    sharedIn[base + t] = (sharedIn[base + t] as number) + sign * s;
    if (s === 0) return;
    const { at, cost } = costFrom[t] as { at: Int32Array; cost: Float64Array };
    const w = sign * s;
    for (let i = 0; i < at.length; i++) {
      const k = base + (at[i] as number);
      moveCost[k] = (moveCost[k] as number) + w * (cost[i] as number);
    }
    if (blockedBy && studentsIn) {
      studentsIn[base + t] = (studentsIn[base + t] as number) + sign;
      const list = nearFrom[t] as Int32Array;
      for (let i = 0; i < list.length; i++) {
        const k = base + (list[i] as number);
        blockedBy[k] = (blockedBy[k] as number) + sign;
      }
    }
  };
  for (let v = 0; v < n; v++) {
    const list = graph.neighbours[v] as Int32Array;
    const shared = graph.shared[v] as Int32Array;
    for (let i = 0; i < list.length; i++)
      account(v, shared[i] as number, periodOf[list[i] as number] as number, 1);
  }
  // For a neighbour moving from period f to t, the change of each period's move cost per shared
  // student (pair[r][t] - pair[r][f], the nonzero ones), made when first needed.
  const shifts: Array<{ at: Int32Array; cost: Float64Array } | undefined> = new Array(p * p);
  const shiftOf = (f: number, t: number) => {
    let shift = shifts[f * p + t];
    if (!shift) {
      const at: number[] = [];
      for (let r = 0; r < p; r++) if (pair[r * p + t] !== pair[r * p + f]) at.push(r);
      shift = {
        at: Int32Array.from(at),
        cost: Float64Array.from(at, (r) => (pair[r * p + t] as number) - (pair[r * p + f] as number)),
      };
      shifts[f * p + t] = shift;
    }
    return shift;
  };
  /** Node u's tables when its neighbour sharing `s` students moves from period f to t. */
  const shiftAccount = (u: number, s: number, f: number, t: number) => {
    if (s === 0 || blockedBy) {
      account(u, s, f, -1);
      account(u, s, t, 1);
      return;
    }
    const base = u * p;
    neighboursIn[base + f] = (neighboursIn[base + f] as number) - 1;
    neighboursIn[base + t] = (neighboursIn[base + t] as number) + 1;
    sharedIn[base + f] = (sharedIn[base + f] as number) - s;
    sharedIn[base + t] = (sharedIn[base + t] as number) + s;
    const { at, cost } = shiftOf(f, t);
    for (let i = 0; i < at.length; i++) {
      const k = base + (at[i] as number);
      moveCost[k] = (moveCost[k] as number) + s * (cost[i] as number);
    }
  };

  // Seating per period (periodFits): whether the nodes of each period fit there.
  const fits = options.periodFits;
  const examsOf: number[][] = nodes.map(() => []);
  for (let e = 0; e < exams.length; e++) (examsOf[problem.nodeOf[e] as number] as number[]).push(e);
  const seated = (q: number, nodesThere: readonly number[]) => {
    if (!fits) return true;
    const list: number[] = [];
    for (const v of nodesThere) for (const e of examsOf[v] as number[]) list.push(e);
    return fits(q, list);
  };
  const fitNow = Uint8Array.from(periods, (_, q) => (seated(q, members[q] as number[]) ? 1 : 0));
  let fitA = 1;
  let fitQ = 1;

  const mark = new Int32Array(n);
  let stamp = 0;
  const chain: number[] = [];
  let moveA = 0;
  let moveQ = 0;
  /** Whether node x may go to period `to`: not locked, its duration, seats and staff fit there. */
  const mayGo = (x: number, to: number) => !locked[x] && allowed[x * p + to] === 1;
  /**
   * The objective change of swapping `chain` (marked with `stamp`) between periods a and q, or NaN
   * when a hard rule refuses it. Every neighbour of a chain node in a or q is in the chain, so the
   * change is the nodes' move costs plus, per chain edge (counted from both ends), the pair cost
   * the move costs count as lost but which stays (pair[a][q]).
   */
  const chainDelta = (a: number, q: number): number => {
    let toQ = 0;
    let toA = 0;
    let staffToQ = 0;
    let staffToA = 0;
    let delta = 0;
    let inner = 0;
    for (let i = 0; i < chain.length; i++) {
      const x = chain[i] as number;
      const from = periodOf[x] as number;
      const to = from === a ? q : a;
      if (!mayGo(x, to)) return Number.NaN;
      // A student's exam outside the chain rules out its day or spread (oneExamPerDay, minSpread).
      if (blockedBy && studentsIn && blockedBy[x * p + to] !== studentsIn[x * p + to]) return Number.NaN;
      const node = nodes[x] as TimetablingNode;
      if (to === q) {
        toQ += node.seats;
        staffToQ += node.invigilators;
      } else {
        toA += node.seats;
        staffToA += node.invigilators;
      }
      delta += (moveCost[x * p + to] as number) - (moveCost[x * p + from] as number);
      inner += sharedIn[x * p + to] as number;
    }
    if ((used[q] as number) + toQ - toA > (capacity[q] as number)) return Number.NaN;
    if ((used[a] as number) + toA - toQ > (capacity[a] as number)) return Number.NaN;
    if ((staffUsed[q] as number) + staffToQ - staffToA > (staffing[q] as number)) return Number.NaN;
    if ((staffUsed[a] as number) + staffToA - staffToQ > (staffing[a] as number)) return Number.NaN;
    return delta + inner * (pair[a * p + q] as number);
  };

  const kempe = (v: number, q: number): number => {
    const a = periodOf[v] as number;
    moveA = a;
    moveQ = q;
    stamp++;
    chain.length = 0;
    if (!mayGo(v, q)) return Number.NaN;
    chain.push(v);
    mark[v] = stamp;
    for (let i = 0; i < chain.length; i++) {
      const x = chain[i] as number;
      const other = periodOf[x] === a ? q : a;
      const there = neighboursIn[x * p + other] as number;
      if (there === 0) continue;
      const list = graph.neighbours[x] as Int32Array;
      let found = 0;
      for (let j = 0; j < list.length && found < there; j++) {
        const u = list[j] as number;
        if (periodOf[u] !== other) continue;
        found++;
        if (mark[u] === stamp) continue;
        if (!mayGo(u, a === other ? q : a)) return Number.NaN;
        mark[u] = stamp;
        chain.push(u);
      }
    }
    return chainDelta(a, q);
  };

  const periodSwap = (a: number, b: number): number => {
    moveA = a;
    moveQ = b;
    stamp++;
    chain.length = 0;
    for (const r of [a, b]) {
      for (const x of members[r] as number[]) {
        mark[x] = stamp;
        chain.push(x);
      }
    }
    return chainDelta(a, b);
  };

  const seatingChange = (): number => {
    if (!fits) return 0;
    const a = moveA;
    const q = moveQ;
    const after = (r: number) => {
      const list: number[] = [];
      for (const x of members[r] as number[]) if (mark[x] !== stamp) list.push(x);
      for (const x of chain) if (periodOf[x] !== r) list.push(x);
      return list;
    };
    fitA = seated(a, after(a)) ? 1 : 0;
    fitQ = seated(q, after(q)) ? 1 : 0;
    return (fitNow[a] as number) - fitA + (fitNow[q] as number) - fitQ;
  };

  const swapChain = (a: number, q: number) => {
    for (const x of chain) {
      const node = nodes[x] as TimetablingNode;
      const from = periodOf[x] as number;
      const to = from === a ? q : a;
      periodOf[x] = to;
      used[from] = (used[from] as number) - node.seats;
      used[to] = (used[to] as number) + node.seats;
      staffUsed[from] = (staffUsed[from] as number) - node.invigilators;
      staffUsed[to] = (staffUsed[to] as number) + node.invigilators;
    }
  };
  const apply = (): boolean => {
    const a = moveA;
    const q = moveQ;
    swapChain(a, q);
    for (const x of chain) {
      if (ordered[x] && !orderAllows(order, x, periodOf[x] as number, periodOf)) {
        swapChain(a, q);
        return false;
      }
    }
    for (const x of chain) {
      const to = periodOf[x] as number;
      const from = to === a ? q : a;
      leave(x, from);
      join(x, to);
      const list = graph.neighbours[x] as Int32Array;
      const shared = graph.shared[x] as Int32Array;
      for (let i = 0; i < list.length; i++) shiftAccount(list[i] as number, shared[i] as number, from, to);
    }
    if (fits) {
      fitNow[a] = fitA;
      fitNow[q] = fitQ;
    }
    return true;
  };

  const penalty = () => {
    let total = 0;
    for (let v = 0; v < n; v++) {
      const a = periodOf[v] as number;
      if (unary) total += unary[v * p + a] as number;
      const list = graph.neighbours[v] as Int32Array;
      const shared = graph.shared[v] as Int32Array;
      for (let i = 0; i < list.length; i++) {
        const u = list[i] as number;
        if (u > v) total += (shared[i] as number) * (pair[a * p + (periodOf[u] as number)] as number);
      }
    }
    return total;
  };

  const movable: number[] = [];
  for (let v = 0; v < n; v++) if (!locked[v]) movable.push(v);
  return {
    periodOf,
    nodeOf: problem.nodeOf,
    moveCost,
    neighboursIn,
    sharedIn,
    movable,
    kempe,
    periodSwap,
    seatingChange,
    bothSeated: () => fitNow[moveA] === 1 && fitNow[moveQ] === 1,
    apply,
    penalty,
    unfitPeriods: () => fitNow.reduce((k, ok) => k + (ok ? 0 : 1), 0),
  };
}

/**
 * Improves `start` (exam key to period key; every exam placed, no clash, every hard constraint of
 * `options` kept) by simulated annealing over two moves: mostly Kempe-chain moves (pick an exam
 * (not locked) and another period, take the chain of exams linked by students (or `apart` pairs)
 * alternating between the two periods, and swap it), and every {@link PERIOD_SWAP_EVERY}th
 * iteration a period swap (two random periods exchange all their exams). A move is refused when it
 * touches a locked exam, puts an exam where its duration, the period's seats or its invigilators
 * do not fit, puts it on a day or within the spread of a student's other exam (`oneExamPerDay`,
 * `minSpread`), or breaks an `after` ordering; exams held `together` move as one; a move that
 * leaves a period `periodFits` accepted unseatable is refused too. So no move ever introduces a
 * clash or breaks a hard constraint. Moves are costed from tables kept up to date on each applied
 * move (createImprovementSearch), not by walking the moved exams' neighbours. Worse moves are
 * taken with probability exp(-delta / T), T falling geometrically from a start estimated on
 * sampled moves to a thousandth of it over the budget (iterations, or time when `timeLimitMs` is
 * given). Returns the best timetable seen. Throws when `start` misses an exam, names an unknown
 * period, splits a `together` group or has a clash.
 */
export function improveExamTimetable(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  start: ReadonlyMap<string, string>,
  options: ImprovementOptions,
): ImprovementResult {
  const search = createImprovementSearch(exams, periods, start, options);
  const { periodOf, movable } = search;
  const p = periods.length;
  const fits = options.periodFits !== undefined;
  const random = seededRandom(options.seed ?? 1);
  const pick = (): [number, number] | null => {
    if (movable.length === 0 || p < 2) return null;
    const v = movable[Math.floor(random() * movable.length)] as number;
    let q = Math.floor(random() * (p - 1));
    if (q >= (periodOf[v] as number)) q++;
    return [v, q];
  };
  /** Builds the next move (a Kempe chain, or a period swap when `swap`); its objective change or NaN. */
  const next = (swap: boolean): number => {
    if (swap) {
      const a = Math.floor(random() * p);
      let b = Math.floor(random() * (p - 1));
      if (b >= a) b++;
      return search.periodSwap(a, b);
    }
    const move = pick() as [number, number];
    return search.kempe(move[0], move[1]);
  };

  // Start temperature: a share of the mean worsening of 200 sampled Kempe moves (the same random
  // sequence, so the run stays deterministic).
  let worse = 0;
  let worseCount = 0;
  if (movable.length > 0 && p >= 2) {
    for (let i = 0; i < 200; i++) {
      const delta = next(false);
      if (delta > 0) {
        worse += delta;
        worseCount++;
      }
    }
  }
  const t0 = worseCount > 0 ? (worse / worseCount) * START_TEMPERATURE : 1;
  const tEnd = t0 * END_TEMPERATURE_RATIO;

  const unfitCount = () => search.unfitPeriods();
  let penalty = search.penalty() + unfitCount() * UNFIT_PERIOD_COST;
  const startPenalty = penalty;
  const startUnfit = unfitCount();
  let bestPenalty = penalty;
  const best = Int32Array.from(periodOf);
  const every = Math.max(1, options.progressEvery ?? 10_000);
  const limit = options.timeLimitMs;
  const now = options.now;
  if (limit !== undefined && !now) throw new Error("a time limit needs a clock (now)");
  const began = limit !== undefined && now ? now() : 0;
  let bestUnfit = startUnfit;
  /** Progress in objective units (the seating breaks left out). */
  const report = (at: number) =>
    options.onProgress?.({
      iteration: at,
      penalty: penalty - unfitCount() * UNFIT_PERIOD_COST,
      bestPenalty: bestPenalty - bestUnfit * UNFIT_PERIOD_COST,
    });
  let progress = 0;
  let iteration = 0;
  let accepted = 0;
  let temperature = t0;
  for (; iteration < options.maxIterations; iteration++) {
    if ((iteration & 1023) === 0) {
      progress = iteration / options.maxIterations;
      if (limit !== undefined && now) {
        const spent = (now() - began) / Math.max(1, limit);
        if (spent >= 1) break;
        progress = Math.max(progress, spent);
      }
      temperature = t0 * (tEnd / t0) ** progress;
    }
    if (iteration > 0 && iteration % every === 0) report(iteration);
    if (movable.length === 0 || p < 2) break;
    let delta = next(iteration % PERIOD_SWAP_EVERY === PERIOD_SWAP_EVERY - 1);
    if (Number.isNaN(delta)) continue;
    // A period that cannot be seated counts UNFIT_PERIOD_COST while one is left (a move mending
    // one always wins); once both periods of a move are seated, the seating is checked only for a
    // move the annealing takes, and refuses it when a period could no longer be seated.
    const seatedNow = !fits || search.bothSeated();
    if (!seatedNow) delta += search.seatingChange() * UNFIT_PERIOD_COST;
    if (delta > 0 && random() >= Math.exp(-delta / temperature)) continue;
    if (seatedNow && fits && search.seatingChange() > 0) continue;
    if (!search.apply()) continue;
    accepted++;
    penalty += delta;
    if (penalty < bestPenalty - 1e-9) {
      bestPenalty = penalty;
      bestUnfit = unfitCount();
      best.set(periodOf);
    }
  }
  report(iteration);

  const assignment = new Map<string, string>();
  for (const [e, exam] of exams.entries()) {
    assignment.set(exam.key, (periods[best[search.nodeOf[e] as number] as number] as TimetablingPeriod).key);
  }
  periodOf.set(best);
  let unfitPeriods = 0;
  if (options.periodFits) {
    const lists: number[][] = periods.map(() => []);
    for (let e = 0; e < exams.length; e++)
      (lists[best[search.nodeOf[e] as number] as number] as number[]).push(e);
    for (const [q, list] of lists.entries()) if (!options.periodFits(q, list)) unfitPeriods++;
  }
  return {
    assignment,
    penalty: search.penalty(),
    startPenalty: startPenalty - startUnfit * UNFIT_PERIOD_COST,
    iterations: iteration,
    accepted,
    unfitPeriods,
  };
}

/** A period swap every this many iterations (the others are Kempe-chain moves). */
export const PERIOD_SWAP_EVERY = 16;

/** What a period whose exams cannot be seated costs while improving: more than any penalty. */
const UNFIT_PERIOD_COST = 1e9;

/** Start temperature as a share of the mean worsening of sampled moves. */
const START_TEMPERATURE = 0.3;
/** End temperature as a share of the start. */
const END_TEMPERATURE_RATIO = 0.001;

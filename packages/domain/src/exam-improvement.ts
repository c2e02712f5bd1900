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
 * Improves `start` (exam key to period key; every exam placed, no clash, every hard constraint of
 * `options` kept) by simulated annealing over Kempe-chain moves: pick an exam (not locked) and
 * another period, take the chain of exams linked by students (or `apart` pairs) alternating between
 * the two periods, and swap it; a move is refused when it touches a locked exam, puts an exam where
 * its duration, the period's seats or its invigilators do not fit, puts it on a day or within the
 * spread of a student's other exam (`oneExamPerDay`, `minSpread`), or breaks an `after` ordering. Exams held
 * `together` move as one. So no move ever introduces a clash or breaks a hard constraint. Worse
 * moves are taken with probability exp(-delta / T), T falling geometrically from a start estimated
 * on sampled moves to a thousandth of it over the budget (iterations, or time when `timeLimitMs` is
 * given). Returns the best timetable seen. Throws when `start` misses an exam, names an unknown
 * period, splits a `together` group or has a clash.
 */
export function improveExamTimetable(
  exams: readonly TimetablingExam[],
  periods: readonly TimetablingPeriod[],
  start: ReadonlyMap<string, string>,
  options: ImprovementOptions,
): ImprovementResult {
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

  // Seating per period (periodFits): the nodes of each period, and whether they fit there.
  const fits = options.periodFits;
  const examsOf: number[][] = nodes.map(() => []);
  for (let e = 0; e < exams.length; e++) (examsOf[problem.nodeOf[e] as number] as number[]).push(e);
  const members: Array<Set<number>> = periods.map(() => new Set());
  for (let v = 0; v < n; v++) (members[periodOf[v] as number] as Set<number>).add(v);
  const seated = (q: number, nodesThere: Iterable<number>) =>
    !fits ||
    fits(
      q,
      [...nodesThere].flatMap((v) => examsOf[v] as number[]),
    );
  const fitNow = Uint8Array.from(periods, (_, q) => (seated(q, members[q] as Set<number>) ? 1 : 0));
  const unfitCount = () => fitNow.reduce((k, ok) => k + (ok ? 0 : 1), 0);
  let fitA = 1;
  let fitQ = 1;

  const totalPenalty = () => {
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

  const random = seededRandom(options.seed ?? 1);
  const mark = new Int32Array(n);
  let stamp = 0;
  const chain: number[] = [];
  /**
   * Builds the Kempe chain of node v towards period q into `chain` (marked with `stamp`) and
   * returns its cost change, or NaN when the move is not allowed. Changes nothing.
   */
  const evaluate = (v: number, q: number): number => {
    const a = periodOf[v] as number;
    stamp++;
    chain.length = 0;
    chain.push(v);
    mark[v] = stamp;
    for (let i = 0; i < chain.length; i++) {
      const x = chain[i] as number;
      const other = periodOf[x] === a ? q : a;
      for (const u of graph.neighbours[x] as Int32Array) {
        if (mark[u] !== stamp && periodOf[u] === other) {
          mark[u] = stamp;
          chain.push(u);
        }
      }
    }
    let toQ = 0;
    let toA = 0;
    let staffToQ = 0;
    let staffToA = 0;
    let delta = 0;
    for (const x of chain) {
      const from = periodOf[x] as number;
      const to = from === a ? q : a;
      if (locked[x] || !allowed[x * p + to]) return Number.NaN;
      const seats = (nodes[x] as TimetablingNode).seats;
      const staff = (nodes[x] as TimetablingNode).invigilators;
      if (to === q) {
        toQ += seats;
        staffToQ += staff;
      } else {
        toA += seats;
        staffToA += staff;
      }
      if (unary) delta += (unary[x * p + to] as number) - (unary[x * p + from] as number);
      const list = graph.neighbours[x] as Int32Array;
      const shared = graph.shared[x] as Int32Array;
      for (let i = 0; i < list.length; i++) {
        const u = list[i] as number;
        if (mark[u] === stamp) continue;
        const r = periodOf[u] as number;
        // A student's exam outside the chain rules out its day or spread (oneExamPerDay, minSpread).
        if ((shared[i] as number) > 0 && near[to * p + r]) return Number.NaN;
        delta += (shared[i] as number) * ((pair[to * p + r] as number) - (pair[from * p + r] as number));
      }
    }
    if ((used[q] as number) + toQ - toA > (capacity[q] as number)) return Number.NaN;
    if ((used[a] as number) + toA - toQ > (capacity[a] as number)) return Number.NaN;
    if ((staffUsed[q] as number) + staffToQ - staffToA > (staffing[q] as number)) return Number.NaN;
    if ((staffUsed[a] as number) + staffToA - staffToQ > (staffing[a] as number)) return Number.NaN;
    if (fits) {
      const after = (r: number) => {
        const list: number[] = [];
        for (const x of members[r] as Set<number>) if (mark[x] !== stamp) list.push(x);
        for (const x of chain) if (periodOf[x] !== r) list.push(x);
        return list;
      };
      fitA = seated(a, after(a)) ? 1 : 0;
      fitQ = seated(q, after(q)) ? 1 : 0;
      delta += ((fitNow[a] as number) - fitA + (fitNow[q] as number) - fitQ) * UNFIT_PERIOD_COST;
    }
    return delta;
  };
  /** Swaps the chain built last between periods a and q (true), or undoes it when an ordering breaks. */
  const apply = (a: number, q: number): boolean => {
    for (const x of chain) {
      const seats = (nodes[x] as TimetablingNode).seats;
      const from = periodOf[x] as number;
      const to = from === a ? q : a;
      periodOf[x] = to;
      used[from] = (used[from] as number) - seats;
      used[to] = (used[to] as number) + seats;
      const staff = (nodes[x] as TimetablingNode).invigilators;
      staffUsed[from] = (staffUsed[from] as number) - staff;
      staffUsed[to] = (staffUsed[to] as number) + staff;
    }
    let kept = true;
    for (const x of chain)
      if (ordered[x] && !orderAllows(order, x, periodOf[x] as number, periodOf)) kept = false;
    if (!kept) {
      for (const x of chain) {
        const seats = (nodes[x] as TimetablingNode).seats;
        const from = periodOf[x] as number;
        const to = from === a ? q : a;
        periodOf[x] = to;
        used[from] = (used[from] as number) - seats;
        used[to] = (used[to] as number) + seats;
        const staff = (nodes[x] as TimetablingNode).invigilators;
        staffUsed[from] = (staffUsed[from] as number) - staff;
        staffUsed[to] = (staffUsed[to] as number) + staff;
      }
    } else if (fits) {
      for (const x of chain) {
        const to = periodOf[x] as number;
        (members[to === a ? q : a] as Set<number>).delete(x);
        (members[to] as Set<number>).add(x);
      }
      fitNow[a] = fitA;
      fitNow[q] = fitQ;
    }
    return kept;
  };

  const movable: number[] = [];
  for (let v = 0; v < n; v++) if (!locked[v]) movable.push(v);
  const pick = (): [number, number] | null => {
    if (movable.length === 0 || p < 2) return null;
    const v = movable[Math.floor(random() * movable.length)] as number;
    let q = Math.floor(random() * (p - 1));
    if (q >= (periodOf[v] as number)) q++;
    return [v, q];
  };

  // Start temperature: a share of the mean worsening of 200 sampled moves (the same random
  // sequence, so the run stays deterministic).
  let worse = 0;
  let worseCount = 0;
  for (let i = 0; i < 200; i++) {
    const move = pick();
    if (!move) break;
    const delta = evaluate(move[0], move[1]);
    // Seating changes are not a scale for the temperature.
    if (delta > 0 && delta < UNFIT_PERIOD_COST / 2) {
      worse += delta;
      worseCount++;
    }
  }
  const t0 = worseCount > 0 ? (worse / worseCount) * START_TEMPERATURE : 1;
  const tEnd = t0 * END_TEMPERATURE_RATIO;

  let penalty = totalPenalty() + unfitCount() * UNFIT_PERIOD_COST;
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
    const move = pick();
    if (!move) break;
    const [v, q] = move;
    const delta = evaluate(v, q);
    if (Number.isNaN(delta)) continue;
    if (delta > 0 && random() >= Math.exp(-delta / temperature)) continue;
    if (!apply(periodOf[v] as number, q)) continue;
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
    assignment.set(exam.key, (periods[best[problem.nodeOf[e] as number] as number] as TimetablingPeriod).key);
  }
  periodOf.set(best);
  let unfitPeriods = 0;
  if (fits) {
    const lists: number[][] = periods.map(() => []);
    for (let v = 0; v < n; v++) (lists[periodOf[v] as number] as number[]).push(v);
    for (const [q, list] of lists.entries()) if (!seated(q, list)) unfitPeriods++;
  }
  return {
    assignment,
    penalty: totalPenalty(),
    startPenalty: startPenalty - startUnfit * UNFIT_PERIOD_COST,
    iterations: iteration,
    accepted,
    unfitPeriods,
  };
}

/** What a period whose exams cannot be seated costs while improving: more than any penalty. */
const UNFIT_PERIOD_COST = 1e9;

/** Start temperature as a share of the mean worsening of sampled moves. */
const START_TEMPERATURE = 0.3;
/** End temperature as a share of the start. */
const END_TEMPERATURE_RATIO = 0.001;

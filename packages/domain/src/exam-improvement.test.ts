import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  assignExamPeriods,
  countStudentClashes,
  createImprovementSearch,
  type ImprovementObjective,
  type ImprovementOptions,
  type ImprovementProgress,
  type ImprovementSearch,
  improveExamTimetable,
  seededRandom,
  type TimetablingExam,
  type TimetablingPeriod,
  torontoObjective,
  torontoProximityPenalty,
} from "./index.ts";

const exam = (key: string, students: number[], seats = students.length): TimetablingExam => ({
  key,
  students,
  seats,
  durationMinutes: 180,
});
const periods = (count: number, seats?: number): TimetablingPeriod[] =>
  Array.from({ length: count }, (_, i) => ({
    key: String(i),
    durationMinutes: 180,
    ...(seats === undefined ? {} : { seats }),
  }));

/** The real data kept in the repository (data/exam-timetabling), or the folder EXAM_DATA_DIR names. */
const dataDir =
  process.env.EXAM_DATA_DIR ?? fileURLToPath(new URL("../../../data/exam-timetabling", import.meta.url));

/** The exams of a Toronto data set and its student count (the .stu file's lines). */
function torontoExams(name: string): { exams: TimetablingExam[]; studentCount: number } {
  const toronto = join(dataDir, "toronto");
  expect(existsSync(join(toronto, `${name}.stu`)), `no data in ${dataDir}`).toBe(true);
  const students = new Map<string, number[]>();
  for (const line of readFileSync(join(toronto, `${name}.crs`), "utf8").split(/\r?\n/)) {
    const id = line.trim().split(/\s+/)[0];
    if (id) students.set(id, []);
  }
  const lines = readFileSync(join(toronto, `${name}.stu`), "utf8").split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  for (const [i, line] of lines.entries()) {
    for (const id of line.trim().split(/\s+/).filter(Boolean)) students.get(id)?.push(i + 1);
  }
  return { exams: [...students].map(([key, s]) => exam(key, s)), studentCount: lines.length };
}

const perStudent = (exams: TimetablingExam[], assignment: Map<string, string>, students: number) =>
  torontoProximityPenalty(exams, new Map([...assignment].map(([k, q]) => [k, Number(q)])), students);

it("draws the same numbers in [0, 1) from the same seed, others from another", () => {
  const a = seededRandom(7);
  const b = seededRandom(7);
  const c = seededRandom(8);
  const first = Array.from({ length: 5 }, () => a());
  expect(Array.from({ length: 5 }, () => b())).toEqual(first);
  expect(Array.from({ length: 5 }, () => c())).not.toEqual(first);
  for (const x of first) expect(x >= 0 && x < 1).toBe(true);
});

describe.each([
  ["hec-s-92", 18],
  ["sta-f-83", 13],
])("Toronto %s at its benchmark's %i periods", (name, count) => {
  it("lowers the construction's proximity penalty without a clash, the same for the same seed", () => {
    const { exams, studentCount } = torontoExams(name);
    const slots = periods(count);
    const built = assignExamPeriods(exams, slots, { strategy: "spread" });
    expect(built.unplaced).toEqual([]);
    const before = perStudent(exams, built.assignment, studentCount);
    const seen: ImprovementProgress[] = [];
    const run = (seed: number) =>
      improveExamTimetable(exams, slots, built.assignment, {
        objective: torontoObjective,
        maxIterations: 40_000,
        seed,
        progressEvery: 10_000,
        onProgress: (p) => seen.push(p),
      });

    const result = run(3);
    const after = perStudent(exams, result.assignment, studentCount);
    expect(after).toBeLessThan(before * 0.95);
    expect(result.penalty / studentCount).toBeCloseTo(after, 9);
    expect(result.startPenalty / studentCount).toBeCloseTo(before, 9);
    expect(countStudentClashes(exams, result.assignment)).toBe(0);
    expect(result.iterations).toBe(40_000);
    // Progress every 10,000 iterations and at the end; the best never rises.
    expect(seen.map((p) => p.iteration)).toEqual([10_000, 20_000, 30_000, 40_000]);
    for (let i = 1; i < seen.length; i++)
      expect((seen[i] as ImprovementProgress).bestPenalty).toBeLessThanOrEqual(
        (seen[i - 1] as ImprovementProgress).bestPenalty,
      );
    expect((seen.at(-1) as ImprovementProgress).bestPenalty).toBeCloseTo(result.penalty, 6);

    expect([...run(3).assignment]).toEqual([...result.assignment]);
  });
});

describe("improvement keeps the hard constraints", () => {
  // Ten exams over six periods of 5 seats; student links form a path A-B-C-...-J.
  const keys = "ABCDEFGHIJ".split("");
  const exams = keys.map((k, i) => exam(k, i === 0 ? [0] : [i - 1, i], 2));
  const slots = periods(6, 5);
  const options = {
    apart: [["A", "C"]] as Array<[string, string]>,
    together: [["E", "H"]] as Array<[string, string]>,
    after: [["J", "B"]] as Array<[string, string]>,
  };
  const start = assignExamPeriods(exams, slots, { ...options, strategy: "compact" });

  it.each([1, 2, 3, 4, 5])("with seed %i", (seed) => {
    expect(start.unplaced).toEqual([]);
    const result = improveExamTimetable(exams, slots, start.assignment, {
      ...options,
      objective: torontoObjective,
      locked: ["D"],
      maxIterations: 2_000,
      seed,
    });
    const at = (k: string) => Number(result.assignment.get(k));
    expect(countStudentClashes(exams, result.assignment)).toBe(0);
    expect(at("A")).not.toBe(at("C"));
    expect(at("E")).toBe(at("H"));
    expect(at("J")).toBeGreaterThan(at("B"));
    expect(result.assignment.get("D")).toBe(start.assignment.get("D"));
    for (const slot of slots) {
      const seats = exams
        .filter((e) => result.assignment.get(e.key) === slot.key)
        .reduce((n, e) => n + e.seats, 0);
      expect(seats).toBeLessThanOrEqual(5);
    }
    expect(result.penalty).toBeLessThanOrEqual(result.startPenalty);
  });

  it("stops at the time limit of the injected clock", () => {
    let clock = 0;
    const result = improveExamTimetable(exams, slots, start.assignment, {
      ...options,
      objective: torontoObjective,
      maxIterations: 1_000_000,
      timeLimitMs: 10,
      // Each reading moves the clock 1 ms on: 0 at the start, then k + 1 before iteration k x 1,024.
      now: () => clock++,
    });
    expect(result.iterations).toBe(9 * 1024);
  });

  it("moves exams out of a period they cannot be seated in, and never into one", () => {
    // Rooms allow at most two exams a period (e.g. one room per exam, two rooms): the start puts
    // three unlinked exams into period 0.
    const loose = ["X", "Y", "Z", "W"].map((k) => exam(k, []));
    const slots2 = periods(3);
    const crowded = new Map([
      ["X", "0"],
      ["Y", "0"],
      ["Z", "0"],
      ["W", "1"],
    ]);
    const fitsTwo = (_q: number, list: readonly number[]) => list.length <= 2;
    for (const seed of [1, 2, 3]) {
      const result = improveExamTimetable(loose, slots2, crowded, {
        objective: torontoObjective,
        maxIterations: 500,
        seed,
        periodFits: fitsTwo,
      });
      expect(result.unfitPeriods).toBe(0);
      for (const slot of slots2) {
        expect([...result.assignment.values()].filter((q) => q === slot.key).length).toBeLessThanOrEqual(2);
      }
    }
  });

  it("refuses a start with a clash", () => {
    const clash = new Map(keys.map((k) => [k, "0"]));
    expect(() =>
      improveExamTimetable(exams, slots, clash, { objective: torontoObjective, maxIterations: 1 }),
    ).toThrow(/clash/);
  });
});

/** The timetable a search holds now: exam key to period key. */
const assignmentOf = (search: ImprovementSearch, exams: TimetablingExam[], slots: TimetablingPeriod[]) =>
  new Map(
    exams.map((e, i) => [
      e.key,
      (slots[search.periodOf[search.nodeOf[i] as number] as number] as TimetablingPeriod).key,
    ]),
  );

/**
 * Random Kempe-chain moves and period swaps (seeded): each move's change from the tables equals the
 * penalty recomputed from scratch, a refused move changes nothing, and the tables kept up to date
 * equal tables built anew from the timetable reached.
 */
function checkIncrementalCosts(
  exams: TimetablingExam[],
  slots: TimetablingPeriod[],
  start: Map<string, string>,
  options: Omit<ImprovementOptions, "maxIterations">,
  moves: number,
  seed: number,
) {
  const search = createImprovementSearch(exams, slots, start, options);
  const random = seededRandom(seed);
  const p = slots.length;
  let applied = 0;
  let penalty = search.penalty();
  for (let i = 0; i < moves; i++) {
    let delta: number;
    if (i % 5 === 4) {
      const a = Math.floor(random() * p);
      const b = (a + 1 + Math.floor(random() * (p - 1))) % p;
      delta = search.periodSwap(a, b);
    } else {
      const v = search.movable[Math.floor(random() * search.movable.length)] as number;
      const q = ((search.periodOf[v] as number) + 1 + Math.floor(random() * (p - 1))) % p;
      delta = search.kempe(v, q);
    }
    const before = Int32Array.from(search.periodOf);
    if (Number.isNaN(delta) || !search.apply()) {
      expect(search.periodOf).toEqual(before);
      continue;
    }
    applied++;
    const after = search.penalty();
    // Integer costs: the sums are exact.
    expect(after - penalty).toBe(delta);
    penalty = after;
    if (applied % 50 === 0) {
      const fresh = createImprovementSearch(exams, slots, assignmentOf(search, exams, slots), options);
      expect(search.moveCost).toEqual(fresh.moveCost);
      expect(search.neighboursIn).toEqual(fresh.neighboursIn);
      expect(search.sharedIn).toEqual(fresh.sharedIn);
    }
  }
  return { search, applied };
}

describe("move costs kept in tables", () => {
  it.each([1, 2, 3])("equal the recomputed Toronto penalty on hec-s-92 (seed %i)", (seed) => {
    const { exams } = torontoExams("hec-s-92");
    const slots = periods(18);
    const built = assignExamPeriods(exams, slots, { strategy: "spread" });
    const { search, applied } = checkIncrementalCosts(
      exams,
      slots,
      built.assignment,
      { objective: torontoObjective },
      3_000,
      seed,
    );
    expect(applied).toBeGreaterThan(100);
    expect(countStudentClashes(exams, assignmentOf(search, exams, slots))).toBe(0);
  });

  describe.each([
    ["one exam a day", { oneExamPerDay: true }],
    ["a spread of two periods", { minSpread: 2 }],
  ] as const)("with exam costs, %s, apart, together, after and a locked exam", (_, rule) => {
    it.each([1, 2, 3])("equal the recomputed penalty (seed %i)", (seed) => {
      // 24 exams over 6 days x 3 periods of 30 seats; students take overlapping runs of exams.
      const exams = Array.from({ length: 24 }, (_, i) =>
        exam(`E${i}`, [...new Set([i, i + 1, (i * 7) % 30, 40 + (i % 5)])]),
      );
      const slots: TimetablingPeriod[] = Array.from({ length: 18 }, (_, i) => ({
        key: String(i),
        durationMinutes: 180,
        day: Math.floor(i / 3),
        seats: 30,
      }));
      const hard = {
        ...rule,
        apart: [["E0", "E12"]] as Array<[string, string]>,
        together: [["E3", "E14"]] as Array<[string, string]>,
        after: [["E9", "E2"]] as Array<[string, string]>,
      };
      const objective: ImprovementObjective = {
        pairCost: (a, b) => 3 * Math.max(0, 6 - Math.abs(a - b)),
        examCost: (e, q) => (e * q) % 7,
      };
      const built = assignExamPeriods(exams, slots, { ...hard, strategy: "spread" });
      expect(built.unplaced).toEqual([]);
      const { search, applied } = checkIncrementalCosts(
        exams,
        slots,
        built.assignment,
        { ...hard, objective, locked: ["E5"] },
        3_000,
        seed,
      );
      expect(applied).toBeGreaterThan(50);
      const at = (key: string) => Number(assignmentOf(search, exams, slots).get(key));
      expect(at("E5")).toBe(Number(built.assignment.get("E5")));
      expect(at("E3")).toBe(at("E14"));
      expect(at("E9")).toBeGreaterThan(at("E2"));
      expect(at("E0")).not.toBe(at("E12"));
      for (const a of exams) {
        for (const b of exams) {
          if (a.key >= b.key || !(a.students as number[]).some((s) => (b.students as number[]).includes(s)))
            continue;
          if ("oneExamPerDay" in rule) expect(Math.floor(at(a.key) / 3)).not.toBe(Math.floor(at(b.key) / 3));
          else expect(Math.abs(at(a.key) - at(b.key))).toBeGreaterThanOrEqual(2);
        }
      }
    });
  });

  it("a period swap exchanges the exams of two periods", () => {
    const exams = ["A", "B", "C", "D"].map((k, i) => exam(k, [i]));
    const slots = periods(3);
    const start = new Map([
      ["A", "0"],
      ["B", "0"],
      ["C", "2"],
      ["D", "1"],
    ]);
    const search = createImprovementSearch(exams, slots, start, { objective: torontoObjective });
    expect(search.periodSwap(0, 2)).toBe(0);
    expect(search.apply()).toBe(true);
    expect([...assignmentOf(search, exams, slots)]).toEqual([
      ["A", "2"],
      ["B", "2"],
      ["C", "0"],
      ["D", "1"],
    ]);
  });
});

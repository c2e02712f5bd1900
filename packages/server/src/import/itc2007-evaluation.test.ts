/**
 * The ITC2007 evaluator (itc2007SoftPenalty, itc2007HardBreaks in @portal/domain) against an
 * independent one, on each ITC2007 set in data/exam-timetabling/itc2007 (or the folder
 * EXAM_DATA_DIR names).
 *
 * Each fixtures/itc2007/<set>.sln is a timetable our own timetabler wrote, in the competition's
 * solution format (`pnpm bench:timetabler --iterations 300000 --write-solution DIR <set>`, seed
 * 1). The expected per-term values are what the evaluator of the competition's winning entry
 * printed for those files: Tomas Müller's CPSolver ITC2007 solver (public repository
 * tomas-muller/cpsolver-itc2007, commit a253a5a45a5b148d5a8981c3fd0af5ecf9ae4b06, with its
 * bundled cpsolver-all-1.2.jar), its ExModel loaded with the .exam file, each exam assigned
 * its period and room, then getTwoInARow, getTwoInADay, getWiderSpread, getMixedDurations,
 * getFrontLoadPenalty, getRoomPenalty and getPeriodPenalty (all `precise`), its direct
 * conflicts and binary violations, room conflicts on assignment, and exams longer than their
 * period (all 0 for the <set>.sln files).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Itc2007Instance,
  itc2007HardBreaks,
  itc2007SoftPenalty,
  itc2007Weights,
  parseItc2007Solution,
} from "@portal/domain";
import { describe, expect, it } from "vitest";
import { parseItc2007 } from "./itc2007.ts";

const dataDir =
  process.env.EXAM_DATA_DIR ?? fileURLToPath(new URL("../../../../data/exam-timetabling", import.meta.url));

/** An ITC2007 file as the evaluator's instance (the sets list their periods in time order). */
function instanceOf(name: string): Itc2007Instance {
  const data = parseItc2007(`${name}.exam`, readFileSync(join(dataDir, "itc2007", `${name}.exam`), "utf8"));
  const pairs = (kind: string) =>
    data.periodConstraints.filter((c) => c.kind === kind).map((c) => [c.first, c.second] as const);
  return {
    exams: data.exams.map((e) => ({ students: e.studentIds, durationMinutes: e.durationMinutes })),
    periods: data.periods.map((p) => ({
      day: p.date,
      durationMinutes: p.durationMinutes,
      penalty: p.penalty,
    })),
    rooms: data.rooms.map((r) => ({ capacity: r.capacity, penalty: r.penalty })),
    apart: pairs("EXCLUSION"),
    together: pairs("EXAM_COINCIDENCE"),
    after: pairs("AFTER"),
    roomExclusive: data.roomConstraints.map((c) => c.exam),
    weights: itc2007Weights(data.weightings),
  };
}

/** The file's periods' starts, `YYYY-MM-DD HH:MM:SS`, in file order. */
function periodStarts(name: string): string[] {
  const data = parseItc2007(`${name}.exam`, readFileSync(join(dataDir, "itc2007", `${name}.exam`), "utf8"));
  return data.periods.map((p) => `${p.date} ${p.time}`);
}

/** Per-term values the independent evaluator printed (see the file's comment). */
const PUBLISHED_EVALUATOR = [
  {
    set: "exam_comp_set1",
    twoInARow: 98,
    twoInADay: 0,
    periodSpread: 2479,
    nonMixedDurations: 1120,
    frontLoad: 280,
    roomPenalty: 6650,
    periodPenalty: 50,
    total: 10677,
  },
  {
    set: "exam_comp_set4",
    twoInARow: 6552,
    twoInADay: 2940,
    periodSpread: 4009,
    nonMixedDurations: 0,
    frontLoad: 85,
    roomPenalty: 0,
    periodPenalty: 1600,
    total: 15186,
  },
  {
    set: "exam_comp_set6",
    twoInARow: 3720,
    twoInADay: 0,
    periodSpread: 19900,
    nonMixedDurations: 875,
    frontLoad: 375,
    roomPenalty: 2200,
    periodPenalty: 420,
    total: 27490,
  },
] as const;

/**
 * Hard breaks the independent evaluator printed (direct conflicts, binary violations; no room or
 * duration conflict) for <set>.broken.sln: the fixture above with every tenth exam moved one
 * period later wherever its room still held it (a timetable with breaks, written for this check).
 */
const PUBLISHED_EVALUATOR_BREAKS = [
  { set: "exam_comp_set4", clashes: 77, periodConstraints: 1 },
  { set: "exam_comp_set6", clashes: 84, periodConstraints: 3 },
] as const;

describe("ITC2007 evaluator against the competition winner's evaluator", () => {
  it.each(PUBLISHED_EVALUATOR)("$set: every soft term and no hard break", ({ set, ...expected }) => {
    const instance = instanceOf(set);
    // The file's periods are in time order: the evaluator's neighbours and days depend on it.
    const starts = periodStarts(set);
    expect(starts).toEqual([...starts].sort());
    const text = readFileSync(fileURLToPath(new URL(`fixtures/itc2007/${set}.sln`, import.meta.url)), "utf8");
    const solution = parseItc2007Solution(text, instance.exams.length);
    expect(itc2007SoftPenalty(instance, solution)).toEqual(expected);
    expect(itc2007HardBreaks(instance, solution).total).toBe(0);
  });

  it.each(PUBLISHED_EVALUATOR_BREAKS)(
    "$set with breaks: clashes and period constraints",
    ({ set, ...expected }) => {
      const instance = instanceOf(set);
      const text = readFileSync(
        fileURLToPath(new URL(`fixtures/itc2007/${set}.broken.sln`, import.meta.url)),
        "utf8",
      );
      const breaks = itc2007HardBreaks(instance, parseItc2007Solution(text, instance.exams.length));
      expect(breaks).toEqual({
        unassigned: 0,
        roomOccupancy: 0,
        periodDuration: 0,
        roomConstraints: 0,
        ...expected,
        total: expected.clashes + expected.periodConstraints,
      });
    },
  );
});

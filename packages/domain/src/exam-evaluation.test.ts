import { describe, expect, it } from "vitest";
import * as evaluation from "./index.ts";
import {
  assignItc2007Rooms,
  formatItc2007Solution,
  type Itc2007Instance,
  itc2007HardBreaks,
  itc2007PairCost,
  itc2007SoftPenalty,
  itc2007Weights,
  parseItc2007Solution,
} from "./index.ts";

/**
 * A small ITC2007 instance whose values are computed by hand, following the competition's
 * definitions term by term (the server's import/itc2007-evaluation.test.ts checks the sets in
 * data/ against an independent evaluator): two days, the first with three periods, rooms of 4
 * and 2 seats.
 */
const instance: Itc2007Instance = {
  exams: [
    { students: [1, 2], durationMinutes: 180 }, // E0
    { students: [1, 3], durationMinutes: 120 }, // E1
    { students: [2, 3], durationMinutes: 180 }, // E2
    { students: [1], durationMinutes: 90 }, // E3
    { students: [4, 5, 6], durationMinutes: 180 }, // E4, the largest
    { students: [2], durationMinutes: 60 }, // E5
  ],
  periods: [
    { day: "2027-01-04", durationMinutes: 180, penalty: 0 }, // P0
    { day: "2027-01-04", durationMinutes: 180, penalty: 5 }, // P1
    { day: "2027-01-04", durationMinutes: 120, penalty: 0 }, // P2
    { day: "2027-01-05", durationMinutes: 180, penalty: 0 }, // P3
    { day: "2027-01-05", durationMinutes: 180, penalty: 10 }, // P4
  ],
  rooms: [
    { capacity: 4, penalty: 0 },
    { capacity: 2, penalty: 4 },
  ],
  apart: [[0, 2]],
  together: [[4, 3]],
  after: [[2, 0]],
  roomExclusive: [1],
  weights: itc2007Weights({
    TWOINAROW: [7],
    TWOINADAY: [5],
    PERIODSPREAD: [3],
    NONMIXEDDURATIONS: [10],
    FRONTLOAD: [1, 1, 20],
  }),
};

/** E0..E5 in P0, P2, P3, P4, P4, P1; E5 in room 1, the others in room 0. */
const feasible = { period: [0, 2, 3, 4, 4, 1], room: [0, 0, 0, 0, 0, 1] };

describe("ITC2007 evaluator on a hand-computed instance", () => {
  it("finds no hard break in a feasible solution", () => {
    expect(itc2007HardBreaks(instance, feasible).total).toBe(0);
  });

  it("weighs every soft term", () => {
    // Student 1: E0 P0, E1 P2, E3 P4: (P0,P2) same day not adjacent: two in a day 5, spread 1;
    // (P2,P4) spread 1. Student 2: E0 P0, E2 P3, E5 P1: (P0,P1) two in a row 7, spread 1;
    // (P0,P3) spread 1; (P1,P3) spread 1. Student 3: E1 P2, E2 P3: consecutive but on two days,
    // spread 1 only. Durations 180 and 90 share room 0 in P4: 10. E4 (largest) in the last
    // period: 20. E5 in room 1: 4. Period penalties: E3 and E4 in P4 (10 each), E5 in P1 (5).
    expect(itc2007SoftPenalty(instance, feasible)).toEqual({
      twoInARow: 7,
      twoInADay: 5,
      periodSpread: 6,
      nonMixedDurations: 10,
      frontLoad: 20,
      roomPenalty: 4,
      periodPenalty: 25,
      total: 77,
    });
  });

  it("counts each kind of hard break", () => {
    // E0 (180 min) in P2 (120 min): duration; E1 exclusive shares P2 room 0 with E0, and student
    // 1 sits both: clash; E2 in P0 is before E0: AFTER broken; E2 and E5 share P0 room 1 (3 seats
    // in 2) and student 2 sits both: clash.
    const broken = { period: [2, 2, 0, 4, 4, 0], room: [0, 0, 1, 0, 0, 1] };
    expect(itc2007HardBreaks(instance, broken)).toEqual({
      unassigned: 0,
      clashes: 2,
      roomOccupancy: 1,
      periodDuration: 1,
      periodConstraints: 1,
      roomConstraints: 1,
      total: 6,
    });
  });

  it("counts each distinct period constraint once and ignores an exam paired with itself", () => {
    // E0 and E2 in one period break their EXCLUSION; stated again both ways round, it is still one
    // break. AFTER [2, 0] stated twice is one break; E3 AFTER itself and EXCLUSION of E1 with
    // itself constrain nothing.
    const twice = {
      ...instance,
      apart: [
        [0, 2],
        [2, 0],
        [0, 2],
        [1, 1],
      ] as const,
      after: [
        [2, 0],
        [2, 0],
        [3, 3],
      ] as const,
    };
    const both = { period: [3, 2, 3, 4, 4, 1], room: feasible.room };
    expect(itc2007HardBreaks(instance, both).periodConstraints).toBe(2);
    expect(itc2007HardBreaks(twice, both).periodConstraints).toBe(2);
    // AFTER is ordered: the opposite pair is another constraint, broken too by one period.
    const opposite = {
      ...instance,
      after: [
        [2, 0],
        [0, 2],
      ] as const,
    };
    expect(itc2007HardBreaks(opposite, both).periodConstraints).toBe(3);
    expect(itc2007HardBreaks(twice, feasible).periodConstraints).toBe(0);
  });

  it("counts an exam without a room as unassigned and leaves it out of the room terms only", () => {
    const partial = { period: feasible.period, room: [0, 0, 0, -1, 0, 1] };
    expect(itc2007HardBreaks(instance, partial)).toMatchObject({ unassigned: 1, total: 1 });
    // E3 no longer mixes durations with E4 in room 0 (10); its period terms stay.
    expect(itc2007SoftPenalty(instance, partial)).toMatchObject({
      periodSpread: 6,
      nonMixedDurations: 0,
      periodPenalty: 25,
      total: 77 - 10,
    });
  });

  it.each([
    ["same day, consecutive", 0, 1, 7 + 1],
    ["same day, two apart", 0, 2, 5 + 1],
    ["next day, consecutive", 2, 3, 1],
    ["beyond the spread", 0, 4, 0],
  ])("pair cost: %s", (_case, a, b, expected) => {
    const days = [0, 0, 0, 1, 1];
    expect(itc2007PairCost(instance.weights, days, a, b)).toBe(expected);
    expect(itc2007PairCost(instance.weights, days, b, a)).toBe(expected);
  });

  it.each<[string, number[], number[] | null]>([
    ["the exclusive exam alone, the others by penalty", [1, 5, 3], [0, 1, 1]],
    ["the largest first, in the room without penalty", [4, 0], [0, 1]],
    // Penalty first puts E1 (exclusive) in room 0 and leaves E4 (3) no room: best fit seats both.
    ["best fit when the penalty-first choice leaves one out", [1, 4], [1, 0]],
    ["none when the seats do not suffice", [1, 4, 0], null],
  ])("rooms for one period: %s", (_case, exams, expected) => {
    const { roomsForPeriod } = evaluation;
    expect(roomsForPeriod(instance, exams)).toEqual(expected);
  });

  it("assigns rooms without a break where they fit, the exclusive exam alone", () => {
    const room = assignItc2007Rooms(instance, feasible.period);
    const solution = { period: feasible.period, room };
    expect(itc2007HardBreaks(instance, solution).total).toBe(0);
    // E3 (90 min) would mix durations with E4 (180) in room 0 (10): room 1 costs 4. E5, alone in
    // P1, takes room 0 (no penalty) rather than room 1 (4).
    expect([...room]).toEqual([0, 0, 0, 1, 0, 0]);
    expect(itc2007SoftPenalty(instance, solution).total).toBe(77 - 10 + 4 - 4);
  });
});

describe("ITC2007 solution files", () => {
  it("writes the competition's format and reads it back", () => {
    const solution = { period: [0, 12, -1], room: [3, 0, -1] };
    const text = formatItc2007Solution(solution, 3);
    expect(text).toBe("0, 3\r\n12, 0\r\n-1, -1\r\n");
    expect(parseItc2007Solution(text, 3)).toEqual({ period: [0, 12, -1], room: [3, 0, -1] });
    expect(parseItc2007Solution("1,2\n\n 4 , 0 \n", 2)).toEqual({ period: [1, 4], room: [2, 0] });
  });

  it("names the line that is not `period, room`, and a wrong count of lines", () => {
    expect(() => parseItc2007Solution("1, 2\n3\n", 2)).toThrow('line 2: expected "period, room", got "3"');
    expect(() => parseItc2007Solution("1, 2\n", 2)).toThrow("line count 1, exam count 2");
  });
});

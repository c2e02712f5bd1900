import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  examSlotEnd,
  examSlotRange,
  examSlotsOverlap,
  invigilatorsNeeded,
  planSeating,
  roomsOfItsOwn,
  type SeatingGroup,
  type SeatingPlan,
  type SeatingRoom,
} from "./index.ts";

/** Students "<key>1".."<key>n" of group `key`. */
function group(key: string, n: number): SeatingGroup {
  return { key, students: Array.from({ length: n }, (_, i) => `${key}${i + 1}`) };
}

function rooms(...capacities: number[]): SeatingRoom[] {
  return capacities.map((capacity, i) => ({ id: `R${i + 1}`, capacity }));
}

/** Neighbouring seats (n, n+1 of one room) that hold students of the same group. */
function sameGroupNeighbours(plan: SeatingPlan): number {
  const byRoom = new Map<string, Map<number, string>>();
  for (const s of plan.seats) {
    const room = byRoom.get(s.room) ?? new Map<number, string>();
    room.set(s.seat, s.group);
    byRoom.set(s.room, room);
  }
  let n = 0;
  for (const room of byRoom.values()) {
    for (const [seat, g] of room) if (room.get(seat + 1) === g) n++;
  }
  return n;
}

/** The rules every plan keeps, whatever its input. */
function expectValidPlan(input: { rooms: SeatingRoom[]; groups: SeatingGroup[] }, plan: SeatingPlan) {
  const capacity = new Map(input.rooms.map((r) => [r.id, r.capacity]));
  const students = new Set(plan.seats.map((s) => s.student));
  expect(students.size, "a student seated twice").toBe(plan.seats.length);
  const places = new Set(plan.seats.map((s) => `${s.room}#${s.seat}`));
  expect(places.size, "two students in one seat").toBe(plan.seats.length);
  for (const s of plan.seats) {
    expect(s.seat).toBeGreaterThanOrEqual(1);
    expect(s.seat).toBeLessThanOrEqual(capacity.get(s.room) ?? 0);
    expect(input.groups.find((g) => g.key === s.group)?.students).toContain(s.student);
  }
  // Seats of a room are 1..k with no gap.
  const used = new Map<string, number>();
  for (const s of plan.seats) used.set(s.room, (used.get(s.room) ?? 0) + 1);
  for (const s of plan.seats) expect(s.seat).toBeLessThanOrEqual(used.get(s.room) ?? 0);
  // Largest rooms first: a room is used only when every larger room is full.
  for (const room of input.rooms) {
    if (!used.get(room.id)) continue;
    for (const larger of input.rooms) {
      if (larger.capacity > room.capacity) expect(used.get(larger.id) ?? 0).toBe(larger.capacity);
    }
  }
  const distinct = new Set(input.groups.flatMap((g) => g.students));
  expect(plan.seats.length + plan.unseated.length).toBe(distinct.size);
  for (const s of plan.unseated) expect(students.has(s)).toBe(false);
  if (plan.unseated.length > 0) {
    const total = input.rooms.reduce((sum, r) => sum + Math.max(0, r.capacity), 0);
    expect(plan.seats.length).toBe(total);
  }
}

describe.each([
  {
    name: "two equal exams alternate",
    rooms: rooms(10),
    groups: [group("A", 3), group("B", 3)],
    seated: 6,
    unseated: 0,
    sameNeighbours: 0,
  },
  {
    name: "one big exam and one small: the small one is spread between",
    rooms: rooms(10),
    groups: [group("A", 5), group("B", 1)],
    seated: 6,
    unseated: 0,
    sameNeighbours: 3,
  },
  {
    name: "three exams over two rooms, largest room first",
    rooms: rooms(5, 10),
    groups: [group("A", 4), group("B", 4), group("C", 4)],
    seated: 12,
    unseated: 0,
    sameNeighbours: 0,
  },
  {
    name: "a room boundary breaks a run: no neighbour across rooms",
    rooms: rooms(3, 3),
    groups: [group("A", 4), group("B", 2)],
    seated: 6,
    unseated: 0,
    sameNeighbours: 0,
  },
  {
    name: "too few seats: the rest are unseated",
    rooms: rooms(3, 2),
    groups: [group("A", 4), group("B", 3)],
    seated: 5,
    unseated: 2,
    sameNeighbours: 0,
  },
  {
    name: "a single exam fills seats in order",
    rooms: rooms(4, 4),
    groups: [group("A", 6)],
    seated: 6,
    unseated: 0,
    sameNeighbours: 4,
  },
  {
    name: "rooms without seats are skipped",
    rooms: rooms(0, -3, 2),
    groups: [group("A", 1), group("B", 2)],
    seated: 2,
    unseated: 1,
    sameNeighbours: 0,
  },
  { name: "no rooms", rooms: [], groups: [group("A", 2)], seated: 0, unseated: 2, sameNeighbours: 0 },
  { name: "no students", rooms: rooms(30), groups: [], seated: 0, unseated: 0, sameNeighbours: 0 },
  {
    name: "many small exams in one hall",
    rooms: rooms(120, 90, 60),
    groups: ["A", "B", "C", "D", "E", "F", "G"].map((k, i) => group(k, 5 + i * 7)),
    seated: 182,
    unseated: 0,
    sameNeighbours: 0,
  },
])("planSeating: $name", ({ rooms, groups, seated, unseated, sameNeighbours }) => {
  const plan = planSeating({ rooms, groups });

  it(`seats ${seated}, leaves ${unseated} unseated`, () => {
    expect(plan.seats).toHaveLength(seated);
    expect(plan.unseated).toHaveLength(unseated);
    expectValidPlan({ rooms, groups }, plan);
  });

  it(`has ${sameNeighbours} neighbouring seats of one exam`, () => {
    expect(sameGroupNeighbours(plan)).toBe(sameNeighbours);
  });

  it("is deterministic", () => {
    expect(planSeating({ rooms, groups })).toEqual(plan);
  });
});

describe("planSeating details", () => {
  it("seats a student listed twice once, for the first exam listing them", () => {
    const plan = planSeating({
      rooms: rooms(10),
      groups: [
        { key: "A", students: ["s1", "s2", "s1"] },
        { key: "B", students: ["s2", "s3"] },
      ],
    });
    expect(plan.seats.map((s) => s.student).sort()).toEqual(["s1", "s2", "s3"]);
    expect(plan.seats.find((s) => s.student === "s2")?.group).toBe("A");
    expect(plan.repeated).toEqual([
      { student: "s1", group: "A" },
      { student: "s2", group: "B" },
    ]);
  });

  it("fills the largest room first, ties in input order", () => {
    const plan = planSeating({
      rooms: [
        { id: "small", capacity: 30 },
        { id: "hall", capacity: 120 },
        { id: "mid-1", capacity: 60 },
        { id: "mid-2", capacity: 60 },
      ],
      groups: [group("A", 200)],
    });
    const used = (room: string) => plan.seats.filter((s) => s.room === room).length;
    expect([used("hall"), used("mid-1"), used("mid-2"), used("small")]).toEqual([120, 60, 20, 0]);
  });

  it("keeps each exam's students in their given order", () => {
    const plan = planSeating({ rooms: rooms(20), groups: [group("A", 5), group("B", 5)] });
    const order = plan.seats.filter((s) => s.group === "A").map((s) => s.student);
    expect(order).toEqual(["A1", "A2", "A3", "A4", "A5"]);
  });

  it("refuses a fractional capacity", () => {
    expect(() => planSeating({ rooms: [{ id: "R", capacity: 2.5 }], groups: [] })).toThrow(RangeError);
  });
});

describe.each<{
  name: string;
  students: number;
  capacities: number[];
  taken: string[];
  seats: number;
  unseated: number;
}>([
  {
    name: "the smallest room that holds all",
    students: 50,
    capacities: [120, 60, 40],
    taken: ["R2"],
    seats: 60,
    unseated: 0,
  },
  {
    name: "a room of exactly its size",
    students: 40,
    capacities: [120, 60, 40],
    taken: ["R3"],
    seats: 40,
    unseated: 0,
  },
  {
    name: "the largest, then the smallest for the rest",
    students: 150,
    capacities: [120, 60, 40],
    taken: ["R1", "R3"],
    seats: 160,
    unseated: 0,
  },
  {
    name: "equal rooms in input order",
    students: 30,
    capacities: [40, 40],
    taken: ["R1"],
    seats: 40,
    unseated: 0,
  },
  {
    name: "every room and still short",
    students: 300,
    capacities: [60, 120],
    taken: ["R2", "R1"],
    seats: 180,
    unseated: 120,
  },
  { name: "no rooms", students: 5, capacities: [], taken: [], seats: 0, unseated: 5 },
  { name: "no students", students: 0, capacities: [30], taken: [], seats: 0, unseated: 0 },
])("roomsOfItsOwn: $name", ({ students, capacities, taken, seats, unseated }) => {
  it(`takes ${taken.join(", ") || "nothing"}`, () => {
    const result = roomsOfItsOwn(students, rooms(...capacities));
    expect({ ...result, taken: result.taken.map((r) => r.id) }).toEqual({ taken, seats, unseated });
  });
});

/** Rooms holding a student of an exclusive group and of any other group (there must be none). */
function sharedExclusiveRooms(groups: SeatingGroup[], plan: SeatingPlan): string[] {
  const exclusive = new Set(groups.filter((g) => g.exclusive).map((g) => g.key));
  const groupsIn = new Map<string, Set<string>>();
  for (const s of plan.seats) groupsIn.set(s.room, (groupsIn.get(s.room) ?? new Set()).add(s.group));
  return [...groupsIn].filter(([, g]) => g.size > 1 && [...g].some((k) => exclusive.has(k))).map(([r]) => r);
}

const own = (g: SeatingGroup): SeatingGroup => ({ ...g, exclusive: true });

describe.each<{
  name: string;
  rooms: SeatingRoom[];
  groups: SeatingGroup[];
  /** Rooms each group's students sit in. */
  roomsOf: Record<string, string[]>;
  unseated: number;
}>([
  {
    name: "an exclusive exam takes the smallest room that holds it; the others share the rest",
    rooms: rooms(10, 6, 4),
    groups: [own(group("A", 5)), group("B", 8), group("C", 3)],
    roomsOf: { A: ["R2"], B: ["R1", "R3"], C: ["R1"] },
    unseated: 0,
  },
  {
    name: "an exclusive exam leaves its room's other seats empty, even when others then lack seats",
    rooms: rooms(10, 4),
    groups: [group("B", 8), own(group("A", 5))],
    roomsOf: { A: ["R1"], B: ["R2"] },
    unseated: 4,
  },
  {
    name: "two exclusive exams, the larger first, one over two rooms",
    rooms: rooms(30, 20, 20, 10),
    groups: [own(group("A", 8)), own(group("B", 45)), group("C", 10)],
    roomsOf: { A: ["R4"], B: ["R1", "R2"], C: ["R3"] },
    unseated: 0,
  },
  {
    name: "an exclusive exam without a room left: its students are unseated",
    rooms: rooms(10),
    groups: [own(group("A", 6)), own(group("B", 3))],
    roomsOf: { A: ["R1"], B: [] },
    unseated: 3,
  },
  {
    name: "a student listed by an exclusive exam and another is seated once, for the first",
    rooms: rooms(5, 5),
    groups: [own({ key: "A", students: ["s1", "s2"] }), { key: "B", students: ["s2", "s3"] }],
    roomsOf: { A: ["R1"], B: ["R2"] },
    unseated: 0,
  },
])("planSeating with rooms of their own: $name", ({ rooms: offered, groups, roomsOf, unseated }) => {
  const plan = planSeating({ rooms: offered, groups });

  it("gives exclusive exams rooms no other exam's student sits in", () => {
    expect(sharedExclusiveRooms(groups, plan)).toEqual([]);
    for (const [key, expected] of Object.entries(roomsOf)) {
      const used = new Set(plan.seats.filter((s) => s.group === key).map((s) => s.room));
      expect([...used].sort(), key).toEqual(expected);
    }
    expect(plan.unseated).toHaveLength(unseated);
  });

  it("never seats a student twice nor beyond a room's seats", () => {
    const capacity = new Map(offered.map((r) => [r.id, r.capacity]));
    expect(new Set(plan.seats.map((s) => s.student)).size).toBe(plan.seats.length);
    expect(new Set(plan.seats.map((s) => `${s.room}#${s.seat}`)).size).toBe(plan.seats.length);
    for (const s of plan.seats) expect(s.seat).toBeLessThanOrEqual(capacity.get(s.room) ?? 0);
    const distinct = new Set(groups.flatMap((g) => g.students));
    expect(plan.seats.length + plan.unseated.length).toBe(distinct.size);
  });
});

it("without the exclusive flag the same exams share rooms", () => {
  const groups = [group("A", 5), group("B", 8), group("C", 3)];
  const plan = planSeating({ rooms: rooms(10, 6, 4), groups });
  expect(sharedExclusiveRooms(groups.map(own), plan).length).toBeGreaterThan(0);
});

/**
 * The real exam-enrolment data kept in the repository (data/exam-timetabling), or the
 * folder EXAM_DATA_DIR names.
 */
const dataDir =
  process.env.EXAM_DATA_DIR ?? fileURLToPath(new URL("../../../data/exam-timetabling", import.meta.url));

describe("planSeating on car-f-92 (Carleton University)", () => {
  it("seats the largest period of a clash-free timetable well under a second", () => {
    const toronto = join(dataDir, "toronto");
    expect(existsSync(join(toronto, "car-f-92.stu")), `no data in ${toronto}`).toBe(true);
    const sitting = new Map<string, string[]>();
    readFileSync(join(toronto, "car-f-92.stu"), "utf8")
      .split(/\r?\n/)
      .forEach((line, i) => {
        for (const course of line.trim().split(/\s+/).filter(Boolean)) {
          const list = sitting.get(course) ?? [];
          list.push(`S${i + 1}`);
          sitting.set(course, list);
        }
      });
    // A clash-free timetable (first fit, largest exams first): no student has two exams in a period.
    const periods: Array<{ courses: string[]; students: Set<string> }> = [];
    const bySize = [...sitting].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
    for (const [course, students] of bySize) {
      let period = periods.find((p) => students.every((s) => !p.students.has(s)));
      if (!period) {
        period = { courses: [], students: new Set() };
        periods.push(period);
      }
      period.courses.push(course);
      for (const s of students) period.students.add(s);
    }
    const largest = periods.reduce((a, b) => (b.students.size > a.students.size ? b : a));
    expect(largest.students.size).toBeGreaterThan(3000);
    const groups = largest.courses.map((key) => ({ key, students: sitting.get(key) ?? [] }));
    const capacities = [500, 300, 200, 120, 90, 60, 60, 40, 30];
    const halls: SeatingRoom[] = [];
    for (let i = 0, total = 0; total < largest.students.size; i++) {
      const capacity = capacities[i % capacities.length] ?? 30;
      halls.push({ id: `H${i + 1}`, capacity });
      total += capacity;
    }

    const started = performance.now();
    const plan = planSeating({ rooms: halls, groups });
    const elapsed = performance.now() - started;

    expect(plan.seats).toHaveLength(largest.students.size);
    expect(plan.unseated).toEqual([]);
    expectValidPlan({ rooms: halls, groups }, plan);
    // Neighbours of one exam only where a single exam outnumbers all others in a room.
    expect(sameGroupNeighbours(plan)).toBeLessThan(plan.seats.length / 10);
    expect(elapsed).toBeLessThan(250);
  });
});

describe.each([
  [0, 30, 0],
  [1, 30, 1],
  [29, 30, 1],
  [30, 30, 1],
  [31, 30, 2],
  [120, 30, 4],
  [121, 30, 5],
  [50, 50, 1],
  [7, 1, 7],
])("invigilatorsNeeded(%i, %i)", (seated, ratio, needed) => {
  it(`is ${needed}`, () => expect(invigilatorsNeeded(seated, ratio)).toBe(needed));
});

describe.each([
  [-1, 30],
  [1.5, 30],
  [10, 0],
  [10, 2.5],
])("invigilatorsNeeded(%d, %d)", (seated, ratio) => {
  it("throws RangeError", () => expect(() => invigilatorsNeeded(seated, ratio)).toThrow(RangeError));
});

const slot = (date: string, startTime: string, durationMinutes: number) => ({
  date,
  startTime,
  durationMinutes,
});

describe.each([
  ["same sitting", slot("2026-11-16", "10:00", 180), slot("2026-11-16", "10:00", 180), true],
  ["starts inside", slot("2026-11-16", "10:00", 180), slot("2026-11-16", "12:59", 60), true],
  ["touching ends", slot("2026-11-16", "10:00", 180), slot("2026-11-16", "13:00", 60), false],
  ["morning and afternoon", slot("2026-11-16", "10:00", 180), slot("2026-11-16", "14:30", 180), false],
  ["other day", slot("2026-11-16", "10:00", 180), slot("2026-11-17", "10:00", 180), false],
  ["past midnight", slot("2026-11-16", "22:00", 180), slot("2026-11-17", "00:30", 60), true],
  ["one inside the other", slot("2026-11-16", "09:00", 300), slot("2026-11-16", "10:00", 30), true],
])("examSlotsOverlap: %s", (_name, a, b, overlap) => {
  it(`is ${overlap} both ways`, () => {
    expect(examSlotsOverlap(a, b)).toBe(overlap);
    expect(examSlotsOverlap(b, a)).toBe(overlap);
  });
});

describe("exam slots", () => {
  it("measures a range in minutes", () => {
    const r = examSlotRange(slot("2026-11-16", "10:00", 180));
    expect(r.end - r.start).toBe(180);
    expect(examSlotRange(slot("2026-11-17", "10:00", 0)).start - r.start).toBe(24 * 60);
  });

  it("compares sittings at campuses in different zones as instants", () => {
    const dubai = { ...slot("2026-11-16", "10:00", 60), timeZone: "Asia/Dubai" };
    const mumbai = { ...slot("2026-11-16", "11:00", 60), timeZone: "Asia/Kolkata" };
    const mumbaiLater = { ...slot("2026-11-16", "11:30", 60), timeZone: "Asia/Kolkata" };
    // 10:00 in Dubai is 11:30 in Mumbai: the 11:00 Mumbai sitting overlaps it; 10:00 in Singapore was over by then.
    expect(examSlotsOverlap(dubai, mumbai)).toBe(true);
    expect(examSlotRange(dubai).start).toBe(examSlotRange(mumbaiLater).start);
    expect(examSlotsOverlap(dubai, { ...slot("2026-11-16", "10:00", 60), timeZone: "Asia/Singapore" })).toBe(
      false,
    );
  });

  it.each([
    [slot("2026-11-16", "10:00", 180), { date: "2026-11-16", time: "13:00" }],
    [slot("2026-11-16", "14:30", 90), { date: "2026-11-16", time: "16:00" }],
    [slot("2026-12-31", "23:00", 120), { date: "2027-01-01", time: "01:00" }],
  ])("ends %j at %j", (s, end) => expect(examSlotEnd(s)).toEqual(end));

  it.each([
    slot("2026-02-30", "10:00", 60),
    slot("16-11-2026", "10:00", 60),
    slot("2026-11-16", "24:00", 60),
    slot("2026-11-16", "9:00", 60),
    slot("2026-11-16", "10:00", -5),
  ])("refuses %j", (s) => expect(() => examSlotRange(s)).toThrow(RangeError));
});

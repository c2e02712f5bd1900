import { Temporal } from "temporal-polyfill";
import { EXAM_TIME_ZONE } from "./constants.ts";

/**
 * Seating plans and invigilation (spec Invigilation and proctoring, §7 seatingPlan): how the students
 * of one exam period are spread over the rooms, how many invigilators a room needs, and when two
 * exam sittings overlap in time. Pure functions, no I/O.
 */

/** A room offered to a seating plan: its id and the number of seats (a whole number). */
export type SeatingRoom = { id: string; capacity: number };

/**
 * The students of one exam (the group key) to be seated in the period. `exclusive`: the exam needs
 * rooms of its own (ITC2007 ROOM_EXCLUSIVE): no other exam's student sits in a room it uses.
 */
export type SeatingGroup = { key: string; students: readonly string[]; exclusive?: boolean };

/** One student's place: the group (exam) they sit, the room and the seat (1-based). */
export type PlannedSeat = { student: string; group: string; room: string; seat: number };

/**
 * A seating plan. `unseated` are students for whom the rooms had no seat left, in the order they
 * would have been seated. `repeated` are listings dropped because the student was already listed
 * (by an earlier group, or twice in one group): a student gets one seat in a period, for the first
 * group listing them.
 */
export type SeatingPlan = {
  seats: PlannedSeat[];
  unseated: string[];
  repeated: Array<{ student: string; group: string }>;
};

type Queue = { index: number; key: string; students: string[]; next: number; lastUsed: number };

/** Remaining students of a queue. */
const left = (q: Queue) => q.students.length - q.next;

/** True when queue `a` should be taken before `b`: more students left, then longer unused, then input order. */
function before(a: Queue, b: Queue): boolean {
  if (left(a) !== left(b)) return left(a) > left(b);
  if (a.lastUsed !== b.lastUsed) return a.lastUsed < b.lastUsed;
  return a.index < b.index;
}

/** A small binary heap of queues ordered by {@link before}. */
class QueueHeap {
  private readonly items: Queue[] = [];

  get size(): number {
    return this.items.length;
  }

  push(q: Queue): void {
    const items = this.items;
    items.push(q);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i] as Queue, items[parent] as Queue)) break;
      [items[i], items[parent]] = [items[parent] as Queue, items[i] as Queue];
      i = parent;
    }
  }

  pop(): Queue | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < items.length && before(items[l] as Queue, items[best] as Queue)) best = l;
        if (r < items.length && before(items[r] as Queue, items[best] as Queue)) best = r;
        if (best === i) break;
        [items[i], items[best]] = [items[best] as Queue, items[i] as Queue];
        i = best;
      }
    }
    return top;
  }
}

/**
 * The rooms an exam that needs rooms of its own (ITC2007 ROOM_EXCLUSIVE) takes for `students`
 * students: the smallest room that holds them all (ties in input order); when none does, the largest
 * room (first of equals), and so on for the students still left. `rooms` are those still free, with
 * seats; `taken` is in the order taken, `seats` the seats those rooms hold (the exam blocks them all,
 * the unused ones stay empty) and `unseated` the students no room was left for.
 */
export function roomsOfItsOwn(
  students: number,
  rooms: readonly SeatingRoom[],
): { taken: SeatingRoom[]; seats: number; unseated: number } {
  const free = [...rooms];
  const taken: SeatingRoom[] = [];
  let left = students;
  let seats = 0;
  while (left > 0 && free.length > 0) {
    let pick = -1;
    for (const [i, room] of free.entries()) {
      if (room.capacity >= left && (pick < 0 || room.capacity < (free[pick] as SeatingRoom).capacity))
        pick = i;
    }
    if (pick < 0) {
      pick = 0;
      for (const [i, room] of free.entries())
        if (room.capacity > (free[pick] as SeatingRoom).capacity) pick = i;
    }
    const [room] = free.splice(pick, 1) as [SeatingRoom];
    taken.push(room);
    seats += room.capacity;
    left -= room.capacity;
  }
  return { taken, seats, unseated: Math.max(0, left) };
}

/**
 * Seats the students of the groups (the exams of one period) in the rooms, seats numbered
 * 1..capacity in each room; rooms without seats are skipped. First the exclusive groups (most
 * students first, then input order) each take rooms of their own ({@link roomsOfItsOwn}), seated in
 * list order. The other groups fill the remaining rooms largest first (ties in input order),
 * interleaved so that seats n and n+1 of a room hold students of different exams wherever the mix
 * allows: each next seat goes to the group with the most students still to seat that is not the
 * group of the seat before it (ties: the group unused longest, so equal groups take turns).
 * Never over capacity, never a student twice (see {@link SeatingPlan}.repeated), never another
 * exam's student in a room of an exclusive group. O(students x log groups + exclusive groups x
 * rooms). Throws RangeError for a capacity that is not a whole number.
 */
export function planSeating(input: {
  rooms: readonly SeatingRoom[];
  groups: readonly SeatingGroup[];
}): SeatingPlan {
  for (const room of input.rooms) {
    if (!Number.isSafeInteger(room.capacity)) {
      throw new RangeError(`room ${room.id}: capacity must be a whole number, got ${room.capacity}`);
    }
  }
  const listed = new Set<string>();
  const repeated: SeatingPlan["repeated"] = [];
  const heap = new QueueHeap();
  const exclusive: Queue[] = [];
  input.groups.forEach((group, index) => {
    const students: string[] = [];
    for (const student of group.students) {
      if (listed.has(student)) {
        repeated.push({ student, group: group.key });
        continue;
      }
      listed.add(student);
      students.push(student);
    }
    if (students.length === 0) return;
    const queue = { index, key: group.key, students, next: 0, lastUsed: -1 };
    if (group.exclusive) exclusive.push(queue);
    else heap.push(queue);
  });

  let rooms = input.rooms
    .map((room, order) => ({ room, order }))
    .filter(({ room }) => room.capacity > 0)
    .sort((a, b) => b.room.capacity - a.room.capacity || a.order - b.order)
    .map(({ room }) => room);

  const seats: PlannedSeat[] = [];
  const unseated: string[] = [];
  exclusive.sort((a, b) => b.students.length - a.students.length || a.index - b.index);
  for (const queue of exclusive) {
    const { taken } = roomsOfItsOwn(queue.students.length, rooms);
    for (const room of taken) {
      for (let seat = 1; seat <= room.capacity && left(queue) > 0; seat++) {
        seats.push({
          student: queue.students[queue.next++] as string,
          group: queue.key,
          room: room.id,
          seat,
        });
      }
    }
    unseated.push(...queue.students.slice(queue.next));
    rooms = rooms.filter((room) => !taken.includes(room));
  }

  let step = 0;
  for (const room of rooms) {
    if (heap.size === 0) break;
    let previous: Queue | null = null;
    for (let seat = 1; seat <= room.capacity && heap.size > 0; seat++) {
      let queue = heap.pop() as Queue;
      let setAside: Queue | null = null;
      if (queue === previous && heap.size > 0) {
        setAside = queue;
        queue = heap.pop() as Queue;
      }
      const student = queue.students[queue.next++] as string;
      seats.push({ student, group: queue.key, room: room.id, seat });
      queue.lastUsed = step++;
      if (left(queue) > 0) heap.push(queue);
      if (setAside) heap.push(setAside);
      previous = queue;
    }
  }

  while (heap.size > 0) {
    const queue = heap.pop() as Queue;
    unseated.push(...queue.students.slice(queue.next));
  }
  return { seats, unseated, repeated };
}

/**
 * Invigilators a room needs for `seated` students when one invigilator supervises
 * `studentsPerInvigilator` (the exam's student to faculty ratio): ceil(seated / ratio), at least 1
 * when anyone is seated, 0 for an empty room. Throws RangeError for a negative or fractional count
 * or a ratio below 1.
 */
export function invigilatorsNeeded(seated: number, studentsPerInvigilator: number): number {
  if (!Number.isSafeInteger(seated) || seated < 0) {
    throw new RangeError(`seated must be a whole number >= 0, got ${seated}`);
  }
  if (!Number.isSafeInteger(studentsPerInvigilator) || studentsPerInvigilator < 1) {
    throw new RangeError(`studentsPerInvigilator must be a whole number >= 1, got ${studentsPerInvigilator}`);
  }
  if (seated === 0) return 0;
  return Math.max(1, Math.ceil(seated / studentsPerInvigilator));
}

/**
 * An exam sitting: ISO date (YYYY-MM-DD), local start time HH:MM and length in minutes, wall times
 * at its campus's IANA `timeZone` (default Asia/Kolkata, DEFAULT_CAMPUS_TIME_ZONE).
 */
export type ExamSlot = { date: string; startTime: string; durationMinutes: number; timeZone?: string };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** The zone of a sitting that names none (constants.ts EXAM_TIME_ZONE). */
const DEFAULT_SLOT_TIME_ZONE = EXAM_TIME_ZONE;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function plainDate(isoDate: string): Temporal.PlainDate {
  if (!ISO_DATE.test(isoDate)) throw new RangeError(`date must be YYYY-MM-DD, got "${isoDate}"`);
  return Temporal.PlainDate.from(isoDate, { overflow: "reject" });
}

function slotStart(slot: ExamSlot): Temporal.PlainDateTime {
  const time = TIME.exec(slot.startTime);
  if (!time) throw new RangeError(`startTime must be HH:MM, got "${slot.startTime}"`);
  if (!Number.isSafeInteger(slot.durationMinutes) || slot.durationMinutes < 0) {
    throw new RangeError(`durationMinutes must be a whole number >= 0, got ${slot.durationMinutes}`);
  }
  return plainDate(slot.date).toPlainDateTime({
    hour: Number(time[1]),
    minute: Number(time[2]),
  });
}

/**
 * The sitting's time range [start, end) in minutes since the epoch: its wall time at its campus's
 * zone (`timeZone`, default Asia/Kolkata) as an instant, so sittings at campuses in different zones
 * compare as the same moments (a 10:00 exam in Dubai is 11:30 in Mumbai). A wall time a
 * daylight-saving change skips moves forward. Throws RangeError for an invalid date, time,
 * duration or zone.
 */
export function examSlotRange(slot: ExamSlot): { start: number; end: number } {
  const start = slotStart(slot);
  const minutes = Math.round(
    start.toZonedDateTime(slot.timeZone ?? DEFAULT_SLOT_TIME_ZONE).epochMilliseconds / 60_000,
  );
  return { start: minutes, end: minutes + slot.durationMinutes };
}

/** True when two sittings overlap: [start, start + duration) ranges intersect (touching ends do not). */
export function examSlotsOverlap(a: ExamSlot, b: ExamSlot): boolean {
  const x = examSlotRange(a);
  const y = examSlotRange(b);
  return x.start < y.end && y.start < x.end;
}

/** The local end of a sitting: ISO date (the next day when it runs past midnight) and HH:MM. */
export function examSlotEnd(slot: ExamSlot): { date: string; time: string } {
  const end = slotStart(slot).add({ minutes: slot.durationMinutes });
  return {
    date: end.toPlainDate().toString(),
    time: `${String(end.hour).padStart(2, "0")}:${String(end.minute).padStart(2, "0")}`,
  };
}

import { randomUUID } from "node:crypto";
import { localToInstant } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import {
  contact,
  course,
  courseOffering,
  facility,
  scheduledEvent,
  scheduledEventFaculty,
  termSubject,
} from "../db/schema.ts";

/** Start times (Asia/Kolkata) of the 75-minute slots of a weekday. */
const SLOTS = ["08:00", "09:30", "11:00", "12:30", "14:00", "15:30", "17:00", "18:30"];

/** How big a term {@link seedLargeTerm} makes (the scheduling benchmark's: 5,000 / 300 / 100 / 60). */
export type LargeTermSize = { sessions: number; faculty: number; rooms: number; subjects: number };

/** What {@link seedLargeTerm} filled: the term, its intake's address and where to look. */
export type LargeTerm = {
  termId: string;
  /** Term dates, YYYY-MM-DD. */
  start: string;
  end: string;
  campusId: string;
  /** The intake's programme code, month (JAN-DEC) and year, as the time table's address takes them. */
  programmeCode: string;
  programmeName: string;
  month: string;
  year: number;
  /** Weekdays of the term, YYYY-MM-DD, in order. */
  days: string[];
  /** The faculty member with the most sessions in the term's second week (the faculty calendar's). */
  busiestFacultyId: string;
};

/**
 * Fills the term with the most scheduled events of the database's demo data (its largest
 * scheduled intake) with `size.sessions` class sessions across `size.faculty` new
 * faculty members, `size.rooms` new rooms of the intake's campus and `size.subjects` new subjects
 * (each with one section), for benchmarks (docs/performance.md "Scheduling"); ties between terms
 * are broken by programme, year, month, campus name and term number, never by a random id. Deterministic, no
 * random numbers: session k's weekday, 75-minute slot, room, faculty member and subject follow
 * from k, and within one slot every room and faculty member differs, which it checks (throws when a
 * faculty member ends up booked twice, or the term is too short). Needs the demo data loaded.
 */
export async function seedLargeTerm(db: Executor, size: LargeTermSize): Promise<LargeTerm> {
  const [t] = await rows<{
    termId: string;
    start: string;
    end: string;
    campusId: string;
    code: string;
    name: string;
    month: string;
    year: number;
  }>(
    db,
    sql`select t.id as "termId", to_char(t.start_date, 'YYYY-MM-DD') as start,
        to_char(t.end_date, 'YYYY-MM-DD') as "end", i.campus_id as "campusId", p.code, p.name, i.month, i.year
        from scheduled_event e join term t on t.id = e.term_id join intake i on i.id = t.intake_id
        join academic_programme p on p.id = i.programme_id join campus c on c.id = i.campus_id
        group by t.id, i.id, p.id, c.id order by count(*) desc, p.code, i.year, i.month, c.name, t.number limit 1`,
  );
  if (!t) throw new Error("no scheduled demo term: load the demo data first");
  const allDays = (
    await rows<{ day: string }>(
      db,
      sql`select to_char(d, 'YYYY-MM-DD') as day from generate_series(${t.start}::date, ${t.end}::date, '1 day') d`,
    )
  ).map((r) => r.day);
  // Weekdays of the term (the demo's own holidays are not avoided: reads do not care).
  const days = allDays.filter((d) => {
    const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
    return wd >= 1 && wd <= 5;
  });
  const faculty = Array.from({ length: size.faculty }, (_, i) => ({
    id: randomUUID(),
    kind: "faculty" as const,
    firstName: "Bench",
    lastName: `Faculty ${i + 1}`,
    email: `bench.faculty.${i + 1}@university.example`,
  }));
  await db.insert(contact).values(faculty);
  const rooms = Array.from({ length: size.rooms }, (_, i) => ({
    id: randomUUID(),
    campusId: t.campusId,
    code: `BENCH-R${String(i + 1).padStart(3, "0")}`,
    name: `Bench room ${i + 1}`,
    capacity: 150,
  }));
  await db.insert(facility).values(rooms);
  const courses = Array.from({ length: size.subjects }, (_, i) => ({
    id: randomUUID(),
    code: `BENCH-C${String(i + 1).padStart(3, "0")}`,
    name: `Bench subject ${i + 1}`,
  }));
  await db.insert(course).values(courses);
  const subjects = courses.map((c) => ({
    id: randomUUID(),
    termId: t.termId,
    courseId: c.id,
    startDate: t.start,
    endDate: t.end,
  }));
  await db.insert(termSubject).values(subjects);
  const sections = courses.map((c, i) => ({
    id: randomUUID(),
    courseId: c.id,
    termId: t.termId,
    section: "A",
    facultyId: faculty[i % size.faculty]?.id,
  }));
  await db.insert(courseOffering).values(sections);
  // Session k: slot k mod (days x slots) spread over the term, the (k div slots-per-term)-th room
  // and faculty member of that slot: within one slot every room and faculty member differs.
  const perSlot = Math.ceil(size.sessions / (days.length * SLOTS.length));
  if (perSlot > size.rooms || perSlot > size.faculty) {
    throw new Error(`term too short for ${size.sessions} sessions in ${size.rooms} rooms`);
  }
  const events: Array<typeof scheduledEvent.$inferInsert & { id: string; facultyId: string }> = [];
  for (let k = 0; k < size.sessions; k++) {
    const slotIndex = k % (days.length * SLOTS.length);
    const inSlot = Math.floor(k / (days.length * SLOTS.length));
    const day = days[Math.floor(slotIndex / SLOTS.length)] as string;
    const time = SLOTS[slotIndex % SLOTS.length] as string;
    const start = localToInstant(day, time);
    const subject = (k * 7) % size.subjects;
    events.push({
      id: randomUUID(),
      termId: t.termId,
      kind: "session",
      name: `Bench ${k + 1}`,
      termSubjectId: subjects[subject]?.id,
      courseOfferingId: sections[subject]?.id,
      facilityId: rooms[(inSlot * 37 + slotIndex) % size.rooms]?.id,
      startsAt: new Date(start),
      endsAt: new Date(Date.parse(start) + 75 * 60_000),
      createdBy: "bench",
      facultyId: faculty[(inSlot * 101 + slotIndex) % size.faculty]?.id as string,
    });
  }
  for (let i = 0; i < events.length; i += 1000) {
    const chunk = events.slice(i, i + 1000);
    await db.insert(scheduledEvent).values(chunk.map(({ facultyId: _, ...e }) => e));
    await db.insert(scheduledEventFaculty).values(
      chunk.map((e) => ({
        eventId: e.id,
        facultyId: e.facultyId,
        position: 1,
        startsAt: e.startsAt as Date,
        endsAt: e.endsAt as Date,
      })),
    );
  }
  await db.execute(sql`analyze`);
  const [clash] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from scheduled_event_faculty a join scheduled_event_faculty b
        on a.faculty_id = b.faculty_id and a.event_id < b.event_id
        and a.starts_at < b.ends_at and a.ends_at > b.starts_at`,
  );
  if (Number(clash?.n) !== 0) throw new Error("the seed double-booked a faculty member");
  const secondWeek = days.slice(5, 10);
  const [busiest] = await rows<{ id: string }>(
    db,
    sql`select b.faculty_id as id from scheduled_event_faculty b join scheduled_event e on e.id = b.event_id
        where e.term_id = ${t.termId} and e.created_by = 'bench'
        and b.starts_at >= ${localToInstant(secondWeek[0] ?? t.start, "00:00")}::timestamptz
        and b.starts_at < ${localToInstant(secondWeek[secondWeek.length - 1] ?? t.end, "23:59")}::timestamptz
        group by b.faculty_id order by count(*) desc, b.faculty_id limit 1`,
  );
  return {
    termId: t.termId,
    start: t.start,
    end: t.end,
    campusId: t.campusId,
    programmeCode: t.code,
    programmeName: t.name,
    month: t.month,
    year: t.year,
    days,
    busiestFacultyId: busiest?.id ?? (faculty[0]?.id as string),
  };
}

import { addDays, localToInstant } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { scheduledEvent, scheduledEventFaculty } from "../db/schema.ts";
import { holidaysOfIntake } from "../planning/public.ts";

/** Weeks of demo sessions, from the Monday on or after the term start. */
export const DEMO_SESSION_WEEKS = 4;
/** Start times of the demo's 90-minute sessions, each weekday: wall times at the intake's campus. */
const SLOT_TIMES = ["09:00", "11:00", "14:00", "16:00"] as const;

/**
 * Scheduled class sessions of the demo (inside the demo loader's transaction, after the planning
 * demo): for the planned intakes (those with section activities) every section of their second term
 * meets once a week for {@link DEMO_SESSION_WEEKS} weeks, in a slot (weekday and start time, wall
 * time at the intake's campus) of its own across all of them, 90 minutes, with its section faculty and the campus's largest room (the
 * only one that holds a section of 120). Campuses keep different zones, so the same wall time is
 * another instant at another campus: a section takes the first slot, from its own onwards, whose
 * sessions meet none of its faculty member's or room's sessions already made, so no one is booked
 * twice; a day that is a holiday of the intake or its campus is skipped; a section that finds no
 * free slot among the 20 weekly ones gets none. Sections are taken in a stable order (intake,
 * course, section), never by a random id.
 */
export async function loadSchedulingDemo(tx: Executor): Promise<void> {
  const sections = await rows<{
    intakeId: string;
    termId: string;
    termStart: string;
    termEnd: string;
    subjectId: string;
    offeringId: string;
    facultyId: string;
    roomId: string | null;
    timeZone: string;
  }>(
    tx,
    sql`select t.intake_id as "intakeId", t.id as "termId", to_char(t.start_date, 'YYYY-MM-DD') as "termStart",
        to_char(t.end_date, 'YYYY-MM-DD') as "termEnd", ts.id as "subjectId", o.id as "offeringId",
        o.faculty_id as "facultyId", c.time_zone as "timeZone",
        (select f.id from facility f where f.campus_id = i.campus_id and f.capacity >= o.capacity
          order by f.capacity desc, f.code limit 1) as "roomId"
        from term t join intake i on i.id = t.intake_id join campus c on c.id = i.campus_id
        join term_subject ts on ts.term_id = t.id
        join course_offering o on o.term_id = t.id and o.course_id = ts.course_id
        where t.number = 2 and o.faculty_id is not null
          and exists (select 1 from section_activity a join term t2 on t2.id = a.term_id where t2.intake_id = i.id)
        order by i.name, (select code from course where id = o.course_id), o.section, o.capacity`,
  );
  const holidays = new Map<string, Set<string>>();
  for (const s of sections) {
    if (!holidays.has(s.intakeId)) holidays.set(s.intakeId, new Set(await holidaysOfIntake(tx, s.intakeId)));
  }
  const slots = [0, 1, 2, 3, 4].flatMap((weekday) => SLOT_TIMES.map((time) => ({ weekday, time })));
  // Sessions made so far by faculty member and by room: [start, end) in epoch milliseconds.
  const booked = new Map<string, Array<readonly [number, number, number]>>();
  const free = (key: string, span: readonly [number, number, number]) =>
    !(booked.get(key) ?? []).some(([a, b]) => a < span[1] && span[0] < b);
  const sessionsIn = (s: (typeof sections)[number], slot: (typeof slots)[number]) => {
    const startDay = new Date(`${s.termStart}T00:00:00Z`).getUTCDay(); // 0 Sunday
    const monday = addDays(s.termStart, (8 - startDay) % 7);
    const spans: Array<[number, number, number]> = [];
    for (let week = 0; week < DEMO_SESSION_WEEKS; week++) {
      const day = addDays(monday, week * 7 + slot.weekday);
      if (day > s.termEnd || holidays.get(s.intakeId)?.has(day)) continue;
      const start = Date.parse(localToInstant(day, slot.time, s.timeZone));
      spans.push([start, start + 90 * 60_000, week]);
    }
    return spans;
  };
  for (const [k, s] of sections.entries()) {
    if (k >= slots.length || !s.roomId) continue;
    const roomId = s.roomId;
    let spans: Array<[number, number, number]> = [];
    for (let tried = 0; tried < slots.length && spans.length === 0; tried++) {
      const candidate = sessionsIn(s, slots[(k + tried) % slots.length] as (typeof slots)[number]);
      if (candidate.every((span) => free(`f:${s.facultyId}`, span) && free(`r:${roomId}`, span))) {
        spans = candidate;
      }
    }
    for (const key of [`f:${s.facultyId}`, `r:${roomId}`])
      booked.set(key, [...(booked.get(key) ?? []), ...spans]);
    const events: Array<typeof scheduledEvent.$inferInsert> = [];
    for (const [startMs, endMs, week] of spans) {
      const start = new Date(startMs).toISOString();
      events.push({
        termId: s.termId,
        kind: "session",
        name: `Lecture ${week + 1}`,
        termSubjectId: s.subjectId,
        courseOfferingId: s.offeringId,
        facilityId: roomId,
        startsAt: new Date(start),
        endsAt: new Date(endMs),
        createdBy: "demo",
      });
    }
    if (events.length === 0) continue;
    const made = await tx.insert(scheduledEvent).values(events).returning();
    await tx.insert(scheduledEventFaculty).values(
      made.map((e) => ({
        eventId: e.id,
        facultyId: s.facultyId,
        position: 1,
        startsAt: e.startsAt,
        endsAt: e.endsAt,
      })),
    );
  }
}

import { addDays, localToInstant } from "@portal/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setReadModelCache } from "../db/read-model-cache.ts";
import { rows } from "../db/rows.ts";
import { facility, readModelVersion } from "../db/schema.ts";
import { type LargeTerm, seedLargeTerm } from "../demo/large-term.ts";
import { DEMO_ACADEMIC_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { type CalendarRow, calendarRows, type EventRow, eventRows } from "./reads.ts";

/**
 * The calendars' event statement as it was before it was split for planning (one join of eight
 * relations): the reference the split statement must answer exactly like, row for row.
 */
async function referenceRows(api: TestApi, where: SQL, limit = 5000): Promise<EventRow[]> {
  const found = await rows<EventRow>(
    api.ctx.db,
    sql`select e.id, e.kind, e.name, e.exam_type as "examType", e.term_id as "termId",
        to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startsAt",
        to_char(e.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endsAt",
        e.term_subject_id as "courseVersionId", e.course_offering_id as "courseOfferingId",
        c.id as "courseId", c.code as "courseCode", c.name as "courseName", o.section,
        o.faculty_id as "sectionFacultyId",
        case when sf.id is null then null else sf.first_name || ' ' || sf.last_name end as "sectionFacultyName",
        e.planner_activity_id as "plannerActivityId", pa.name as "plannerActivityName",
        e.facility_id as "facilityId", fa.name as "facilityName",
        coalesce((select json_agg(json_build_object('id', f.id, 'name', f.first_name || ' ' || f.last_name) order by b.position)
          from scheduled_event_faculty b join contact f on f.id = b.faculty_id where b.event_id = e.id), '[]'::json) as faculty,
        e.version
        from scheduled_event e
        left join term_subject ts on ts.id = e.term_subject_id
        left join course_offering o on o.id = e.course_offering_id
        left join course c on c.id = coalesce(ts.course_id, o.course_id)
        left join contact sf on sf.id = o.faculty_id
        left join planner_activity pa on pa.id = e.planner_activity_id
        left join facility fa on fa.id = e.facility_id
        where ${where}
        order by e.starts_at, e.id limit ${limit}`,
  );
  return found.map((r) => ({
    ...r,
    faculty: typeof r.faculty === "string" ? (JSON.parse(r.faculty) as EventRow["faculty"]) : r.faculty,
  }));
}

describe.each(testTargets())("the calendars' event rows on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let large: LargeTerm;

  beforeAll(async () => {
    api = await createTestApi(target, { readModelCache: false });
    auth = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    large = await seedLargeTerm(api.ctx.db, { sessions: 300, faculty: 12, rooms: 8, subjects: 6 });
  });
  afterAll(async () => {
    await api?.close();
  });

  const week = () => {
    const from = addDays(large.days[0] as string, 7);
    return { from, start: localToInstant(from, "00:00"), end: localToInstant(addDays(from, 7), "00:00") };
  };

  it("answers every question of the calendars exactly as the single join did, in the same order", async () => {
    const w = week();
    const [someFaculty] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select faculty_id as id from scheduled_event_faculty group by faculty_id order by count(*) desc, faculty_id limit 1`,
    );
    const [someRoom] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select facility_id as id from scheduled_event where facility_id is not null
          group by facility_id order by count(*) desc, facility_id limit 1`,
    );
    const questions: SQL[] = [
      sql`e.term_id = ${large.termId}`,
      sql`e.term_id = ${large.termId} and e.starts_at < ${w.end}::timestamptz and e.ends_at > ${w.start}::timestamptz`,
      sql`e.term_id in (select id from term where intake_id = (select intake_id from term where id = ${large.termId}))`,
      sql`e.facility_id = ${someRoom?.id ?? null}`,
      sql`e.id in (select b.event_id from scheduled_event_faculty b where b.faculty_id = ${someFaculty?.id ?? null})`,
      sql`true`,
    ];
    for (const where of questions) {
      const expected = await referenceRows(api, where);
      expect(expected.length).toBeGreaterThan(0);
      expect(await eventRows(api.ctx.db, where)).toEqual(expected);
    }
    // A cut (the statement's limit) keeps the same first rows, ordered by start, then id.
    const all = await referenceRows(api, questions[0] as SQL);
    const first = await eventRows(api.ctx.db, questions[0] as SQL, 25);
    expect(first).toEqual(all.slice(0, 25));
    const order = all.map((r) => `${r.startsAt} ${r.id}`);
    expect(order).toEqual([...order].sort());
    // The fixture covers what the names come from: sections with faculty, rooms, booked faculty.
    expect(all.some((r) => r.sectionFacultyName && r.facilityName && r.courseCode)).toBe(true);
    expect(all.every((r) => Array.isArray(r.faculty))).toBe(true);
  });

  it("answers the time table's calendar rows as the event rows name them, row for row", async () => {
    const w = week();
    const questions: SQL[] = [
      sql`e.term_id = ${large.termId}`,
      sql`e.term_id in (select id from term where intake_id = (select intake_id from term where id = ${large.termId}))
          and e.starts_at < ${w.end}::timestamptz and e.ends_at > ${w.start}::timestamptz`,
      sql`true`,
    ];
    // Two more faculty on the week's first booked event, free then, in positions 2 and 3 in the
    // reverse of their names' order, so the booking's order is seen.
    const db = api.ctx.db;
    const [event] = await rows<{ id: string; startsAt: string; endsAt: string }>(
      db,
      sql`select e.id, e.starts_at::text as "startsAt", e.ends_at::text as "endsAt" from scheduled_event e
          where e.term_id = ${large.termId} and e.starts_at < ${w.end}::timestamptz and e.ends_at > ${w.start}::timestamptz
          and (select count(*) from scheduled_event_faculty b where b.event_id = e.id) = 1
          order by e.starts_at, e.id limit 1`,
    );
    if (!event) throw new Error("the week has no event with one faculty member");
    const free = await rows<{ id: string }>(
      db,
      sql`select c.id from contact c where c.kind = 'faculty' and c.id not in (
            select b.faculty_id from scheduled_event_faculty b
            where b.starts_at < ${event.endsAt}::timestamptz and b.ends_at > ${event.startsAt}::timestamptz)
          order by c.first_name desc, c.last_name desc, c.id limit 2`,
    );
    expect(free).toHaveLength(2);
    for (const [index, f] of free.entries()) {
      await db.execute(
        sql`insert into scheduled_event_faculty (event_id, faculty_id, position, starts_at, ends_at)
            values (${event.id}, ${f.id}, ${index + 2}, ${event.startsAt}::timestamptz, ${event.endsAt}::timestamptz)`,
      );
    }
    // And none on the week's last event with one (its booking put back at the end).
    const [bare] = await rows<{ eventId: string; facultyId: string; startsAt: string; endsAt: string }>(
      db,
      sql`select b.event_id as "eventId", b.faculty_id as "facultyId", b.starts_at::text as "startsAt",
          b.ends_at::text as "endsAt" from scheduled_event_faculty b join scheduled_event e on e.id = b.event_id
          where e.term_id = ${large.termId} and e.starts_at < ${w.end}::timestamptz and e.ends_at > ${w.start}::timestamptz
          and b.event_id <> ${event.id} and b.position = 1
          and (select count(*) from scheduled_event_faculty o where o.event_id = e.id) = 1
          order by e.starts_at desc, e.id desc limit 1`,
    );
    if (!bare) throw new Error("the week has no second event with one faculty member");
    await db.execute(sql`delete from scheduled_event_faculty where event_id = ${bare.eventId}`);
    try {
      await compareWeek(questions, db);
    } finally {
      await db.execute(
        sql`delete from scheduled_event_faculty where event_id = ${event.id} and position > 1`,
      );
      await db.execute(
        sql`insert into scheduled_event_faculty (event_id, faculty_id, position, starts_at, ends_at)
            values (${bare.eventId}, ${bare.facultyId}, 1, ${bare.startsAt}::timestamptz, ${bare.endsAt}::timestamptz)`,
      );
    }
  });

  async function compareWeek(questions: SQL[], db: TestApi["ctx"]["db"]): Promise<void> {
    let booked = 0;
    let bookedMany = 0;
    let bookedNone = 0;
    for (const where of questions) {
      const expected: CalendarRow[] = (await referenceRows(api, where)).map((r) => {
        const faculty = r.faculty as Array<{ id: string; name: string }>;
        if (faculty.length === 0) bookedNone++;
        if (faculty.length > 0) booked++;
        if (faculty.length > 1) bookedMany++;
        return {
          id: r.id,
          kind: r.kind,
          name: r.name,
          examType: r.examType,
          termId: r.termId,
          startsAt: r.startsAt,
          endsAt: r.endsAt,
          courseOfferingId: r.courseOfferingId,
          courseCode: r.courseCode,
          courseName: r.courseName,
          section: r.section,
          sectionFacultyName: r.sectionFacultyName,
          plannerActivityName: r.plannerActivityName,
          facilityName: r.facilityName,
          version: r.version,
          firstFacultyId: faculty[0]?.id ?? null,
          firstFacultyName: faculty[0]?.name ?? null,
          facultyNames: faculty.length > 0 ? faculty.map((f) => f.name).join(", ") : null,
        };
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(await calendarRows(api.ctx.db, where)).toEqual(expected);
    }
    // The fixture has events with no faculty, one and several (their order is the booking's).
    expect(booked).toBeGreaterThan(0);
    expect(bookedMany).toBeGreaterThan(0);
    expect(bookedNone).toBeGreaterThan(0);
    expect(await calendarRows(db, questions[0] as SQL, 25)).toEqual(
      (await calendarRows(db, questions[0] as SQL)).slice(0, 25),
    );
  }

  /** Renames the room of the week's first event and puts the scheduling counter back as it was. */
  async function renameRoomBehindTheCounter(): Promise<{ name: string; undo: () => Promise<void> }> {
    const db = api.ctx.db;
    const w = week();
    const [first] = await eventRows(
      db,
      sql`e.term_id = ${large.termId} and e.facility_id is not null
          and e.starts_at < ${w.end}::timestamptz and e.ends_at > ${w.start}::timestamptz`,
      1,
    );
    if (!first?.facilityId || !first.facilityName) throw new Error("the week has no event in a room");
    const counter = eq(readModelVersion.name, "scheduling");
    const [before] = await db
      .select({ version: readModelVersion.version })
      .from(readModelVersion)
      .where(counter);
    const name = `${first.facilityName} (renamed)`;
    await db.update(facility).set({ name }).where(eq(facility.id, first.facilityId));
    await db
      .update(readModelVersion)
      .set({ version: before?.version ?? 0 })
      .where(counter);
    const old = first.facilityName;
    const id = first.facilityId;
    return {
      name,
      undo: async () => void (await db.update(facility).set({ name: old }).where(eq(facility.id, id))),
    };
  }

  const facilityNames = async (url: string): Promise<string[]> => {
    const res = await api.call("GET", url, { headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as {
      events: Array<{ facilityName?: string | null; FacilityBooking?: { facilityName: string } }>;
    };
    expect(body.events.length).toBeGreaterThan(0);
    return body.events.map((e) => e.facilityName ?? e.FacilityBooking?.facilityName ?? "");
  };
  const timeTableUrl = () =>
    `/api/salesforce/SessionTimeTable?programName=${encodeURIComponent(large.programmeCode)}&intake=${large.month}&year=${large.year}&date=${week().from}`;
  const sessionDataUrl = () =>
    `/api/salesforce/SessionData?termId=${large.termId}&from=${week().from}&to=${addDays(week().from, 6)}`;

  it("computes the time table and the session data on every call with the cache off", async () => {
    for (const url of [timeTableUrl(), sessionDataUrl()]) {
      await facilityNames(url);
      const { name, undo } = await renameRoomBehindTheCounter();
      try {
        expect(await facilityNames(url)).toContain(name);
      } finally {
        await undo();
      }
    }
  });

  it("with the cache on, the same hidden rename is not seen: a kept answer would fail the test above", async () => {
    setReadModelCache(api.ctx.db, true);
    try {
      for (const url of [timeTableUrl(), sessionDataUrl()]) {
        await facilityNames(url);
        const { name, undo } = await renameRoomBehindTheCounter();
        try {
          expect(await facilityNames(url)).not.toContain(name);
        } finally {
          await undo();
        }
      }
    } finally {
      setReadModelCache(api.ctx.db, false);
    }
  });
});

import { SCHEDULING_MESSAGES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { tableFingerprints } from "../test/fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/** Tables the sign-in calls write; every other table must be unchanged by a refused call. */
const SIGN_IN_TABLES = [
  "otp_request",
  "otp_challenge",
  "refresh_token",
  "sign_in_attempt",
  "sign_in_failure",
  "session_family",
];

type Event = {
  id: string;
  version: number;
  termId: string;
  courseId: string;
  offeringId: string;
  facultyId: string;
  startsAt: string;
  endsAt: string;
};
type Body = Record<string, unknown> & { errorMessage?: string; rule?: string; errorCode?: string };

describe.each(testTargets())("time table swap API on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  /** Demo sessions of one intake's second term, first week first (one per section and week). */
  let events: Event[];

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const [intake] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select t.intake_id as id from scheduled_event e join term t on t.id = e.term_id
          where e.created_by = 'demo' group by t.intake_id order by count(*) desc, t.intake_id limit 1`,
    );
    events = await rows<Event>(
      api.ctx.db,
      sql`select e.id, e.version, e.term_id as "termId", o.course_id as "courseId", o.id as "offeringId",
          b.faculty_id as "facultyId",
          to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startsAt",
          to_char(e.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endsAt"
          from scheduled_event e join term t on t.id = e.term_id
          join course_offering o on o.id = e.course_offering_id
          join scheduled_event_faculty b on b.event_id = e.id and b.position = 1
          where t.intake_id = ${intake?.id} and e.created_by = 'demo' order by e.starts_at, e.id`,
    );
  });
  afterAll(async () => {
    await api?.close();
  });

  async function send(body: unknown, headers = auth) {
    const res = await api.call("POST", "/api/salesforce/SessionTimeTable", { headers, body });
    return { status: res.status, body: res.body as Body };
  }
  async function current(id: string) {
    const [e] = await rows<{ startsAt: string; endsAt: string; version: number; facultyStart: string }>(
      api.ctx.db,
      sql`select to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startsAt",
          to_char(e.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endsAt", e.version,
          (select to_char(b.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            from scheduled_event_faculty b where b.event_id = e.id and b.position = 1) as "facultyStart"
          from scheduled_event e where e.id = ${id}`,
    );
    return e;
  }
  /** Two events of different courses taught by different faculty. */
  function pairOfDifferentSubjects(skip: ReadonlySet<string> = new Set()): [Event, Event] {
    for (const a of events) {
      if (skip.has(a.id)) continue;
      const b = events.find(
        (e) => !skip.has(e.id) && e.courseId !== a.courseId && e.facultyId !== a.facultyId,
      );
      if (b) return [a, b];
    }
    throw new Error("no two demo sessions of different subjects and faculty");
  }
  async function expectRefused(body: unknown, status: number, expected: Record<string, unknown>) {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
  }

  it("swaps the times of two sessions, their faculty bookings with them, and audits both", async () => {
    const [a, b] = pairOfDifferentSubjects();
    const [p] = await rows<{ code: string; month: string; year: number }>(
      api.ctx.db,
      sql`select p.code, i.month, i.year from term t join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id where t.id = ${a.termId}`,
    );
    const weekOfA = async () => {
      const res = await api.call(
        "GET",
        `/api/salesforce/SessionTimeTable?programName=${p?.code}&intake=${p?.month}&year=${p?.year}&date=${a.startsAt.slice(0, 10)}`,
        { headers: auth },
      );
      expect(res.status).toBe(200);
      return (res.body as { events: Array<{ id: string; startDate: string }> }).events;
    };
    // The week is read (and kept behind the scheduling change counter) before the swap.
    expect((await weekOfA()).find((e) => e.id === a.id)?.startDate).toBe(a.startsAt);
    const res = await send({
      first: { id: a.id, version: a.version },
      second: { id: b.id, version: b.version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      events: [
        { id: a.id, startDate: b.startsAt, endDate: b.endsAt, version: a.version + 1 },
        { id: b.id, startDate: a.startsAt, endDate: a.endsAt, version: b.version + 1 },
      ],
    });
    expect(await current(a.id)).toEqual({
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      version: a.version + 1,
      facultyStart: b.startsAt,
    });
    expect(await current(b.id)).toEqual({
      startsAt: a.startsAt,
      endsAt: a.endsAt,
      version: b.version + 1,
      facultyStart: a.startsAt,
    });
    const audit = await rows<{ entityId: string }>(
      api.ctx.db,
      sql`select entity_id as "entityId" from audit_log where action = 'swap' and entity = 'scheduled_event'
          and actor_email = ${DEMO_ACADEMIC_OFFICE.email} order by entity_id`,
    );
    expect(audit.map((r) => r.entityId)).toEqual([a.id, b.id].sort());
    // The kept week is not served after the swap: a's week no longer holds a at its old time.
    expect((await weekOfA()).find((e) => e.id === a.id && e.startDate === a.startsAt)).toBeUndefined();
    // The stale versions of the same two are now refused, and nothing changes.
    await expectRefused(
      { first: { id: a.id, version: a.version }, second: { id: b.id, version: b.version } },
      409,
      {
        errorCode: "version_conflict",
      },
    );
    // Swapping back with the new versions restores both.
    const back = await send({
      first: { id: a.id, version: a.version + 1 },
      second: { id: b.id, version: b.version + 1 },
    });
    expect(back.status).toBe(200);
    expect((await current(a.id))?.startsAt).toBe(a.startsAt);
    a.version += 2;
    b.version += 2;
  });

  it("serves the time table and the scheduler's sessions from memory only while nothing they read has changed, whoever wrote it", async () => {
    const a = events[0] as Event;
    const [p] = await rows<{ code: string; month: string; year: number }>(
      api.ctx.db,
      sql`select p.code, i.month, i.year from term t join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id where t.id = ${a.termId}`,
    );
    const url = `/api/salesforce/SessionTimeTable?programName=${p?.code}&intake=${p?.month}&year=${p?.year}&date=${a.startsAt.slice(0, 10)}`;
    const nameOfA = async () =>
      (
        (await api.call("GET", url, { headers: auth })).body as {
          events: Array<{ id: string; sessionName: string }>;
        }
      ).events.find((e) => e.id === a.id)?.sessionName;
    const day = a.startsAt.slice(0, 10);
    const sessionsUrl = `/api/salesforce/SessionData?termId=${a.termId}&from=${day}&to=${day}`;
    const sessionOfA = async () =>
      (
        (await api.call("GET", sessionsUrl, { headers: auth })).body as {
          events: Array<{ id: string; activity: string; FacilityBooking: { facilityName: string } | null }>;
        }
      ).events.find((e) => e.id === a.id);
    const before = await nameOfA();
    expect(before).toBeTruthy();
    expect((await sessionOfA())?.activity).toBe(before);
    // A write straight into the table (no API call): the next read sees it.
    await api.ctx.db.execute(sql`update scheduled_event set name = 'Renamed directly' where id = ${a.id}`);
    expect(await nameOfA()).toBe("Renamed directly");
    expect((await sessionOfA())?.activity).toBe("Renamed directly");
    await api.ctx.db.execute(sql`update scheduled_event set name = ${before as string} where id = ${a.id}`);
    expect(await nameOfA()).toBe(before);
    expect((await sessionOfA())?.activity).toBe(before);
    // A table the sessions only join (the room's name) counts too.
    const room = (await sessionOfA())?.FacilityBooking?.facilityName;
    expect(room).toBeTruthy();
    await api.ctx.db.execute(
      sql`update facility set name = 'Renamed room' where id = (select facility_id from scheduled_event where id = ${a.id})`,
    );
    expect((await sessionOfA())?.FacilityBooking?.facilityName).toBe("Renamed room");
    await api.ctx.db.execute(
      sql`update facility set name = ${room as string} where id = (select facility_id from scheduled_event where id = ${a.id})`,
    );
  });

  it("refuses two sessions of the same subject: 'Subjects are identical!', nothing changes", async () => {
    const a = events[0] as Event;
    const b = events.find((e) => e.id !== a.id && e.courseId === a.courseId) as Event;
    expect(b).toBeDefined();
    await expectRefused(
      { first: { id: a.id, version: a.version }, second: { id: b.id, version: b.version } },
      400,
      {
        errorMessage: SCHEDULING_MESSAGES.identicalSubjects,
        rule: "identical_subjects",
      },
    );
  });

  it("refuses a swap that double-books a faculty member, nothing changes", async () => {
    const [a, b] = pairOfDifferentSubjects();
    // a's faculty member takes another class at b's time (an activity of the same term, no room).
    const made = await api.call("POST", "/api/salesforce/createFacilityFacultyBooking", {
      headers: auth,
      body: {
        Operation: "Create",
        FacilityFacultyBooking: {
          termId: b.termId,
          facultyId: a.facultyId,
          activityType: "activity",
          sessionName: "Guest lecture",
          startDate: b.startsAt,
          endDate: b.endsAt,
        },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await expectRefused(
      { first: { id: a.id, version: a.version }, second: { id: b.id, version: b.version } },
      409,
      {
        errorMessage: SCHEDULING_MESSAGES.facultyClash,
        errorCode: "booking_conflict",
        rule: "faculty_overlap",
      },
    );
    expect((await current(a.id))?.startsAt).toBe(a.startsAt);
    expect((await current(b.id))?.startsAt).toBe(b.startsAt);
  });

  it("checks the body, unknown events and roles", async () => {
    const a = events[0] as Event;
    await expectRefused({ first: { id: a.id, version: a.version } }, 400, {});
    await expectRefused(
      { first: { id: a.id, version: a.version }, second: { id: a.id, version: a.version } },
      400,
      {},
    );
    await expectRefused(
      {
        first: { id: a.id, version: a.version },
        second: { id: "00000000-0000-4000-8000-00000000abcd", version: 1 },
      },
      404,
      {},
    );
    const exams = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const res = await send(
      { first: { id: a.id, version: a.version }, second: { id: a.id, version: 1 } },
      exams,
    );
    expect(res.status).toBe(403);
  });
});

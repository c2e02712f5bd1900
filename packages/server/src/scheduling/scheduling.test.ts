import { brotliDecompressSync, gunzipSync } from "node:zlib";
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
const UNKNOWN = "00000000-0000-4000-8000-00000000abcd";

type Body = Record<string, unknown> & {
  errorMessage?: string;
  field?: string;
  rule?: string;
  errorCode?: string;
};
type Fixture = {
  termId: string;
  subjectId: string;
  sectionId: string;
  otherSectionId: string | null;
  bigRoom: string;
  otherBigRoom: string;
  faculty: string[];
};

/** Asia/Kolkata local time as the Z instant the booking calls send (UTC+05:30). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

describe.each(testTargets())("scheduling and bookings API on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let fx: Fixture;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    // Term 2 (Nov 2026 - Feb 2027) of a 2026 intake on the Mumbai campus, its first subject and section.
    const [t] = await rows<{ termId: string; campusId: string }>(
      api.ctx.db,
      sql`select t.id as "termId", i.campus_id as "campusId" from term t join intake i on i.id = t.intake_id
          join campus c on c.id = i.campus_id where c.name = 'Mumbai' and i.year = 2026 and t.number = 2
          order by i.name limit 1`,
    );
    if (!t) throw new Error("no Mumbai 2026 term");
    const sections = await rows<{ subjectId: string; sectionId: string }>(
      api.ctx.db,
      sql`select ts.id as "subjectId", o.id as "sectionId" from term_subject ts
          join course_offering o on o.term_id = ts.term_id and o.course_id = ts.course_id
          where ts.term_id = ${t.termId} order by o.id`,
    );
    const rooms = await rows<{ id: string; capacity: number }>(
      api.ctx.db,
      sql`select id, capacity from facility where campus_id = ${t.campusId} order by capacity desc, code`,
    );
    const otherRooms = await rows<{ id: string }>(
      api.ctx.db,
      sql`select id from facility where capacity >= 120 and campus_id <> ${t.campusId} order by code limit 1`,
    );
    const faculty = await rows<{ id: string }>(
      api.ctx.db,
      sql`select id from contact where kind = 'faculty' order by email limit 5`,
    );
    fx = {
      termId: t.termId,
      subjectId: sections[0]?.subjectId as string,
      sectionId: sections[0]?.sectionId as string,
      otherSectionId: sections[1]?.sectionId ?? null,
      bigRoom: rooms[0]?.id as string,
      otherBigRoom: otherRooms[0]?.id as string,
      faculty: faculty.map((f) => f.id),
    };
  });
  afterAll(async () => {
    await api?.close();
  });

  async function send(method: string, url: string, body?: unknown, headers = auth) {
    const res = await api.call(method, url, { headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  async function get(url: string): Promise<Body> {
    const res = await send("GET", url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }
  const booking = (over: Record<string, unknown> = {}) => ({
    termId: fx.termId,
    facultyId: fx.faculty[0],
    facilityId: fx.bigRoom,
    daySelected: "",
    courseVersionId: fx.subjectId,
    courseOfferingId: fx.sectionId,
    academicPlannerActivityId: "",
    activityType: "Session",
    sessionName: "Lecture",
    startDate: at("2027-02-01", "09:00"),
    endDate: at("2027-02-01", "10:30"),
    ...over,
  });
  const create = (over: Record<string, unknown> = {}, headers = auth) =>
    send(
      "POST",
      "/api/salesforce/createFacilityFacultyBooking",
      {
        Operation: "Create",
        FacilityFacultyBooking: booking(over),
      },
      headers,
    );
  /** A call that must be refused with `status` and leave every table as it was. */
  async function refused(status: number, over: Record<string, unknown>, expected: Partial<Body> = {}) {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await create(over);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body;
  }

  it("the demo's sessions keep the conflict rules and show on their faculty's calendar", async () => {
    const [stats] = await rows<{
      events: number;
      facultyClashes: number;
      roomClashes: number;
      tooSmall: number;
    }>(
      api.ctx.db,
      sql`select (select count(*)::int from scheduled_event where created_by = 'demo') as events,
          (select count(*)::int from scheduled_event_faculty a join scheduled_event_faculty b
            on a.faculty_id = b.faculty_id and a.event_id < b.event_id and a.starts_at < b.ends_at and b.starts_at < a.ends_at) as "facultyClashes",
          (select count(*)::int from scheduled_event a join scheduled_event b
            on a.facility_id = b.facility_id and a.id < b.id and a.starts_at < b.ends_at and b.starts_at < a.ends_at) as "roomClashes",
          (select count(*)::int from scheduled_event e join facility f on f.id = e.facility_id
            join course_offering o on o.id = e.course_offering_id where f.capacity < o.capacity) as "tooSmall"`,
    );
    expect(stats).toEqual({ events: expect.any(Number), facultyClashes: 0, roomClashes: 0, tooSmall: 0 });
    expect(Number(stats?.events)).toBeGreaterThan(10);
    const [first] = await rows<{ facultyId: string; day: string }>(
      api.ctx.db,
      sql`select b.faculty_id as "facultyId", to_char(e.starts_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day
          from scheduled_event e join scheduled_event_faculty b on b.event_id = e.id
          where e.created_by = 'demo' order by e.starts_at, e.id limit 1`,
    );
    const cal = await get(
      `/api/salesforce/FacultyBookingsData?contactId=${first?.facultyId}&from=${first?.day}&to=${first?.day}`,
    );
    expect(cal.events).toEqual(
      expect.arrayContaining([expect.objectContaining({ eventType: "session", sessionName: "Lecture 1" })]),
    );
  });

  it("books a session with faculty and a room, and every read shows it", async () => {
    const made = await create({
      facultyId: `${fx.faculty[0]};${fx.faculty[1]}`,
      startDate: at("2027-02-02", "09:00"),
      endDate: at("2027-02-02", "10:30"),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe(SCHEDULING_MESSAGES.created);
    const [event] = made.body.events as Array<{ id: string; startDate: string; version: number }>;
    expect(event?.startDate).toBe("2027-02-02T03:30:00.000Z");

    const sessions = await get(
      `/api/salesforce/SessionData?termId=${fx.termId}&from=2027-02-01&to=2027-02-07`,
    );
    const found = (sessions.events as Array<Record<string, unknown>>).find((e) => e.id === event?.id);
    expect(found).toMatchObject({
      eventType: "session",
      activity: "Lecture",
      startTime: "09:00",
      endTime: "10:30",
      faculty1Id: fx.faculty[0],
      faculty2Id: fx.faculty[1],
      faculty3Id: null,
      courseOfferingId: fx.sectionId,
      FacilityBooking: { facilityId: fx.bigRoom },
    });
    expect(found?.FacultyBooking).toHaveLength(2);
    // outside the range it is not read
    const other = await get(`/api/salesforce/SessionData?termId=${fx.termId}&from=2027-02-03&to=2027-02-07`);
    expect((other.events as Array<{ id: string }>).some((e) => e.id === event?.id)).toBe(false);

    const cal = await get(
      `/api/salesforce/FacultyBookingsData?contactId=${fx.faculty[1]}&from=2027-02-01&to=2027-02-07`,
    );
    const calEvent = (cal.events as Array<Record<string, unknown>>).find((e) => e.id === event?.id);
    expect(calEvent).toMatchObject({ sessionName: "Lecture", contactId: fx.faculty[1] });
    expect(calEvent?.booking).toMatchObject({ facultyName: expect.stringContaining(", ") });

    const slots = await get(
      `/api/salesforce/FacilityBookingData?facilityId=${fx.bigRoom}&from=2027-02-02&to=2027-02-02`,
    );
    expect(slots.slots).toEqual([
      expect.objectContaining({
        id: event?.id,
        activityType: "session",
        endDate: "2027-02-02T05:00:00.000Z",
      }),
    ]);

    const sched = await get(`/api/salesforce/SchedulerData?termId=${fx.termId}`);
    const subject = (sched.courseVersions as Array<{ id: string; Allocated: Record<string, number> }>).find(
      (v) => v.id === fx.subjectId,
    );
    expect(subject?.Allocated.session).toBeGreaterThanOrEqual(1);
    expect(subject?.Allocated.Total).toBeGreaterThanOrEqual(1);
    expect((sched.facilities as Array<{ id: string }>).some((f) => f.id === fx.bigRoom)).toBe(true);
  });

  it("refuses a faculty member or a room booked twice in overlapping time, and allows the next slot", async () => {
    const first = await create({ startDate: at("2027-02-03", "09:00"), endDate: at("2027-02-03", "10:30") });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // same faculty (second of three), another room, overlapping by 30 minutes
    await refused(
      409,
      {
        facultyId: `${fx.faculty[2]};${fx.faculty[0]}`,
        facilityId: fx.otherBigRoom,
        startDate: at("2027-02-03", "10:00"),
        endDate: at("2027-02-03", "11:00"),
      },
      {
        errorMessage: SCHEDULING_MESSAGES.facultyClash,
        errorCode: "booking_conflict",
        field: "FacilityFacultyBooking.facultyId",
      },
    );
    // another faculty member, the same room
    await refused(
      409,
      { facultyId: fx.faculty[3], startDate: at("2027-02-03", "08:00"), endDate: at("2027-02-03", "09:01") },
      { errorMessage: SCHEDULING_MESSAGES.facilityClash, field: "FacilityFacultyBooking.facilityId" },
    );
    // back to back is not an overlap
    const next = await create({ startDate: at("2027-02-03", "10:30"), endDate: at("2027-02-03", "12:00") });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
  });

  it("refuses bad input and leaves the data unchanged", async () => {
    await refused(400, { endDate: at("2027-02-01", "08:00") }, { field: "FacilityFacultyBooking.endDate" });
    await refused(
      400,
      { endDate: at("2027-02-01", "09:00") },
      { errorMessage: SCHEDULING_MESSAGES.endBeforeStart },
    );
    await refused(
      404,
      { facultyId: `${fx.faculty[0]};${UNKNOWN}` },
      { field: "FacilityFacultyBooking.facultyId" },
    );
    await refused(
      400,
      { facultyId: fx.faculty.slice(0, 4).join(";") },
      { errorMessage: SCHEDULING_MESSAGES.tooManyFaculty, field: "FacilityFacultyBooking.facultyId" },
    );
    await refused(400, { termId: "" }, { errorMessage: SCHEDULING_MESSAGES.selectTerm });
    await refused(404, { facilityId: UNKNOWN }, { field: "FacilityFacultyBooking.facilityId" });
    await refused(
      400,
      { startDate: "2027-02-01T09:00:00+05:30" },
      { field: "FacilityFacultyBooking.startDate" },
    );
    await refused(400, { courseOfferingId: "" }, { field: "FacilityFacultyBooking.courseOfferingId" });
    await refused(400, { activityType: "Party" }, { field: "FacilityFacultyBooking.activityType" });
  });

  it("sizes a room by the students enrolled in the section, not by the section's strength", async () => {
    const [section] = await rows<{ enrolled: number; strength: number; campusId: string }>(
      api.ctx.db,
      sql`select (select count(*)::int from enrolment e where e.course_offering_id = o.id) as enrolled,
          o.capacity as strength, i.campus_id as "campusId"
          from course_offering o join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          where o.id = ${fx.sectionId}`,
    );
    const { enrolled, strength, campusId } = section!;
    expect(enrolled, "the demo section has students, fewer than its strength").toBeGreaterThan(0);
    expect(enrolled).toBeLessThan(Number(strength));
    const rooms = await rows<{ id: string; capacity: number }>(
      api.ctx.db,
      sql`insert into facility (campus_id, code, name, capacity) values
          (${campusId}, 'TEST-FITS', 'Seats every enrolled student', ${enrolled}),
          (${campusId}, 'TEST-SHORT', 'One seat short', ${enrolled - 1})
          returning id, capacity`,
    );
    const fits = rooms.find((r) => Number(r.capacity) === enrolled)!;
    const short = rooms.find((r) => Number(r.capacity) === enrolled - 1)!;
    try {
      // A day and hour no other story of this file books.
      const slot = { startDate: at("2027-02-09", "15:00"), endDate: at("2027-02-09", "16:00") };
      const check = (facilityId: string) =>
        send("POST", "/api/salesforce/validateSession", {
          FacilityFacultyBooking: booking({ facilityId, ...slot }),
        });
      expect((await check(fits.id)).body).toMatchObject({ valid: true });
      await refused(
        400,
        { facilityId: short.id, ...slot },
        {
          rule: "capacity",
          errorMessage: `Facility capacity ${enrolled - 1} is less than the ${enrolled} students enrolled in the section`,
        },
      );
    } finally {
      await api.ctx.db.execute(sql`delete from facility where id in (${fits.id}, ${short.id})`);
    }
  });

  it("refuses a session outside the term or on a holiday of the intake's campus", async () => {
    await refused(
      400,
      { startDate: at("2027-03-01", "09:00"), endDate: at("2027-03-01", "10:00") },
      { rule: "term", field: "FacilityFacultyBooking.startDate" },
    );
    // Republic Day, a Mumbai campus holiday
    await refused(
      400,
      { startDate: at("2027-01-26", "09:00"), endDate: at("2027-01-26", "10:00") },
      { rule: "holiday", errorMessage: "26-01-2027 is a holiday", params: { date: "2027-01-26" } },
    );
  });

  it("gives the scheduler the term's holidays, the days it refuses, and a new campus holiday at once", async () => {
    type Holiday = { date: string; name: string };
    const before = await get(`/api/salesforce/SchedulerData?termId=${fx.termId}`);
    const term = before.term as { startDate: string; endDate: string };
    const holidays = before.holidays as Holiday[];
    // The Mumbai campus's demo holidays in the term (2 November 2026 to February 2027), by date.
    expect(holidays).toEqual(
      expect.arrayContaining([
        { date: "2026-11-09", name: "Diwali" },
        { date: "2026-12-25", name: "Christmas" },
        { date: "2027-01-26", name: "Republic Day" },
      ]),
    );
    expect(holidays.map((h) => h.date)).toEqual([...new Set(holidays.map((h) => h.date))].sort());
    for (const h of holidays) {
      expect(h.date >= term.startDate && h.date <= term.endDate, h.date).toBe(true);
    }
    // Each one is a day the booking rules refuse.
    const refusedDay = await send("POST", "/api/salesforce/validateSession", {
      FacilityFacultyBooking: booking({
        startDate: at("2026-12-25", "09:00"),
        endDate: at("2026-12-25", "10:00"),
      }),
    });
    expect(refusedDay.body).toMatchObject({ valid: false, rule: "holiday" });

    // A campus holiday added now is in the next answer (the kept answer is not served past it);
    // one after the term is not.
    const [campus] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select i.campus_id as id from term t join intake i on i.id = t.intake_id where t.id = ${fx.termId}`,
    );
    for (const [name, date] of [
      ["Scheduler test day", "15/12/2026"],
      ["After the term", "01/06/2027"],
    ]) {
      const added = await send("POST", "/api/salesforce/campusHolidays", {
        campusId: campus?.id,
        name,
        date,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const after = await get(`/api/salesforce/SchedulerData?termId=${fx.termId}`);
    expect(after.holidays).toEqual(
      [...holidays, { date: "2026-12-15", name: "Scheduler test day" }].sort((a, b) =>
        a.date.localeCompare(b.date),
      ),
    );
  });

  it("books selected weekdays between start and end, skipping the holiday", async () => {
    const made = await create({
      facultyId: fx.faculty[4],
      facilityId: fx.otherBigRoom,
      daySelected: "Monday;Tuesday",
      startDate: at("2027-01-18", "16:00"),
      endDate: at("2027-01-27", "17:00"),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // 18, 19, 25 January (26 is Republic Day)
    expect((made.body.events as Array<{ startDate: string }>).map((e) => e.startDate)).toEqual([
      "2027-01-18T10:30:00.000Z",
      "2027-01-19T10:30:00.000Z",
      "2027-01-25T10:30:00.000Z",
    ]);
  });

  it("of two concurrent bookings of one slot exactly one is written", async () => {
    for (const [i, day] of ["2027-02-08", "2027-02-09", "2027-02-10"].entries()) {
      const over = {
        facultyId: fx.faculty[i % 2],
        facilityId: i === 2 ? fx.otherBigRoom : fx.bigRoom,
        startDate: at(day, "14:00"),
        endDate: at(day, "15:00"),
      };
      // The second booking names another faculty member but the same room, or the same faculty member.
      const rival = i === 0 ? { ...over, facultyId: fx.faculty[3] } : over;
      const answers = await Promise.all([create(over), create(rival)]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const [n] = await rows<{ n: number }>(
        api.ctx.db,
        sql`select count(*)::int as n from scheduled_event where starts_at = ${over.startDate}::timestamptz`,
      );
      expect(Number(n?.n)).toBe(1);
    }
  });

  it("validateSession answers before saving with the same rules and writes nothing", async () => {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const free = await send("POST", "/api/salesforce/validateSession", {
      FacilityFacultyBooking: booking({
        startDate: at("2027-02-11", "09:00"),
        endDate: at("2027-02-11", "10:00"),
      }),
    });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({
      valid: true,
      occurrences: [{ startDate: "2027-02-11T03:30:00.000Z" }],
    });
    const clash = await send("POST", "/api/salesforce/validateSession", {
      Operation: "Create",
      FacilityFacultyBooking: booking({
        startDate: at("2027-02-03", "09:30"),
        endDate: at("2027-02-03", "10:00"),
      }),
    });
    expect(clash.body).toMatchObject({
      valid: false,
      errorMessage: SCHEDULING_MESSAGES.facultyClash,
      rule: "faculty_overlap",
    });
    const holiday = await send("POST", "/api/salesforce/validateSession", {
      FacilityFacultyBooking: booking({
        startDate: at("2027-01-26", "09:00"),
        endDate: at("2027-01-26", "10:00"),
      }),
    });
    expect(holiday.body).toMatchObject({ valid: false, rule: "holiday" });
    const bad = await send("POST", "/api/salesforce/validateSession", {
      FacilityFacultyBooking: { termId: fx.termId },
    });
    expect(bad.status).toBe(400);
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
  });

  it("deletes a booking by id and version, freeing the slot", async () => {
    const over = { startDate: at("2027-02-12", "09:00"), endDate: at("2027-02-12", "10:00") };
    const made = await create(over);
    const [event] = made.body.events as Array<{ id: string; version: number }>;
    const del = (version: number) =>
      send("POST", "/api/salesforce/createSession", {
        Operation: "Delete",
        FacilityFacultyBooking: { id: event?.id, version },
      });
    expect((await del(7)).status).toBe(409);
    const gone = await del(event?.version as number);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(SCHEDULING_MESSAGES.deleted);
    expect((await del(event?.version as number)).status).toBe(404);
    expect((await create(over)).status).toBe(201);
  });

  it("replaces a booking (Operation Update) in one transaction; a refused update leaves it as it was", async () => {
    const day = "2027-02-24";
    const made = await create({ startDate: at(day, "14:00"), endDate: at(day, "15:00") });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [event] = made.body.events as Array<{ id: string; version: number }>;
    // another session of the second faculty member at 16:00, which an update must not overlap
    const other = await create({
      facultyId: fx.faculty[1],
      facilityId: fx.otherBigRoom,
      startDate: at(day, "16:00"),
      endDate: at(day, "17:00"),
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const update = (over: Record<string, unknown>, version = event?.version) =>
      send("POST", "/api/salesforce/createFacilityFacultyBooking", {
        Operation: "Update",
        FacilityFacultyBooking: { ...booking(over), id: event?.id, version },
      });
    const read = async () =>
      (
        (await get(`/api/salesforce/SessionData?termId=${fx.termId}&from=${day}&to=${day}`)).events as Array<{
          id: string;
          startTime: string;
          faculty1Id: string | null;
        }>
      ).filter((e) => e.startTime >= "14:00" && e.startTime < "18:00");
    const before = await read();
    const unchanged = async (status: number, over: Record<string, unknown>, version?: number) => {
      const fingerprint = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
      expect((await update(over, version)).status).toBe(status);
      expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(fingerprint);
    };
    // stale version, a clash with the other session, bad input: nothing changes
    await unchanged(409, { startDate: at(day, "14:30"), endDate: at(day, "15:30") }, 99);
    await unchanged(409, {
      facultyId: `${fx.faculty[0]};${fx.faculty[1]}`,
      startDate: at(day, "15:30"),
      endDate: at(day, "16:30"),
    });
    await unchanged(400, { startDate: at(day, "14:30"), endDate: at(day, "14:00") });
    expect(await read()).toEqual(before);
    // overlapping its own old time is no clash: the old event is replaced
    const moved = await update({ startDate: at(day, "14:30"), endDate: at(day, "15:30") });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await read();
    expect(after.map((e) => e.id)).not.toContain(event?.id);
    expect(after.map((e) => e.startTime).sort()).toEqual(["14:30", "16:00"]);
  });

  it("books references at midnight without resources; the exam office books exams only", async () => {
    const ref = await create({
      activityType: "reference",
      facultyId: "",
      facilityId: null,
      courseOfferingId: null,
      startDate: "2027-02-15T00:00:00.000Z",
      endDate: "2027-02-16T00:00:00.000Z",
    });
    expect(ref.status, JSON.stringify(ref.body)).toBe(201);
    // An exam joins the exam timetable of the cycle of its type holding its day: none holds 10 Feb.
    await api.ctx.db.execute(
      sql`insert into exam_cycle (name, exam_type, start_date, end_date) values ('Feb 2027 Mid Term', 'MidTerm', '2027-02-15', '2027-02-20')`,
    );
    const examOf = (day: string) => ({
      activityType: "exam",
      examType: "MidTerm",
      sessionName: "",
      startDate: at(day, "09:00"),
      endDate: at(day, "12:00"),
    });
    await refused(400, examOf("2027-02-10"), {
      rule: "exam_cycle",
      errorMessage: "No MidTerm exam cycle holds this date",
    });
    const exams = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const session = await create(
      { startDate: at("2027-02-16", "09:00"), endDate: at("2027-02-16", "10:00") },
      exams,
    );
    expect(session.status).toBe(403);
    const exam = await create(
      {
        activityType: "exam",
        examType: "MidTerm",
        sessionName: "",
        startDate: at("2027-02-16", "09:00"),
        endDate: at("2027-02-16", "12:00"),
      },
      exams,
    );
    expect(exam.status, JSON.stringify(exam.body)).toBe(201);
    const timetable = await rows<{
      component: string;
      examDate: string;
      startTime: string;
      minutes: number;
      cycle: string;
    }>(
      api.ctx.db,
      sql`select e.component, to_char(e.exam_date, 'YYYY-MM-DD') as "examDate", e.start_time as "startTime",
          e.duration_minutes as minutes, c.name as cycle from exam e join exam_cycle c on c.id = e.exam_cycle_id
          where e.course_offering_id = ${fx.sectionId} and c.name = 'Feb 2027 Mid Term'`,
    );
    expect(timetable).toEqual([
      {
        component: "Mid Term Exam",
        examDate: "2027-02-16",
        startTime: "09:00",
        minutes: 180,
        cycle: "Feb 2027 Mid Term",
      },
    ]);
    // the section's MidTerm exam is in that cycle already: a second one is refused
    const again = await create(
      { ...examOf("2027-02-17"), facultyId: fx.faculty[2], facilityId: fx.otherBigRoom },
      exams,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.errorCode).toBe("exam_exists");
    const read = await send(
      "GET",
      `/api/salesforce/SessionData?termId=${fx.termId}&from=2027-02-15&to=2027-02-16&eventType=exam`,
      undefined,
      exams,
    );
    expect(read.body.events).toEqual([
      expect.objectContaining({ activity: "MidTerm Exam", examType: "MidTerm" }),
    ]);
    // the weekly time table is the academic office's
    expect(
      (
        await send(
          "GET",
          "/api/salesforce/SessionTimeTable?programName=MBA&date=2027-02-16",
          undefined,
          exams,
        )
      ).status,
    ).toBe(403);
    // signing in moved the clock past the academic office's access token: sign in again
    auth = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
  });

  it("a planner exam's edit moves its exam timetable row and its delete removes it, unless the exam office has worked on it", async () => {
    const section = fx.sectionId;
    await api.ctx.db.execute(
      sql`insert into exam_cycle (name, exam_type, start_date, end_date) values
          ('Planner End Term A', 'EndTerm', '2027-02-08', '2027-02-12'),
          ('Planner End Term B', 'EndTerm', '2027-02-22', '2027-02-26')`,
    );
    const examBooking = (day: string, from: string, to: string) => ({
      activityType: "exam",
      examType: "EndTerm",
      sessionName: "",
      courseOfferingId: section,
      facultyId: fx.faculty[3],
      facilityId: fx.otherBigRoom,
      startDate: at(day, from),
      endDate: at(day, to),
    });
    const timetable = () =>
      rows<{
        id: string;
        cycle: string;
        examDate: string;
        startTime: string;
        minutes: number;
        linked: number;
        venue: string;
      }>(
        api.ctx.db,
        sql`select x.id, c.name as cycle, to_char(x.exam_date, 'YYYY-MM-DD') as "examDate",
            x.start_time as "startTime", x.duration_minutes as minutes,
            (select count(*)::int from scheduled_event e where e.exam_id = x.id) as linked, x.venue
            from exam x join exam_cycle c on c.id = x.exam_cycle_id
            where x.course_offering_id = ${section} and c.name like 'Planner End Term %'`,
      );
    const made = await create(examBooking("2027-02-09", "06:00", "09:00"));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [first] = await timetable();
    // The booked room is the exam's venue on the timetable.
    const [room] = await rows<{ name: string }>(
      api.ctx.db,
      sql`select name from facility where id = ${fx.otherBigRoom}`,
    );
    expect(room?.name).toBeTruthy();
    expect(first).toMatchObject({
      cycle: "Planner End Term A",
      examDate: "2027-02-09",
      startTime: "06:00",
      minutes: 180,
      linked: 1,
      venue: room?.name,
    });
    let event = (made.body.events as Array<{ id: string; version: number }>)[0];
    const update = (over: Record<string, unknown>) =>
      send("POST", "/api/salesforce/createFacilityFacultyBooking", {
        Operation: "Update",
        FacilityFacultyBooking: { ...booking(over), id: event?.id, version: event?.version },
      });
    const remove = () =>
      send("POST", "/api/salesforce/createFacilityFacultyBooking", {
        Operation: "Delete",
        FacilityFacultyBooking: { id: event?.id, version: event?.version },
      });

    // moved within its cycle: the same exam row, at the new day, time and length
    const moved = await update(examBooking("2027-02-10", "06:30", "08:30"));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    event = (moved.body.events as Array<{ id: string; version: number }>)[0];
    expect(await timetable()).toEqual([
      { ...first, examDate: "2027-02-10", startTime: "06:30", minutes: 120, linked: 1 },
    ]);

    // the exam timetable moves the exam, and the planner's event with it (a lecture of its faculty
    // member on the next day, for the clash below)
    const lecture = await create({
      facultyId: fx.faculty[3],
      facilityId: fx.bigRoom,
      startDate: at("2027-02-12", "07:00"),
      endDate: at("2027-02-12", "08:00"),
    });
    expect(lecture.status, JSON.stringify(lecture.body)).toBe(201);
    const exams = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const saveTimetable = async (day: string, time: string) => {
      const [x] = await rows<{ version: number }>(
        api.ctx.db,
        sql`select version from exam where id = ${first?.id}`,
      );
      return send(
        "POST",
        "/api/salesforce/TimeTable",
        [
          {
            id: first?.id,
            dateOfExam: day,
            timeOfExam: time,
            duration: 120,
            examType: "EndTerm",
            venue: "",
            version: x?.version,
          },
        ],
        exams,
      );
    };
    const plannerEvent = async () =>
      (
        await rows<{ id: string; version: number; startsAt: string; endsAt: string; facultyStarts: string }>(
          api.ctx.db,
          sql`select e.id, e.version, to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "startsAt",
              to_char(e.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "endsAt",
              (select to_char(min(b.starts_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') from scheduled_event_faculty b
                where b.event_id = e.id) as "facultyStarts"
              from scheduled_event e where e.exam_id = ${first?.id}`,
        )
      )[0];
    const followed = await saveTimetable("2027-02-11", "07:00");
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    expect(await plannerEvent()).toMatchObject({
      id: event?.id,
      startsAt: at("2027-02-11", "07:00").slice(0, 16),
      endsAt: at("2027-02-11", "09:00").slice(0, 16),
      facultyStarts: at("2027-02-11", "07:00").slice(0, 16),
    });
    // ... but not onto a time its faculty member teaches elsewhere: refused, nothing moves
    const beforeClash = await timetable();
    const clash = await saveTimetable("2027-02-12", "07:30");
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(clash.body).toMatchObject({
      errorCode: "booking_conflict",
      rule: "faculty_overlap",
      field: "0.dateOfExam",
      errorMessage: SCHEDULING_MESSAGES.facultyClash,
    });
    expect(await timetable()).toEqual(beforeClash);
    expect((await plannerEvent())?.startsAt).toBe(at("2027-02-11", "07:00").slice(0, 16));
    event = await plannerEvent();
    // signing in moved the clock past the academic office's access token: sign in again
    auth = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);

    // moved into another cycle: the exam leaves the first cycle's timetable for the second's
    const rehomed = await update(examBooking("2027-02-23", "06:00", "09:00"));
    expect(rehomed.status, JSON.stringify(rehomed.body)).toBe(200);
    event = (rehomed.body.events as Array<{ id: string; version: number }>)[0];
    const [second, ...more] = await timetable();
    expect(more).toEqual([]);
    expect(second).toMatchObject({
      cycle: "Planner End Term B",
      examDate: "2027-02-23",
      minutes: 180,
      linked: 1,
    });
    expect(second?.id).not.toBe(first?.id);

    // once the exam office has invigilators on it, neither a delete nor a re-homing removes it
    await api.ctx.db.execute(
      sql`insert into invigilation (exam_id, facility_id, faculty_id) values (${second?.id}, ${fx.bigRoom}, ${fx.faculty[4]})`,
    );
    const fingerprint = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    for (const refused of [await remove(), await update(examBooking("2027-02-11", "06:00", "09:00"))]) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body).toMatchObject({
        errorCode: "exam_in_use",
        errorMessage: SCHEDULING_MESSAGES.examInUse,
      });
    }
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(fingerprint);

    // without it, the delete takes the exam off the timetable with the event
    await api.ctx.db.execute(sql`delete from invigilation where exam_id = ${second?.id}`);
    const gone = await remove();
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await timetable()).toEqual([]);
    expect(await rows(api.ctx.db, sql`select 1 from scheduled_event where id = ${event?.id}`)).toEqual([]);
  });

  it("shows a programme's week, Monday to Sunday, with the neighbouring weeks", async () => {
    const [p] = await rows<{ code: string; month: string; year: number }>(
      api.ctx.db,
      sql`select p.code, i.month, i.year from term t join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id where t.id = ${fx.termId}`,
    );
    const week = await get(
      `/api/salesforce/SessionTimeTable?programName=${p?.code}&intake=${p?.month}&year=${p?.year}&date=2027-02-03`,
    );
    expect(week).toMatchObject({
      weekStart: "2027-02-01",
      weekEnd: "2027-02-07",
      previousWeek: "2027-01-25",
      nextWeek: "2027-02-08",
      message: "",
    });
    expect(
      (week.events as Array<{ startDate: string }>).every((e) => e.startDate >= "2027-01-31T18:30:00.000Z"),
    ).toBe(true);
    expect((week.events as unknown[]).length).toBeGreaterThanOrEqual(3);
    expect(
      (await send("GET", `/api/salesforce/SessionData?termId=${fx.termId}&from=2027-01-01&to=2027-03-31`))
        .status,
    ).toBe(400);
  });

  it("sends a kept answer in the encoding the caller accepts, the same JSON in each", async () => {
    const url = `/api/salesforce/SessionData?termId=${fx.termId}&from=2027-02-01&to=2027-02-07`;
    const read = async (acceptEncoding?: string) => {
      const res = await api.raw("GET", url, {
        headers: { ...auth, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
      });
      return { res, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const plain = await read();
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    const json = JSON.parse(plain.bytes.toString("utf8")) as { success: boolean; events: unknown[] };
    expect(json.success).toBe(true);
    expect(json.events.length).toBeGreaterThan(0);
    expect(plain.res.headers.get("content-length")).toBe(String(plain.bytes.byteLength));
    expect(plain.res.headers.get("vary")).toBe("Accept-Encoding");

    const br = await read("gzip, deflate, br");
    expect(br.res.headers.get("content-encoding")).toBe("br");
    expect(br.res.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    expect(br.bytes.byteLength).toBeLessThan(plain.bytes.byteLength);

    const gzipped = await read("gzip;q=1, br;q=0");
    expect(gzipped.res.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gzipped.bytes).equals(plain.bytes)).toBe(true);

    const refused = await read("br;q=0, gzip;q=0");
    expect(refused.res.headers.get("content-encoding")).toBeNull();
    expect(refused.bytes.equals(plain.bytes)).toBe(true);
  });

  it("offers the programmes and the named intake's terms as the scheduler's filters", async () => {
    const [p] = await rows<{ name: string; month: string; year: number }>(
      api.ctx.db,
      sql`select p.name, i.month, i.year from term t join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id where t.id = ${fx.termId}`,
    );
    const exams = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const q = `programName=${encodeURIComponent(p?.name ?? "")}&intake=${p?.month}&year=${p?.year}`;
    const filters = await send("GET", `/api/salesforce/SchedulerFilterData?${q}`, undefined, exams);
    expect(filters.status, JSON.stringify(filters.body)).toBe(200);
    const terms = filters.body.terms as Array<{ TermRecordId: string; Semester: string; startDate: string }>;
    expect(terms.map((t) => t.TermRecordId)).toContain(fx.termId);
    expect(terms.map((t) => t.startDate)).toEqual([...terms.map((t) => t.startDate)].sort());
    expect((filters.body.programs as Array<{ name: string }>).map((x) => x.name)).toContain(p?.name);
    // programmes only, no terms, until the intake is named; an unknown programme is no error
    const read = (query: string) =>
      send("GET", `/api/salesforce/SchedulerFilterData${query}`, undefined, exams);
    expect((await read("")).body).toMatchObject({ terms: [], intakeId: null });
    expect((await read("?programName=Nope&intake=JAN&year=2026")).body).toMatchObject({ terms: [] });
    expect((await read("?intake=JUNE&year=2026")).status).toBe(400);
    expect((await read("?year=abc")).status).toBe(400);
    auth = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
  });
});

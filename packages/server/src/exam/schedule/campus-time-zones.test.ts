import { instantToLocal, todayIn, wallClockAt } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows.ts";
import { DEMO_EXAM_CYCLE } from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";

/*
 * Campus time zones (docs/architecture.md, "Time zones"): the campus keeps its IANA zone, exams and
 * sessions are wall times at their campus, and every mail and calendar feed turns them into
 * instants with that zone, not with the default Asia/Kolkata.
 */

type Row = {
  id: string;
  course: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  examType: string;
  venue: string;
  examTimeZone: string;
  version: number;
};

describe.each(testTargets())("campus time zones on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = async (method: string, url: string, body?: unknown) => {
    const res = await api.call(method, url, { headers: auth, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Record<string, unknown> };
  };

  it("migration 0022 gives every campus a zone, Asia/Kolkata unless given", async () => {
    const [column] = await rows<{ nullable: string; fallback: string | null }>(
      api.ctx.db,
      sql`select is_nullable as nullable, column_default as fallback from information_schema.columns
          where table_name = 'campus' and column_name = 'time_zone'`,
    );
    expect(column).toEqual({ nullable: "NO", fallback: "'Asia/Kolkata'::text" });
    const [institution] = await rows<{ id: string }>(api.ctx.db, sql`select id from institution limit 1`);
    const [made] = await rows<{ timeZone: string }>(
      api.ctx.db,
      sql`insert into campus (institution_id, name) values (${institution?.id}, 'Zone-less campus')
          returning time_zone as "timeZone"`,
    );
    expect(made?.timeZone).toBe("Asia/Kolkata");
  });

  it("the demo's campuses keep their own zones", async () => {
    const campuses = await rows<{ name: string; timeZone: string }>(
      api.ctx.db,
      sql`select name, time_zone as "timeZone" from campus where name in ('Mumbai', 'Singapore', 'Dubai') order by name`,
    );
    expect(campuses).toEqual([
      { name: "Dubai", timeZone: "Asia/Dubai" },
      { name: "Mumbai", timeZone: "Asia/Kolkata" },
      { name: "Singapore", timeZone: "Asia/Singapore" },
    ]);
  });

  it("an exam at the Dubai campus is listed in Dubai's zone and mailed with it", async () => {
    const [dubai] = await rows<{ id: string; email: string }>(
      api.ctx.db,
      sql`select x.id, f.email from exam x join exam_cycle y on y.id = x.exam_cycle_id
          join course_offering o on o.id = x.course_offering_id join contact f on f.id = o.faculty_id
          join term t on t.id = o.term_id join intake i on i.id = t.intake_id join campus c on c.id = i.campus_id
          where c.name = 'Dubai' and y.name = ${DEMO_EXAM_CYCLE} and f.email is not null
          order by x.exam_date, x.id limit 1`,
    );
    expect(dubai).toBeTruthy();
    const read = await call("GET", `/api/sf/exam/getExamSetupSPJ/${dubai?.id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const row = read.body.exam as Row;
    expect(row.examTimeZone).toBe("Asia/Dubai");

    const saved = await call("POST", "/api/salesforce/TimeTable", [
      {
        id: row.id,
        dateOfExam: row.dateOfExam,
        timeOfExam: "10:00",
        duration: row.duration,
        examType: row.examType,
        venue: row.venue,
        version: row.version,
        sendEmail: true,
      },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const outbox = await call("GET", `/api/dev/outbox?to=${encodeURIComponent(dubai?.email ?? "")}`);
    const mail = (outbox.body.mails as Array<{ subject: string; text: string }>).find((m) =>
      m.subject.startsWith("Exam timetable:"),
    );
    expect(mail?.text).toContain("Start: 10:00 (Asia/Dubai)");
    expect(mail?.text).not.toContain("Asia/Kolkata");
  });

  it("an exam booked on a Dubai term's planner is fed at Dubai's offset both ways", async () => {
    const [t] = await rows<{ termId: string; sectionId: string; roomId: string; facultyId: string }>(
      api.ctx.db,
      sql`select t.id as "termId", o.id as "sectionId",
          (select r.id from facility r where r.campus_id = c.id order by r.capacity desc, r.code limit 1) as "roomId",
          (select f.id from contact f where f.kind = 'faculty' order by f.email desc limit 1) as "facultyId"
          from term t join intake i on i.id = t.intake_id join campus c on c.id = i.campus_id
          join course_offering o on o.term_id = t.id
          where c.name = 'Dubai' and t.start_date <= '2027-02-09' and t.end_date >= '2027-02-09'
          order by i.name, o.id limit 1`,
    );
    expect(t).toBeTruthy();
    await api.ctx.db.execute(
      sql`insert into exam_cycle (name, exam_type, start_date, end_date)
          values ('Dubai zone End Term', 'EndTerm', '2027-02-08', '2027-02-12')`,
    );
    // 10:00 to 13:00 in Dubai (UTC+04:00), as the scheduler sends it.
    const made = await call("POST", "/api/salesforce/createFacilityFacultyBooking", {
      Operation: "Create",
      FacilityFacultyBooking: {
        termId: t?.termId,
        facultyId: t?.facultyId,
        facilityId: t?.roomId,
        daySelected: "",
        courseVersionId: "",
        courseOfferingId: t?.sectionId,
        academicPlannerActivityId: "",
        activityType: "exam",
        examType: "EndTerm",
        sessionName: "",
        startDate: "2027-02-09T06:00:00.000Z",
        endDate: "2027-02-09T09:00:00.000Z",
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [row] = await rows<{ id: string; startTime: string; version: number }>(
      api.ctx.db,
      sql`select x.id, x.start_time as "startTime", x.version from exam x join exam_cycle y on y.id = x.exam_cycle_id
          where y.name = 'Dubai zone End Term'`,
    );
    // The timetable row is the Dubai wall time, not 11:30 (Asia/Kolkata).
    expect(row?.startTime).toBe("10:00");

    // The timetable moves it to 12:00 Dubai time: the planner's event starts at 08:00Z.
    const moved = await call("POST", "/api/salesforce/TimeTable", [
      {
        id: row?.id,
        dateOfExam: "2027-02-10",
        timeOfExam: "12:00",
        duration: 180,
        examType: "EndTerm",
        venue: "",
        version: row?.version,
      },
    ]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [event] = await rows<{ startsAt: string; endsAt: string }>(
      api.ctx.db,
      sql`select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "startsAt",
          to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "endsAt"
          from scheduled_event where exam_id = ${row?.id}`,
    );
    expect(event).toEqual({ startsAt: "2027-02-10T08:00", endsAt: "2027-02-10T11:00" });
  });

  it("the scheduler and the time table answer their campus's zone; the faculty calendar the server's today", async () => {
    const [dubai] = await rows<{
      termId: string;
      facultyId: string;
      programme: string;
      month: string;
      year: number;
    }>(
      api.ctx.db,
      sql`select t.id as "termId", b.faculty_id as "facultyId", p.code as programme, i.month, i.year
          from scheduled_event e join scheduled_event_faculty b on b.event_id = e.id join term t on t.id = e.term_id
          join intake i on i.id = t.intake_id join campus c on c.id = i.campus_id
          join academic_programme p on p.id = i.programme_id
          where c.name = 'Dubai' and e.created_by = 'demo' order by e.starts_at, e.id limit 1`,
    );
    expect(dubai).toBeTruthy();
    const scheduler = await call("GET", `/api/salesforce/SchedulerData?termId=${dubai?.termId}`);
    expect(scheduler.status, JSON.stringify(scheduler.body)).toBe(200);
    expect(scheduler.body.timeZone).toBe("Asia/Dubai");
    const week = await call(
      "GET",
      `/api/salesforce/SessionTimeTable?programName=${dubai?.programme}&intake=${dubai?.month}&year=${dubai?.year}&date=2026-11-04`,
    );
    expect(week.status, JSON.stringify(week.body)).toBe(200);
    expect(week.body.timeZone).toBe("Asia/Dubai");
    // The demo's sessions are wall times at their campus: 09:00, 11:00, 14:00 or 16:00 in Dubai.
    const times = (week.body.events as Array<{ startDate: string }>).map(
      (e) => instantToLocal(e.startDate, "Asia/Dubai").time,
    );
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(["09:00", "11:00", "14:00", "16:00"]).toContain(time);

    const calendar = await call("GET", `/api/salesforce/FacultyBookingsData?contactId=${dubai?.facultyId}`);
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    const zone = calendar.body.timeZone as string;
    expect(calendar.body.today).toBe(todayIn(api.ctx.now(), zone));
    expect(calendar.body.now).toBe(
      `${wallClockAt(api.ctx.now(), zone).date}T${wallClockAt(api.ctx.now(), zone).time}`,
    );
    expect(calendar.body.from).toBe(calendar.body.today);
  });

  it("refuses an import campus in an unknown zone with 400, writing nothing", async () => {
    const before = await rows<{ n: number }>(api.ctx.db, sql`select count(*)::int as n from campus`);
    const res = await call("POST", "/api/sf/exam/import", {
      format: "toronto",
      name: "zon-x-1",
      timeZone: "Asia/Atlantis",
      files: { crs: "0001 1\n", stu: "0001\n" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: "timeZone", errorMessage: expect.stringContaining("IANA") });
    expect(await rows(api.ctx.db, sql`select count(*)::int as n from campus`)).toEqual(before);
  });
});

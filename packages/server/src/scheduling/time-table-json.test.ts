import { addDays, localToInstant } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { contact, plannerActivity, scheduledEvent, scheduledEventFaculty } from "../db/schema.ts";
import { type LargeTerm, seedLargeTerm } from "../demo/large-term.ts";
import { DEMO_ACADEMIC_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { weeklyTimeTable } from "./reads.ts";
import { weeklyTimeTableJson } from "./time-table-json.ts";

describe.each(testTargets())("the time table's JSON built by the database on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let large: LargeTerm;
  let week: string;

  beforeAll(async () => {
    api = await createTestApi(target, { readModelCache: false });
    auth = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    large = await seedLargeTerm(api.ctx.db, { sessions: 300, faculty: 12, rooms: 8, subjects: 6 });
    week = addDays(large.days[0] as string, 7);
    const db = api.ctx.db;
    // Events of every shape the session name and the booking come from, on the week's Saturday
    // (the seeded sessions are on weekdays): exams with and without a type, an activity named by
    // its planner activity, a reference with a name of its own, no room, no course, three faculty
    // and none, and names that JSON must escape.
    const saturday = addDays(week, 5);
    const at = (hour: string) => new Date(localToInstant(saturday, hour));
    const [activity] = await db
      .insert(plannerActivity)
      .values({
        termId: large.termId,
        name: 'Field "visit" \\ café',
        activityType: "Lecture",
        startDate: saturday,
        endDate: saturday,
      })
      .returning({ id: plannerActivity.id });
    const faculty = await rows<{ id: string }>(
      db,
      sql`select id from contact where kind = 'faculty' order by id limit 3`,
    );
    await db
      .update(contact)
      .set({ firstName: "Zoë\t\u0001", lastName: 'O"Brien' })
      .where(eq(contact.id, faculty[0]?.id as string));
    const added = await db
      .insert(scheduledEvent)
      .values([
        {
          termId: large.termId,
          kind: "exam",
          examType: "MidTerm",
          startsAt: at("08:00"),
          endsAt: at("09:00"),
        },
        { termId: large.termId, kind: "exam", startsAt: at("09:00"), endsAt: at("10:00") },
        {
          termId: large.termId,
          kind: "activity",
          plannerActivityId: activity?.id ?? null,
          startsAt: at("10:00"),
          endsAt: at("11:00"),
        },
        {
          termId: large.termId,
          kind: "reference",
          name: "Line\nbreak — संदर्भ",
          startsAt: at("11:00"),
          endsAt: at("12:00"),
        },
        { termId: large.termId, kind: "session", startsAt: at("12:00"), endsAt: at("13:00") },
      ])
      .returning({ id: scheduledEvent.id, startsAt: scheduledEvent.startsAt, endsAt: scheduledEvent.endsAt });
    const [threeBooked, oneBooked] = added;
    await db.insert(scheduledEventFaculty).values([
      ...faculty.map((f, position) => ({
        eventId: threeBooked?.id as string,
        facultyId: f.id,
        position: position + 1,
        startsAt: at("08:00"),
        endsAt: at("09:00"),
      })),
      {
        eventId: oneBooked?.id as string,
        facultyId: faculty[0]?.id as string,
        position: 1,
        startsAt: at("09:00"),
        endsAt: at("10:00"),
      },
    ]);
  });
  afterAll(async () => {
    await api?.close();
  });

  const question = (over: Partial<Parameters<typeof weeklyTimeTable>[1]> = {}) => ({
    programName: large.programmeCode,
    intake: large.month,
    year: large.year,
    date: week,
    ...over,
  });

  it("answers every time table question with exactly the text the objects serialise to", async () => {
    const db = api.ctx.db;
    const [term] = await rows<{ name: string }>(db, sql`select name from term where id = ${large.termId}`);
    const questions = [
      question(),
      question({ date: addDays(week, 3) }),
      question({ termName: term?.name }),
      question({ termName: "No such term" }),
      question({ date: "2001-01-01" }),
      question({ intake: undefined, year: undefined }),
      question({ programName: large.programmeName }),
      question({ intake: "JAN", year: 1999 }),
    ];
    for (const q of questions) {
      const expected = JSON.stringify({ success: true, ...(await weeklyTimeTable(db, q)) });
      expect((await weeklyTimeTableJson(db, q)).text).toBe(expected);
    }
    // The fixture covers what the names come from.
    const answer = await weeklyTimeTable(db, question());
    const names = answer.events.map((e) => e.sessionName);
    expect(names).toEqual(
      expect.arrayContaining(["MidTerm Exam", "Exam", 'Field "visit" \\ café', "Session"]),
    );
    expect(answer.events.some((e) => e.booking.facultyName?.split(", ").length === 3)).toBe(true);
    expect(answer.events.some((e) => e.contactName?.startsWith("Zoë\t\u0001"))).toBe(true);
    expect(answer.events.some((e) => e.facilityName && e.facultyName && e.courseId)).toBe(true);
    expect(answer.events.length).toBeGreaterThan(5);
  });

  it("serves the time table's answer through the API, with 'No Data Found' for an empty week", async () => {
    const url = (q: ReturnType<typeof question>) =>
      `/api/salesforce/SessionTimeTable?programName=${encodeURIComponent(q.programName)}&intake=${q.intake}&year=${q.year}&date=${q.date}`;
    const full = await api.call("GET", url(question()), { headers: auth });
    expect(full.status).toBe(200);
    expect(full.body).toEqual({ success: true, ...(await weeklyTimeTable(api.ctx.db, question())) });
    const empty = await api.call("GET", url(question({ date: "2001-01-01" })), { headers: auth });
    expect(empty.body).toMatchObject({ success: true, message: "No Data Found", events: [] });
    const unknown = await api.call("GET", url(question({ programName: "NO-SUCH-PROGRAMME" })), {
      headers: auth,
    });
    expect(unknown.status).toBe(404);
  });
});

import { ADMINISTRATION_MESSAGES } from "@portal/domain";
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
  errorCode?: string;
  rule?: string;
};
type Department = { id: string; code: string; name: string; level: string; active: boolean; version: number };
type Item = {
  id: string;
  eventId: string;
  title: string;
  start: string;
  end: string;
  startsAt: string;
  version: number;
};
type Event = {
  id: string;
  title: string;
  campusId: string | null;
  timeZone: string;
  start: string;
  end: string;
  startsAt: string;
  version: number;
  schedule: Item[];
};

describe.each(testTargets())("events, schedule and departments on the admin URL on $name", (target) => {
  let api: TestApi;
  /** Who is signed in: a sign-in moves the test clock past the last one's access token, so a switch signs in anew. */
  let signedIn: { who: Who; headers: Record<string, string> } | null = null;
  type Who = "admin" | "office" | "exam" | "nobody";
  const admin: Who = "admin";
  const office: Who = "office";

  beforeAll(async () => {
    api = await createTestApi(target);
  });
  async function headersOf(who: Who): Promise<Record<string, string>> {
    if (who === "nobody") return {};
    if (signedIn?.who !== who) {
      const email =
        who === "admin" ? undefined : who === "office" ? DEMO_ACADEMIC_OFFICE.email : DEMO_EXAM_OFFICE.email;
      signedIn = { who, headers: await signInHeaders(api, email) };
    }
    return signedIn.headers;
  }
  afterAll(async () => {
    await api?.close();
  });

  async function send(method: string, url: string, body?: unknown, who: Who = admin) {
    const headers = await headersOf(who);
    const res = await api.call(method, url, { headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  async function ok(
    method: string,
    url: string,
    body?: unknown,
    headers = admin,
    status = 200,
  ): Promise<Body> {
    const res = await send(method, url, body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  }
  /** Sends a call that must be refused with `status`, and checks that no table changed. */
  async function refused(
    status: number,
    method: string,
    url: string,
    body: unknown,
    expected: Partial<Body> = {},
    who: Who = admin,
  ) {
    await headersOf(who);
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send(method, url, body, who);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body;
  }
  async function auditCount(entity: string): Promise<number> {
    const [found] = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from audit_log where entity = ${entity}`,
    );
    return found?.n ?? 0;
  }

  describe("departments", () => {
    it("creates, lists, edits and deactivates a department, each write audited", async () => {
      const audits = await auditCount("department");
      const made = (
        await ok(
          "POST",
          "/api/admin/departments",
          { code: "cse", name: "Computer Science", level: "UG" },
          admin,
          201,
        )
      ).department as Department;
      expect(made).toMatchObject({
        code: "CSE",
        name: "Computer Science",
        level: "UG",
        active: true,
        version: 1,
      });
      const changed = (
        await ok("PUT", `/api/admin/departments/${made.id}`, {
          code: "CSE",
          name: "Computer Science and Engineering",
          level: "PG",
          active: false,
          version: 1,
        })
      ).department as Department;
      expect(changed).toMatchObject({ level: "PG", active: false, version: 2 });
      const list = (await ok("GET", "/api/admin/departments")).departments as Department[];
      expect(list.find((d) => d.id === made.id)).toEqual(changed);
      expect(await auditCount("department")).toBe(audits + 2);
    });

    it("refuses a duplicate code with 409 and a clear message, writing nothing", async () => {
      await ok(
        "POST",
        "/api/admin/departments",
        { code: "MGT", name: "Management", level: "PG" },
        admin,
        201,
      );
      await refused(
        409,
        "POST",
        "/api/admin/departments",
        { code: "mgt", name: "Another", level: "UG" },
        { errorCode: "duplicate_code", field: "code", errorMessage: ADMINISTRATION_MESSAGES.duplicateCode },
      );
      const other = (
        await ok(
          "POST",
          "/api/admin/departments",
          { code: "PHD", name: "Doctoral School", level: "Doctoral" },
          admin,
          201,
        )
      ).department as Department;
      await refused(
        409,
        "PUT",
        `/api/admin/departments/${other.id}`,
        { code: "MGT", name: "Doctoral School", level: "Doctoral", active: true, version: 1 },
        { errorCode: "duplicate_code", field: "code" },
      );
    });

    it.each([
      [{ name: "No code", level: "UG" }, "code"],
      [{ code: "A B", name: "Spaces", level: "UG" }, "code"],
      [{ code: "X1", name: "  ", level: "UG" }, "name"],
      [{ code: "X1", name: "Level", level: "MSc" }, "level"],
      [{ code: "X1", name: "Extra", level: "UG", budget: 1 }, undefined],
    ])("refuses bad input %j with 400 naming the field, writing nothing", async (body, field) => {
      const answer = await refused(400, "POST", "/api/admin/departments", body);
      if (field) expect(answer.field).toBe(field);
    });

    it("refuses a stale version with 409 and an unknown id with 404", async () => {
      const made = (
        await ok("POST", "/api/admin/departments", { code: "LAW", name: "Law", level: "UG" }, admin, 201)
      ).department as Department;
      const body = { code: "LAW", name: "Law School", level: "UG", active: true };
      await ok("PUT", `/api/admin/departments/${made.id}`, { ...body, version: 1 });
      await refused(
        409,
        "PUT",
        `/api/admin/departments/${made.id}`,
        { ...body, version: 1 },
        {
          errorCode: "version_conflict",
        },
      );
      await refused(404, "PUT", `/api/admin/departments/${UNKNOWN}`, { ...body, version: 1 });
    });

    it("is the administrator's only: 401 signed out, 403 for the offices", async () => {
      await refused(401, "GET", "/api/admin/departments", undefined, {}, "nobody");
      for (const headers of [office, "exam"] as const) {
        await refused(403, "GET", "/api/admin/departments", undefined, { errorCode: "forbidden" }, headers);
        await refused(
          403,
          "POST",
          "/api/admin/departments",
          { code: "ZZ", name: "Z", level: "UG" },
          { errorCode: "forbidden" },
          headers,
        );
      }
    });
  });

  describe("events and schedule", () => {
    const conference = {
      title: "Research Conference",
      eventType: "seminar",
      venue: "Main Hall",
      start: "2027-02-10T09:00",
      end: "2027-02-10T17:00",
      audience: "all",
      description: "Annual research day",
    };

    it("creates an event at a campus, reads its wall times in the campus's zone, and keeps its schedule", async () => {
      const campuses = (await ok("GET", "/api/admin/eventCampuses", undefined, office)).campuses as Array<{
        id: string;
        timeZone: string;
      }>;
      const place = campuses[0] as { id: string; timeZone: string };
      const event = (
        await ok("POST", "/api/admin/events", { ...conference, campusId: place.id }, office, 201)
      ).event as Event;
      expect(event).toMatchObject({
        start: "2027-02-10T09:00",
        end: "2027-02-10T17:00",
        timeZone: place.timeZone,
      });
      const item = (
        await ok(
          "POST",
          "/api/admin/schedule",
          {
            eventId: event.id,
            title: "Keynote",
            start: "2027-02-10T09:30",
            end: "2027-02-10T10:30",
            speaker: "Dr Rao",
            room: "A1",
          },
          office,
          201,
        )
      ).item as Item;
      expect(item).toMatchObject({ title: "Keynote", start: "2027-02-10T09:30", version: 1 });
      const moved = (
        await ok(
          "PUT",
          `/api/admin/schedule/${item.id}`,
          {
            eventId: event.id,
            title: "Keynote",
            start: "2027-02-10T11:00",
            end: "2027-02-10T12:00",
            version: 1,
          },
          office,
        )
      ).item as Item;
      expect(moved).toMatchObject({ start: "2027-02-10T11:00", version: 2 });
      const listed = (await ok("GET", "/api/admin/events?from=2027-02-01&count=50", undefined, office))
        .events as Event[];
      const found = listed.find((e) => e.id === event.id) as Event;
      expect(found.schedule.map((s) => s.title)).toEqual(["Keynote"]);
      expect(await auditCount("event_schedule_item")).toBeGreaterThanOrEqual(2);

      // The event cannot shrink past its schedule; the refusal writes nothing.
      await refused(
        400,
        "PUT",
        `/api/admin/events/${event.id}`,
        { ...conference, campusId: place.id, end: "2027-02-10T10:00", version: 1 },
        { rule: "within_event", errorMessage: ADMINISTRATION_MESSAGES.itemOutsideEvent },
        office,
      );
      // A schedule item outside the event is refused.
      await refused(
        400,
        "POST",
        "/api/admin/schedule",
        { eventId: event.id, title: "Late", start: "2027-02-10T18:00", end: "2027-02-10T19:00" },
        { rule: "within_event" },
        office,
      );
      await refused(
        409,
        "DELETE",
        `/api/admin/schedule/${item.id}?version=1`,
        undefined,
        { errorCode: "version_conflict" },
        office,
      );
      await ok("DELETE", `/api/admin/schedule/${item.id}?version=2`, undefined, office);
      const updated = (
        await ok(
          "PUT",
          `/api/admin/events/${event.id}`,
          { ...conference, title: "Research Day", version: 1 },
          office,
        )
      ).event as Event;
      expect(updated).toMatchObject({
        title: "Research Day",
        campusId: null,
        timeZone: "Asia/Kolkata",
        version: 2,
      });
      expect(updated.startsAt).toBe("2027-02-10T03:30:00.000Z");
      await refused(
        409,
        "DELETE",
        `/api/admin/events/${event.id}?version=1`,
        undefined,
        { errorCode: "version_conflict" },
        office,
      );
      await ok("DELETE", `/api/admin/events/${event.id}?version=2`, undefined, office);
      await refused(
        404,
        "DELETE",
        `/api/admin/events/${event.id}?version=3`,
        undefined,
        { errorCode: "not_found" },
        office,
      );
    });

    it.each([
      [{ ...conference, title: "" }, "title"],
      [{ ...conference, eventType: "party" }, "eventType"],
      [{ ...conference, start: "2027-02-30T09:00" }, "start"],
      [{ ...conference, end: "2027-02-10T08:00" }, "end"],
      [{ ...conference, audience: "alumni" }, "audience"],
      [{ ...conference, campusId: UNKNOWN }, "campusId"],
    ])("refuses a bad event %# with 400 naming the field, writing nothing", async (body, field) => {
      const answer = await refused(400, "POST", "/api/admin/events", body, {}, office);
      expect(answer.field).toBe(field);
    });

    it("refuses a schedule item of an unknown event with 404 and bad paging with 400", async () => {
      await refused(
        404,
        "POST",
        "/api/admin/schedule",
        { eventId: UNKNOWN, title: "X", start: "2027-02-10T09:30", end: "2027-02-10T10:30" },
        {},
        office,
      );
      await refused(400, "GET", "/api/admin/events?count=7", undefined, {}, office);
    });

    it("refuses the exam office with 403 and a signed-out call with 401", async () => {
      const exam: Who = "exam";
      await refused(403, "GET", "/api/admin/events", undefined, { errorCode: "forbidden" }, exam);
      await refused(403, "POST", "/api/admin/events", conference, { errorCode: "forbidden" }, exam);
      await refused(401, "POST", "/api/admin/schedule", {}, {}, "nobody");
    });
  });
});

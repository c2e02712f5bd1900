import { addDays } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { type LargeTerm, seedLargeTerm } from "../demo/large-term.ts";
import { DEMO_ACADEMIC_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/**
 * The statements an uncached SessionData or SessionTimeTable call sends (READ_MODEL_CACHE=off,
 * the path the first reader after a write meets), counted through the database's query hook, so
 * the count cannot grow back unnoticed (docs/performance.md "Scheduling and calendars",
 * "Statements per call"). The sign-in check is remembered after the first call, so a call's
 * statements are its own.
 */
describe.each(testTargets())("statements per uncached scheduling call on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let large: LargeTerm;
  let counting = false;
  const sent: string[] = [];

  beforeAll(async () => {
    api = await createTestApi(target, {
      readModelCache: false,
      onQuery: (query) => {
        if (counting) sent.push(query);
      },
    });
    auth = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    large = await seedLargeTerm(api.ctx.db, { sessions: 120, faculty: 6, rooms: 4, subjects: 3 });
  });
  afterAll(async () => {
    await api?.close();
  });

  /** The call's answer and the statements it sent (after one call to warm the sign-in check). */
  async function counted(
    url: string,
    status = 200,
  ): Promise<{ body: Record<string, unknown>; statements: number }> {
    await api.call("GET", url, { headers: auth });
    sent.length = 0;
    counting = true;
    try {
      const res = await api.call("GET", url, { headers: auth });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return { body: res.body as Record<string, unknown>, statements: sent.length };
    } finally {
      counting = false;
    }
  }

  const week = () => addDays(large.days[0] as string, 7);
  const timeTable = (query: string) =>
    `/api/salesforce/SessionTimeTable?programName=${encodeURIComponent(large.programmeCode)}&date=${week()}${query}`;

  it.each([
    ["the intake named by month and year", () => `&intake=${large.month}&year=${large.year}`],
    ["the programme's latest intake", () => ""],
  ])("the time table of %s: the selection, then the week's events", async (_, query) => {
    const { body, statements } = await counted(timeTable(query()));
    expect((body.events as unknown[]).length).toBeGreaterThan(0);
    const [campus] = await rows<{ timeZone: string; intakeId: string }>(
      api.ctx.db,
      sql`select c.time_zone as "timeZone", i.id as "intakeId" from term t join intake i on i.id = t.intake_id
          join campus c on c.id = i.campus_id where t.id = ${large.termId}`,
    );
    expect(body.timeZone).toBe(campus?.timeZone);
    expect(statements).toBe(2);
  });

  it("the time table of a term with no such name: the selection only, no events", async () => {
    const { body, statements } = await counted(
      timeTable(`&intake=${large.month}&year=${large.year}&termName=${encodeURIComponent("No such term")}`),
    );
    expect(body.events).toEqual([]);
    expect(body.message).toBe("No Data Found");
    expect(statements).toBe(1);
  });

  it("the time table of an unknown programme: one statement, then 404", async () => {
    const { statements } = await counted(
      `/api/salesforce/SessionTimeTable?programName=${encodeURIComponent("No such programme")}&date=${week()}`,
      404,
    );
    expect(statements).toBe(1);
  });

  it("the session data of a week: the term's zone, then the week's events", async () => {
    const { body, statements } = await counted(
      `/api/salesforce/SessionData?termId=${large.termId}&from=${week()}&to=${addDays(week(), 6)}`,
    );
    expect((body.events as unknown[]).length).toBeGreaterThan(0);
    expect(statements).toBe(2);
  });
});

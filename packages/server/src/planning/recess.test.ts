import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

const UNKNOWN = "00000000-0000-4000-8000-00000000abcd";

type Recess = {
  kind: string;
  name: string;
  termId: string | null;
  startDate: string;
  endDate: string;
  days: number;
};

/**
 * recessRecords and SpecializationsByProgram (spec exam-management-and-shell, "Service calls"): the
 * breaks between an intake's terms and its calendar's holidays, for the intake or one term; and a
 * programme's specializations (its programme plans).
 */
describe.each(testTargets())("recess records and specializations on $name", (target) => {
  let api: TestApi;
  /** An intake with at least two terms, moved by the test to 2030 with 10-day breaks between them. */
  let intake: { id: string; campusId: string; programmeId: string };
  let terms: Array<{ id: string; name: string }>;

  beforeAll(async () => {
    api = await createTestApi(target);
    const db = api.ctx.db;
    [intake] = (await rows<typeof intake>(
      db,
      sql`select i.id, i.campus_id as "campusId", i.programme_id as "programmeId" from intake i
          where (select count(*) from term t where t.intake_id = i.id) >= 2 order by i.id limit 1`,
    )) as [typeof intake];
    terms = await rows<{ id: string; name: string }>(
      db,
      sql`select id, name from term where intake_id = ${intake.id} order by number, id`,
    );
    // Term i runs 90 days from 2030-01-01 + 100 i: a 10-day break after every term but the last.
    for (const [i, t] of terms.entries()) {
      await db.execute(sql`update term set start_date = '2030-01-01'::date + ${i * 100}::int,
          end_date = '2030-01-01'::date + ${i * 100 + 89}::int where id = ${t.id}`);
    }
    await db.execute(sql`insert into academic_calendar_entry (intake_id, campus_id, name, kind, start_date, end_date) values
        (${intake.id}, null, 'Founders Day', 'Holiday', '2030-02-01', '2030-02-02'),
        (${intake.id}, null, 'Sports Meet', 'Event', '2030-02-10', '2030-02-10'),
        (null, ${intake.campusId}, 'Campus Closure', 'Holiday', '2030-05-01', '2030-05-01'),
        (null, ${intake.campusId}, 'Far Holiday', 'Holiday', '2040-01-01', '2040-01-01')`);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  async function get(path: string, status = 200, email: string = DEMO_ACADEMIC_OFFICE.email) {
    const headers = await signInHeaders(api, email);
    const res = await api.call("GET", `/api${path}`, { headers });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Record<string, unknown>;
  }

  it("lists an intake's breaks between terms and its calendar's holidays, by date", async () => {
    const body = await get(`/salesforce/recessRecords?intakeId=${intake.id}`);
    const records = body.records as Recess[];
    const breaks = records.filter((r) => r.kind === "Break");
    expect(breaks).toHaveLength(terms.length - 1);
    expect(breaks[0]).toEqual({
      kind: "Break",
      name: `Break after ${terms[0]?.name}`,
      termId: terms[0]?.id,
      startDate: "01/04/2030",
      endDate: "10/04/2030",
      days: 10,
    });
    expect(breaks.every((b) => b.days === 10)).toBe(true);
    expect(records.filter((r) => r.kind === "Holiday")).toEqual([
      {
        kind: "Holiday",
        name: "Founders Day",
        termId: null,
        startDate: "01/02/2030",
        endDate: "02/02/2030",
        days: 2,
      },
      {
        kind: "Holiday",
        name: "Campus Closure",
        termId: null,
        startDate: "01/05/2030",
        endDate: "01/05/2030",
        days: 1,
      },
    ]);
    expect(records.map((r) => r.name).slice(0, 3)).toEqual([
      "Founders Day",
      `Break after ${terms[0]?.name}`,
      "Campus Closure",
    ]);
  });

  it("narrows to one term: its holidays and the break after it", async () => {
    const first = await get(`/salesforce/recessRecords?intakeId=${intake.id}&termId=${terms[0]?.id}`);
    expect((first.records as Recess[]).map((r) => [r.kind, r.name])).toEqual([
      ["Holiday", "Founders Day"],
      ["Break", `Break after ${terms[0]?.name}`],
    ]);
    const second = await get(`/salesforce/recessRecords?intakeId=${intake.id}&termId=${terms[1]?.id}`);
    expect((second.records as Recess[]).map((r) => r.name)[0]).toBe("Campus Closure");
    const last = terms.at(-1) as { id: string };
    const lastRecords = (await get(`/salesforce/recessRecords?intakeId=${intake.id}&termId=${last.id}`))
      .records as Recess[];
    expect(lastRecords.filter((r) => r.kind === "Break")).toEqual([]);
  });

  it("answers 404 for an unknown intake or a term of another intake, 400 for a bad id", async () => {
    await get(`/salesforce/recessRecords?intakeId=${UNKNOWN}`, 404);
    const [other] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select id from term where intake_id <> ${intake.id} order by id limit 1`,
    );
    await get(`/salesforce/recessRecords?intakeId=${intake.id}&termId=${other?.id}`, 404);
    await get("/salesforce/recessRecords?intakeId=nope", 400);
    await get(`/salesforce/recessRecords?intakeId=${intake.id}`, 403, DEMO_EXAM_OFFICE.email);
  });

  it("lists a programme's specializations (its plans), the primary first", async () => {
    const plans = await rows<{ id: string; name: string; isPrimary: boolean }>(
      api.ctx.db,
      sql`select id, name, is_primary as "isPrimary" from programme_plan where programme_id = ${intake.programmeId}`,
    );
    expect(plans.length).toBeGreaterThan(0);
    const body = await get(`/salesforce/SpecializationsByProgram?academicProgramId=${intake.programmeId}`);
    const list = body.specializations as typeof plans;
    expect([...list].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...plans].sort((a, b) => a.id.localeCompare(b.id)),
    );
    const firstSecondary = list.findIndex((p) => !p.isPrimary);
    expect(firstSecondary === -1 || list.slice(firstSecondary).every((p) => !p.isPrimary)).toBe(true);
    expect((body.programme as { id: string }).id).toBe(intake.programmeId);
    await get(`/salesforce/SpecializationsByProgram?academicProgramId=${UNKNOWN}`, 404);
    await get("/salesforce/SpecializationsByProgram", 400);
    // The legacy form reaches the same handler.
    const legacy = await get(
      `/salesforce?endpoint=SpecializationsByProgram&academicProgramId=${intake.programmeId}`,
    );
    expect(legacy.specializations).toEqual(list);
  });
});

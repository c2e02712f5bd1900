import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { SPECIALIZATION_MESSAGES } from "./specializations.ts";

const UNKNOWN = "00000000-0000-4000-8000-00000000abcd";
const PATH = "/api/salesforce/SpecializationsByProgram";

/** What a refused call may not change: the plans, their requirements and the audit log. */
async function counts(api: TestApi) {
  const [row] = await rows<{ plans: number; requirements: number; audit: number }>(
    api.ctx.db,
    sql`select (select count(*)::int from programme_plan) as plans,
      (select count(*)::int from plan_requirement) as requirements,
      (select count(*)::int from audit_log) as audit`,
  );
  return row;
}

/**
 * SpecializationsByProgram post (planning.yaml): a programme gets a new specialization (programme
 * plan) that the GET then lists; bad input, unknown programmes, duplicates, other roles and scoped
 * offices are refused with nothing written.
 */
describe.each(testTargets())("SpecializationsByProgram post on $name", (target) => {
  let api: TestApi;
  let office: Record<string, string>;
  let programmeId: string;
  let primaryRequirements: number;

  beforeAll(async () => {
    api = await createTestApi(target);
    const [programme] = await rows<{ id: string; requirements: number }>(
      api.ctx.db,
      sql`select p.id, (select count(distinct (r.term_number, r.course_id))::int from plan_requirement r
            join programme_plan pp on pp.id = r.programme_plan_id
            where pp.programme_id = p.id and pp.is_primary) as requirements
          from academic_programme p order by requirements desc, p.id limit 1`,
    );
    programmeId = programme?.id as string;
    primaryRequirements = programme?.requirements ?? 0;
    office = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const post = (body: unknown, headers = office) => api.call("POST", PATH, { body, headers });

  async function refused(body: unknown, status: number, headers = office) {
    const before = await counts(api);
    const res = await post(body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(await counts(api)).toEqual(before);
    return res.body as { errorMessage: string; errorCode: string; field?: string };
  }

  it("creates a specialization with the primary curriculum, which the GET then lists", async () => {
    expect(primaryRequirements).toBeGreaterThan(0);
    const res = await post({ academicProgramId: programmeId, name: "  Finance  " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = res.body as {
      specialization: { id: string; name: string; isPrimary: boolean };
      planRequirements: number;
    };
    expect(body.specialization).toMatchObject({ name: "Finance", isPrimary: false });
    expect(body.planRequirements).toBe(primaryRequirements);
    const listed = await api.call("GET", `${PATH}?academicProgramId=${programmeId}`, { headers: office });
    expect((listed.body as { specializations: unknown[] }).specializations).toContainEqual(
      body.specialization,
    );
    const [audit] = await rows<{ entity: string; actorEmail: string }>(
      api.ctx.db,
      sql`select entity, actor_email as "actorEmail" from audit_log where entity_id = ${body.specialization.id}`,
    );
    expect(audit).toEqual({ entity: "programme_plan", actorEmail: DEMO_ACADEMIC_OFFICE.email });

    const bare = await post({ academicProgramId: programmeId, name: "Analytics", copyCurriculum: false });
    expect(bare.status).toBe(201);
    expect((bare.body as { planRequirements: number }).planRequirements).toBe(0);
    // The legacy form reaches the same handler.
    const legacy = await api.call("POST", "/api/salesforce?endpoint=SpecializationsByProgram", {
      body: { academicProgramId: programmeId, name: "Marketing" },
      headers: office,
    });
    expect(legacy.status).toBe(201);
  });

  it("refuses bad input, unknown programmes and duplicate names, writing nothing", async () => {
    expect((await refused({ academicProgramId: programmeId, name: "   " }, 400)).field).toBe("name");
    expect((await refused({ academicProgramId: programmeId, name: "x".repeat(201) }, 400)).field).toBe(
      "name",
    );
    expect((await refused({ academicProgramId: "nope", name: "Finance" }, 400)).field).toBe(
      "academicProgramId",
    );
    expect((await refused({ name: "Finance" }, 400)).field).toBe("academicProgramId");
    await refused({ academicProgramId: programmeId, name: "Ops", copyCurriculum: "yes" }, 400);
    await refused([], 400);
    await refused({ academicProgramId: UNKNOWN, name: "Finance" }, 404);
    await post({ academicProgramId: programmeId, name: "Operations" });
    const duplicate = await refused({ academicProgramId: programmeId, name: " OPERATIONS " }, 409);
    expect(duplicate).toMatchObject({
      errorCode: "duplicate_specialization",
      field: "name",
      errorMessage: SPECIALIZATION_MESSAGES.duplicate,
    });
  });

  it("is for the administrator and the academic office, and an office scoped below the programme may not add plans", async () => {
    const exam = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    await refused({ academicProgramId: programmeId, name: "Exam Office Plan" }, 403, exam);
    expect(
      (await api.call("POST", PATH, { body: { academicProgramId: programmeId, name: "X" } })).status,
    ).toBe(401);

    const [plan] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select id from programme_plan where programme_id = ${programmeId} order by id limit 1`,
    );
    await api.ctx.db.execute(
      sql`insert into admin_user (name, email) values ('Plan Office', 'plan.office@university.example'),
        ('Programme Office', 'programme.office@university.example')`,
    );
    await api.ctx.db.execute(sql`insert into user_role (user_id, role_id, scope_kind, scope_id)
      select u.id, r.id, 'programme_plan', ${plan?.id}::uuid from admin_user u, role r
      where u.email = 'plan.office@university.example' and r.name = 'academic_office'`);
    await api.ctx.db.execute(sql`insert into user_role (user_id, role_id, scope_kind, scope_id)
      select u.id, r.id, 'programme', ${programmeId}::uuid from admin_user u, role r
      where u.email = 'programme.office@university.example' and r.name = 'academic_office'`);
    const planOffice = await signInHeaders(api, "plan.office@university.example");
    const outOfReach = await refused({ academicProgramId: programmeId, name: "Scoped" }, 403, planOffice);
    expect(outOfReach).toMatchObject({
      errorCode: "forbidden",
      errorMessage: SPECIALIZATION_MESSAGES.outOfReach,
    });
    const programmeOffice = await signInHeaders(api, "programme.office@university.example");
    expect((await post({ academicProgramId: programmeId, name: "Scoped" }, programmeOffice)).status).toBe(
      201,
    );
  });
});

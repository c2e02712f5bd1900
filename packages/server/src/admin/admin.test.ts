import { PEOPLE_MESSAGES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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

type Option = { id: string; name: string };
type Assignment = {
  id: string;
  roleType: string;
  scopeKind: string | null;
  scopeId: string | null;
  scopeName: string | null;
};
type User = { id: string; name: string; email: string; contactId: string | null; roles: Assignment[] };
type Body = Record<string, unknown> & { errorMessage?: string; field?: string; errorCode?: string };

describe.each(testTargets())("users and roles on the admin URL on $name", (target) => {
  let api: TestApi;
  let admin: Record<string, string>;
  let institute: Option;
  let mba: Option;
  let plan: Option;

  beforeAll(async () => {
    api = await createTestApi(target);
    admin = await signInHeaders(api);
    institute = ((await get("/api/admin/institutes")).options as Option[])[0] as Option;
    const programmes = (await get(`/api/admin/academicPrograms?instituteId=${institute.id}`))
      .options as Option[];
    mba = programmes.find((p) => p.name.endsWith("(MBA)")) as Option;
    plan = (
      (await get(`/api/admin/programPlans?academicProgramId=${mba.id}`)).options as Option[]
    )[0] as Option;
  });
  afterAll(async () => {
    await api?.close();
  });
  // Every sign-in moves the test clock on past an access token's life: sign the administrator in anew.
  beforeEach(async () => {});

  async function send(method: string, url: string, body?: unknown, headers = admin) {
    const res = await api.call(method, url, { headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  async function get(url: string, headers = admin): Promise<Body> {
    const res = await send("GET", url, undefined, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }
  /** Sends a call that must be refused with `status`, and checks that no table changed. */
  async function refused(
    status: number,
    method: string,
    url: string,
    body: unknown,
    expected: Partial<Body> = {},
    headers = admin,
  ) {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send(method, url, body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body;
  }
  /** A faculty contact that is no portal user yet. */
  async function newFaculty(skip = 0): Promise<{ id: string; email: string; name: string }> {
    const [found] = await rows<{ id: string; email: string; name: string }>(
      api.ctx.db,
      sql`select c.id, lower(c.email) as email, c.first_name || ' ' || c.last_name as name from contact c
          where c.kind = 'faculty' and not exists (select 1 from admin_user u where u.email = lower(c.email))
          order by c.email offset ${skip} limit 1`,
    );
    if (!found) throw new Error("no faculty contact without a user");
    return found;
  }
  const usersNamed = async (search: string) =>
    (await get(`/api/admin/users?search=${encodeURIComponent(search)}`)).users as User[];

  it("offers institutes, programmes, plans and the plan's class sections to scope a role by", async () => {
    expect(institute.name.length).toBeGreaterThan(0);
    expect(mba).toBeDefined();
    expect(plan).toBeDefined();
    const sections = (await get(`/api/admin/classSections?programPlanId=${plan.id}`)).options as Option[];
    expect(sections.length).toBeGreaterThan(0);
    expect(sections[0]?.name).toMatch(/ · Section [A-Z] \(/);
    const types = (await get("/api/admin/roleTypes")).roleTypes as Array<{ name: string; users: number }>;
    expect(types.map((t) => t.name)).toEqual(["admin", "exam_office", "academic_office"]);
    expect(types.every((t) => t.users >= 1)).toBe(true);
    const none = (await get(`/api/admin/academicPrograms?instituteId=${UNKNOWN}`)).options as Option[];
    expect(none).toEqual([]);
    const contacts = (await get("/api/admin/contacts?search=%25")).contacts as unknown[];
    expect(contacts).toEqual([]);
  });

  it("refuses every admin-URL call to a user without the administrator role, writing nothing", async () => {
    const contact = await newFaculty();
    for (const email of [DEMO_EXAM_OFFICE.email, DEMO_ACADEMIC_OFFICE.email]) {
      const headers = await signInHeaders(api, email);
      for (const url of [
        "/api/admin/users",
        "/api/admin/institutes",
        "/api/admin/roleTypes",
        "/api/admin/overview",
      ])
        await refused(403, "GET", url, undefined, { errorCode: "forbidden" }, headers);
      await refused(
        403,
        "POST",
        "/api/admin/assignRole",
        { contactId: contact.id, roleType: "admin", instituteId: institute.id },
        { errorCode: "forbidden" },
        headers,
      );
    }
    admin = await signInHeaders(api);
  });

  it("assigns a role at a programme's scope, lists the user with it, audits it and refuses a duplicate", async () => {
    const contact = await newFaculty();
    const made = await send("POST", "/api/admin/assignRole", {
      contactId: contact.id,
      roleType: "academic_office",
      instituteId: institute.id,
      academicProgramId: mba.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const assignment = made.body.assignment as Assignment;
    expect(assignment).toMatchObject({
      roleType: "academic_office",
      scopeKind: "programme",
      scopeId: mba.id,
      scopeName: mba.name,
    });

    const [user] = await usersNamed(contact.email);
    expect(user).toMatchObject({ email: contact.email, name: contact.name, contactId: contact.id });
    expect(user?.roles).toEqual([assignment]);
    const filtered = (await get(`/api/admin/users?roleType=academic_office&count=100`)).users as User[];
    expect(filtered.map((u) => u.email)).toContain(contact.email);
    const audit = await rows<{ action: string; after: { contactId: string } }>(
      api.ctx.db,
      sql`select action, after from audit_log where entity = 'user_role' and entity_id = ${assignment.id}`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: "assign_role",
        after: expect.objectContaining({ contactId: contact.id }),
      }),
    ]);

    await refused(
      409,
      "POST",
      "/api/admin/assignRole",
      {
        contactId: contact.id,
        roleType: "academic_office",
        instituteId: institute.id,
        academicProgramId: mba.id,
      },
      { errorCode: "duplicate_assignment" },
    );
    // The same role at another scope is a second assignment.
    const wider = await send("POST", "/api/admin/assignRole", {
      contactId: contact.id,
      roleType: "academic_office",
      instituteId: institute.id,
    });
    expect(wider.status).toBe(201);
    expect((await usersNamed(contact.email))[0]?.roles.map((r) => r.scopeKind)).toEqual([
      "institute",
      "programme",
    ]);
  });

  it("refuses bad assignments with the spec's messages and writes nothing", async () => {
    const contact = await newFaculty(1);
    const base = { contactId: contact.id, roleType: "exam_office", instituteId: institute.id };
    await refused(
      400,
      "POST",
      "/api/admin/assignRole",
      { ...base, instituteId: "" },
      {
        errorMessage: PEOPLE_MESSAGES.selectInstitute,
        field: "instituteId",
      },
    );
    await refused(
      400,
      "POST",
      "/api/admin/assignRole",
      { ...base, contactId: "" },
      {
        errorMessage: PEOPLE_MESSAGES.selectContact,
        field: "contactId",
      },
    );
    await refused(
      404,
      "POST",
      "/api/admin/assignRole",
      { ...base, contactId: UNKNOWN },
      { field: "contactId" },
    );
    await refused(
      404,
      "POST",
      "/api/admin/assignRole",
      { ...base, instituteId: UNKNOWN },
      { field: "instituteId" },
    );
    await refused(
      400,
      "POST",
      "/api/admin/assignRole",
      { ...base, roleType: "staff" },
      { field: "roleType" },
    );
    await refused(
      400,
      "POST",
      "/api/admin/assignRole",
      { ...base, programPlanId: plan.id },
      { field: "academicProgramId" },
    );
    await refused(
      400,
      "POST",
      "/api/admin/assignRole",
      { ...base, academicProgramId: UNKNOWN },
      {
        field: "academicProgramId",
      },
    );
    const otherPlan = await rows<{ id: string }>(
      api.ctx.db,
      sql`select pp.id from programme_plan pp where pp.programme_id <> ${mba.id} limit 1`,
    );
    if (otherPlan[0])
      await refused(
        400,
        "POST",
        "/api/admin/assignRole",
        { ...base, academicProgramId: mba.id, programPlanId: otherPlan[0].id },
        { field: "programPlanId" },
      );
    expect(await usersNamed(contact.email)).toEqual([]);
  });

  it("removes an assignment with an audit row, and never the last administrator's", async () => {
    const contact = await newFaculty(2);
    const made = await send("POST", "/api/admin/assignRole", {
      contactId: contact.id,
      roleType: "exam_office",
      instituteId: institute.id,
      academicProgramId: mba.id,
      programPlanId: plan.id,
    });
    expect(made.status).toBe(201);
    const id = (made.body.assignment as Assignment).id;
    expect((await send("DELETE", `/api/admin/roles/${id}`)).status).toBe(200);
    expect((await usersNamed(contact.email))[0]?.roles).toEqual([]);
    const audit = await rows<{ action: string }>(
      api.ctx.db,
      sql`select action from audit_log where entity = 'user_role' and entity_id = ${id} order by at, action`,
    );
    expect(audit.map((a) => a.action).sort()).toEqual(["assign_role", "remove_role"]);
    await refused(404, "DELETE", `/api/admin/roles/${id}`, undefined);
    await refused(400, "DELETE", "/api/admin/roles/not-an-id", undefined, { field: "id" });

    const admins = await rows<{ id: string; email: string }>(
      api.ctx.db,
      sql`select ur.id, u.email from user_role ur join role r on r.id = ur.role_id join admin_user u on u.id = ur.user_id
          where r.name = 'admin' and ur.scope_kind is null and u.active order by u.email`,
    );
    expect(admins).toHaveLength(1);
    await refused(409, "DELETE", `/api/admin/roles/${admins[0]?.id}`, undefined, {
      errorCode: "last_administrator",
    });
  });

  it("counts users, people and exams from the database", async () => {
    const overview = await get("/api/admin/overview");
    const [expected] = await rows<{
      users: number;
      faculty: number;
      exams: number;
      papers: number;
      offerings: number;
    }>(
      api.ctx.db,
      sql`select (select count(*) from admin_user)::int as users,
            (select count(*) from contact where kind = 'faculty')::int as faculty,
            (select count(*) from exam)::int as exams,
            (select count(*) from question_paper)::int as papers,
            (select count(*) from course_offering)::int as offerings`,
    );
    const sum = (list: Array<{ count: number }>) => list.reduce((n, c) => n + c.count, 0);
    const users = overview.users as { total: number; byRole: Array<{ name: string; count: number }> };
    const exams = overview.exams as Record<string, Array<{ name: string; count: number }>>;
    expect(users.total).toBe(expected?.users);
    expect((overview.people as { faculty: number }).faculty).toBe(expected?.faculty);
    expect((overview.academics as { courseOfferings: number }).courseOfferings).toBe(expected?.offerings);
    expect(exams.byState?.map((s) => s.name)).toEqual(["Upcoming", "Today", "Held"]);
    expect(sum(exams.byState ?? [])).toBe(expected?.exams);
    expect(sum(exams.questionPapers ?? [])).toBe(expected?.papers);
    expect(users.byRole.find((r) => r.name === "admin")?.count).toBeGreaterThanOrEqual(1);
  });

  it("narrows the batch list to the programme a user's role is scoped to", async () => {
    const contact = await newFaculty(3);
    const made = await send("POST", "/api/admin/assignRole", {
      contactId: contact.id,
      roleType: "academic_office",
      instituteId: institute.id,
      academicProgramId: mba.id,
    });
    expect(made.status).toBe(201);
    const everything = await send("POST", "/api/salesforce/CurrentPageFilter", { count: 50 });
    type Batches = { batchList: Array<{ Course: string }>; noOfRecords: number };
    const all = everything.body as unknown as Batches;
    const mbaRows = all.batchList.filter((b) => b.Course === "MBA");
    expect(mbaRows.length).toBeGreaterThan(0);
    expect(mbaRows.length).toBeLessThan(all.batchList.length);
    const batchesOf = async (email: string) => {
      const res = await api.call("POST", "/api/salesforce/CurrentPageFilter", {
        headers: await signInHeaders(api, email),
        body: { count: 50 },
      });
      expect(res.status).toBe(200);
      return res.body as Batches;
    };
    const own = await batchesOf(contact.email);
    expect(own.batchList).toEqual(mbaRows);
    expect(own.noOfRecords).toBe(mbaRows.length);

    // Widened to the whole institute, the user sees every batch of it again.
    admin = await signInHeaders(api);
    const wider = await send("POST", "/api/admin/assignRole", {
      contactId: contact.id,
      roleType: "academic_office",
      instituteId: institute.id,
    });
    expect(wider.status).toBe(201);
    const wide = await batchesOf(contact.email);
    expect(wide.noOfRecords).toBe(all.noOfRecords);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/**
 * The academic office's lookups and lists that narrow to its scopes (docs/security/roles.md, "Lists
 * that narrow"): the enrolment screens' filters and rows, and the contract lists, options, course
 * offerings and single contract. A user holding the academic office role at a programme and one
 * holding it at a class section of another programme see different rows, and a record outside
 * their reach answers 404 with the body of an unknown id.
 */
describe.each(testTargets())("academic office lists narrowed to role scopes on $name", (target) => {
  let api: TestApi;
  /** A class section (course offering) with other sections in its term, and its planning tree. */
  let section: {
    id: string;
    termId: string;
    otherId: string;
    institutionId: string;
    programmeId: string;
    planId: string;
  };
  /** Another programme, with a term holding course offerings. */
  let programme: { id: string; institutionId: string; termId: string; offeringId: string };
  /** Two faculty contacts made portal users by the test, each with the academic office role at one scope. */
  let byProgramme: { id: string; email: string };
  let bySection: { id: string; email: string };
  /** Contracts made by the test: in the programme, on the section, on another section of its term. */
  let contracts: { inProgramme: string; onSection: string; onOther: string };

  beforeAll(async () => {
    api = await createTestApi(target);
    const db = api.ctx.db;
    [section] = (await rows<typeof section>(
      db,
      sql`select o.id, o.term_id as "termId", other.id as "otherId", p.institution_id as "institutionId",
            p.id as "programmeId", i.programme_plan_id as "planId"
          from course_offering o join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id
          join lateral (select x.id from course_offering x where x.term_id = o.term_id and x.id <> o.id
            order by x.id limit 1) other on true
          where i.programme_plan_id is not null order by o.id limit 1`,
    )) as [typeof section];
    [programme] = (await rows<typeof programme>(
      db,
      sql`select p.id, p.institution_id as "institutionId", t.id as "termId", o.id as "offeringId"
          from course_offering o join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id
          where p.id <> ${section.programmeId} order by p.id, o.id limit 1`,
    )) as [typeof programme];
    [byProgramme, bySection] = (await rows<{ id: string; email: string }>(
      db,
      sql`select c.id, lower(c.email) as email from contact c
          where c.kind = 'faculty' and not exists (select 1 from admin_user u where u.email = lower(c.email))
          order by c.email limit 2`,
    )) as [typeof byProgramme, typeof bySection];
    const admin = await signInHeaders(api);
    const call = async (path: string, body: Record<string, unknown>) => {
      const res = await api.call("POST", `/api${path}`, { headers: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body as Record<string, unknown>;
    };
    await call("/admin/assignRole", {
      contactId: byProgramme.id,
      roleType: "academic_office",
      instituteId: programme.institutionId,
      academicProgramId: programme.id,
    });
    await call("/admin/assignRole", {
      contactId: bySection.id,
      roleType: "academic_office",
      instituteId: section.institutionId,
      academicProgramId: section.programmeId,
      programPlanId: section.planId,
      classSectionId: section.id,
    });
    const onboard = async (n: number, termId: string, courseOfferingIds: string[]) => {
      const body = await call("/salesforce/facultyOnboarding/save", {
        firstName: "Scoped",
        lastName: `Contract ${"abc"[n - 1]}`,
        email: `scoped.contract.${n}.${target.name}@example.org`,
        phone: "+91 9876543210",
        designation: "Visiting Professor",
        association: "Visiting",
        termId,
        courseOfferingIds,
        hours: 10,
        ratePerHour: "1000",
        startDate: "2026-12-01",
        endDate: "2027-03-31",
        areaHeadEmail: DEMO_EXAM_OFFICE.email,
      });
      return (body.contract as { id: string }).id;
    };
    contracts = {
      inProgramme: await onboard(1, programme.termId, [programme.offeringId]),
      onSection: await onboard(2, section.termId, [section.id]),
      onOther: await onboard(3, section.termId, [section.otherId]),
    };
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  /** GET `path` as `email` (default the administrator), signed in afresh; expects `status`. */
  async function get(
    email: string | undefined,
    path: string,
    status = 200,
  ): Promise<Record<string, unknown>> {
    const headers = await signInHeaders(api, email);
    const res = await api.call("GET", `/api${path}`, { headers });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Record<string, unknown>;
  }
  const ids = (list: unknown, key = "id") =>
    (list as Array<Record<string, string>>).map((r) => r[key]).sort();
  /** Expects `path` (with `{id}` for the record) to answer `inside` with 200 and `outside` as an unknown id. */
  async function expectHidden(email: string, path: string, inside: string, outside: string) {
    await get(email, path.replace("{id}", inside));
    const refused = await get(email, path.replace("{id}", outside), 404);
    expect(refused, path).toEqual(await get(email, path.replace("{id}", UNKNOWN), 404));
    await get(undefined, path.replace("{id}", outside));
  }

  it("narrows the enrolment filters to the reach", async () => {
    const options = "/salesforce/getDataForCourseEnrolment";
    const everyInstitute = ids((await get(undefined, options)).institutes);
    expect(ids((await get(byProgramme.email, options)).institutes)).toEqual([programme.institutionId]);
    expect(ids((await get(bySection.email, options)).institutes)).toEqual([section.institutionId]);
    expect(everyInstitute).toEqual(expect.arrayContaining([programme.institutionId, section.institutionId]));
    const inInstitute = `${options}?instituteId=${section.institutionId}`;
    expect(ids((await get(bySection.email, inInstitute)).programmes)).toEqual([section.programmeId]);
    const plans = `${inInstitute}&academicProgramId=${section.programmeId}`;
    expect(ids((await get(bySection.email, plans)).programmePlans)).toEqual([section.planId]);
    const terms = `${plans}&programPlanId=${section.planId}`;
    expect(ids((await get(bySection.email, terms)).terms)).toEqual([section.termId]);
    expect(((await get(undefined, terms)).terms as unknown[]).length).toBeGreaterThan(1);
    // Another programme's branch is unknown to the programme's user.
    await expectHidden(
      byProgramme.email,
      `${options}?academicProgramId={id}`,
      programme.id,
      section.programmeId,
    );
  }, 60_000);

  it("narrows the enrol student and enrol faculty rows, and hides a term outside the reach", async () => {
    const students = (termId: string) =>
      `/salesforce/getStudentAndCourseForEnrolment?termId=${termId}&count=10`;
    const all = ids((await get(undefined, students(section.termId))).courseOfferings);
    expect(all).toEqual(expect.arrayContaining([section.id, section.otherId]));
    expect(ids((await get(bySection.email, students(section.termId))).courseOfferings)).toEqual([section.id]);
    await expectHidden(byProgramme.email, students("{id}"), programme.termId, section.termId);

    const faculty = (termId: string) => `/salesforce/FacultyEnrollment?termId=${termId}&count=50`;
    const page = await get(bySection.email, faculty(section.termId));
    expect(ids(page.sections, "courseOfferingId")).toEqual([section.id]);
    expect(page.noOfRecords).toBe(1);
    expect((await get(undefined, faculty(section.termId))).noOfRecords).toBeGreaterThan(1);
    await expectHidden(byProgramme.email, faculty("{id}"), programme.termId, section.termId);
  }, 60_000);

  it("narrows the contract lists, options and course offerings, and hides a contract outside the reach", async () => {
    const mine = (list: unknown) => ids(list).filter((id) => Object.values(contracts).includes(id as string));
    const list = "/salesforce/facultyOnboarding/contracts?count=50&search=scoped.contract";
    expect(mine((await get(DEMO_ACADEMIC_OFFICE.email, list)).contracts)).toEqual(
      Object.values(contracts).sort(),
    );
    expect(mine((await get(byProgramme.email, list)).contracts)).toEqual([contracts.inProgramme]);
    expect(mine((await get(bySection.email, list)).contracts)).toEqual([contracts.onSection]);
    const faculty = "/salesforce/facultyOnboarding/faculty?count=50&search=scoped.contract";
    const listed = await get(bySection.email, faculty);
    expect(listed.noOfRecords).toBe(1);
    expect((listed.faculty as Array<{ contracts: number }>)[0]?.contracts).toBe(1);
    expect((await get(undefined, faculty)).noOfRecords).toBe(3);

    const options = await get(
      bySection.email,
      `/salesforce/facultyOnboarding/options?termId=${section.termId}`,
    );
    expect(ids(options.sections)).toEqual([section.id]);
    expect(ids(options.terms).every((id) => id === section.termId)).toBe(true);

    const offerings = await get(bySection.email, "/salesforce/facultyOnboarding/courseOfferings?count=50");
    expect(ids(offerings.courseOfferings)).toEqual([section.id]);
    expect(offerings.noOfRecords).toBe(1);
    await expectHidden(bySection.email, "/courseOfferings/{id}", section.id, section.otherId);
    await expectHidden(byProgramme.email, "/contracts/{id}", contracts.inProgramme, contracts.onSection);
    await expectHidden(bySection.email, "/contracts/{id}", contracts.onSection, contracts.onOther);
    // The area head of a contract reads it whatever their office reach.
    await get(DEMO_EXAM_OFFICE.email, `/contracts/${contracts.onOther}`);
  }, 60_000);
});

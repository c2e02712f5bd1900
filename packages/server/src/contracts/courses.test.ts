import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/*
 * View Course and the facultySection screen's API (openapi/contracts.yaml: listCourseOfferings,
 * getCourseOffering, listFacultySections) on both databases.
 */

type Body = Record<string, unknown> & { errorMessage?: string; field?: string; errorCode?: string };
type OfferingRow = {
  id: string;
  courseCode: string;
  section: string;
  termId: string;
  enrolled: number;
  capacity: number;
  facultyId: string | null;
  activeContracts: number;
};

describe.each(testTargets())("course offerings for the contract office on $name", (target) => {
  let api: TestApi;
  let office: Record<string, string>;
  let examOffice: Record<string, string>;
  /** A section with a faculty member assigned, its enrolment count and capacity, as in the database. */
  let taught: { id: string; termId: string; facultyId: string; enrolled: number; capacity: number };

  beforeAll(async () => {
    api = await createTestApi(target);
    const [row] = await rows<typeof taught>(
      api.ctx.db,
      sql`select o.id, o.term_id as "termId", o.faculty_id as "facultyId", o.capacity,
          (select count(*)::int from enrolment e where e.course_offering_id = o.id) as enrolled
        from course_offering o where o.faculty_id is not null
        order by (select count(*) from enrolment e where e.course_offering_id = o.id) desc, o.id limit 1`,
    );
    if (!row) throw new Error("no taught section in the demo data");
    taught = row;
    // Exam office first: a later sign-in moves the test clock past the earlier token.
    examOffice = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function get(url: string, headers: Record<string, string>) {
    const res = await api.call("GET", url, { headers });
    return { status: res.status, body: res.body as Body };
  }

  it("refuses the exam office (403) and bad ids (400)", async () => {
    for (const url of [
      "/api/salesforce/facultyOnboarding/courseOfferings",
      `/api/courseOfferings/${taught.id}`,
      `/api/faculty/${taught.facultyId}/sections`,
    ]) {
      expect((await get(url, examOffice)).status, url).toBe(403);
    }
    office = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const bad = await get("/api/courseOfferings/not-an-id", office);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, field: "id" });
    const badCount = await get("/api/salesforce/facultyOnboarding/courseOfferings?count=7", office);
    expect(badCount.status).toBe(400);
    expect(badCount.body).toMatchObject({ field: "count" });
  });

  it("answers 404 for an unknown course offering and for a contact who is not faculty", async () => {
    const missing = await get("/api/courseOfferings/00000000-0000-4000-8000-00000000abcd", office);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ errorMessage: "Course offering not found", field: "id" });
    const [student] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select id from contact where kind = 'student' order by id limit 1`,
    );
    const notFaculty = await get(`/api/faculty/${student?.id}/sections`, office);
    expect(notFaculty.status).toBe(404);
    expect(notFaculty.body).toMatchObject({ errorMessage: "Faculty member not found", field: "contactId" });
  });

  it("lists the course offerings of a term, paged, with enrolment and faculty", async () => {
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from course_offering where term_id = ${taught.termId}`,
    );
    const page = await get(
      `/api/salesforce/facultyOnboarding/courseOfferings?termId=${taught.termId}&count=50`,
      office,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.noOfRecords).toBe(n);
    const list = page.body.courseOfferings as OfferingRow[];
    expect(list.length).toBe(Math.min(n, 50));
    expect(list.every((o) => o.termId === taught.termId)).toBe(true);
    const mine = list.find((o) => o.id === taught.id);
    if (n <= 50) expect(mine).toMatchObject({ enrolled: taught.enrolled, capacity: taught.capacity });
    // A search for the course's code finds it.
    const view = (await get(`/api/courseOfferings/${taught.id}`, office)).body.courseOffering as {
      course: { code: string };
    };
    const found = await get(
      `/api/salesforce/facultyOnboarding/courseOfferings?search=${encodeURIComponent(view.course.code)}&count=50`,
      office,
    );
    expect((found.body.courseOfferings as OfferingRow[]).some((o) => o.id === taught.id)).toBe(true);
    const none = await get(
      "/api/salesforce/facultyOnboarding/courseOfferings?search=zz-no-such-course",
      office,
    );
    expect(none.body).toMatchObject({ noOfRecords: 0, courseOfferings: [] });
  });

  it("shows one course offering with its contracts, and a faculty member's sections", async () => {
    // A contract covering the section.
    const onboarded = await api.call("POST", "/api/salesforce/facultyOnboarding/save", {
      headers: office,
      body: {
        firstName: "Meera",
        lastName: "Iyer",
        email: `meera.viewcourse.${target.name}@example.org`,
        phone: "+91 9876543210",
        designation: "Visiting Professor",
        association: "Visiting",
        termId: taught.termId,
        courseOfferingIds: [taught.id],
        hours: 20,
        ratePerHour: 3000,
        startDate: "2026-12-01",
        endDate: "2027-03-31",
        areaHeadEmail: DEMO_EXAM_OFFICE.email,
      },
    });
    expect(onboarded.status, JSON.stringify(onboarded.body)).toBe(201);
    const contractId = (onboarded.body as { contract: { id: string } }).contract.id;

    const res = await get(`/api/courseOfferings/${taught.id}`, office);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const view = res.body.courseOffering as {
      id: string;
      enrolled: number;
      capacity: number;
      term: { id: string };
      intake: { name: string; programmeName: string };
      faculty: { id: string } | null;
      otherSections: Array<{ id: string }>;
      contracts: Array<{ id: string; state: string; facultyName: string; amount: number }>;
    };
    expect(view).toMatchObject({
      id: taught.id,
      enrolled: taught.enrolled,
      capacity: taught.capacity,
      term: { id: taught.termId },
      faculty: { id: taught.facultyId },
    });
    expect(view.intake.name).not.toBe("");
    expect(view.otherSections.some((s) => s.id === taught.id)).toBe(false);
    expect(view.contracts).toContainEqual(
      expect.objectContaining({ id: contractId, state: "draft", facultyName: "Meera Iyer", amount: 60_000 }),
    );

    const sections = await get(`/api/faculty/${taught.facultyId}/sections`, office);
    expect(sections.status, JSON.stringify(sections.body)).toBe(200);
    const list = sections.body.sections as OfferingRow[];
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from course_offering where faculty_id = ${taught.facultyId}`,
    );
    expect(list.length).toBe(Math.min(n, 500));
    expect(list.every((o) => o.facultyId === taught.facultyId)).toBe(true);
    expect(list.find((o) => o.id === taught.id)).toMatchObject({
      enrolled: taught.enrolled,
      capacity: taught.capacity,
      activeContracts: 1,
    });
  });
});

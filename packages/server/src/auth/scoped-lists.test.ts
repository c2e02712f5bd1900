import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/**
 * Lists that narrow to the scopes of the roles that open them (docs/security/roles.md, "Lists that
 * narrow"): users holding the exam office role at different scopes see different lists, one after
 * the other, so a list kept in the read-model cache for one reach is never served to another.
 */
describe.each(testTargets())("lists narrowed to role scopes on $name", (target) => {
  let api: TestApi;
  /** A programme with question papers, and a class section (course offering) of another programme. */
  let programme: { id: string; institutionId: string };
  let section: { id: string; institutionId: string; programmeId: string; planId: string };
  /** Two faculty contacts made portal users by the test, each with the exam office role at one scope. */
  let byProgramme: { id: string; email: string };
  let bySection: { id: string; email: string };

  beforeAll(async () => {
    api = await createTestApi(target);
    [section] = (await rows<typeof section>(
      api.ctx.db,
      sql`select o.id, p.institution_id as "institutionId", p.id as "programmeId", i.programme_plan_id as "planId"
          from question_paper qp join course_offering o on o.id = qp.course_offering_id
          join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id
          where i.programme_plan_id is not null
          group by o.id, p.institution_id, p.id, i.programme_plan_id order by count(*) desc, o.id limit 1`,
    )) as [typeof section];
    [programme] = (await rows<typeof programme>(
      api.ctx.db,
      sql`select p.id, p.institution_id as "institutionId" from question_paper qp
          join course_offering o on o.id = qp.course_offering_id
          join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id
          where p.id <> ${section.programmeId}
          group by p.id order by count(*) desc, p.id limit 1`,
    )) as [typeof programme];
    const faculty = await rows<{ id: string; email: string }>(
      api.ctx.db,
      sql`select c.id, lower(c.email) as email from contact c
          where c.kind = 'faculty' and not exists (select 1 from admin_user u where u.email = lower(c.email))
          order by c.email limit 2`,
    );
    [byProgramme, bySection] = faculty as [typeof byProgramme, typeof bySection];
    const admin = await signInHeaders(api);
    const assign = async (body: Record<string, unknown>) => {
      const res = await api.call("POST", "/api/admin/assignRole", { headers: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await assign({
      contactId: byProgramme.id,
      roleType: "exam_office",
      instituteId: programme.institutionId,
      academicProgramId: programme.id,
    });
    await assign({
      contactId: bySection.id,
      roleType: "exam_office",
      instituteId: section.institutionId,
      academicProgramId: section.programmeId,
      programPlanId: section.planId,
      classSectionId: section.id,
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  /** The ids of the papers a condition on the offering `o` and intake `i` picks, from the database. */
  async function paperIds(where: ReturnType<typeof sql>): Promise<string[]> {
    const found = await rows<{ id: string }>(
      api.ctx.db,
      sql`select qp.id from question_paper qp join course_offering o on o.id = qp.course_offering_id
          join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id where ${where} order by qp.id`,
    );
    return found.map((r) => r.id);
  }

  type PaperList = { questionPapersList: Array<{ id: string }>; noOfRecords: number };
  /** Every paper of the question-paper list as `email` sees it (pages of 100), signed in afresh. */
  async function papersSeenBy(email?: string, filter: Record<string, unknown> = {}): Promise<string[]> {
    const headers = await signInHeaders(api, email);
    const ids: string[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const res = await api.call("POST", "/api/sf/exam/questionPaperList", {
        headers,
        body: { ...filter, pageNo, count: 100 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as PaperList;
      ids.push(...body.questionPapersList.map((p) => p.id));
      if (ids.length >= body.noOfRecords || body.questionPapersList.length === 0) {
        expect(ids.length).toBe(body.noOfRecords);
        break;
      }
    }
    return ids.sort();
  }

  it("shows each user the question papers within their scope, and everyone else every paper", async () => {
    const all = await paperIds(sql`true`);
    const ofProgramme = await paperIds(sql`i.programme_id = ${programme.id}`);
    const ofSection = await paperIds(sql`o.id = ${section.id}`);
    expect(ofProgramme.length).toBeGreaterThan(0);
    expect(ofProgramme.length).toBeLessThan(all.length);
    expect(ofSection.length).toBeGreaterThan(0);
    expect(ofSection.some((id) => ofProgramme.includes(id))).toBe(false);

    // The unscoped lists first, so a kept answer for "everywhere" exists when the scoped users ask.
    expect(await papersSeenBy()).toEqual(all);
    expect(await papersSeenBy(DEMO_EXAM_OFFICE.email)).toEqual(all);
    expect(await papersSeenBy(byProgramme.email)).toEqual(ofProgramme);
    expect(await papersSeenBy(bySection.email)).toEqual(ofSection);
    // Asked again (answers kept), each still gets their own reach.
    expect(await papersSeenBy(byProgramme.email)).toEqual(ofProgramme);
    expect(await papersSeenBy()).toEqual(all);
  });

  it("narrows a sorted, filtered page alike", async () => {
    const sorted = { sortBy: "batch", sortDirection: "desc" };
    const ofSection = await paperIds(sql`o.id = ${section.id} and qp.status = 'Approved'`);
    const everywhere = await paperIds(sql`qp.status = 'Approved'`);
    expect(await papersSeenBy(undefined, { ...sorted, status: "Approved" })).toEqual(everywhere);
    expect(await papersSeenBy(bySection.email, { ...sorted, status: "Approved" })).toEqual(ofSection);
    expect(await papersSeenBy(byProgramme.email, { ...sorted, status: "Approved" })).toEqual(
      await paperIds(sql`i.programme_id = ${programme.id} and qp.status = 'Approved'`),
    );
  });

  /** Every course offering of the grading list as `email` sees it (pages of 100), signed in afresh. */
  async function gradingSeenBy(email?: string): Promise<string[]> {
    const headers = await signInHeaders(api, email);
    const ids: string[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const res = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
        headers,
        body: { pageNo, count: 100 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as { courses: Array<{ id: string }>; noOfRecords: number };
      ids.push(...body.courses.map((c) => c.id));
      if (ids.length >= body.noOfRecords || body.courses.length === 0) {
        expect(ids.length).toBe(body.noOfRecords);
        break;
      }
    }
    return ids.sort();
  }

  /** The ids of the course offerings a condition on the offering `o` and intake `i` picks. */
  async function offeringIds(where: ReturnType<typeof sql>): Promise<string[]> {
    const found = await rows<{ id: string }>(
      api.ctx.db,
      sql`select o.id from course_offering o join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          where ${where} order by o.id`,
    );
    return found.map((r) => r.id);
  }

  it("shows each user the course offerings of the grading list within their scope", async () => {
    const all = await offeringIds(sql`true`);
    const ofProgramme = await offeringIds(sql`i.programme_id = ${programme.id}`);
    expect(ofProgramme.length).toBeGreaterThan(1);
    expect(ofProgramme.length).toBeLessThan(all.length);
    expect(await gradingSeenBy()).toEqual(all);
    expect(await gradingSeenBy(byProgramme.email)).toEqual(ofProgramme);
    expect(await gradingSeenBy(bySection.email)).toEqual([section.id]);
    expect(await gradingSeenBy(DEMO_EXAM_OFFICE.email)).toEqual(all);
  });

  /** Every exam of the exam dashboard's list (`body`: upcoming or completed) as `email` sees it. */
  async function examsSeenBy(email: string | undefined, body: Record<string, unknown>): Promise<string[]> {
    const headers = await signInHeaders(api, email);
    const ids: string[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const res = await api.call("POST", "/api/salesforce/ExamData", {
        headers,
        body: { ...body, pageNo, count: 100 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const answer = res.body as { exams: Array<{ Id: string }>; noOfRecords: number };
      ids.push(...answer.exams.map((e) => e.Id));
      if (ids.length >= answer.noOfRecords || answer.exams.length === 0) {
        expect(ids.length).toBe(answer.noOfRecords);
        break;
      }
    }
    return ids.sort();
  }

  it("shows each user the upcoming and completed exams of the exam dashboard within their scope", async () => {
    for (const body of [{}, { completedIn: 3660 }]) {
      const everything = await examsSeenBy(undefined, body);
      expect(everything.length).toBeGreaterThan(0);
      const found = await rows<{ id: string; offering: string; programme: string }>(
        api.ctx.db,
        sql`select x.id, o.id as offering, i.programme_id as programme from exam x
            join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
            join intake i on i.id = t.intake_id`,
      );
      const listed = found.filter((x) => everything.includes(x.id));
      const ofProgramme = listed
        .filter((x) => x.programme === programme.id)
        .map((x) => x.id)
        .sort();
      const ofSection = listed
        .filter((x) => x.offering === section.id)
        .map((x) => x.id)
        .sort();
      expect(ofProgramme.length, JSON.stringify(body)).toBeGreaterThan(0);
      expect(ofProgramme.length).toBeLessThan(everything.length);
      expect(await examsSeenBy(byProgramme.email, body)).toEqual(ofProgramme);
      expect(await examsSeenBy(bySection.email, body)).toEqual(ofSection);
      expect(await examsSeenBy(DEMO_EXAM_OFFICE.email, body)).toEqual(everything);
    }
  });

  it("widens to every paper of the institute when the role is also held at the institute", async () => {
    const admin = await signInHeaders(api);
    const res = await api.call("POST", "/api/admin/assignRole", {
      headers: admin,
      body: { contactId: bySection.id, roleType: "exam_office", instituteId: section.institutionId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await papersSeenBy(bySection.email)).toEqual(
      await paperIds(sql`p.institution_id = ${section.institutionId}`),
    );
  });
});

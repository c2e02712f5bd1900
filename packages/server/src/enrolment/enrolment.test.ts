import { ENROLMENT_MESSAGES } from "@portal/domain";
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
type Offering = {
  id: string;
  courseCode: string;
  term: string;
  termNumber: number;
  section: string;
  capacity: number;
  enrolled: number;
};
type Student = { id: string; name: string; enrolledCourses: number };
type Section = { courseOfferingId: string; facultyId: string | null; version: number };

describe.each(testTargets())("enrolment of students and faculty on $name", (target) => {
  let api: TestApi;
  let office: Record<string, string>;
  /** A term numbered 2 or more of an intake with students and course offerings. */
  let term: { id: string; number: number; intakeId: string; planId: string };

  beforeAll(async () => {
    api = await createTestApi(target);
    office = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const [found] = await rows<typeof term>(
      api.ctx.db,
      sql`select t.id, t.number::int as number, t.intake_id as "intakeId", i.programme_plan_id as "planId"
          from term t join intake i on i.id = t.intake_id
          where i.programme_plan_id is not null and t.number >= 2
            and exists (select 1 from contact s where s.kind = 'student' and s.intake_id = i.id)
            and exists (select 1 from course_offering o join term t1 on t1.id = o.term_id
                        where t1.intake_id = i.id and t1.number < t.number)
            and exists (select 1 from course_offering o where o.term_id = t.id)
          order by i.name, t.number limit 1`,
    );
    if (!found) throw new Error("no demo term with students and course offerings");
    term = found;
  });
  afterAll(async () => {
    await api?.close();
  });

  async function send(method: string, url: string, body?: unknown, headers = office) {
    const res = await api.call(method, url, { headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  async function get(url: string, headers = office): Promise<Body> {
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
    headers = office,
  ) {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send(method, url, body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body;
  }
  /** Two new students of the term's intake, enrolled in nothing yet. */
  async function newStudents(tag: string): Promise<string[]> {
    const made = await rows<{ id: string }>(
      api.ctx.db,
      sql`insert into contact (kind, first_name, last_name, email, intake_id)
          values ('student', 'Aaa', ${`${tag} One`}, ${`${tag}-1@enrol.example`}, ${term.intakeId}),
                 ('student', 'Aaa', ${`${tag} Two`}, ${`${tag}-2@enrol.example`}, ${term.intakeId})
          returning id`,
    );
    return made.map((r) => r.id);
  }
  const candidates = async () =>
    (await get(`/api/salesforce/getStudentAndCourseForEnrolment?termId=${term.id}&count=50`)) as Body & {
      courseOfferings: Offering[];
      students: Student[];
      noOfRecords: number;
    };
  /** One offering (the first section) of each course and term up to the till term. */
  const oneSectionEach = (offerings: Offering[]) => {
    const seen = new Set<string>();
    return offerings.filter((o) => {
      const key = `${o.courseCode}|${o.termNumber}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  const enrolmentCount = async () =>
    (await rows<{ n: number }>(api.ctx.db, sql`select count(*)::int as n from enrolment`))[0]?.n;

  it("offers institutes, then programmes, plans and the plan's terms, and 404 for an unknown parent", async () => {
    const [plan] = await rows<{ programmeId: string; instituteId: string }>(
      api.ctx.db,
      sql`select p.programme_id as "programmeId", a.institution_id as "instituteId"
          from programme_plan p join academic_programme a on a.id = p.programme_id where p.id = ${term.planId}`,
    );
    const first = await get("/api/salesforce/getDataForCourseEnrolment");
    expect((first.institutes as unknown[]).length).toBeGreaterThan(0);
    expect(first).toMatchObject({ programmes: [], programmePlans: [], terms: [] });
    const all = await get(
      `/api/salesforce/getDataForCourseEnrolment?instituteId=${plan?.instituteId}&academicProgramId=${plan?.programmeId}&programPlanId=${term.planId}`,
    );
    expect((all.programmes as Array<{ id: string }>).map((p) => p.id)).toContain(plan?.programmeId);
    expect((all.programmePlans as Array<{ id: string }>).map((p) => p.id)).toContain(term.planId);
    expect((all.terms as Array<{ id: string; name: string }>).find((t) => t.id === term.id)?.name).toMatch(
      / · /,
    );
    await refused(404, "GET", `/api/salesforce/getDataForCourseEnrolment?instituteId=${UNKNOWN}`, undefined, {
      errorCode: "not_found",
      field: "instituteId",
    });
    await refused(400, "GET", "/api/salesforce/getDataForCourseEnrolment?programPlanId=nope", undefined, {
      field: "programPlanId",
    });
  });

  it("lists the intake's students and the course offerings of its terms up to the till term", async () => {
    const answer = await candidates();
    expect(answer.courseOfferings.length).toBeGreaterThan(0);
    expect(answer.courseOfferings.every((o) => o.termNumber <= term.number)).toBe(true);
    expect(new Set(answer.courseOfferings.map((o) => o.termNumber)).size).toBeGreaterThan(1);
    const [n] = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from contact where kind = 'student' and intake_id = ${term.intakeId}`,
    );
    expect(answer.noOfRecords).toBe(n?.n);
    expect(answer.students.length).toBe(Math.min(50, n?.n ?? 0));
    const page2 = await get(
      `/api/salesforce/getStudentAndCourseForEnrolment?termId=${term.id}&count=10&pageNo=2`,
    );
    expect((page2.students as Student[])[0]?.id).toBe(answer.students[10]?.id);
    await refused(
      404,
      "GET",
      `/api/salesforce/getStudentAndCourseForEnrolment?termId=${UNKNOWN}`,
      undefined,
      {
        errorCode: "not_found",
      },
    );
    await refused(
      400,
      "GET",
      `/api/salesforce/getStudentAndCourseForEnrolment?termId=${term.id}&count=7`,
      undefined,
      {
        field: "count",
      },
    );
  });

  it("enrols selected students in every chosen course once, skips what they already take and audits it", async () => {
    const students = await newStudents("first");
    const offerings = oneSectionEach((await candidates()).courseOfferings);
    const ids = offerings.map((o) => o.id);
    await api.ctx.db.execute(
      sql`update course_offering set capacity = capacity + 10 where id = any(${`{${ids.join(",")}}`}::uuid[])`,
    );
    const before = await enrolmentCount();
    const body = {
      termId: term.id,
      studentIds: [students[0], students[1], students[0]],
      courseOfferingIds: ids,
    };
    const made = await send("POST", "/api/salesforce/createEnrolmentTillCourses", body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toEqual({ success: true, created: 2 * ids.length, skipped: 0 });
    expect(await enrolmentCount()).toBe((before ?? 0) + 2 * ids.length);
    const audit = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from audit_log where action = 'enrol_students' and actor_email = ${DEMO_ACADEMIC_OFFICE.email}`,
    );
    expect(audit[0]?.n).toBe(ids.length);
    const listed = (await candidates()).students.filter((s) => students.includes(s.id));
    expect(listed.map((s) => s.enrolledCourses)).toEqual([ids.length, ids.length]);

    // The same call again: every pair is skipped and nothing at all changes.
    const fingerprints = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const again = await send("POST", "/api/salesforce/createEnrolmentTillCourses", body);
    expect(again.body).toEqual({ success: true, created: 0, skipped: 2 * ids.length });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(fingerprints);

    // A student already in a course (another section counts too) is skipped, the new one enrolled.
    const third = await newStudents("second");
    const mixed = await send("POST", "/api/salesforce/createEnrolmentTillCourses", {
      termId: term.id,
      studentIds: [students[0], third[0]],
      courseOfferingIds: ids,
    });
    expect(mixed.body).toEqual({ success: true, created: ids.length, skipped: ids.length });
  });

  it("refuses the whole call when a course offering's capacity would be exceeded, writing nothing", async () => {
    const students = await newStudents("capacity");
    const offerings = oneSectionEach((await candidates()).courseOfferings);
    const full = offerings[offerings.length - 1] as Offering;
    await api.ctx.db.execute(sql`update course_offering set capacity = enrolled.n + 1
      from (select count(*)::int as n from enrolment where course_offering_id = ${full.id}) as enrolled
      where id = ${full.id}`);
    const body = await refused(
      409,
      "POST",
      "/api/salesforce/createEnrolmentTillCourses",
      { termId: term.id, studentIds: students, courseOfferingIds: offerings.map((o) => o.id) },
      { errorCode: "capacity_exceeded" },
    );
    expect(body.errorMessage).toContain(`${full.courseCode} Section ${full.section}`);
    expect(body.params).toMatchObject({ requested: 2, capacity: full.enrolled + 1, enrolled: full.enrolled });
  });

  it("refuses unknown ids, courses after the till term, two sections of a course and empty lists", async () => {
    const students = await newStudents("bad");
    const offerings = (await candidates()).courseOfferings;
    const first = offerings[0] as Offering;
    const call = (body: unknown) => ["POST", "/api/salesforce/createEnrolmentTillCourses", body] as const;
    await refused(404, ...call({ termId: UNKNOWN, studentIds: students, courseOfferingIds: [first.id] }), {
      field: "termId",
    });
    await refused(404, ...call({ termId: term.id, studentIds: [UNKNOWN], courseOfferingIds: [first.id] }), {
      field: "studentIds",
    });
    await refused(404, ...call({ termId: term.id, studentIds: students, courseOfferingIds: [UNKNOWN] }), {
      field: "courseOfferingIds",
    });
    const [later] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select o.id from course_offering o join term t on t.id = o.term_id
          where t.intake_id = ${term.intakeId} and t.number > ${term.number} limit 1`,
    );
    const [otherIntake] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select o.id from course_offering o join term t on t.id = o.term_id where t.intake_id <> ${term.intakeId} limit 1`,
    );
    for (const o of [later, otherIntake].filter((x) => x !== undefined)) {
      await refused(400, ...call({ termId: term.id, studentIds: students, courseOfferingIds: [o.id] }), {
        rule: "till_term",
      });
    }
    const twin = offerings.find(
      (o) =>
        o.id !== first.id &&
        offerings.some(
          (p) => p.id !== o.id && p.courseCode === o.courseCode && p.termNumber === o.termNumber,
        ),
    );
    if (twin) {
      const pair = offerings.find(
        (p) => p.id !== twin.id && p.courseCode === twin.courseCode && p.termNumber === twin.termNumber,
      ) as Offering;
      await refused(
        400,
        ...call({ termId: term.id, studentIds: students, courseOfferingIds: [twin.id, pair.id] }),
        {
          rule: "one_section",
          errorMessage: ENROLMENT_MESSAGES.oneSectionPerCourse,
        },
      );
    }
    const [stranger] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select id from contact where kind = 'student' and intake_id <> ${term.intakeId} limit 1`,
    );
    if (stranger) {
      await refused(
        400,
        ...call({ termId: term.id, studentIds: [stranger.id], courseOfferingIds: [first.id] }),
        {
          rule: "intake",
        },
      );
    }
    await refused(400, ...call({ termId: term.id, studentIds: [], courseOfferingIds: [first.id] }), {
      field: "studentIds",
      errorMessage: ENROLMENT_MESSAGES.selectStudents,
    });
    await refused(400, ...call({ termId: "", studentIds: students, courseOfferingIds: [first.id] }), {
      field: "termId",
      errorMessage: ENROLMENT_MESSAGES.selectTerm,
    });
    await refused(400, ...call({ termId: term.id, studentIds: ["x"], courseOfferingIds: [first.id] }));
  });

  it("associates a faculty member with a section once, lists it, removes it and audits both", async () => {
    const list = async () =>
      (await get(`/api/salesforce/FacultyEnrollment?termId=${term.id}&count=50`)) as Body & {
        sections: Section[];
        noOfRecords: number;
      };
    const page = await list();
    expect(page.noOfRecords).toBeGreaterThan(0);
    let section = page.sections[0] as Section;
    if (section.facultyId !== null) {
      const cleared = await send(
        "DELETE",
        `/api/salesforce/FacultyEnrollment?courseOfferingId=${section.courseOfferingId}&version=${section.version}`,
      );
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      section = (await list()).sections[0] as Section;
    }
    const faculty = await rows<{ id: string }>(
      api.ctx.db,
      sql`select id from contact where kind = 'faculty' order by email limit 2`,
    );
    const [f1, f2] = faculty.map((f) => f.id);
    const url = "/api/salesforce/FacultyEnrollment";
    const made = await send("POST", url, {
      courseOfferingId: section.courseOfferingId,
      facultyId: f1,
      version: section.version,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const version = made.body.version as number;
    expect(
      (await list()).sections.find((s) => s.courseOfferingId === section.courseOfferingId),
    ).toMatchObject({
      facultyId: f1,
      version,
    });
    await refused(
      409,
      "POST",
      url,
      { courseOfferingId: section.courseOfferingId, facultyId: f1, version },
      {
        errorCode: "duplicate",
      },
    );
    await refused(
      409,
      "POST",
      url,
      { courseOfferingId: section.courseOfferingId, facultyId: f2, version },
      {
        errorCode: "already_associated",
      },
    );
    await refused(
      409,
      "POST",
      url,
      { courseOfferingId: section.courseOfferingId, facultyId: f2, version: version - 1 },
      {
        errorCode: "version_conflict",
      },
    );
    await refused(
      404,
      "POST",
      url,
      { courseOfferingId: section.courseOfferingId, facultyId: UNKNOWN, version },
      {
        field: "facultyId",
      },
    );
    await refused(
      404,
      "POST",
      url,
      { courseOfferingId: UNKNOWN, facultyId: f2, version },
      {
        field: "courseOfferingId",
      },
    );
    await refused(
      400,
      "POST",
      url,
      { courseOfferingId: section.courseOfferingId, facultyId: "", version },
      {
        errorMessage: ENROLMENT_MESSAGES.selectFaculty,
      },
    );
    const removed = await send(
      "DELETE",
      `${url}?courseOfferingId=${section.courseOfferingId}&version=${version}`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = removed.body.version as number;
    expect(
      (await list()).sections.find((s) => s.courseOfferingId === section.courseOfferingId)?.facultyId,
    ).toBeNull();
    await refused(
      400,
      "DELETE",
      `${url}?courseOfferingId=${section.courseOfferingId}&version=${after}`,
      undefined,
      {
        rule: "no_faculty",
      },
    );
    await refused(404, "GET", `${url}?termId=${UNKNOWN}`, undefined, { errorCode: "not_found" });
    const audit = await rows<{ action: string; facultyBefore: string | null; facultyAfter: string | null }>(
      api.ctx.db,
      sql`select action, before->>'facultyId' as "facultyBefore", after->>'facultyId' as "facultyAfter" from audit_log
          where entity_id = ${section.courseOfferingId} and action in ('assign_faculty', 'remove_faculty')`,
    );
    expect(audit).toContainEqual({ action: "assign_faculty", facultyBefore: null, facultyAfter: f1 });
    expect(audit).toContainEqual({ action: "remove_faculty", facultyBefore: f1, facultyAfter: null });
  });

  it("refuses every enrolment call to a user without the academic office role (403), writing nothing", async () => {
    const students = await newStudents("forbidden");
    const offering = (await candidates()).courseOfferings[0] as Offering;
    const exams = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    for (const url of [
      "/api/salesforce/getDataForCourseEnrolment",
      `/api/salesforce/getStudentAndCourseForEnrolment?termId=${term.id}`,
      `/api/salesforce/FacultyEnrollment?termId=${term.id}`,
    ])
      await refused(403, "GET", url, undefined, { errorCode: "forbidden" }, exams);
    await refused(
      403,
      "POST",
      "/api/salesforce/createEnrolmentTillCourses",
      { termId: term.id, studentIds: students, courseOfferingIds: [offering.id] },
      { errorCode: "forbidden" },
      exams,
    );
    await refused(
      403,
      "DELETE",
      `/api/salesforce/FacultyEnrollment?courseOfferingId=${offering.id}&version=1`,
      undefined,
      { errorCode: "forbidden" },
      exams,
    );
    await refused(401, "GET", "/api/salesforce/getDataForCourseEnrolment", undefined, {}, {});
    office = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
  });
});

import { todayIn } from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/**
 * The reads of one record and the writes that narrow to the exam office scopes after the lists
 * (docs/security/roles.md, "Single records outside the reach answer 404"): a user holding the exam
 * office role at one programme reads its paper documents, course sections, retest form options,
 * eligibility and grading pages and dashboard, and saves its invigilation and seating; for another
 * programme's record they get the 404 of an unknown one (or a list without it), and a refused write
 * changes nothing. A user holding the role at the institute (which holds every programme of the
 * demo data) reads and writes both, as the administrator does.
 */
describe.each(testTargets())("exam reads and writes narrowed to role scopes on $name", (target) => {
  let api: TestApi;
  /** An exam (of a course offering with students) of the scoped user's programme, and one of another. */
  type Side = {
    programme: string;
    exam: string;
    offering: string;
    course: string;
    term: string;
    cycle: string;
    campus: string;
  };
  let inside: Side;
  let outside: Side;
  /** Faculty contacts made portal users by the test: exam office at the programme, at the institute. */
  let byProgramme: { id: string; email: string };
  let byInstitute: { id: string; email: string };
  const UNKNOWN = "00000000-0000-4000-8000-000000000000";

  beforeAll(async () => {
    api = await createTestApi(target);
    const db = api.ctx.db;
    const programmes = await rows<{ id: string; institutionId: string }>(
      db,
      sql`select i.programme_id as id, p.institution_id as "institutionId" from exam x
          join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
          join intake i on i.id = t.intake_id join academic_programme p on p.id = i.programme_id
          group by i.programme_id, p.institution_id order by count(*) desc, i.programme_id limit 2`,
    );
    const [first, second] = programmes as [(typeof programmes)[0], (typeof programmes)[0]];
    expect(second.institutionId).toBe(first.institutionId);
    const sideOf = async (programme: string) => {
      const [side] = await rows<Side>(
        db,
        sql`select i.programme_id as programme, x.id as exam, o.id as offering, o.course_id as course,
              o.term_id as term, x.exam_cycle_id as cycle, i.campus_id as campus
            from exam x join course_offering o on o.id = x.course_offering_id
            join term t on t.id = o.term_id join intake i on i.id = t.intake_id
            where i.programme_id = ${programme} and x.exam_type <> 'Retest'
              and exists (select 1 from enrolment e where e.course_offering_id = o.id)
            order by x.exam_date, x.id limit 1`,
      );
      if (!side) throw new Error(`no exam with students in programme ${programme}`);
      return side;
    };
    inside = await sideOf(first.id);
    outside = await sideOf(second.id);

    const faculty = await rows<{ id: string; email: string }>(
      db,
      sql`select c.id, lower(c.email) as email from contact c
          where c.kind = 'faculty' and not exists (select 1 from admin_user u where u.email = lower(c.email))
          order by c.email limit 2`,
    );
    [byProgramme, byInstitute] = faculty as [typeof byProgramme, typeof byInstitute];
    const admin = await signInHeaders(api);
    for (const body of [
      {
        contactId: byProgramme.id,
        roleType: "exam_office",
        instituteId: first.institutionId,
        academicProgramId: first.id,
      },
      { contactId: byInstitute.id, roleType: "exam_office", instituteId: first.institutionId },
    ]) {
      const res = await api.call("POST", "/api/admin/assignRole", { headers: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  }, 240_000);
  afterAll(async () => {
    await api?.close();
  });

  /** Calls `path` as `email` (default the administrator), signed in afresh; expects `status`. */
  async function callAs(
    email: string | undefined,
    method: "GET" | "POST" | "PATCH",
    path: string,
    body?: unknown,
    status = 200,
  ): Promise<Record<string, unknown>> {
    const headers = await signInHeaders(api, email);
    const res = await api.call(method, `/api${path}`, { headers, ...(body === undefined ? {} : { body }) });
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Record<string, unknown>;
  }
  /** Single rows of a query as numbers or text. */
  const one = async <T>(query: SQL) => (await rows<{ v: T }>(api.ctx.db, query))[0]?.v;

  /**
   * Checks a read of one record (`read(id)` gives the call for the record `id`): the programme's
   * user reads `own` and gets for `other` the 404 they and the administrator get for `unknown`,
   * body alike; the institute's user and the administrator read `other`.
   */
  async function expectRecordNarrowed(
    what: string,
    read: (id: string) => ["GET" | "POST", string, unknown?],
    own: string,
    other: string,
    unknown = UNKNOWN,
  ) {
    const [method, ownPath, ownBody] = read(own);
    const [, otherPath, otherBody] = read(other);
    const [, unknownPath, unknownBody] = read(unknown);
    await callAs(byProgramme.email, method, ownPath, ownBody);
    const refused = await callAs(byProgramme.email, method, otherPath, otherBody, 404);
    expect(refused, what).toEqual(await callAs(byProgramme.email, method, unknownPath, unknownBody, 404));
    expect(refused, what).toEqual(await callAs(undefined, method, unknownPath, unknownBody, 404));
    await callAs(byInstitute.email, method, otherPath, otherBody);
    await callAs(undefined, method, otherPath, otherBody);
  }

  it("answers 404 for a question paper's document outside the reach", async () => {
    const paperOf = async (programme: string) => {
      const [paper] = await rows<{ id: string; set: number }>(
        api.ctx.db,
        sql`select s.question_paper_id as id, s.set_number as "set" from question_paper_set s
            join question_paper qp on qp.id = s.question_paper_id
            join course_offering o on o.id = qp.course_offering_id join term t on t.id = o.term_id
            join intake i on i.id = t.intake_id
            where i.programme_id = ${programme} and s.document_key is not null
            order by s.question_paper_id, s.set_number limit 1`,
      );
      if (!paper) throw new Error(`no question paper document in programme ${programme}`);
      return paper;
    };
    const own = await paperOf(inside.programme);
    const other = await paperOf(outside.programme);
    const document = (paper: { id: string; set: number }) =>
      `/sf/exam/questionPaper/${paper.id}/document/${paper.set}`;
    await callAs(byProgramme.email, "GET", document(own));
    const refused = await callAs(byProgramme.email, "GET", document(other), undefined, 404);
    expect(refused).toEqual(
      await callAs(undefined, "GET", document({ id: UNKNOWN, set: other.set }), undefined, 404),
    );
    await callAs(byInstitute.email, "GET", document(other));
    await callAs(undefined, "GET", document(other));
  });

  it("narrows the course sections of a course in a term", async () => {
    const sections = (side: Side) => `/sf/exam/section/${side.course}/${side.term}`;
    const all = await callAs(undefined, "GET", sections(inside));
    expect((all.data as unknown[]).length).toBeGreaterThan(0);
    expect(await callAs(byProgramme.email, "GET", sections(inside))).toEqual(all);
    const refused = await callAs(byProgramme.email, "GET", sections(outside), undefined, 404);
    expect(refused).toEqual(
      await callAs(undefined, "GET", `/sf/exam/section/${outside.course}/${UNKNOWN}`, undefined, 404),
    );
    expect(await callAs(byInstitute.email, "GET", sections(outside))).toEqual(
      await callAs(undefined, "GET", sections(outside)),
    );
  });

  it("narrows the retest form's options to requests on exams within the reach", async () => {
    const db = api.ctx.db;
    // An accepted, unscheduled retest request on each side's exam.
    for (const side of [inside, outside]) {
      await db.execute(sql`insert into retest_request (exam_id, student_id, reason, state)
          select ${side.exam}, e.student_id, 'Missed the exam', 'Accept' from enrolment e
          where e.course_offering_id = ${side.offering} order by e.student_id limit 1
          on conflict (exam_id, student_id) do update set state = 'Accept', retest_exam_id = null`);
    }
    const expectedOf = async (where: SQL) =>
      (
        await rows<{ key: string }>(
          db,
          sql`select distinct o.course_id || '|' || o.term_id as key from retest_request r
              join exam x on x.id = r.exam_id join course_offering o on o.id = x.course_offering_id
              join term t on t.id = o.term_id join intake i on i.id = t.intake_id
              where r.state = 'Accept' and r.retest_exam_id is null and ${where}`,
        )
      )
        .map((r) => r.key)
        .sort();
    const all = await expectedOf(sql`true`);
    const ofProgramme = await expectedOf(sql`i.programme_id = ${inside.programme}`);
    expect(ofProgramme).toContain(`${inside.course}|${inside.term}`);
    expect(all).toContain(`${outside.course}|${outside.term}`);
    expect(ofProgramme).not.toContain(`${outside.course}|${outside.term}`);
    const courses = (body: Record<string, unknown>) =>
      (body.CourseList as Array<{ CourseId: string; TermId: string }>)
        .map((c) => `${c.CourseId}|${c.TermId}`)
        .sort();
    for (const [email, expected] of [
      [undefined, all],
      [byInstitute.email, all],
      [byProgramme.email, ofProgramme],
    ] as const) {
      const body = await callAs(email, "GET", "/salesforce/CreateRetest");
      expect(courses(body), email ?? "admin").toEqual(expected);
      const terms = (body.TermList as Array<{ TermId: string }>).map((t) => t.TermId);
      expect(new Set(terms)).toEqual(new Set(expected.map((k) => k.split("|")[1])));
    }
    const [ownCampus] = await rows<{ name: string }>(
      db,
      sql`select name from campus where id = ${inside.campus}`,
    );
    const scoped = await callAs(byProgramme.email, "GET", "/salesforce/CreateRetest");
    expect(scoped.campus).toContain(ownCampus?.name);
  });

  it("answers 404 for the eligibility of an exam outside the reach and narrows the overview", async () => {
    await expectRecordNarrowed(
      "student status",
      (id) => ["GET", `/sf/exam/studentStatus/${id}`],
      inside.exam,
      outside.exam,
    );
    await expectRecordNarrowed(
      "students of an exam",
      (id) => ["POST", "/salesforce/StudentData", { examId: id, count: 10 }],
      inside.exam,
      outside.exam,
    );
    const examsOf = async (where: SQL) =>
      (
        await rows<{ id: string }>(
          api.ctx.db,
          sql`select x.id from exam x join course_offering o on o.id = x.course_offering_id
              join term t on t.id = o.term_id join intake i on i.id = t.intake_id
              where x.exam_cycle_id = ${inside.cycle} and ${where}`,
        )
      )
        .map((r) => r.id)
        .sort();
    const all = await examsOf(sql`true`);
    const ofProgramme = await examsOf(sql`i.programme_id = ${inside.programme}`);
    expect(ofProgramme.length).toBeGreaterThan(0);
    expect(ofProgramme.length).toBeLessThan(all.length);
    for (const [email, expected] of [
      [undefined, all],
      [byProgramme.email, ofProgramme],
      [byInstitute.email, all],
      [byProgramme.email, ofProgramme],
    ] as const) {
      const overview = await callAs(email, "POST", "/salesforce/StudentRiskData", {
        examCycleId: inside.cycle,
        count: 0,
      });
      const listed = (overview.exams as Array<{ examId: string }>).map((e) => e.examId).sort();
      expect(listed, email ?? "admin").toEqual(expected);
      expect(overview.noOfRecords).toBe(expected.length);
      const students = await callAs(email, "POST", "/salesforce/StudentData", {
        examCycleId: inside.cycle,
        count: 100,
      });
      const seen = new Set((students.students as Array<{ examId: string }>).map((s) => s.examId));
      expect(seen.size).toBeGreaterThan(0);
      for (const examId of seen) expect(expected).toContain(examId);
    }
  });

  it("answers 404 for the grading pages of a course offering outside the reach", async () => {
    const reads: Array<[string, (id: string) => ["GET" | "POST", string, unknown?]]> = [
      ["subject scores", (id) => ["POST", "/salesforce/SubjectScores", { gradingId: id, count: 5 }]],
      ["grade ranges", (id) => ["GET", `/salesforce/CreateDefaultGradeRange?courseOfferingId=${id}`]],
      [
        "components",
        (id) => ["GET", `/salesforce/CourseEvaluationComponentSubcomponent?courseOfferingId=${id}`],
      ],
      ["component marks", (id) => ["GET", `/sf/exam/coursecomponent/${id}`]],
      ["marks sheet", (id) => ["GET", `/sf/exam/grading/marksSheet/${id}?format=csv`]],
      ["grading audit", (id) => ["GET", `/sf/exam/grading/audit/${id}`]],
    ];
    for (const [what, read] of reads) {
      await expectRecordNarrowed(what, read, inside.offering, outside.offering);
    }
  }, 120_000);

  /** A new faculty member without duties (`name` unique within the test). */
  const freshFaculty = async (name: string) => {
    const [made] = await rows<{ id: string }>(
      api.ctx.db,
      sql`insert into contact (kind, first_name, last_name, email)
          values ('faculty', ${name}, 'Tester', ${`${name.toLowerCase()}.${target.name}@example.org`})
          returning id`,
    );
    return made?.id as string;
  };
  const audits = async () => Number(await one<number>(sql`select count(*)::int as v from audit_log`));

  it("refuses saving invigilation for an exam outside the reach, writing nothing", async () => {
    const roomOf = async (side: Side) =>
      one<string>(sql`select code as v from facility where campus_id = ${side.campus} order by code limit 1`);
    const item = async (examId: string, facultyId: string, side: Side) => [
      {
        examId,
        facultyId,
        roomNo: await roomOf(side),
        isAllocated: "Assigned",
        sendEmail: false,
        version: 0,
      },
    ];
    const duties = async (examId: string) =>
      Number(await one<number>(sql`select count(*)::int as v from invigilation where exam_id = ${examId}`));

    const first = await freshFaculty("Scoped");
    const second = await freshFaculty("Wide");
    const [before, auditBefore] = [await duties(outside.exam), await audits()];
    const path = "/sf/exam/update/invigilation";
    const refused = await callAs(
      byProgramme.email,
      "PATCH",
      path,
      await item(outside.exam, first, outside),
      404,
    );
    expect(refused).toMatchObject({ field: "0.examId" });
    expect(refused).toEqual(await callAs(undefined, "PATCH", path, await item(UNKNOWN, first, outside), 404));
    expect(await duties(outside.exam)).toBe(before);
    expect(await audits()).toBe(auditBefore);

    const ownBefore = await duties(inside.exam);
    await callAs(byProgramme.email, "PATCH", path, await item(inside.exam, first, inside));
    expect(await duties(inside.exam)).toBe(ownBefore + 1);
    await callAs(byInstitute.email, "PATCH", path, await item(outside.exam, second, outside));
    expect(await duties(outside.exam)).toBe(before + 1);
  });

  it("refuses generating or saving the seating of an exam outside the reach, writing nothing", async () => {
    const db = api.ctx.db;
    const state = async () =>
      rows<{ seats: number; version: number }>(
        db,
        sql`select (select count(*)::int from seat_assignment s where s.exam_id = x.id) as seats,
              coalesce((select p.seating_version from exam_period p where p.id = x.exam_period_id), -1) as version
            from exam x where x.id = ${outside.exam}`,
      );
    const before = await state();
    const refused = await callAs(
      byProgramme.email,
      "POST",
      "/salesforce/seatingPlan/generate",
      { examId: outside.exam },
      404,
    );
    expect(refused).toEqual(
      await callAs(undefined, "POST", "/salesforce/seatingPlan/generate", { examId: UNKNOWN }, 404),
    );
    const student = await one<string>(
      sql`select student_id as v from enrolment where course_offering_id = ${outside.offering} order by student_id limit 1`,
    );
    const room = await one<string>(
      sql`select id as v from facility where campus_id = ${outside.campus} order by code limit 1`,
    );
    const save = (examId: string) => ({
      examId,
      version: 0,
      seats: [{ studentId: student, roomId: room, seatNumber: 1 }],
    });
    const refusedSave = await callAs(
      byProgramme.email,
      "POST",
      "/salesforce/seatingPlan/save",
      save(outside.exam),
      404,
    );
    expect(refusedSave).toEqual(
      await callAs(undefined, "POST", "/salesforce/seatingPlan/save", save(UNKNOWN), 404),
    );
    expect(await state()).toEqual(before);
    await callAs(byInstitute.email, "POST", "/salesforce/seatingPlan/generate", { examId: outside.exam });
    expect((await state())[0]?.seats).toBeGreaterThan(0);
  }, 120_000);

  it("refuses eligibility decisions, evaluators and deadlines for an exam outside the reach", async () => {
    const student = await one<string>(
      sql`select student_id as v from enrolment where course_offering_id = ${outside.offering} order by student_id limit 1`,
    );
    const decisionVersion = async () =>
      Number(
        await one<number>(sql`select coalesce((select version from exam_eligibility
            where exam_id = ${outside.exam} and student_id = ${student}), 0) as v`),
      );
    const examVersion = async () =>
      Number(await one<number>(sql`select version as v from exam where id = ${outside.exam}`));
    const evaluators = async () =>
      Number(
        await one<number>(
          sql`select count(*)::int as v from evaluator_assignment where exam_id = ${outside.exam}`,
        ),
      );
    const evaluator = await freshFaculty("Evaluator");
    const writes: Array<[string, "PATCH" | "POST", string, (examId: string) => Promise<unknown>]> = [
      [
        "eligibility",
        "PATCH",
        "/sf/exam/update/eligibily",
        async (examId) => [
          {
            examId,
            studentId: student,
            eligibility_status: "Eligible",
            reason: "",
            version: await decisionVersion(),
          },
        ],
      ],
      [
        "evaluators",
        "POST",
        "/salesforce/EvaluationDetails",
        async (examId) => [{ exam: examId, evaluation: evaluator, status: "Requested" }],
      ],
      [
        "deadline",
        "PATCH",
        "/sf/exam/update/evaluationDeadline",
        async (examId) => ({ examId, deadline: null, version: await examVersion() }),
      ],
    ];
    for (const [what, method, path, body] of writes) {
      const before = [await decisionVersion(), await examVersion(), await evaluators(), await audits()];
      const refused = await callAs(byProgramme.email, method, path, await body(outside.exam), 404);
      expect(refused, what).toEqual(await callAs(undefined, method, path, await body(UNKNOWN), 404));
      expect(
        [await decisionVersion(), await examVersion(), await evaluators(), await audits()],
        what,
      ).toEqual(before);
      await callAs(byInstitute.email, method, path, await body(outside.exam));
    }
    expect(await evaluators()).toBeGreaterThan(0);
  }, 120_000);

  it("refuses revaluation and retest decisions on requests outside the reach", async () => {
    const db = api.ctx.db;
    const [revaluation] = await rows<{ id: string }>(
      db,
      sql`insert into revaluation_request (exam_id, student_id, sub_component_id, reason, previous_marks, due_date)
          select ${outside.exam}, e.student_id, r.sub_component_id, 'Please recount', 10, r.due_date
          from enrolment e, (select sub_component_id, due_date from revaluation_request order by id limit 1) r
          where e.course_offering_id = ${outside.offering} order by e.student_id limit 1 returning id`,
    );
    const [retest] = await rows<{ id: string }>(
      db,
      sql`insert into retest_request (exam_id, student_id, reason, state)
          select ${outside.exam}, e.student_id, 'Was ill', 'Accept' from enrolment e
          where e.course_offering_id = ${outside.offering} order by e.student_id desc limit 1
          on conflict (exam_id, student_id) do update set state = 'Accept', retest_exam_id = null
          returning id`,
    );
    expect(revaluation && retest).toBeTruthy();
    const stateOf = async (table: "revaluation_request" | "retest_request", id: string) =>
      (
        await rows<{ state: string; version: number }>(
          db,
          sql`select state, version from ${sql.identifier(table)} where id = ${id}`,
        )
      )[0];
    const decisions: Array<[string, string, "revaluation_request" | "retest_request", string]> = [
      ["/sf/exam/update/revaluation", "Accept", "revaluation_request", revaluation?.id as string],
      ["/sf/exam/update/retest", "Reject", "retest_request", retest?.id as string],
    ];
    for (const [path, decision, table, id] of decisions) {
      const before = await stateOf(table, id);
      const body = (requestId: string) => [
        { id: requestId, RevalAccept: decision, version: before?.version },
      ];
      const refused = await callAs(byProgramme.email, "PATCH", path, body(id), 404);
      expect(refused, path).toEqual(await callAs(undefined, "PATCH", path, body(UNKNOWN), 404));
      expect(await stateOf(table, id), path).toEqual(before);
      await callAs(byInstitute.email, "PATCH", path, body(id));
      expect((await stateOf(table, id))?.state, path).not.toBe(before?.state);
    }
  });

  it("refuses creating a retest exam for a term outside the reach, writing nothing", async () => {
    const db = api.ctx.db;
    await db.execute(sql`insert into retest_request (exam_id, student_id, reason, state)
        select ${outside.exam}, e.student_id, 'Missed the exam', 'Accept' from enrolment e
        where e.course_offering_id = ${outside.offering} order by e.student_id limit 1
        on conflict (exam_id, student_id) do update set state = 'Accept', retest_exam_id = null`);
    const cycleName = `Scoped retest ${target.name}`;
    await db.execute(sql`insert into exam_cycle (name, exam_type, start_date, end_date)
        values (${cycleName}, 'Retest', '2031-03-03', '2031-03-07')`);
    const batch = await one<string>(
      sql`select i.name as v from term t join intake i on i.id = t.intake_id where t.id = ${outside.term}`,
    );
    const form = (term: string) => [
      {
        term,
        course: outside.course,
        batch,
        examCycle: cycleName,
        dateOfExam: "2031-03-03",
        startTimeOfExam: "07:00",
        duration: 60,
        examType: "ReTest",
        examTimeZone: "Asia/Kolkata",
        studentFacultyRatio: "50:30",
      },
    ];
    const state = async () =>
      rows<{ exams: number; open: number }>(
        db,
        sql`select (select count(*)::int from exam where exam_type = 'Retest') as exams,
              (select count(*)::int from retest_request where exam_id = ${outside.exam}
                and state = 'Accept' and retest_exam_id is null) as open`,
      );
    const before = await state();
    expect(before[0]?.open).toBeGreaterThan(0);
    const refused = await callAs(
      byProgramme.email,
      "POST",
      "/salesforce/CreateRetest",
      form(outside.term),
      400,
    );
    expect(refused).toEqual(await callAs(undefined, "POST", "/salesforce/CreateRetest", form(UNKNOWN), 400));
    expect(refused).toMatchObject({ field: "0.term" });
    expect(await state()).toEqual(before);
    await callAs(byInstitute.email, "POST", "/salesforce/CreateRetest", form(outside.term));
    expect((await state())[0]?.open).toBe(0);
  });

  it("opens the dashboard without a cycle on the cycle of the next exam within the reach", async () => {
    // Runs last: it adds a cycle whose one exam, of the other programme, is the next exam of all.
    const db = api.ctx.db;
    const [cycle] = await rows<{ id: string }>(
      db,
      sql`insert into exam_cycle (name, exam_type, start_date, end_date)
          values (${`Scoped dashboard ${target.name}`}, 'EndTerm', '2000-01-01', '2100-12-31') returning id`,
    );
    const [added] = await rows<{ id: string }>(
      db,
      sql`insert into exam (exam_cycle_id, course_offering_id, component, exam_type, exam_date, start_time,
            duration_minutes)
          values (${cycle?.id}, ${outside.offering}, 'End Term Exam', 'EndTerm', '2000-01-01', '00:00', 60)
          returning id`,
    );
    for (const who of [undefined, byInstitute.email, byProgramme.email]) {
      // Each sign-in moves the test clock on: the added exam is put on the new today, at 00:00.
      const headers = await signInHeaders(api, who);
      await db.execute(sql`update exam set exam_date = ${todayIn(api.ctx.now())} where id = ${added?.id}`);
      const get = async (path: string) => {
        const res = await api.call("GET", `/api${path}`, { headers });
        expect(res.status, `${who} ${path} ${JSON.stringify(res.body)}`).toBe(200);
        return res.body as Record<string, unknown>;
      };
      const { defaultExamCycleId } = await get("/sf/exam/examCycles");
      const dashboard = await get("/sf/exam/examDashboard");
      const opened = dashboard.examCycle as { id: string; exams: number };
      expect(opened.id, who).toBe(defaultExamCycleId);
      if (who === byProgramme.email) {
        expect(opened.id).not.toBe(cycle?.id);
        const within = await one<number>(
          sql`select count(*)::int as v from exam x join course_offering o on o.id = x.course_offering_id
              join term t on t.id = o.term_id join intake i on i.id = t.intake_id
              where x.exam_cycle_id = ${opened.id} and i.programme_id = ${inside.programme}`,
        );
        expect(opened.exams).toBe(Number(within));
        expect((dashboard.summary as { exams: number }).exams).toBe(Number(within));
      } else {
        expect(opened.id, who).toBe(cycle?.id);
        expect(opened.exams, who).toBe(1);
      }
    }
  });
});

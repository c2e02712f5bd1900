import { defaultExamCycle, todayIn } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/**
 * The exam lists, figures and single-record reads that narrow to the exam office scopes
 * (docs/security/roles.md, "Lists that narrow"): a user holding the exam office role at a programme
 * and one holding it at a class section of another programme see different invigilation,
 * evaluation, revaluation and retest lists, question-paper tiles, dashboard figures and clash
 * reports, one after the other and after the unscoped users (so a kept answer for one reach is
 * never served to another), and a record outside their reach answers 404.
 */
describe.each(testTargets())("exam lists narrowed to role scopes on $name", (target) => {
  let api: TestApi;
  /** The exam cycle the fixtures use: the one with the most exams. */
  let cycleId: string;
  /** A programme with revaluation requests and exams in the cycle. */
  let programme: { id: string; institutionId: string };
  /** A class section (course offering) of another programme with an exam in the cycle. */
  let section: { id: string; institutionId: string; programmeId: string; planId: string };
  /** Every exam of the cycle with its course offering and programme. */
  let exams: Array<{ id: string; offering: string; programme: string }>;
  /** Two faculty contacts made portal users by the test, each with the exam office role at one scope. */
  let byProgramme: { id: string; email: string };
  let bySection: { id: string; email: string };

  /** The exams (ids, sorted) of `list` within the programme scope and within the section scope. */
  const reachOf = (examIds: readonly string[]) => {
    const of = (keep: (x: (typeof exams)[number]) => boolean) =>
      exams
        .filter((x) => examIds.includes(x.id) && keep(x))
        .map((x) => x.id)
        .sort();
    return {
      programme: of((x) => x.programme === programme.id),
      section: of((x) => x.offering === section.id),
    };
  };

  beforeAll(async () => {
    api = await createTestApi(target);
    const db = api.ctx.db;
    [programme] = (await rows<typeof programme>(
      db,
      sql`select p.id, p.institution_id as "institutionId" from revaluation_request r
          join exam x on x.id = r.exam_id join course_offering o on o.id = x.course_offering_id
          join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id
          group by p.id order by count(*) desc, p.id limit 1`,
    )) as [typeof programme];
    [{ cycleId }] = (await rows<{ cycleId: string }>(
      db,
      sql`select x.exam_cycle_id as "cycleId" from exam x join course_offering o on o.id = x.course_offering_id
          join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          where i.programme_id = ${programme.id}
          group by x.exam_cycle_id order by (select count(*) from exam e where e.exam_cycle_id = x.exam_cycle_id) desc,
            x.exam_cycle_id limit 1`,
    )) as [{ cycleId: string }];
    exams = await rows<(typeof exams)[number]>(
      db,
      sql`select x.id, o.id as offering, i.programme_id as programme from exam x
          join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
          join intake i on i.id = t.intake_id where x.exam_cycle_id = ${cycleId} order by x.id`,
    );
    [section] = (await rows<typeof section>(
      db,
      sql`select o.id, p.institution_id as "institutionId", p.id as "programmeId", i.programme_plan_id as "planId"
          from exam x join course_offering o on o.id = x.course_offering_id
          join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id
          where x.exam_cycle_id = ${cycleId} and p.id <> ${programme.id} and i.programme_plan_id is not null
          order by o.id limit 1`,
    )) as [typeof section];
    const faculty = await rows<{ id: string; email: string }>(
      db,
      sql`select c.id, lower(c.email) as email from contact c where c.kind = 'faculty' order by c.email`,
    );
    const portalFaculty = await rows<{ id: string; email: string }>(
      db,
      sql`select c.id, lower(c.email) as email from contact c
          where c.kind = 'faculty' and not exists (select 1 from admin_user u where u.email = lower(c.email))
          order by c.email limit 2`,
    );
    [byProgramme, bySection] = portalFaculty as [typeof byProgramme, typeof bySection];
    const rooms = await rows<{ id: string }>(db, sql`select id from facility order by id limit 2`);
    const [roomA, roomB] = rooms as [{ id: string }, { id: string }];

    // Fixtures: an invigilator and an evaluator for every exam of the cycle; then, in each of the two
    // programmes, a second exam moved onto the first's sitting with one invigilator in both (in
    // different rooms): a faculty clash, and student clashes where the two share candidates.
    const clashing = faculty.at(-1) as { id: string };
    const others = faculty.slice(0, -1);
    for (const [i, x] of exams.entries()) {
      const who = others[i % others.length] as { id: string };
      await db.execute(
        sql`insert into invigilation (exam_id, facility_id, faculty_id) values (${x.id}, ${roomA.id}, ${who.id})`,
      );
      await db.execute(
        sql`insert into evaluator_assignment (exam_id, faculty_id) values (${x.id}, ${who.id})`,
      );
    }
    // The two programmes' clashing sittings lie on different days, so they never overlap each other.
    const days = await rows<{ id: string; day: string }>(
      db,
      sql`select id, exam_date::text as day from exam`,
    );
    const dayOf = new Map(days.map((r) => [r.id, r.day]));
    let taken = "";
    for (const p of [programme.id, section.programmeId]) {
      const ofProgramme = exams.filter((x) => x.programme === p);
      const first = ofProgramme.find((x) => dayOf.get(x.id) !== taken) as (typeof exams)[0];
      const second = ofProgramme.find((x) => x.id !== first.id) as (typeof exams)[0];
      taken = dayOf.get(first.id) ?? "";
      await db.execute(sql`update exam set exam_date = f.exam_date, start_time = f.start_time,
          duration_minutes = f.duration_minutes, exam_period_id = f.exam_period_id
          from exam f where f.id = ${first.id} and exam.id = ${second.id}`);
      await db.execute(sql`insert into invigilation (exam_id, facility_id, faculty_id) values
          (${first.id}, ${roomA.id}, ${clashing.id}), (${second.id}, ${roomB.id}, ${clashing.id})`);
    }

    // The section's course offering gets a question paper of the cycle (if it has none), so the
    // paper filters and chat of the section's user have something to show.
    await db.execute(sql`insert into question_paper (course_offering_id, exam_cycle_id)
        values (${section.id}, ${cycleId}) on conflict do nothing`);

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
  }, 240_000);
  afterAll(async () => {
    await api?.close();
  });

  /** GET or POST `path` as `email` (default the administrator), signed in afresh; expects `status`. */
  async function callAs(
    email: string | undefined,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    status = 200,
  ): Promise<Record<string, unknown>> {
    const headers = await signInHeaders(api, email);
    const res = await api.call(method, `/api${path}`, { headers, ...(body === undefined ? {} : { body }) });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Record<string, unknown>;
  }
  /** The users in the order they ask: unscoped first, so kept answers for "everywhere" exist. */
  const users = () => [
    { who: "admin", email: undefined },
    { who: "exam office", email: DEMO_EXAM_OFFICE.email },
    { who: "programme", email: byProgramme.email },
    { who: "section", email: bySection.email },
    { who: "programme again", email: byProgramme.email },
  ];
  /** Checks `seen(email)` (exam ids) for every user: all for the unscoped, the reach for the others. */
  async function expectNarrowed(seen: (email?: string) => Promise<string[]>) {
    const all = (await seen(undefined)).sort();
    const reach = reachOf(all);
    // Each scoped user must see something else than the unscoped ones, so a dropped scope fails.
    expect(reach.programme.length).toBeGreaterThan(0);
    expect(reach.section.length).toBeLessThan(all.length);
    for (const { who, email } of users()) {
      const expected =
        email === byProgramme.email ? reach.programme : email === bySection.email ? reach.section : all;
      expect((await seen(email)).sort(), who).toEqual(expected);
    }
    return reach;
  }

  it("narrows the invigilation notifications and the faculty proctoring lists", async () => {
    await expectNarrowed(async (email) => {
      const body = await callAs(
        email,
        "GET",
        `/sf/exam/invigilationNotifications?examCycle=${cycleId}&count=0`,
      );
      const list = body.notifications as Array<{ examId: string }>;
      expect(list.length).toBe(body.noOfRecords);
      return [...new Set(list.map((n) => n.examId))];
    });
    await expectNarrowed(async (email) => {
      const body = await callAs(email, "GET", `/sf/exam/facultyProctoring?examCycle=${cycleId}&count=0`);
      const faculty = body.faculty as Array<{ duties: Array<{ examId: string }> }>;
      expect(faculty.length).toBe(body.noOfRecords);
      return [...new Set(faculty.flatMap((f) => f.duties.map((d) => d.examId)))];
    });
  });

  it("narrows the evaluation table and the evaluation list", async () => {
    await expectNarrowed(async (email) => {
      const body = await callAs(
        email,
        "GET",
        `/sf/exam/evaluationAssignments?examCycleId=${cycleId}&count=0`,
      );
      const data = body.data as Array<{ exam: { id: string } }>;
      expect(data.length).toBe(body.noOfRecords);
      return [...new Set(data.map((d) => d.exam.id))];
    });
    await expectNarrowed(async (email) => {
      const body = await callAs(email, "GET", `/sf/exam/evaluationOverview?examCycleId=${cycleId}&count=0`);
      const list = body.exams as Array<{ id: string }>;
      expect(list.length).toBe(body.noOfRecords);
      return list.map((x) => x.id);
    });
  });

  it("narrows the revaluation and retest lists", async () => {
    // Their exams lie in other cycles: the reach is read from the database here.
    const all = await rows<{ id: string; offering: string; programme: string }>(
      api.ctx.db,
      sql`select x.id, o.id as offering, i.programme_id as programme from exam x
          join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
          join intake i on i.id = t.intake_id where x.exam_cycle_id <> ${cycleId}`,
    );
    const cycleExams = exams;
    exams = [...cycleExams, ...all];
    try {
      for (const type of ["Revaluation", "Retest"]) {
        await expectNarrowed(async (email) => {
          const body = await callAs(email, "POST", "/salesforce/RetestRevaluationDetails", {
            type,
            pageNo: 1,
            count: 100,
          });
          const list = body.rows as Array<{ id: string }>;
          expect(list.length).toBe(body.noOfRecords);
          return list.map((r) => r.id);
        });
      }
    } finally {
      exams = cycleExams;
    }
  });

  it("counts the question papers of the tiles within the reach", async () => {
    const count = async (where: ReturnType<typeof sql>) => {
      const [row] = await rows<{ n: number }>(
        api.ctx.db,
        sql`select count(*)::int as n from question_paper qp join course_offering o on o.id = qp.course_offering_id
            join term t on t.id = o.term_id join intake i on i.id = t.intake_id where ${where}`,
      );
      return Number(row?.n);
    };
    const expected = {
      all: await count(sql`true`),
      programme: await count(sql`i.programme_id = ${programme.id}`),
      section: await count(sql`o.id = ${section.id}`),
    };
    expect(expected.programme).toBeLessThan(expected.all);
    for (const { who, email } of users()) {
      const body = await callAs(email, "GET", "/sf/exam/questionPaperCounts");
      const want =
        email === byProgramme.email
          ? expected.programme
          : email === bySection.email
            ? expected.section
            : expected.all;
      expect(body.noOfRecords, who).toBe(want);
      const tiles = body.statusCounts as Array<{ count: number }>;
      expect(tiles.reduce((sum, t) => sum + t.count, 0)).toBe(want);
    }
  });

  type Clashes = {
    studentClashes: { total: number; items: Array<{ exams: Array<{ examId: string }> }> };
    facultyClashes: { total: number; items: Array<{ assignments: Array<{ examId: string }> }> };
  };
  /** The clashes of `report` whose exams all lie in `reach` (exam ids). */
  const clashesWithin = (report: Clashes, reach: readonly string[]) => ({
    students: report.studentClashes.items.filter((c) => c.exams.every((x) => reach.includes(x.examId)))
      .length,
    faculty: report.facultyClashes.items.filter((c) => c.assignments.every((x) => reach.includes(x.examId)))
      .length,
  });

  it("narrows the clash report and the exam dashboard's figures, kept per reach", async () => {
    const all = exams.map((x) => x.id);
    const reach = reachOf(all);
    const everything = (await callAs(
      undefined,
      "GET",
      `/sf/exam/clashReport?examCycleId=${cycleId}&limit=500`,
    )) as Clashes;
    expect(everything.facultyClashes.total).toBe(2);
    const invigilations = async (ids: readonly string[]) => {
      const [row] = await rows<{ n: number }>(
        api.ctx.db,
        sql`select count(*)::int as n from invigilation where exam_id = any(${`{${ids.join(",")}}`}::uuid[])`,
      );
      return Number(row?.n);
    };
    for (const { who, email } of users()) {
      const ids =
        email === byProgramme.email ? reach.programme : email === bySection.email ? reach.section : all;
      const want = clashesWithin(everything, ids);
      const report = (await callAs(
        email,
        "GET",
        `/sf/exam/clashReport?examCycleId=${cycleId}&limit=500`,
      )) as Clashes;
      expect(report.facultyClashes.total, who).toBe(want.faculty);
      expect(report.studentClashes.total, who).toBe(want.students);
      const dashboard = await callAs(email, "GET", `/sf/exam/examDashboard?examCycleId=${cycleId}`);
      const summary = dashboard.summary as { exams: number; invigilatorsAssigned: number };
      const clashes = dashboard.clashes as { students: number; faculty: number };
      expect(summary.exams, who).toBe(ids.length);
      expect((dashboard.examCycle as { exams: number }).exams, who).toBe(ids.length);
      expect(summary.invigilatorsAssigned, who).toBe(await invigilations(ids));
      expect(clashes, who).toMatchObject(want);
    }
    // The programme's own clash is one the programme's user sees; the section's user sees none.
    expect(clashesWithin(everything, reach.programme).faculty).toBe(1);
    expect(clashesWithin(everything, reach.section).faculty).toBe(0);
  });

  it("answers 404 for a single record outside the reach, as for an unknown one", async () => {
    const inProgramme = exams.find((x) => x.programme === programme.id) as (typeof exams)[0];
    const outside = exams.find((x) => x.offering === section.id) as (typeof exams)[0];
    const reads: Array<[string, (examId: string) => ["GET" | "POST", string, unknown?]]> = [
      ["invigilator list", (id) => ["GET", `/sf/exam/invigilatorList/${id}`]],
      ["invigilator details", (id) => ["POST", "/salesforce/InvigilatorDetails", { id }]],
      ["seating details", (id) => ["POST", "/salesforce/SeatingDetails", { id, pageNo: 1, count: 25 }]],
      ["seating plan", (id) => ["GET", `/salesforce/seatingPlan/retrieve?examId=${id}`]],
      ["rooms of the exam", (id) => ["GET", `/sf/exam/facilities?examId=${id}`]],
      ["evaluator list", (id) => ["GET", `/sf/exam/evaluatorList/${id}`]],
      ["evaluation rooms", (id) => ["GET", `/salesforce/EvaluationDetails?examId=${id}`]],
      ["evaluator candidates", (id) => ["GET", `/salesforce/EvaluatorDetails?examId=${id}`]],
      ["revaluation evaluators", (id) => ["GET", `/sf/exam/revaluationEvaluators/${id}`]],
      ["request students", (id) => ["POST", "/salesforce/ReetstData", { CourseId: id, type: "Revaluation" }]],
      ["exam details", (id) => ["GET", `/sf/exam/getExamSetupSPJ/${id}`]],
    ];
    for (const [what, read] of reads) {
      const [method, inPath, inBody] = read(inProgramme.id);
      const [, outPath, outBody] = read(outside.id);
      await callAs(byProgramme.email, method, inPath, inBody, 200);
      const refused = await callAs(byProgramme.email, method, outPath, outBody, 404);
      const [, unknownPath, unknownBody] = read("00000000-0000-4000-8000-000000000000");
      const unknown = await callAs(byProgramme.email, method, unknownPath, unknownBody, 404);
      expect(refused, what).toEqual(unknown);
      await callAs(undefined, method, outPath, outBody, 200);
      await callAs(bySection.email, method, outPath, outBody, 200);
    }
    // A question paper of another programme, and the moderation of another programme's offering.
    const [paper] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select id from question_paper where course_offering_id = ${section.id} order by id limit 1`,
    );
    if (paper) {
      await callAs(bySection.email, "GET", `/sf/exam/questionPaper/${paper.id}`);
      await callAs(byProgramme.email, "GET", `/sf/exam/questionPaper/${paper.id}`, undefined, 404);
    }
    const bogusSub = "00000000-0000-4000-8000-000000000000";
    await callAs(
      undefined,
      "GET",
      `/sf/exam/moderation/${section.id}?subComponentId=${bogusSub}`,
      undefined,
      400,
    );
    await callAs(
      byProgramme.email,
      "GET",
      `/sf/exam/moderation/${section.id}?subComponentId=${bogusSub}`,
      undefined,
      404,
    );
  }, 180_000);

  it("narrows the exam cycles, their exam counts and the cycle the screens open on", async () => {
    const db = api.ctx.db;
    const today = todayIn(api.ctx.now());
    const reachWhere = (email?: string) =>
      email === byProgramme.email
        ? sql`i.programme_id = ${programme.id}`
        : email === bySection.email
          ? sql`o.id = ${section.id}`
          : sql`true`;
    const allCycles = await rows<{ id: string; exams: number }>(
      db,
      sql`select c.id, (select count(*)::int from exam x where x.exam_cycle_id = c.id) as exams from exam_cycle c`,
    );
    const expectedOf = async (email?: string) => {
      if (email !== byProgramme.email && email !== bySection.email) return allCycles;
      return rows<{ id: string; exams: number }>(
        db,
        sql`select x.exam_cycle_id as id, count(*)::int as exams from exam x
            join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
            join intake i on i.id = t.intake_id where ${reachWhere(email)} group by x.exam_cycle_id`,
      );
    };
    const sorted = (list: Array<{ id: string; exams: number }>) =>
      list.map((c) => `${c.id}:${Number(c.exams)}`).sort();
    // The programme's user must see fewer cycles or fewer exams than everyone, so a dropped reach fails.
    expect(sorted(await expectedOf(byProgramme.email))).not.toEqual(sorted(allCycles));
    for (const { who, email } of users()) {
      const body = await callAs(email, "GET", "/sf/exam/examCycles");
      const listed = body.examCycles as Array<{ id: string; exams: number }>;
      expect(sorted(listed), who).toEqual(sorted(await expectedOf(email)));
      // The cycle of the next exam within the reach (any of those starting first), else the newest with exams.
      const upcoming = await rows<{ id: string; day: string; start: string }>(
        db,
        sql`select x.exam_cycle_id as id, x.exam_date::text as day, x.start_time::text as start from exam x
            join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
            join intake i on i.id = t.intake_id where x.exam_date >= ${today} and ${reachWhere(email)}
            order by x.exam_date, x.start_time`,
      );
      const first = upcoming[0];
      const candidates = first
        ? upcoming.filter((x) => x.day === first.day && x.start === first.start).map((x) => x.id)
        : [defaultExamCycle(listed)?.id ?? null];
      expect(candidates, who).toContain(body.defaultExamCycleId);
    }
  });

  it("narrows the exam timetable", async () => {
    await expectNarrowed(async (email) => {
      const body = await callAs(email, "GET", `/salesforce/TimeTable?examCycleId=${cycleId}&count=0`);
      const list = body.timetable as Array<{ id: string }>;
      expect(list.length).toBe(body.noOfRecords);
      return list.map((x) => x.id);
    });
  });

  it("narrows the question-paper filter options", async () => {
    const db = api.ctx.db;
    /** The options the filter should offer for `where` (a condition over paper qp, offering o, intake i). */
    const optionsWhere = async (where: ReturnType<typeof sql>, everything: boolean) => {
      const names = async (select: ReturnType<typeof sql>) =>
        (
          await rows<{ name: string }>(
            db,
            sql`select distinct ${select} as name from question_paper qp
                join course_offering o on o.id = qp.course_offering_id join course co on co.id = o.course_id
                join term t on t.id = o.term_id join intake i on i.id = t.intake_id
                join campus c on c.id = i.campus_id join exam_cycle ec on ec.id = qp.exam_cycle_id
                where ${where}`,
          )
        )
          .map((r) => r.name)
          .sort();
      const all = async (table: "campus" | "exam_cycle") =>
        (await rows<{ name: string }>(db, sql`select name from ${sql.identifier(table)}`))
          .map((r) => r.name)
          .sort();
      return {
        terms: await names(sql`t.name`),
        courses: await names(sql`co.id::text || '|' || t.name`),
        batches: await names(sql`i.name`),
        campus: everything ? await all("campus") : await names(sql`c.name`),
        cycles: everything ? await all("exam_cycle") : await names(sql`ec.name`),
      };
    };
    const expected = {
      all: await optionsWhere(sql`true`, true),
      programme: await optionsWhere(sql`i.programme_id = ${programme.id}`, false),
      section: await optionsWhere(sql`o.id = ${section.id}`, false),
    };
    expect(expected.programme.courses.length).toBeGreaterThan(0);
    expect(expected.programme.courses.length).toBeLessThan(expected.all.courses.length);
    expect(expected.section.courses.length).toBeGreaterThan(0);
    for (const { who, email } of users()) {
      const body = await callAs(email, "GET", "/sf/exam/questionPaperFilters");
      const want =
        email === byProgramme.email
          ? expected.programme
          : email === bySection.email
            ? expected.section
            : expected.all;
      const seen = {
        terms: (body.TermList as Array<{ TermName: string }>).map((t) => t.TermName).sort(),
        courses: (body.CourseList as Array<{ CourseId: string; TermName: string }>)
          .map((c) => `${c.CourseId}|${c.TermName}`)
          .sort(),
        batches: [...(body.batchList as string[])].sort(),
        campus: [...(body.campus as string[])].sort(),
        cycles: [...(body.ExamMonthList as string[])].sort(),
      };
      expect(seen, who).toEqual(want);
    }
  });

  it("answers 404 for the chat of a question paper outside the reach, reading and writing", async () => {
    const db = api.ctx.db;
    const paperOf = async (where: ReturnType<typeof sql>) => {
      const [paper] = await rows<{ id: string }>(
        db,
        sql`select qp.id from question_paper qp join course_offering o on o.id = qp.course_offering_id
            join term t on t.id = o.term_id join intake i on i.id = t.intake_id where ${where}
            order by qp.id limit 1`,
      );
      if (!paper) throw new Error("no question paper for the fixture");
      return paper.id;
    };
    const ofSection = await paperOf(sql`o.id = ${section.id}`);
    const ofProgramme = await paperOf(sql`i.programme_id = ${programme.id}`);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const messagesOf = async (paperId: string) => {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from chat_message where question_paper_id = ${paperId}`,
      );
      return Number(row?.n);
    };
    for (const [email, inside, outside] of [
      [byProgramme.email, ofProgramme, ofSection],
      [bySection.email, ofSection, ofProgramme],
    ] as const) {
      await callAs(email, "GET", `/sf/exam/questionPaper/${inside}/chat`);
      const refused = await callAs(email, "GET", `/sf/exam/questionPaper/${outside}/chat`, undefined, 404);
      expect(refused).toEqual(
        await callAs(email, "GET", `/sf/exam/questionPaper/${unknown}/chat`, undefined, 404),
      );
      const before = await messagesOf(outside);
      const body = { body: "Please check question 3" };
      const refusedPost = await callAs(email, "POST", `/sf/exam/questionPaper/${outside}/chat`, body, 404);
      expect(refusedPost).toEqual(
        await callAs(email, "POST", `/sf/exam/questionPaper/${unknown}/chat`, body, 404),
      );
      expect(await messagesOf(outside)).toBe(before);
      const written = await callAs(email, "POST", `/sf/exam/questionPaper/${inside}/chat`, body);
      const id = (written.message as { id: string }).id;
      // The administrator reads both threads, the message just written among them.
      const thread = await callAs(undefined, "GET", `/sf/exam/questionPaper/${inside}/chat`);
      expect((thread.messages as Array<{ id: string }>).map((m) => m.id)).toContain(id);
      await callAs(undefined, "GET", `/sf/exam/questionPaper/${outside}/chat`);
    }
  });

  it("names an overlapping invigilation duty only when its exam lies within the reach", async () => {
    const db = api.ctx.db;
    // Runs last: it moves an exam of the programme onto the sitting of the section's exam.
    const inProgramme = exams.find((x) => x.programme === programme.id) as (typeof exams)[0];
    const outside = exams.find((x) => x.offering === section.id) as (typeof exams)[0];
    // A faculty member with no other duty, so the only overlap on the programme's exam is the one made here.
    const [free] = await rows<{ id: string }>(
      db,
      sql`insert into contact (kind, first_name, last_name, email)
          values ('faculty', 'Overlap', 'Tester', ${`overlap.tester.${target.name}@example.org`}) returning id`,
    );
    expect(free).toBeDefined();
    const [room] = await rows<{ id: string }>(db, sql`select id from facility order by id limit 1`);
    // The same wall time is another instant on a campus in another time zone (the demo's campuses
    // differ), so the programme's exam first takes the section exam's campus zone.
    await db.execute(sql`update campus set time_zone = (
        select c.time_zone from exam x join course_offering o on o.id = x.course_offering_id
        join term t on t.id = o.term_id join intake i on i.id = t.intake_id
        join campus c on c.id = i.campus_id where x.id = ${outside.id})
      where id = (select i.campus_id from exam x join course_offering o on o.id = x.course_offering_id
        join term t on t.id = o.term_id join intake i on i.id = t.intake_id where x.id = ${inProgramme.id})`);
    await db.execute(sql`update exam set exam_date = f.exam_date, start_time = f.start_time,
        duration_minutes = f.duration_minutes, exam_period_id = f.exam_period_id
        from exam f where f.id = ${outside.id} and exam.id = ${inProgramme.id}`);
    await db.execute(
      sql`insert into invigilation (exam_id, facility_id, faculty_id) values (${outside.id}, ${room?.id}, ${free?.id})`,
    );
    const dutyOf = async (email: string | undefined) => {
      const body = await callAs(email, "GET", `/sf/exam/invigilatorList/${inProgramme.id}`);
      const [list] = body.data as Array<{
        facultyList: Array<{ id: string; overlappingDuty: { examId: string } | null }>;
      }>;
      return list?.facultyList.find((f) => f.id === free?.id)?.overlappingDuty ?? null;
    };
    expect((await dutyOf(undefined))?.examId).toBe(outside.id);
    expect((await dutyOf(DEMO_EXAM_OFFICE.email))?.examId).toBe(outside.id);
    expect(await dutyOf(byProgramme.email)).toBeNull();

    // Giving that faculty member a room for the programme's exam is refused for everyone who may save
    // it (a double booking); the refusal names the other duty's room and course only to a user who may
    // see its exam. The section's user may not save it at all: the exam lies outside their reach.
    const [otherRoom] = await rows<{ id: string; name: string; courseName: string }>(
      db,
      sql`select f.id, f.name, co.name as "courseName" from facility f, exam x
          join course_offering o on o.id = x.course_offering_id join course co on co.id = o.course_id
          where f.id = ${room?.id} and x.id = ${outside.id}`,
    );
    const [ownRoom] = await rows<{ code: string }>(
      db,
      sql`select f.code from facility f where f.id <> ${room?.id} and f.campus_id = (select i.campus_id from exam x
          join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
          join intake i on i.id = t.intake_id where x.id = ${inProgramme.id}) order by f.code limit 1`,
    );
    expect(otherRoom && ownRoom).toBeTruthy();
    const duties = async () =>
      rows<{ id: string }>(db, sql`select id from invigilation where faculty_id = ${free?.id} order by id`);
    const before = await duties();
    const refusalFor = async (email: string | undefined, status = 409) => {
      const headers = await signInHeaders(api, email);
      const res = await api.call("PATCH", "/api/sf/exam/update/invigilation", {
        headers,
        body: [
          {
            examId: inProgramme.id,
            facultyId: free?.id,
            roomNo: ownRoom?.code,
            isAllocated: "Assigned",
            sendEmail: false,
            version: 0,
          },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      const body = res.body as { errorCode: string; field: string; errorMessage: string };
      if (status === 404) expect(body).toMatchObject({ errorCode: "not_found", field: "0.examId" });
      else expect(body).toMatchObject({ errorCode: "invigilator_double_booked", field: "0.facultyId" });
      return body.errorMessage;
    };
    expect(await refusalFor(bySection.email, 404)).toBe("No such exam");
    for (const email of [undefined, DEMO_EXAM_OFFICE.email]) {
      const named = await refusalFor(email);
      expect(named).toContain(otherRoom?.name);
      expect(named).toContain(otherRoom?.courseName);
    }
    const unnamed = await refusalFor(byProgramme.email);
    expect(unnamed).toBe(
      "Overlap Tester is busy at that time: another invigilation duty overlaps this exam; an invigilator cannot hold two rooms at once",
    );
    expect(await duties()).toEqual(before);
  }, 60_000);
});

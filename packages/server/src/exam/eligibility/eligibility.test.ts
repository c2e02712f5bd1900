import { computeEligibility, type EligibilityStatus } from "@portal/domain";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  contact,
  course,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  examEligibility,
} from "../../db/schema.ts";
import { DEMO_EXAM_CYCLE, DEMO_PAST_EXAM_CYCLE } from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";
import { candidateOfExamRow } from "./candidates.ts";
import { effectiveEligibilitySql } from "./eligibility.ts";

type Counts = {
  students: number;
  eligible: number;
  notEligible: number;
  atRisk: number;
  underReview: number;
};
type Student = {
  id: string;
  name: string;
  email: string;
  attendancePercent: number | null;
  eligibility_status: EligibilityStatus;
  computedStatus: EligibilityStatus;
  overridden: boolean;
  reason: string;
  decidedBy: string | null;
  status: string;
  document_submitted: string;
};
type StudentStatus = {
  exam: {
    id: string;
    courseName: string;
    section: string;
    term: string;
    batch: string;
    dateOfExam: string;
    status: string;
  };
  summary: Counts;
  noOfRecords: number;
  students: Student[];
};
type ErrorBody = { success: false; errorMessage: string; errorCode?: string; field?: string; rule?: string };

describe.each(testTargets())("eligibility API on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  /** An exam of the current cycle and its students (by name). */
  let examId: string;
  let offeringId: string;
  let students: Array<{ id: string }>;
  /** A student who does not sit that exam. */
  let outsider: string;
  let currentCycleId: string;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
    const db = api.ctx.db;
    const [cycle] = await db.select().from(examCycle).where(eq(examCycle.name, DEMO_EXAM_CYCLE));
    if (!cycle) throw new Error("no demo cycle");
    currentCycleId = cycle.id;
    const [first] = await db
      .select({ id: exam.id, offeringId: exam.courseOfferingId })
      .from(exam)
      .where(eq(exam.examCycleId, cycle.id))
      .orderBy(asc(exam.id))
      .limit(1);
    if (!first) throw new Error("no demo exam");
    examId = first.id;
    offeringId = first.offeringId;
    students = await db
      .select({ id: enrolment.studentId })
      .from(enrolment)
      .innerJoin(contact, eq(contact.id, enrolment.studentId))
      .where(eq(enrolment.courseOfferingId, offeringId))
      .orderBy(asc(contact.firstName), asc(contact.lastName), asc(contact.id));
    if (students.length < 5) throw new Error("demo exam has too few students");
    const [other] = await db
      .select({ id: contact.id })
      .from(contact)
      .where(
        and(
          eq(contact.kind, "student"),
          sql`not exists (select 1 from ${enrolment} where ${enrolment.studentId} = ${contact.id} and ${enrolment.courseOfferingId} = ${offeringId})`,
        ),
      )
      .limit(1);
    if (!other) throw new Error("no outsider");
    outsider = other.id;
    // Every label of the rule among the first five students.
    const set = async (i: number, attendancePercent: number | null, documentsSubmitted: boolean) =>
      db
        .update(enrolment)
        .set({ attendancePercent, documentsSubmitted })
        .where(
          and(eq(enrolment.courseOfferingId, offeringId), eq(enrolment.studentId, students[i]?.id ?? "")),
        );
    await set(0, null, true);
    await set(1, 80, true);
    await set(2, 80, false);
    await set(3, 70, true);
    await set(4, 60, true);
  });
  afterAll(async () => {
    await api?.close();
  });

  const statusOf = async (query = "", headers = auth) =>
    api.call("GET", `/api/sf/exam/studentStatus/${examId}${query}`, { headers });
  const load = async (query = "") => {
    const res = await statusOf(query);
    expect(res.status).toBe(200);
    return res.body as StudentStatus;
  };
  /** The decision's current version (0 for none), as the screen reads it with the student's row. */
  const versionOf = async (item: { examId?: unknown; studentId?: unknown }) => {
    if (typeof item.examId !== "string" || typeof item.studentId !== "string") return 0;
    const [row] = await api.ctx.db
      .select({ version: examEligibility.version })
      .from(examEligibility)
      .where(
        sql`${examEligibility.examId}::text = ${item.examId} and ${examEligibility.studentId}::text = ${item.studentId}`,
      );
    return row?.version ?? 0;
  };
  /** PATCH update/eligibily; items without a version get the current one (the behaviour under test is elsewhere). */
  const patch = async (body: unknown, headers = auth) => {
    const withVersions = Array.isArray(body)
      ? await Promise.all(
          body.map(async (item) =>
            item && typeof item === "object" && !("version" in item)
              ? { ...item, version: await versionOf(item) }
              : item,
          ),
        )
      : body;
    return api.call("PATCH", "/api/sf/exam/update/eligibily", { body: withVersions, headers });
  };
  const rowOf = (page: StudentStatus, i: number) => {
    const row = page.students.find((s) => s.id === students[i]?.id);
    if (!row) throw new Error(`student ${i} missing`);
    return row;
  };

  /** What a refused write must leave alone. */
  async function snapshot() {
    const db = api.ctx.db;
    const decisions = await db.select().from(examEligibility);
    const audit = await db.select({ id: auditLog.id }).from(auditLog);
    return {
      decisions: decisions
        .map((d) => `${d.examId}|${d.studentId}|${d.status}|${d.reason}|${d.decidedAt.getTime()}`)
        .sort(),
      audit: audit.length,
    };
  }

  it("answers 401 without sign-in", async () => {
    expect((await statusOf("", {})).status).toBe(401);
    const before = await snapshot();
    const res = await patch([{ examId, studentId: students[1]?.id, eligibility_status: "Eligible" }], {});
    expect(res.status).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect((await api.call("POST", "/api/salesforce/StudentRiskData", { body: {} })).status).toBe(401);
  });

  it("computes every student's label by the documented rule from stored attendance", async () => {
    const page = await load("?count=100");
    const stored = await api.ctx.db
      .select({ id: enrolment.studentId, a: enrolment.attendancePercent, d: enrolment.documentsSubmitted })
      .from(enrolment)
      .where(eq(enrolment.courseOfferingId, offeringId));
    expect(page.students).toHaveLength(stored.length);
    expect(page.noOfRecords).toBe(stored.length);
    for (const s of stored) {
      const row = page.students.find((r) => r.id === s.id);
      expect(row?.computedStatus).toBe(
        computeEligibility({ attendancePercent: s.a, documentsSubmitted: s.d }),
      );
      expect(row?.eligibility_status).toBe(row?.computedStatus);
      expect(row?.attendancePercent).toBe(s.a);
      expect(row?.document_submitted).toBe(s.d ? "Submitted" : "Not Submitted");
      expect(row?.overridden).toBe(false);
    }
    expect(rowOf(page, 0).computedStatus).toBe("Under Review");
    expect(rowOf(page, 1).computedStatus).toBe("Eligible");
    expect(rowOf(page, 2).computedStatus).toBe("At Risk");
    expect(rowOf(page, 3).computedStatus).toBe("At Risk");
    expect(rowOf(page, 4).computedStatus).toBe("Not eligible");
    const { students: n, ...labels } = page.summary;
    expect(n).toBe(stored.length);
    expect(Object.values(labels).reduce((a, b) => a + b, 0)).toBe(n);
    // The exam of the current cycle (2026-11-16..) is still ahead of the test clock (2026-11-02).
    expect(page.exam.status).toBe("Pending");
    expect(page.students.every((s) => s.status === "Pending")).toBe(true);
    expect(page.exam.id).toBe(examId);
    expect(page.exam.courseName).not.toBe("");
  });

  it("marks exams of a past date Completed", async () => {
    const [pastExam] = await api.ctx.db
      .select({ id: exam.id })
      .from(exam)
      .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
      .where(eq(examCycle.name, DEMO_PAST_EXAM_CYCLE))
      .limit(1);
    const res = await api.call("GET", `/api/sf/exam/studentStatus/${pastExam?.id}`, { headers: auth });
    expect(res.status).toBe(200);
    const body = res.body as StudentStatus;
    expect(body.exam.status).toBe("Completed");
    expect(body.students.every((s) => s.status === "Completed")).toBe(true);
  });

  it("filters by label and search and pages on the server; the summary ignores the filters", async () => {
    const all = await load("?count=100");
    const atRisk = await load(`?eligibility=${encodeURIComponent("At Risk")}`);
    expect(atRisk.students.length).toBe(all.summary.atRisk);
    expect(atRisk.noOfRecords).toBe(all.summary.atRisk);
    expect(atRisk.students.every((s) => s.eligibility_status === "At Risk")).toBe(true);
    expect(atRisk.summary).toEqual(all.summary);

    const target = rowOf(all, 3);
    const byName = await load(`?search=${encodeURIComponent(target.name.toUpperCase())}`);
    expect(byName.students.map((s) => s.id)).toContain(target.id);
    const byMail = await load(`?search=${encodeURIComponent(target.email)}`);
    expect(byMail.students.map((s) => s.id)).toEqual([target.id]);
    expect((await load("?search=%25%25nobody%25")).students).toEqual([]);

    const pageTwo = await load("?count=10&pageNo=2");
    expect(pageTwo.students).toEqual([]);
    expect(pageTwo.noOfRecords).toBe(all.noOfRecords);
  });

  it("refuses bad queries and unknown exams", async () => {
    const badCount = await statusOf("?count=7");
    expect(badCount.status).toBe(400);
    expect((badCount.body as ErrorBody).field).toBe("count");
    const badLabel = await statusOf("?eligibility=Maybe");
    expect(badLabel.status).toBe(400);
    expect((badLabel.body as ErrorBody).field).toBe("eligibility");
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await api.call("GET", `/api/sf/exam/studentStatus/${id}`, { headers: auth });
      expect(res.status).toBe(404);
      expect((res.body as ErrorBody).field).toBe("id");
    }
  });

  it("overrides, audits and reloads a decision; null restores the computed status", async () => {
    const student = students[1]?.id ?? "";
    const before = await load("?count=100");
    const res = await patch([
      { examId, studentId: student, eligibility_status: "Not eligible", reason: " Disciplinary hold " },
    ]);
    expect(res.status).toBe(200);
    const saved = (res.body as { students: Array<Student & { examId: string }> }).students;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      examId,
      id: student,
      eligibility_status: "Not eligible",
      computedStatus: "Eligible",
      overridden: true,
      reason: "Disciplinary hold",
      decidedBy: "admin@university.example",
    });

    const reloaded = await load("?count=100");
    expect(rowOf(reloaded, 1)).toMatchObject({ eligibility_status: "Not eligible", overridden: true });
    expect(reloaded.summary.eligible).toBe(before.summary.eligible - 1);
    expect(reloaded.summary.notEligible).toBe(before.summary.notEligible + 1);
    const filtered = await load(`?eligibility=${encodeURIComponent("Not eligible")}&count=100`);
    expect(filtered.students.map((s) => s.id)).toContain(student);

    const audits = await api.ctx.db.select().from(auditLog).where(eq(auditLog.entity, "exam_eligibility"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "set_eligibility",
      actorEmail: "admin@university.example",
      before: null,
      after: { examId, studentId: student, status: "Not eligible", reason: "Disciplinary hold" },
    });

    // The same decision again changes nothing.
    expect(
      (
        await patch([
          { examId, studentId: student, eligibility_status: "Not eligible", reason: "Disciplinary hold" },
        ])
      ).status,
    ).toBe(200);
    expect(
      await api.ctx.db.select().from(auditLog).where(eq(auditLog.entity, "exam_eligibility")),
    ).toHaveLength(1);

    // A new decision replaces it; before/after are audited.
    expect((await patch([{ examId, studentId: student, eligibility_status: "Under Review" }])).status).toBe(
      200,
    );
    const replaced = await api.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "exam_eligibility"), ne(auditLog.id, audits[0]?.id ?? "")));
    expect(replaced[0]).toMatchObject({
      before: { status: "Not eligible", reason: "Disciplinary hold" },
      after: { status: "Under Review", reason: "" },
    });

    const cleared = await patch([{ examId, studentId: student, eligibility_status: null }]);
    expect(cleared.status).toBe(200);
    expect((cleared.body as { students: Student[] }).students[0]).toMatchObject({
      eligibility_status: "Eligible",
      overridden: false,
      reason: "",
      decidedBy: null,
    });
    expect(rowOf(await load("?count=100"), 1)).toMatchObject({
      eligibility_status: "Eligible",
      overridden: false,
    });
    const rows = await api.ctx.db
      .select()
      .from(examEligibility)
      .where(eq(examEligibility.studentId, student));
    expect(rows).toEqual([]);
    const clearAudit = await api.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "clear_eligibility"));
    expect(clearAudit).toHaveLength(1);
    expect(clearAudit[0]?.after).toBeNull();
  });

  it("saves several decisions in one call, in item order", async () => {
    const items = [
      { examId, studentId: students[4]?.id, eligibility_status: "Eligible", reason: "Medical certificate" },
      { examId, studentId: students[2]?.id, eligibility_status: "At Risk", reason: "Documents late" },
    ];
    const res = await patch(items);
    expect(res.status).toBe(200);
    const saved = (res.body as { students: Student[] }).students;
    expect(saved.map((s) => s.id)).toEqual([students[4]?.id, students[2]?.id]);
    expect(saved.map((s) => s.eligibility_status)).toEqual(["Eligible", "At Risk"]);
    const reset = await patch(items.map((i) => ({ ...i, eligibility_status: null })));
    expect(reset.status).toBe(200);
  });

  describe("refused writes leave the data unchanged", () => {
    const good = () => ({ examId, studentId: students[3]?.id, eligibility_status: "Eligible", reason: "" });
    const cases: Array<[string, () => unknown, number, string | undefined, string | undefined]> = [
      [
        "unknown exam",
        () => [good(), { ...good(), examId: "00000000-0000-4000-8000-000000000000" }],
        404,
        "1.examId",
        "not_found",
      ],
      ["malformed exam id", () => [good(), { ...good(), examId: "x" }], 404, "1.examId", "not_found"],
      [
        "student not in the exam",
        () => [good(), { ...good(), studentId: outsider }],
        400,
        "1.studentId",
        "student_not_enrolled",
      ],
      [
        "unknown student",
        () => [good(), { ...good(), studentId: "00000000-0000-4000-8000-000000000001" }],
        404,
        "1.studentId",
        "not_found",
      ],
      [
        "missing reason for Not eligible",
        () => [good(), { ...good(), eligibility_status: "Not eligible" }],
        400,
        "1.reason",
        "validation_failed",
      ],
      [
        "missing reason for At Risk",
        () => [good(), { ...good(), eligibility_status: "At Risk", reason: "  " }],
        400,
        "1.reason",
        "validation_failed",
      ],
      [
        "unknown label",
        () => [{ ...good(), eligibility_status: "Computed" }],
        400,
        "0.eligibility_status",
        "validation_failed",
      ],
      [
        "missing label",
        () => [{ examId, studentId: students[3]?.id }],
        400,
        "0.eligibility_status",
        "validation_failed",
      ],
      ["same student twice", () => [good(), good()], 400, "1.studentId", "validation_failed"],
      ["not a list", () => good(), 400, undefined, "validation_failed"],
      ["empty list", () => [], 400, undefined, "validation_failed"],
      ["too many items", () => Array.from({ length: 501 }, good), 400, undefined, "validation_failed"],
    ];
    it.each(cases)("%s", async (_name, body, status, field, code) => {
      const before = await snapshot();
      const res = await patch(body());
      expect(res.status).toBe(status);
      const error = res.body as ErrorBody;
      expect(error.success).toBe(false);
      expect(error.field).toBe(field);
      expect(error.errorCode).toBe(code);
      expect(await snapshot()).toEqual(before);
    });

    it("malformed JSON", async () => {
      const before = await snapshot();
      const res = await api.call("PATCH", "/api/sf/exam/update/eligibily", {
        rawBody: "[{",
        headers: { ...auth, "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).errorCode).toBe("malformed_json");
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("overview", () => {
    type Risk = {
      examCycle: { id: string; name: string } | null;
      totals: Counts;
      noOfRecords: number;
      exams: Array<{
        examId: string;
        courseCode: string;
        courseName: string;
        section: string;
        status: string;
        summary: Counts;
      }>;
    };
    const risk = async (body?: unknown) => {
      const res = await api.call("POST", "/api/salesforce/StudentRiskData", {
        headers: auth,
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status).toBe(200);
      return res.body as Risk;
    };

    it("counts labels per exam of a cycle, with totals over all its exams", async () => {
      const all = await risk({ examCycleId: currentCycleId, count: 100 });
      expect(all.examCycle?.name).toBe(DEMO_EXAM_CYCLE);
      const [n] = await api.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(exam)
        .where(eq(exam.examCycleId, currentCycleId));
      expect(all.noOfRecords).toBe(n?.n);
      const sum = (key: keyof Counts) => all.exams.reduce((a, e) => a + e.summary[key], 0);
      for (const key of ["students", "eligible", "notEligible", "atRisk", "underReview"] as const) {
        expect(all.totals[key]).toBe(sum(key));
      }
      const mine = all.exams.find((e) => e.examId === examId);
      expect(mine?.summary).toEqual((await load("?count=100")).summary);
      expect(all.exams.every((e) => e.status === "Pending")).toBe(true);

      const first = await risk({ examCycleId: currentCycleId, count: 10 });
      expect(first.exams).toHaveLength(Math.min(10, all.noOfRecords));
      expect(first.totals).toEqual(all.totals);
    });

    it("answers for all cycles with an empty body, through the legacy form too, and refuses unknown cycles", async () => {
      const everything = await risk();
      expect(everything.examCycle).toBeNull();
      expect(everything.noOfRecords).toBeGreaterThan(
        (await risk({ examCycleId: currentCycleId })).noOfRecords,
      );
      const legacy = await api.call("POST", "/api/salesforce?endpoint=StudentRiskData", {
        headers: auth,
        body: { examCycleId: currentCycleId },
      });
      expect(legacy.status).toBe(200);
      const unknown = await api.call("POST", "/api/salesforce/StudentRiskData", {
        headers: auth,
        body: { examCycleId: "00000000-0000-4000-8000-000000000000" },
      });
      expect(unknown.status).toBe(404);
      expect((unknown.body as ErrorBody).field).toBe("examCycleId");
      const badCount = await api.call("POST", "/api/salesforce/StudentRiskData", {
        headers: auth,
        body: { count: 12 },
      });
      expect(badCount.status).toBe(400);
      expect((badCount.body as ErrorBody).field).toBe("count");
    });

    it("lists the students of one label across a cycle's exams", async () => {
      const res = await api.call("POST", "/api/salesforce/StudentData", {
        headers: auth,
        body: { examCycleId: currentCycleId, eligibility: "Not eligible", count: 100 },
      });
      expect(res.status).toBe(200);
      const body = res.body as { noOfRecords: number; students: Array<Student & { examId: string }> };
      const totals = (await risk({ examCycleId: currentCycleId })).totals;
      expect(body.noOfRecords).toBe(totals.notEligible);
      expect(body.students.every((s) => s.eligibility_status === "Not eligible")).toBe(true);
      expect(body.students.some((s) => s.examId === examId && s.id === students[4]?.id)).toBe(true);

      const one = await api.call("POST", "/api/salesforce/StudentData", {
        headers: auth,
        body: { examId, count: 100 },
      });
      expect(one.status).toBe(200);
      expect((one.body as { noOfRecords: number }).noOfRecords).toBe(students.length);
      const unknown = await api.call("POST", "/api/salesforce/StudentData", {
        headers: auth,
        body: { examId: "nope" },
      });
      expect(unknown.status).toBe(404);
      expect((unknown.body as ErrorBody).field).toBe("examId");
    });

    it("pages StudentData in student name, exam date, course and id order, none missing or repeated", async () => {
      const db = api.ctx.db;
      for (const eligibility of ["", "At Risk"] as const) {
        const reference = await db
          .select({
            id: contact.id,
            examId: exam.id,
            courseName: course.name,
            section: courseOffering.section,
          })
          .from(exam)
          .innerJoin(enrolment, candidateOfExamRow)
          .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
          .innerJoin(course, eq(course.id, courseOffering.courseId))
          .innerJoin(contact, eq(contact.id, enrolment.studentId))
          .leftJoin(
            examEligibility,
            and(eq(examEligibility.examId, exam.id), eq(examEligibility.studentId, enrolment.studentId)),
          )
          .where(
            and(
              eq(exam.examCycleId, currentCycleId),
              eligibility ? eq(effectiveEligibilitySql, eligibility) : undefined,
            ),
          )
          .orderBy(
            asc(contact.firstName),
            asc(contact.lastName),
            asc(contact.id),
            asc(exam.examDate),
            asc(course.name),
            asc(exam.id),
          );
        expect(reference.length).toBeGreaterThan(eligibility ? 0 : 25);
        for (const count of [10, 25]) {
          const seen: string[] = [];
          for (let pageNo = 1; (pageNo - 1) * count < reference.length; pageNo++) {
            const res = await api.call("POST", "/api/salesforce/StudentData", {
              headers: auth,
              body: { examCycleId: currentCycleId, eligibility, count, pageNo },
            });
            expect(res.status).toBe(200);
            const body = res.body as {
              noOfRecords: number;
              students: Array<{ id: string; examId: string; courseName: string; section: string }>;
            };
            expect(body.noOfRecords).toBe(reference.length);
            seen.push(...body.students.map((r) => `${r.id}|${r.examId}|${r.courseName}|${r.section}`));
          }
          expect(seen).toEqual(reference.map((r) => `${r.id}|${r.examId}|${r.courseName}|${r.section}`));
        }
      }
    });

    /** The course and section of the exam under test. */
    const courseOfExam = async () => {
      const [row] = await api.ctx.db
        .select({
          courseId: course.id,
          code: course.code,
          name: course.name,
          section: courseOffering.section,
        })
        .from(exam)
        .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
        .innerJoin(course, eq(course.id, courseOffering.courseId))
        .where(eq(exam.id, examId));
      if (!row) throw new Error("no course for the exam");
      return row;
    };

    it("finds exams by course code, name or section, in list order, with totals over the matches only", async () => {
      const all = await risk({ examCycleId: currentCycleId, count: 100 });
      expect(all.noOfRecords).toBeLessThanOrEqual(100);
      const { code } = await courseOfExam();
      const needle = code.slice(0, Math.max(2, code.length - 1)).toLowerCase();
      const expected = all.exams.filter((e) =>
        [e.courseCode, e.courseName, e.section].some((text) => text.toLowerCase().includes(needle)),
      );
      expect(expected.some((e) => e.examId === examId)).toBe(true);
      const found = await risk({ examCycleId: currentCycleId, search: needle.toUpperCase(), count: 100 });
      expect(found.exams.map((e) => e.examId)).toEqual(expected.map((e) => e.examId));
      expect(found.exams.map((e) => e.summary)).toEqual(expected.map((e) => e.summary));
      expect(found.noOfRecords).toBe(expected.length);
      for (const key of ["students", "eligible", "notEligible", "atRisk", "underReview"] as const) {
        expect(found.totals[key]).toBe(expected.reduce((a, e) => a + e.summary[key], 0));
      }
      const page = await risk({ examCycleId: currentCycleId, search: needle, count: 10, pageNo: 2 });
      expect(page.exams.map((e) => e.examId)).toEqual(expected.slice(10, 20).map((e) => e.examId));
      expect(page.totals).toEqual(found.totals);
      const none = await risk({ examCycleId: currentCycleId, search: "%_no such course_%" });
      expect(none.noOfRecords).toBe(0);
      expect(none.exams).toEqual([]);
      expect(none.totals.students).toBe(0);
    });

    it("counts and names afresh after attendance, a decision or a course name change outside the API", async () => {
      const db = api.ctx.db;
      const mineOf = (r: Risk) => r.exams.find((e) => e.examId === examId);
      const before = await risk({ examCycleId: currentCycleId, count: 100 });
      const original = await courseOfExam();
      const student = students[1]?.id ?? "";
      const [enrolled] = await db
        .select({
          attendancePercent: enrolment.attendancePercent,
          documentsSubmitted: enrolment.documentsSubmitted,
        })
        .from(enrolment)
        .where(and(eq(enrolment.courseOfferingId, offeringId), eq(enrolment.studentId, student)));
      const decisions = await db
        .select()
        .from(examEligibility)
        .where(and(eq(examEligibility.examId, examId), eq(examEligibility.studentId, student)));
      try {
        // The student's decision goes and attendance drops below the At Risk line: Not eligible.
        await db
          .delete(examEligibility)
          .where(and(eq(examEligibility.examId, examId), eq(examEligibility.studentId, student)));
        await db
          .update(enrolment)
          .set({ attendancePercent: 10, documentsSubmitted: true })
          .where(and(eq(enrolment.courseOfferingId, offeringId), eq(enrolment.studentId, student)));
        await db
          .update(course)
          .set({ name: `${original.name} (renamed)` })
          .where(eq(course.id, original.courseId));
        const after = await risk({ examCycleId: currentCycleId, count: 100 });
        const mine = mineOf(after);
        expect(mine?.courseName).toBe(`${original.name} (renamed)`);
        expect(mine?.summary).toEqual((await load("?count=100")).summary);
        expect(mine?.summary).not.toEqual(mineOf(before)?.summary);
        expect(after.totals.notEligible).toBeGreaterThan(before.totals.notEligible);
        expect(after.totals.students).toBe(before.totals.students);
      } finally {
        await db.update(course).set({ name: original.name }).where(eq(course.id, original.courseId));
        await db
          .update(enrolment)
          .set({
            attendancePercent: enrolled?.attendancePercent ?? null,
            documentsSubmitted: enrolled?.documentsSubmitted ?? false,
          })
          .where(and(eq(enrolment.courseOfferingId, offeringId), eq(enrolment.studentId, student)));
        if (decisions.length > 0) await db.insert(examEligibility).values(decisions);
      }
      expect(await risk({ examCycleId: currentCycleId, count: 100 })).toEqual(before);
    });
  });
});

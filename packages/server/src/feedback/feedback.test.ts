import { FEEDBACK_MESSAGES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { tableFingerprints } from "../test/fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { hashFeedbackToken } from "./links.ts";

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
  errorCode?: string;
  field?: string;
  rule?: string;
};
type Question = { id: string; kind: "rating" | "text"; prompt: string };
type Form = {
  id: string;
  version: number;
  status: string;
  responses: number;
  invited: number;
  questions: Question[];
};
type Result = Question & { answers: number; average: number | null; distribution: number[]; texts: string[] };
type Student = { studentId: string; email: string; answered: boolean; linkIssuedAt: string | null };

describe.each(testTargets())("course feedback on $name", (target) => {
  let api: TestApi;
  let office: Record<string, string>;
  let offeringId: string;
  let otherOfferingId: string;
  let students: Array<{ id: string; email: string }>;

  beforeAll(async () => {
    api = await createTestApi(target);
    office = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    // The two course offerings with the most enrolled students (at least three in the first).
    const offerings = await rows<{ id: string; n: number }>(
      api.ctx.db,
      sql`select course_offering_id as id, count(*)::int as n from enrolment
          group by course_offering_id order by count(*) desc, course_offering_id limit 2`,
    );
    offeringId = offerings[0]?.id as string;
    otherOfferingId = offerings[1]?.id as string;
    students = await rows<{ id: string; email: string }>(
      api.ctx.db,
      sql`select c.id, c.email from enrolment e join contact c on c.id = e.student_id
          where e.course_offering_id = ${offeringId} order by c.id`,
    );
    expect(students.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = office) {
    const res = await api.call(method, url, { headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  /** A call that must be refused with `status` and leave every table as it was. */
  async function refused(
    status: number,
    method: string,
    url: string,
    body: unknown,
    expected: Partial<Body> = {},
    headers: Record<string, string> = office,
  ) {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send(method, url, body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
  }
  const formBody = (over: Record<string, unknown> = {}) => ({
    courseOfferingId: offeringId,
    title: "End of term feedback",
    opensOn: "2026-11-01",
    closesOn: "2026-11-30",
    questions: [
      { kind: "rating", prompt: "The course was well organised" },
      { kind: "rating", prompt: "The teaching helped me learn" },
      { kind: "text", prompt: "What should change?" },
    ],
    ...over,
  });
  /** The token of the newest feedback mail to `email`, from the development outbox. */
  async function tokenFor(email: string): Promise<string> {
    const outbox = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mails = (outbox.body as { mails: Array<{ text: string; subject: string }> }).mails;
    const token = mails
      .filter((m) => m.subject.startsWith("Feedback:"))
      .map((m) => m.text.match(/\/feedback\/answer\?token=([A-Za-z0-9_-]{43})/)?.[1])
      .find(Boolean);
    if (!token) throw new Error(`no feedback link mailed to ${email}`);
    return token;
  }
  async function createForm(over: Record<string, unknown> = {}): Promise<Form> {
    const made = await send("POST", "/api/feedback/forms", formBody(over));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.form as Form;
  }

  it("sets up a form, issues links, takes answers once each and averages them per question", async () => {
    const form = await createForm();
    expect(form).toMatchObject({ status: "open", responses: 0, invited: 0, version: 1 });
    expect(form.questions.map((q) => q.kind)).toEqual(["rating", "rating", "text"]);

    const issued = await send("POST", `/api/feedback/forms/${form.id}/links`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.issued).toBe(students.length);
    const stored = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from mail_outbox where source = ${`feedback.links:${form.id}`}`,
    );
    expect(stored[0]?.n).toBe(students.length);

    const [a, b, c] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
    const tokenA = await tokenFor(a.email);
    // The token is stored only as its hash.
    const hashes = await rows<{ tokenHash: string }>(
      api.ctx.db,
      sql`select token_hash as "tokenHash" from feedback_invitation where form_id = ${form.id} and student_id = ${a.id}`,
    );
    expect(hashes[0]?.tokenHash).toBe(hashFeedbackToken(tokenA));
    expect(hashes[0]?.tokenHash).not.toContain(tokenA);

    const opened = await send("GET", `/api/feedback/answer?token=${tokenA}`, undefined, {});
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const questions = (opened.body.form as { questions: Question[] }).questions;
    const [q1, q2, q3] = questions as [Question, Question, Question];

    const answer = (token: string, r1: number, r2: number, text?: string) =>
      send(
        "POST",
        "/api/feedback/answer",
        {
          token,
          answers: [
            { questionId: q1.id, rating: r1 },
            { questionId: q2.id, rating: r2 },
            ...(text === undefined ? [] : [{ questionId: q3.id, text }]),
          ],
        },
        {},
      );
    expect((await answer(tokenA, 5, 4, "More case studies")).status).toBe(200);
    expect((await answer(await tokenFor(b.email), 3, 4, "")).status).toBe(200);
    expect((await answer(await tokenFor(c.email), 4, 1, "Slower pace")).status).toBe(200);

    const results = await send("GET", `/api/feedback/forms/${form.id}`);
    expect(results.status).toBe(200);
    expect((results.body.form as Form).responses).toBe(3);
    const [r1, r2, r3] = results.body.results as [Result, Result, Result];
    expect(r1).toMatchObject({ answers: 3, average: 4, distribution: [0, 0, 1, 1, 1], texts: [] });
    expect(r2).toMatchObject({ answers: 3, average: 3, distribution: [1, 0, 0, 2, 0] });
    expect(r3).toMatchObject({ answers: 2, average: null });
    expect([...r3.texts].sort()).toEqual(["More case studies", "Slower pace"]);

    const listed = await send("GET", `/api/feedback/forms/${form.id}/students`);
    const byId = new Map((listed.body.students as Student[]).map((s) => [s.studentId, s]));
    expect(byId.get(a.id)?.answered).toBe(true);
    expect(byId.get(c.id)?.answered).toBe(true);
    expect([...byId.values()].filter((s) => s.answered)).toHaveLength(3);
    expect([...byId.values()].every((s) => s.linkIssuedAt !== null)).toBe(true);

    // The link used twice is refused and nothing changes.
    await refused(
      409,
      "POST",
      "/api/feedback/answer",
      {
        token: tokenA,
        answers: [
          { questionId: q1.id, rating: 1 },
          { questionId: q2.id, rating: 1 },
        ],
      },
      { errorCode: "used_token", errorMessage: FEEDBACK_MESSAGES.usedToken },
      {},
    );
    await refused(
      409,
      "GET",
      `/api/feedback/answer?token=${tokenA}`,
      undefined,
      { errorCode: "used_token" },
      {},
    );

    // Issuing again mails only those who have not answered.
    const again = await send("POST", `/api/feedback/forms/${form.id}/links`, {});
    expect(again.body.issued).toBe(students.length - 3);

    // The paged list counts the responses.
    const page = await send("GET", "/api/feedback/forms?pageNo=1&count=25");
    expect(page.status).toBe(200);
    const row = (page.body.forms as Array<Form & { questionCount: number }>).find((f) => f.id === form.id);
    expect(row).toMatchObject({ responses: 3, questionCount: 3, invited: students.length });
    expect(page.body.noOfRecords).toBeGreaterThanOrEqual(1);
  });

  it("refuses a bad token, an out-of-range rating, a missing rating and a closed form without writing", async () => {
    const form = await createForm({ title: "Mid-term pulse" });
    await send("POST", `/api/feedback/forms/${form.id}/links`, {});
    const student = students[0] as { email: string };
    const token = await tokenFor(student.email);
    const opened = await send("GET", `/api/feedback/answer?token=${token}`, undefined, {});
    const [q1, q2] = (opened.body.form as { questions: Question[] }).questions as [Question, Question];
    const good = [
      { questionId: q1.id, rating: 4 },
      { questionId: q2.id, rating: 4 },
    ];

    const unknownToken = "A".repeat(43);
    await refused(
      404,
      "POST",
      "/api/feedback/answer",
      { token: unknownToken, answers: good },
      { errorCode: "bad_token" },
      {},
    );
    await refused(
      404,
      "GET",
      `/api/feedback/answer?token=${unknownToken}`,
      undefined,
      { errorCode: "bad_token" },
      {},
    );
    await refused(
      400,
      "POST",
      "/api/feedback/answer",
      { token: "short", answers: good },
      { field: "token" },
      {},
    );
    for (const rating of [0, 6, 3.5]) {
      await refused(
        400,
        "POST",
        "/api/feedback/answer",
        { token, answers: [{ questionId: q1.id, rating }, good[1]] },
        { field: "answers.0.rating" },
        {},
      );
    }
    await refused(
      400,
      "POST",
      "/api/feedback/answer",
      { token, answers: [good[0]] },
      { field: "answers", rule: "required" },
      {},
    );
    await refused(
      400,
      "POST",
      "/api/feedback/answer",
      { token, answers: [...good, { questionId: UNKNOWN, rating: 2 }] },
      { rule: "question" },
      {},
    );

    // Close the form (its last day was yesterday at the campus): answers and new links are refused.
    const closed = await send("PUT", `/api/feedback/forms/${form.id}`, {
      title: "Mid-term pulse",
      opensOn: "2026-10-01",
      closesOn: "2026-11-01",
      questions: formBody().questions,
      version: form.version,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect((closed.body.form as Form).status).toBe("closed");
    await refused(
      409,
      "POST",
      "/api/feedback/answer",
      { token, answers: good },
      { errorCode: "form_closed", errorMessage: FEEDBACK_MESSAGES.formClosed },
      {},
    );
    await refused(
      409,
      "GET",
      `/api/feedback/answer?token=${token}`,
      undefined,
      { errorCode: "form_closed" },
      {},
    );
    await refused(409, "POST", `/api/feedback/forms/${form.id}/links`, {}, { errorCode: "form_closed" });
  });

  it("versions updates and refuses question changes once answers exist", async () => {
    const form = await createForm({ title: "Versioned" });
    const update = (over: Record<string, unknown>) => ({
      title: "Versioned",
      opensOn: "2026-11-01",
      closesOn: "2026-11-30",
      questions: formBody().questions,
      version: form.version,
      ...over,
    });
    // Before any answer the questions may change.
    const changed = await send(
      "PUT",
      `/api/feedback/forms/${form.id}`,
      update({ questions: [{ kind: "rating", prompt: "Overall" }] }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const v2 = changed.body.form as Form;
    expect(v2).toMatchObject({ version: 2, questions: [{ kind: "rating", prompt: "Overall" }] });
    await refused(409, "PUT", `/api/feedback/forms/${form.id}`, update({ title: "Stale" }), {
      errorCode: "version_conflict",
    });
    const audit = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from audit_log where entity = 'feedback_form' and entity_id = ${form.id}`,
    );
    expect(audit[0]?.n).toBe(2);

    await send("POST", `/api/feedback/forms/${form.id}/links`, { studentIds: [students[1]?.id] });
    const token = await tokenFor((students[1] as { email: string }).email);
    const q = (v2.questions[0] as Question).id;
    expect(
      (await send("POST", "/api/feedback/answer", { token, answers: [{ questionId: q, rating: 2 }] }, {}))
        .status,
    ).toBe(200);

    await refused(
      409,
      "PUT",
      `/api/feedback/forms/${form.id}`,
      update({ version: 2, questions: [{ kind: "rating", prompt: "Overall, reworded" }] }),
      { errorCode: "questions_locked", field: "questions", errorMessage: FEEDBACK_MESSAGES.questionsLocked },
    );
    // Title and dates may still change with the same questions.
    const retitled = await send(
      "PUT",
      `/api/feedback/forms/${form.id}`,
      update({ version: 2, title: "Renamed", questions: [{ kind: "rating", prompt: "Overall" }] }),
    );
    expect(retitled.status, JSON.stringify(retitled.body)).toBe(200);
    expect((retitled.body.form as Form).version).toBe(3);
  });

  it("validates the setup at the boundary and keeps staff within roles and scopes", async () => {
    await refused(400, "POST", "/api/feedback/forms", formBody({ title: " " }), {
      field: "title",
      errorMessage: FEEDBACK_MESSAGES.titleRequired,
    });
    await refused(400, "POST", "/api/feedback/forms", formBody({ questions: [] }), { field: "questions" });
    await refused(400, "POST", "/api/feedback/forms", formBody({ closesOn: "2026-10-01" }), {
      field: "closesOn",
      errorMessage: FEEDBACK_MESSAGES.closeBeforeOpen,
    });
    await refused(400, "POST", "/api/feedback/forms", formBody({ opensOn: "2026-02-30" }), {
      field: "opensOn",
    });
    await refused(404, "POST", "/api/feedback/forms", formBody({ courseOfferingId: UNKNOWN }), {
      field: "courseOfferingId",
    });
    await refused(404, "GET", `/api/feedback/forms/${UNKNOWN}`, undefined, {});

    const exam = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    await refused(403, "POST", "/api/feedback/forms", formBody(), { errorCode: "forbidden" }, exam);
    await refused(401, "GET", "/api/feedback/forms", undefined, {}, {});

    // An academic-office user scoped to another course offering sees none of this one's forms.
    // (Each sign-in moves the clock past the last access token's life: sign the office in again.)
    office = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const form = await createForm({ title: "Scoped" });
    await api.ctx.db.execute(
      sql`insert into admin_user (name, email) values ('Scoped Office', 'scoped.office@university.example')`,
    );
    await api.ctx.db.execute(sql`insert into user_role (user_id, role_id, scope_kind, scope_id)
      select u.id, r.id, 'class_section', ${otherOfferingId}::uuid from admin_user u, role r
      where u.email = 'scoped.office@university.example' and r.name = 'academic_office'`);
    const scoped = await signInHeaders(api, "scoped.office@university.example");
    await refused(404, "GET", `/api/feedback/forms/${form.id}`, undefined, {}, scoped);
    await refused(404, "POST", "/api/feedback/forms", formBody(), { field: "courseOfferingId" }, scoped);
    const page = await send("GET", "/api/feedback/forms", undefined, scoped);
    expect(page.status).toBe(200);
    expect((page.body.forms as Form[]).some((f) => f.id === form.id)).toBe(false);
    const offerings = await send("GET", "/api/feedback/courseOfferings", undefined, scoped);
    expect(
      (offerings.body.courseOfferings as Array<{ courseOfferingId: string }>).map((o) => o.courseOfferingId),
    ).toEqual([otherOfferingId]);
  });
});

import { QUESTION_PAPER_PUBLISH_MESSAGES, SPEC_MESSAGES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../../demo/seed.ts";
import { tableFingerprints } from "../../test/fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";

/** Tables the sign-in calls write; every other table must be unchanged by a refused call. */
const SIGN_IN_TABLES = [
  "otp_request",
  "otp_challenge",
  "refresh_token",
  "sign_in_attempt",
  "sign_in_failure",
  "session_family",
];
const URL = "/api/sf/exam/update/QPPublish";
type Body = Record<string, unknown> & { errorMessage?: string; field?: string; errorCode?: string };
type Paper = { id: string; status: string; version: number; publishedAt: string | null };

describe.each(testTargets())("PATCH /sf/exam/update/QPPublish on $name", (target) => {
  let api: TestApi;
  /** The exam office's headers (a sign-in moves the test clock past earlier tokens: re-sign after another). */
  let exam: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    exam = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A paper of the demo data in `status`, not yet published, not one of `skip`. */
  async function paperIn(status: string, skip: string[] = []): Promise<Paper> {
    const found = await rows<Paper>(
      api.ctx.db,
      sql`select id, status, version, published_at as "publishedAt" from question_paper
        where status = ${status} and published_at is null order by id limit 5`,
    );
    const paper = found.find((p) => !skip.includes(p.id));
    if (!paper) throw new Error(`no ${status} paper in the demo data`);
    return paper;
  }
  async function send(body: unknown, headers: Record<string, string> | undefined = exam) {
    const res = await api.call("PATCH", URL, { body, ...(headers ? { headers } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  /** Sends a call that must be refused with `status`, and checks that no table changed. */
  async function refused(status: number, body: unknown, expected: Partial<Body> = {}, headers = exam) {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send(body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body;
  }

  it("publishes an Approved paper: publishedAt set, version moved on, one audit row", async () => {
    const paper = await paperIn("Approved");
    const res = await send([{ id: paper.id, version: paper.version }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [after] = res.body.questionPapers as Paper[];
    expect(after).toMatchObject({ id: paper.id, status: "Approved", version: paper.version + 1 });
    expect(after?.publishedAt).toBe(new Date(api.ctx.now()).toISOString());
    const audit = await rows<{ action: string; after: { publishedAt: string } }>(
      api.ctx.db,
      sql`select action, after from audit_log where entity = 'question_paper' and entity_id = ${paper.id}`,
    );
    expect(audit.map((a) => a.action)).toEqual(["publish_paper"]);
    // The paper's own read and the list show it published.
    const one = await api.call("GET", `/api/sf/exam/questionPaper/${paper.id}`, { headers: exam });
    expect((one.body as { questionpaper: Paper }).questionpaper.publishedAt).toBe(after?.publishedAt);

    // A second publication is refused and changes nothing.
    await refused(409, [{ id: paper.id, version: paper.version + 1 }], {
      errorMessage: QUESTION_PAPER_PUBLISH_MESSAGES.alreadyPublished,
      errorCode: "not_publishable",
      field: "0.id",
    });
  });

  it("refuses a paper that is not Approved, and the whole list with it", async () => {
    const approved = await paperIn("Approved");
    const submitted = await paperIn("Submitted");
    await refused(
      409,
      [
        { id: approved.id, version: approved.version },
        { id: submitted.id, version: submitted.version },
      ],
      {
        errorMessage: QUESTION_PAPER_PUBLISH_MESSAGES.notApproved,
        errorCode: "not_publishable",
        field: "1.id",
      },
    );
  });

  it("refuses a stale version with 409 version_conflict", async () => {
    const paper = await paperIn("Approved");
    await refused(409, [{ id: paper.id, version: paper.version - 1 }], {
      errorCode: "version_conflict",
      field: "0.version",
    });
  });

  it("refuses bad input with 400 or 404 and writes nothing", async () => {
    const paper = await paperIn("Approved");
    await refused(400, [], {});
    await refused(400, { id: paper.id, version: paper.version }, {});
    await refused(400, [{ id: paper.id }], {});
    await refused(400, [{ id: paper.id, version: "one" }], {});
    await refused(
      400,
      [
        { id: paper.id, version: paper.version },
        { id: paper.id, version: paper.version },
      ],
      { field: "1.id" },
    );
    await refused(404, [{ id: "not-a-uuid", version: 1 }], {
      errorMessage: SPEC_MESSAGES.courseIdDoesNotExist,
      field: "0.id",
    });
    await refused(404, [{ id: "00000000-0000-4000-8000-000000000000", version: 1 }], { field: "0.id" });
  });

  it("answers 401 without sign-in and 403 to the academic office", async () => {
    const paper = await paperIn("Approved");
    const body = [{ id: paper.id, version: paper.version }];
    const academic = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    expect((await send(body, undefined)).status).toBe(401);
    expect((await send(body, academic)).status).toBe(403);
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    exam = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
  });
});

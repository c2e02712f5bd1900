import { SUBJECT_DOCUMENT_MAX_BYTES, SUBJECT_DOCUMENT_MESSAGES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { tableFingerprints } from "../test/fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { sampleHtml, samplePdf, samplePng } from "../test/sample-files.ts";
import { storedKeys } from "../test/stored-keys.ts";

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

type Body = Record<string, unknown> & { errorMessage?: string; field?: string; rule?: string };
type Doc = { id: string; title: string; fileName: string; size: number; url: string; version: number };
type Offering = { courseOfferingId: string; courseCode: string; section: string; documents: Doc[] };

describe.each(testTargets())("subject documents on $name", (target) => {
  let api: TestApi;
  let office: Record<string, string>;
  let termId: string;
  let offeringId: string;
  const keys = () => storedKeys(api.ctx, api.ctx.config.filesDir);

  beforeAll(async () => {
    api = await createTestApi(target);
    office = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const [found] = await rows<{ termId: string; offeringId: string }>(
      api.ctx.db,
      sql`select o.term_id as "termId", o.id as "offeringId" from course_offering o
          join course c on c.id = o.course_id order by o.term_id, c.code, o.section limit 1`,
    );
    termId = found?.termId as string;
    offeringId = found?.offeringId as string;
  });
  afterAll(async () => {
    await api?.close();
  });

  async function send(method: string, url: string, body?: unknown, headers = office) {
    const res = await api.call(method, url, { headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body, bytes: res.bytes, headers: res.headers };
  }
  async function refused(
    status: number,
    method: string,
    url: string,
    body: unknown,
    expected: Partial<Body> = {},
    headers = office,
  ) {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const files = await keys();
    const res = await send(method, url, body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    expect(await keys()).toEqual(files);
  }
  const upload = (file: Buffer, fileName: string, title = "Syllabus") => ({
    courseOfferingId: offeringId,
    title,
    fileName,
    content: file.toString("base64"),
  });

  it("uploads a document, lists it under its course offering, downloads it and deletes it with its file", async () => {
    const pdf = samplePdf("syllabus");
    const made = await send("POST", "/api/courseDocuments", upload(pdf, "Syllabus 2027.pdf"));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const doc = made.body.document as Doc;
    expect(doc).toMatchObject({
      title: "Syllabus",
      fileName: "Syllabus 2027.pdf",
      size: pdf.byteLength,
      version: 1,
    });
    const listed = await send("GET", `/api/salesforce/facultyOnboarding/courseDocuments?termId=${termId}`);
    expect(listed.status).toBe(200);
    const offering = (listed.body.courseOfferings as Offering[]).find(
      (o) => o.courseOfferingId === offeringId,
    );
    expect(offering?.documents.map((d) => d.id)).toContain(doc.id);
    const file = await send("GET", doc.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.bytes).equals(pdf)).toBe(true);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    const filesBefore = await keys();
    await refused(409, "DELETE", `${doc.url}?version=2`, undefined, { errorCode: "version_conflict" });
    const gone = await send("DELETE", `${doc.url}?version=1`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await keys()).length).toBe(filesBefore.length - 1);
    expect((await send("GET", doc.url)).status).toBe(404);
  });

  it("refuses an oversize, mistyped or misnamed upload with 400, storing nothing", async () => {
    const big = Buffer.concat([samplePdf("big"), Buffer.alloc(SUBJECT_DOCUMENT_MAX_BYTES)]);
    await refused(400, "POST", "/api/courseDocuments", upload(big, "big.pdf"), {
      field: "content",
      rule: "max_size",
      errorMessage: SUBJECT_DOCUMENT_MESSAGES.tooLarge,
    });
    await refused(400, "POST", "/api/courseDocuments", upload(sampleHtml(), "page.pdf"), {
      field: "content",
      rule: "file_type",
      errorMessage: SUBJECT_DOCUMENT_MESSAGES.wrongType,
    });
    await refused(400, "POST", "/api/courseDocuments", upload(samplePng(), "picture.pdf"), {
      rule: "file_type",
    });
    await refused(400, "POST", "/api/courseDocuments", upload(samplePdf(), "notes.exe"), {
      rule: "file_type",
    });
    await refused(
      400,
      "POST",
      "/api/courseDocuments",
      { ...upload(samplePdf(), "a.pdf"), content: "not base64!" },
      {
        rule: "base64",
      },
    );
    await refused(400, "POST", "/api/courseDocuments", upload(samplePdf(), "a.pdf", " "), { field: "title" });
    await refused(404, "POST", "/api/courseDocuments", {
      ...upload(samplePdf(), "a.pdf"),
      courseOfferingId: UNKNOWN,
    });
    await refused(
      404,
      "GET",
      `/api/salesforce/facultyOnboarding/courseDocuments?termId=${UNKNOWN}`,
      undefined,
    );
    await refused(400, "GET", "/api/salesforce/facultyOnboarding/courseDocuments?termId=x", undefined, {
      field: "termId",
    });
  });

  it("is the academic office's: 401 signed out, 403 for the exam office", async () => {
    await refused(401, "POST", "/api/courseDocuments", upload(samplePdf(), "a.pdf"), {}, {});
    const exam = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    await refused(
      403,
      "POST",
      "/api/courseDocuments",
      upload(samplePdf(), "a.pdf"),
      { errorCode: "forbidden" },
      exam,
    );
    await refused(
      403,
      "GET",
      `/api/salesforce/facultyOnboarding/courseDocuments?termId=${termId}`,
      undefined,
      { errorCode: "forbidden" },
      exam,
    );
    office = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
  });
});

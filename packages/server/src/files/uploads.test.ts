import { ANSWER_SHEET_MAX_BYTES, ATTACHMENT_MAX_BYTES, ZInvitation } from "@portal/domain";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../context.ts";
import { rows } from "../db/rows.ts";
import { answerSheet, contact, facultyInvitation } from "../db/schema.ts";
import { sendInvitation } from "../planning/faculty.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { sampleElf, sampleExe, sampleHtml, samplePdf, samplePng } from "../test/sample-files.ts";
import { storedKeys } from "../test/stored-keys.ts";

/**
 * The file handling of the two upload calls, on each database with its default store (PGlite: the
 * local folder; PostgreSQL: the stored_file table): refused and rolled-back writes leave no file, a
 * replaced file goes, uploads are checked by content, names are kept cleaned.
 */
describe.each(testTargets())("uploads and their files ($name)", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let examId: string;
  let studentId: string;
  let facultyId: string;
  const keys = () => storedKeys(api.ctx, api.ctx.config.filesDir);

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api);
    const [pair] = await rows<{ examId: string; studentId: string }>(
      api.ctx.db,
      sql`select e.id as "examId", en.student_id as "studentId" from exam e
          join enrolment en on en.course_offering_id = e.course_offering_id
          where not exists (select 1 from answer_sheet s where s.exam_id = e.id and s.student_id = en.student_id)
          order by e.id, en.student_id limit 1`,
    );
    examId = pair?.examId as string;
    studentId = pair?.studentId as string;
    const [f] = await api.ctx.db
      .select({ id: contact.id })
      .from(contact)
      .where(eq(contact.kind, "faculty"))
      .orderBy(contact.email)
      .limit(1);
    facultyId = f?.id as string;
  });
  afterAll(async () => {
    await api?.close();
  });

  const sheet = (fileName: string, bytes: Buffer, version: number) => ({
    examId,
    studentId,
    fileName,
    content: bytes.toString("base64"),
    version,
  });
  const invitation = (fileName: string, bytes: Buffer) => ({
    kind: "email",
    facultyIds: [facultyId],
    subject: "Guest lecture",
    body: "Please find the details attached.",
    attachment: { fileName, contentBase64: bytes.toString("base64") },
  });

  it("ten answer-sheet uploads refused with 409 leave no file; a replacement removes the old file", async () => {
    const url = "/api/sf/exam/answerSheet";
    const first = await api.call("POST", url, { headers, body: sheet("first.pdf", samplePdf("first"), 0) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [row] = await api.ctx.db
      .select()
      .from(answerSheet)
      .where(and(eq(answerSheet.examId, examId), eq(answerSheet.studentId, studentId)));
    const firstKey = row?.documentKey as string;
    expect(firstKey).toMatch(/^answer-sheets\/[0-9a-f-]{36}\.pdf$/);
    const before = await keys();
    expect(before).toContain(firstKey);

    for (let i = 0; i < 10; i++) {
      const stale = await api.call("POST", url, {
        headers,
        body: sheet(`stale-${i}.pdf`, samplePdf(`stale ${i}`), 0),
      });
      expect(stale.status).toBe(409);
    }
    expect(await keys()).toEqual(before);

    const replaced = await api.call("POST", url, {
      headers,
      body: sheet("../scans/sec\r\nond.pdf", samplePdf("second"), 1),
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ answerSheet: { fileName: "sec ond.pdf", version: 2 } });
    const after = await keys();
    expect(after).not.toContain(firstKey);
    expect(after).toHaveLength(before.length);

    const download = await api.raw("GET", `/api/sf/exam/answerSheet/${examId}/${studentId}`, { headers });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      `inline; filename="sec ond.pdf"; filename*=UTF-8''sec%20ond.pdf`,
    );
    expect(new TextDecoder().decode(await download.arrayBuffer())).toContain("% second");
  });

  it("an answer sheet is a PDF by its content: HTML named .pdf is refused and stores nothing", async () => {
    const before = await keys();
    const res = await api.call("POST", "/api/sf/exam/answerSheet", {
      headers,
      body: sheet("sheet.pdf", sampleHtml(), 2),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorMessage: "The answer sheet must be a PDF file",
      field: "content",
      rule: "pdf_only",
    });
    const big = await api.call("POST", "/api/sf/exam/answerSheet", {
      headers,
      body: sheet("sheet.pdf", Buffer.concat([samplePdf(), Buffer.alloc(ANSWER_SHEET_MAX_BYTES)]), 2),
    });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ errorMessage: "The answer sheet is larger than 700 KB" });
    expect(await keys()).toEqual(before);
  });

  it("invitation attachments are checked by content: HTML named .pdf and executables named .png are refused", async () => {
    const url = "/api/salesforce/facultyOnboarding/sendEmail";
    const [invitations] = await api.ctx.db.select({ n: count() }).from(facultyInvitation);
    const before = await keys();
    for (const [name, bytes, field] of [
      ["cv.pdf", sampleHtml(), "attachment.contentBase64"],
      ["photo.png", sampleElf(), "attachment.contentBase64"],
      ["photo.png", sampleExe(), "attachment.contentBase64"],
      ["setup.exe", sampleExe(), "attachment"],
    ] as const) {
      const res = await api.call("POST", url, { headers, body: invitation(name, bytes) });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ errorMessage: "Please Select Only Doc ,Pdf and Image" });
      if (name !== "setup.exe") expect(res.body).toMatchObject({ rule: "attachment_type" });
      expect((res.body as { field: string }).field.startsWith(field)).toBe(true);
    }
    const big = await api.call("POST", url, {
      headers,
      body: invitation("photo.png", Buffer.concat([samplePng(), Buffer.alloc(ATTACHMENT_MAX_BYTES)])),
    });
    expect(big.status).toBe(400);
    expect(await keys()).toEqual(before);
    const [after] = await api.ctx.db.select({ n: count() }).from(facultyInvitation);
    expect(after?.n).toBe(invitations?.n);
  });

  it("a real PNG is accepted, kept under a generated key with its name cleaned, and mailed as image/png", async () => {
    const before = await keys();
    const res = await api.call("POST", "/api/salesforce/facultyOnboarding/sendEmail", {
      headers,
      body: invitation("../../etc/cam\r\npus..png", samplePng()),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (res.body as { invitationId: string }).invitationId;
    const [row] = await api.ctx.db.select().from(facultyInvitation).where(eq(facultyInvitation.id, id));
    expect(row).toMatchObject({ attachmentName: "cam pus.png" });
    expect(row?.attachmentKey).toMatch(/^faculty-invitations\/[0-9a-f-]{36}\.png$/);
    expect(await keys()).toEqual([...before, row?.attachmentKey].sort());
    expect(await api.ctx.files.get(row?.attachmentKey as string)).toEqual(new Uint8Array(samplePng()));
    const [mail] = await rows<{ attachments: Array<{ filename: string; contentType: string }> }>(
      api.ctx.db,
      sql`select attachments from mail_outbox where source = ${`planning.faculty_invitation:${id}`}`,
    );
    expect(mail?.attachments[0]).toMatchObject({ filename: "cam pus.png", contentType: "image/png" });
  });

  it("a rolled-back invitation keeps no attachment", async () => {
    const before = await keys();
    const failing: AppContext = {
      ...api.ctx,
      mailer: {
        ...api.ctx.mailer,
        enqueue: async () => {
          throw new Error("the outbox refused the row");
        },
      },
    };
    const input = ZInvitation.parse({
      kind: "invite",
      facultyIds: [facultyId],
      subject: "Rolled back",
      attachmentName: "cv.pdf",
    });
    const admin = { id: null, email: "admin@university.example" } as unknown as Parameters<
      typeof sendInvitation
    >[1];
    await expect(
      sendInvitation(failing, admin, input, samplePdf().toString("base64"), ATTACHMENT_MAX_BYTES),
    ).rejects.toThrow("the outbox refused the row");
    expect(await keys()).toEqual(before);
    const [left] = await api.ctx.db
      .select({ n: count() })
      .from(facultyInvitation)
      .where(eq(facultyInvitation.subject, "Rolled back"));
    expect(left?.n).toBe(0);
  });
});

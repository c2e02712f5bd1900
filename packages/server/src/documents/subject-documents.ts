import {
  SUBJECT_DOCUMENT_MAX_BYTES,
  SUBJECT_DOCUMENT_MESSAGES,
  type ZCourseDocumentUpload,
} from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { course, courseDocument, courseOffering, term } from "../db/schema.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { withStoredFiles } from "../files/stored-files.ts";
import { type AllowedTypes, checkUpload } from "../files/upload-check.ts";
import { badRequest, notFound } from "../http/errors.ts";

/*
 * Subject documents (/app/subject-documents; spec §7 "course document by termId";
 * openapi/subject-documents.yaml): a term's course offerings with their documents, upload (checked by
 * content, kept in the file store with the record that names it), download and delete.
 */

/** Types a subject document may have: PDF, Word (doc, docx), PNG, JPEG, each checked by content. */
export const SUBJECT_DOCUMENT_TYPES: AllowedTypes = {
  pdf: { detected: "pdf", mediaType: "application/pdf" },
  doc: { detected: "cfb", mediaType: "application/msword" },
  docx: {
    detected: "docx",
    mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  png: { detected: "png", mediaType: "image/png" },
  jpg: { detected: "jpg", mediaType: "image/jpeg" },
  jpeg: { detected: "jpg", mediaType: "image/jpeg" },
};

/** One document as answered (`url` downloads it). */
export type CourseDocumentRow = {
  id: string;
  courseOfferingId: string;
  title: string;
  fileName: string;
  mediaType: string;
  size: number;
  uploadedBy: string;
  uploadedAt: string;
  url: string;
  version: number;
};

const view = (r: typeof courseDocument.$inferSelect): CourseDocumentRow => ({
  id: r.id,
  courseOfferingId: r.courseOfferingId,
  title: r.title,
  fileName: r.fileName,
  mediaType: r.mediaType,
  size: r.size,
  uploadedBy: r.uploadedBy,
  uploadedAt: r.uploadedAt.toISOString(),
  url: `/api/courseDocuments/${r.id}`,
  version: r.version,
});

/**
 * The course offerings of `termId` by course code and section, each with its documents (newest
 * first). 404 for an unknown term.
 */
export async function listTermCourseDocuments(ctx: AppContext, termId: string) {
  const [found] = await ctx.db.select({ id: term.id }).from(term).where(eq(term.id, termId));
  if (!found) throw notFound("No such term", "termId");
  const offerings = await ctx.db
    .select({ id: courseOffering.id, code: course.code, name: course.name, section: courseOffering.section })
    .from(courseOffering)
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .where(eq(courseOffering.termId, termId))
    .orderBy(asc(course.code), asc(courseOffering.section));
  const documents = await ctx.db
    .select({ doc: courseDocument })
    .from(courseDocument)
    .innerJoin(courseOffering, eq(courseOffering.id, courseDocument.courseOfferingId))
    .where(eq(courseOffering.termId, termId))
    .orderBy(asc(courseDocument.uploadedAt));
  return offerings.map((o) => ({
    courseOfferingId: o.id,
    courseCode: o.code,
    courseName: o.name,
    section: o.section,
    documents: documents
      .filter((d) => d.doc.courseOfferingId === o.id)
      .map((d) => view(d.doc))
      .reverse(),
  }));
}

/**
 * Uploads a document of a course offering. `content` is base64 of at most 700 KB, of one of
 * {@link SUBJECT_DOCUMENT_TYPES} by its name and its content; file and record are written together
 * (`withStoredFiles`), so a refused call stores nothing. 400 (field `content`) not base64, too large
 * or mistyped; 404 unknown course offering. Audited.
 */
export async function uploadCourseDocument(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZCourseDocumentUpload>,
): Promise<CourseDocumentRow> {
  const bytes = new Uint8Array(Buffer.from(input.content, "base64"));
  if (
    bytes.byteLength === 0 ||
    Buffer.from(bytes).toString("base64").replace(/=+$/, "") !== input.content.replace(/=+$/, "")
  )
    throw badRequest("content must be the file in base64", "content", "base64");
  if (bytes.byteLength > SUBJECT_DOCUMENT_MAX_BYTES)
    throw badRequest(SUBJECT_DOCUMENT_MESSAGES.tooLarge, "content", "max_size");
  const checked = await checkUpload(bytes, input.fileName, SUBJECT_DOCUMENT_TYPES);
  if (!checked.ok) throw badRequest(SUBJECT_DOCUMENT_MESSAGES.wrongType, "content", "file_type");
  const at = new Date(ctx.now());
  return withStoredFiles(ctx, async (tx, files) => {
    const [offering] = await tx
      .select({ id: courseOffering.id })
      .from(courseOffering)
      .where(eq(courseOffering.id, input.courseOfferingId));
    if (!offering) throw notFound(SUBJECT_DOCUMENT_MESSAGES.noSuchOffering, "courseOfferingId");
    const key = await files.add("course-documents", bytes, checked);
    const [row] = await tx
      .insert(courseDocument)
      .values({
        courseOfferingId: input.courseOfferingId,
        title: input.title,
        fileName: checked.fileName,
        documentKey: key,
        mediaType: checked.mediaType,
        size: bytes.byteLength,
        uploadedBy: user.email,
        uploadedAt: at,
      })
      .returning();
    if (!row) throw new Error("course document insert returned nothing");
    const after = view(row);
    await writeAudit(
      tx,
      user,
      [{ action: "create", entity: "course_document", entityId: row.id, before: null, after }],
      at,
    );
    return after;
  });
}

/** The stored file of document `id`, or null when there is none. */
export async function getCourseDocumentFile(db: Executor, id: string) {
  const [row] = await db
    .select({
      key: courseDocument.documentKey,
      fileName: courseDocument.fileName,
      mediaType: courseDocument.mediaType,
    })
    .from(courseDocument)
    .where(eq(courseDocument.id, id));
  return row ?? null;
}

/**
 * Deletes a document at the version read (404 unknown, 409 stale); its file goes once no record
 * names it (after the commit). Audited.
 */
export async function deleteCourseDocument(ctx: AppContext, user: SessionUser, id: string, version: number) {
  const at = new Date(ctx.now());
  await withStoredFiles(ctx, async (tx, files) => {
    const [before] = await tx.select().from(courseDocument).where(eq(courseDocument.id, id));
    if (!before) throw notFound(SUBJECT_DOCUMENT_MESSAGES.noSuchDocument, "id");
    await updateVersioned(
      tx,
      courseDocument,
      { id, version },
      {},
      { what: "This document", field: "version" },
    );
    await tx.delete(courseDocument).where(eq(courseDocument.id, id));
    files.release(before.documentKey);
    await writeAudit(
      tx,
      user,
      [{ action: "delete", entity: "course_document", entityId: id, before: view(before), after: null }],
      at,
    );
  });
}

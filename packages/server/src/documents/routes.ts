import { ZCourseDocumentsQuery, ZCourseDocumentUpload, ZId } from "@portal/domain";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { contentDisposition } from "../files/upload-check.ts";
import { notFound, parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { zVersion } from "../http/versions.ts";
import {
  deleteCourseDocument,
  getCourseDocumentFile,
  listTermCourseDocuments,
  uploadCourseDocument,
} from "./subject-documents.ts";

/**
 * Routes of the subject documents (openapi/subject-documents.yaml): the term's course documents
 * (spec §7 facultyOnboarding "course document by termId"), upload, download and delete. Academic
 * office, by the generated role table.
 */
export function subjectDocumentRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idParam = (raw: string) => parseOrThrow(z.object({ id: ZId }), { id: raw }).id;

  app.get("/salesforce/facultyOnboarding/courseDocuments", async (c) => {
    const { termId } = parseOrThrow(ZCourseDocumentsQuery, c.req.query());
    return c.json({ success: true as const, courseOfferings: await listTermCourseDocuments(ctx, termId) });
  });
  app.post("/courseDocuments", async (c) => {
    const input = parseOrThrow(ZCourseDocumentUpload, await readJson(c));
    return c.json(
      { success: true as const, document: await uploadCourseDocument(ctx, c.get("user"), input) },
      201,
    );
  });
  app.get("/courseDocuments/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const doc = await getCourseDocumentFile(ctx.db, id);
    const file = doc ? await ctx.files.stream(doc.key) : null;
    if (!doc || !file) throw notFound("No such document", "id");
    return c.body(file.body, 200, {
      "Content-Type": doc.mediaType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition("attachment", doc.fileName),
      "Cache-Control": "private, no-store",
    });
  });
  app.delete("/courseDocuments/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const { version } = parseOrThrow(
      z.object({ version: z.coerce.number().pipe(zVersion()) }),
      c.req.query(),
    );
    await deleteCourseDocument(ctx, c.get("user"), id, version);
    return c.json({ success: true as const });
  });
  return app;
}

import { type Context, Hono } from "hono";
import type { AppContext, AppEnv } from "../context.ts";
import { ApiError } from "../http/errors.ts";
import { limitBody, readJson } from "../http/input.ts";
import { type ExamImportInput, importExamData, listImports, parseImportInput } from "./importer.ts";

/** Path of the import call (under /api); the app's 1 MB body limit skips it. */
export const EXAM_IMPORT_PATH = "/api/sf/exam/import";
/** Largest accepted import body: 32 MB (the largest real data set is about 300 KB). */
export const MAX_IMPORT_BODY_BYTES = 32 * 1024 * 1024;

/** The JSON body; a missing or malformed one answers 400 naming the field `body`. */
async function readBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await readJson(c);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(error.status, error.message, { ...error.details, field: "body" });
  }
}

/**
 * Import of real exam-enrolment data (Toronto and ITC2007 benchmark files), signed-in only:
 * `POST /sf/exam/import` (body up to 32 MB; see importExamData for what it creates, its
 * idempotency and errors) and `GET /sf/exam/imports` (every import, newest first).
 */
export function importRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/sf/exam/import", limitBody(MAX_IMPORT_BODY_BYTES), async (c) => {
    const input: ExamImportInput = parseImportInput(await readBody(c));
    // Construction only here (milliseconds); the improvement runs from the command line.
    const { timetable: _quality, ...result } = await importExamData(ctx, c.get("user"), input);
    return c.json({ success: true as const, ...result });
  });

  app.get("/sf/exam/imports", async (c) =>
    c.json({ success: true as const, imports: await listImports(ctx.db) }),
  );

  return app;
}

import { ETL_MESSAGES, MAX_ETL_BYTES, ZEtlKind, ZEtlPageQuery, ZId } from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { ApiError, badRequest, parseOrThrow } from "../http/errors.ts";
import { limitBody } from "../http/input.ts";
import { createEtlJob, getEtlJob, listEtlJobErrors, listEtlJobs } from "./jobs.ts";

/** Path of the job upload under /api (etlBaseUrl `/api/etl`); the app's 1 MB body limit skips it. */
export const ETL_UPLOAD_PATH = "/api/etl/jobs";
/** Largest request body of the upload: the file plus 64 KB for the multipart envelope. */
export const ETL_MAX_BODY_BYTES = MAX_ETL_BYTES + 64 * 1024;

const ZJobParam = z.object({ id: ZId });

/** The upload's multipart body: the text field `kind` and the file part `file` (with its name). */
async function readJobForm(c: Context<AppEnv>) {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw badRequest(
      "Send the sheet as multipart/form-data with the fields kind and file",
      "file",
      "multipart",
    );
  }
  let form: FormData;
  try {
    form = await new Response(await c.req.arrayBuffer(), { headers: { "content-type": type } }).formData();
  } catch {
    throw badRequest("The multipart body could not be read", "file", "multipart");
  }
  const { kind } = parseOrThrow(z.object({ kind: ZEtlKind }), { kind: form.get("kind") ?? undefined });
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0)
    throw badRequest(ETL_MESSAGES.chooseFile, "file", "required");
  if (file.size > MAX_ETL_BYTES) {
    throw new ApiError(413, ETL_MESSAGES.tooLarge, {
      errorCode: "payload_too_large",
      field: "file",
    });
  }
  const fileName = file instanceof File ? file.name : "";
  return { kind, fileName, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * Routes of the bulk import on the ETL URL (openapi/etl.yaml; spec exam management §7 "ETL: job
 * details get and post (multipart), error log"): make a job from an upload (answered 202 at once,
 * the job runs after), a job's details (status and counts, the progress to poll), its error log and
 * the list of jobs. The administrator only, by the generated role table (openapi/etl.yaml says why).
 */
export function etlRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idParam = (c: Context<AppEnv>) => parseOrThrow(ZJobParam, { id: c.req.param("id") }).id;

  app.post("/etl/jobs", limitBody(ETL_MAX_BODY_BYTES), async (c) => {
    const input = await readJobForm(c);
    return c.json({ success: true as const, job: await createEtlJob(ctx, c.get("user"), input) }, 202);
  });
  app.get("/etl/jobs", async (c) => {
    const page = parseOrThrow(ZEtlPageQuery, c.req.query());
    return c.json({ success: true as const, ...(await listEtlJobs(ctx, page)) });
  });
  app.get("/etl/jobs/:id", async (c) =>
    c.json({ success: true as const, job: await getEtlJob(ctx, idParam(c)) }),
  );
  app.get("/etl/jobs/:id/errors", async (c) => {
    const id = idParam(c);
    const page = parseOrThrow(ZEtlPageQuery, c.req.query());
    return c.json({ success: true as const, ...(await listEtlJobErrors(ctx, id, page)) });
  });
  return app;
}

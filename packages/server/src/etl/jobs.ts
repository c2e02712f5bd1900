/**
 * Bulk import jobs on the ETL URL (`/api/etl`, openapi/etl.yaml; spec exam management §3
 * Configuration etlBaseUrl, §7 "ETL: job details get and post (multipart), error log").
 * A job is made from an uploaded CSV or XLSX sheet of students, faculty, courses or
 * enrolments: the upload is checked on the request (format by content, size, rows and cells,
 * files/sheets/inspect.ts) and stored with the job, and the job runs after the answer (runner.ts).
 */
import { cleanFileName, type EtlJobStatus, type EtlKind } from "@portal/domain";
import { count, desc, eq, sql } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import { etlJob, etlJobError } from "../db/schema.ts";
import { inspectSheet } from "../files/sheets/inspect.ts";
import { notFound } from "../http/errors.ts";
import { ETL_SHEET_LIMITS } from "./limits.ts";
import { kickEtlJobs } from "./runner.ts";

/** A job as the API answers it (times ISO 8601 in UTC, null until they happen). */
export type EtlJobView = {
  id: string;
  kind: EtlKind;
  status: EtlJobStatus;
  fileName: string;
  format: "csv" | "xlsx";
  fileSize: number;
  rowsTotal: number;
  rowsDone: number;
  rowsImported: number;
  rowsSkipped: number;
  rowsFailed: number;
  message: string | null;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

const jobColumns = {
  id: etlJob.id,
  kind: etlJob.kind,
  status: etlJob.status,
  fileName: etlJob.fileName,
  format: etlJob.format,
  fileSize: etlJob.fileSize,
  rowsTotal: etlJob.rowsTotal,
  rowsDone: etlJob.rowsDone,
  rowsImported: etlJob.rowsImported,
  rowsSkipped: etlJob.rowsSkipped,
  rowsFailed: etlJob.rowsFailed,
  message: etlJob.message,
  createdByEmail: etlJob.createdByEmail,
  createdAt: etlJob.createdAt,
  startedAt: etlJob.startedAt,
  finishedAt: etlJob.finishedAt,
};
type JobRow = Omit<typeof etlJob.$inferSelect, "upload" | "createdBy" | "leaseExpiresAt">;

function jobView({ createdByEmail, ...row }: JobRow): EtlJobView {
  return {
    ...row,
    createdBy: createdByEmail,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Makes a job importing `kind` from the file `fileName` with content `bytes`, queued to run after
 * the answer. 400 (nothing written): the name not .csv or .xlsx (fileName/format), the content not
 * of its extension's format (content/format), over MAX_ETL_BYTES (content/max), an XLSX
 * past MAX_ETL_ROWS rows or MAX_ETL_CELLS cells (content/max_rows, max_cells).
 * The job and its audit row (`import` on etl_job) are written in one transaction.
 */
export async function createEtlJob(
  ctx: AppContext,
  user: SessionUser,
  input: { kind: EtlKind; fileName: string; bytes: Uint8Array },
): Promise<EtlJobView> {
  const format = await inspectSheet(input.fileName, input.bytes, ETL_SHEET_LIMITS);
  const at = new Date(ctx.now());
  const fileName = cleanFileName(input.fileName) || `import.${format}`;
  const view = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(etlJob)
      .values({
        kind: input.kind,
        fileName,
        format,
        fileSize: input.bytes.byteLength,
        upload: input.bytes,
        createdBy: user.id,
        createdByEmail: user.email,
        createdAt: at,
      })
      .returning(jobColumns);
    if (!row) throw new Error("etl job not written");
    await writeAudit(
      tx,
      user,
      [
        {
          action: "import",
          entity: "etl_job",
          entityId: row.id,
          before: null,
          after: { kind: input.kind, fileName, format, size: input.bytes.byteLength },
        },
      ],
      at,
    );
    return jobView(row);
  });
  kickEtlJobs(ctx);
  return view;
}

/** One job by id; 404 (field id) when there is none. */
export async function getEtlJob(ctx: AppContext, id: string): Promise<EtlJobView> {
  const [row] = await ctx.db.select(jobColumns).from(etlJob).where(eq(etlJob.id, id));
  if (!row) throw notFound("No such import job", "id");
  return jobView(row);
}

/** One page of the jobs, newest first, with their total. */
export async function listEtlJobs(
  ctx: AppContext,
  page: { pageNo: number; count: number },
): Promise<{ jobs: EtlJobView[]; noOfRecords: number }> {
  const list = await ctx.db
    .select(jobColumns)
    .from(etlJob)
    .orderBy(desc(etlJob.createdAt), desc(etlJob.id))
    .limit(page.count)
    .offset((page.pageNo - 1) * page.count);
  const [total] = await ctx.db.select({ n: count() }).from(etlJob);
  return { jobs: list.map(jobView), noOfRecords: total?.n ?? 0 };
}

/** A bad row of a job: its line in the file, the column (null for the whole row) and the reason. */
export type EtlErrorView = { line: number; field: string | null; reason: string };

/** One page of a job's error log by line; 404 (field id) for an unknown job. */
export async function listEtlJobErrors(
  ctx: AppContext,
  id: string,
  page: { pageNo: number; count: number },
): Promise<{ errors: EtlErrorView[]; noOfRecords: number }> {
  await getEtlJob(ctx, id);
  const list = await ctx.db
    .select({ line: etlJobError.line, field: etlJobError.field, reason: etlJobError.reason })
    .from(etlJobError)
    .where(eq(etlJobError.jobId, id))
    .orderBy(etlJobError.line, etlJobError.id)
    .limit(page.count)
    .offset((page.pageNo - 1) * page.count);
  const [total] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(etlJobError)
    .where(eq(etlJobError.jobId, id));
  return { errors: list, noOfRecords: total?.n ?? 0 };
}

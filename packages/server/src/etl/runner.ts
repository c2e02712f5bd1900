/**
 * Runs queued import jobs in this process, one at a time, after the request that made them has
 * answered. A job is claimed in a short transaction (`FOR UPDATE SKIP LOCKED`, so several processes
 * on one PostgreSQL never run the same job), its sheet is parsed in a worker thread outside any
 * transaction (files/sheets/reader.ts), and its rows are imported {@link ETL_BATCH_ROWS} at a time,
 * one transaction per batch that also moves the job's counts (the progress the screen polls).
 *
 * A running job holds a lease (`lease_expires_at`, {@link ETL_LEASE_MS} from the claim and from each
 * batch, by `ctx.now`): the runner moves it on as it works. A job left `running` by a process that
 * stopped (a crash, a restart mid-import) has its lease run out; the next runner to start, in this
 * process or another (at start-up, index.ts, and at every kick), marks it failed with
 * {@link ETL_ABANDONED_MESSAGE}: the rows imported before stay, and uploading the file again imports
 * the rest (a record already there is skipped). It is not taken over: a job that brought its
 * process down would bring the next one down too.
 */
import {
  ETL_BATCH_ROWS,
  ETL_COLUMNS,
  ETL_REQUIRED_COLUMNS,
  ETL_ROW_SCHEMAS,
  type EtlKind,
} from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import type { AuditActor } from "../audit.ts";
import type { AppContext } from "../context.ts";
import type { Database } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { etlJob, etlJobError } from "../db/schema.ts";
import {
  createSheetReader,
  type SheetCell,
  type SheetReader,
  type SheetRow,
} from "../files/sheets/reader.ts";
import { ApiError } from "../http/errors.ts";
import { type BadRow, type BatchOutcome, importBatch, type JobMemory, type ValidRow } from "./importers.ts";
import { ETL_SHEET_LIMITS } from "./limits.ts";

/** How long a running job's lease lasts from its claim or its last batch (ms). */
export const ETL_LEASE_MS = 5 * 60_000;
/** Why a job whose runner stopped (its lease ran out) is failed. */
export const ETL_ABANDONED_MESSAGE =
  "The import stopped when the server did; the rows before it stay imported. Upload the file again to import the rest";

/** Thrown inside a batch whose job is no longer this runner's (marked failed meanwhile): rolls it back. */
class LeaseLost extends Error {
  override name = "LeaseLost";
}

type Runner = { running: Promise<void> | null; again: boolean; sheets: SheetReader | null };

/** One runner per database handle (so per API in this process). */
const runners = new WeakMap<Database, Runner>();

function runnerOf(ctx: AppContext): Runner {
  let runner = runners.get(ctx.db);
  if (!runner) {
    runner = { running: null, again: false, sheets: null };
    runners.set(ctx.db, runner);
  }
  return runner;
}

/**
 * Starts running the queued jobs unless this process runs them already (then it looks again once
 * it has finished, so a job queued meanwhile is not missed). Never throws: a failure is logged.
 */
export function kickEtlJobs(ctx: AppContext): void {
  const runner = runnerOf(ctx);
  if (runner.running) {
    runner.again = true;
    return;
  }
  runner.running = (async () => {
    do {
      runner.again = false;
      await failAbandonedEtlJobs(ctx);
      while (await runNextJob(ctx, runner)) {
        // one job after the other
      }
    } while (runner.again);
  })()
    .catch((err: unknown) => ctx.log(`[etl] the job runner stopped: ${(err as Error).stack ?? String(err)}`))
    .finally(() => {
      runner.running = null;
    });
}

/** Resolves once this process runs no job (tests await it instead of polling; close awaits it). */
export async function etlJobsSettled(ctx: AppContext): Promise<void> {
  const runner = runners.get(ctx.db);
  while (runner?.running) await runner.running;
}

/** Waits for the running job, then ends the runner's sheet worker. */
export async function stopEtlJobs(ctx: AppContext): Promise<void> {
  await etlJobsSettled(ctx);
  const runner = runners.get(ctx.db);
  await runner?.sheets?.close();
  if (runner) runner.sheets = null;
}

type ClaimedJob = {
  id: string;
  kind: EtlKind;
  fileName: string;
  upload: Uint8Array | null;
  createdBy: string | null;
  createdByEmail: string;
};

/**
 * Marks failed every `running` job whose lease has run out at `ctx.now()` (or that has none: a job
 * started before leases existed), with {@link ETL_ABANDONED_MESSAGE}, dropping its upload. Answers
 * how many. Run before each runner looks for queued jobs.
 */
export async function failAbandonedEtlJobs(ctx: AppContext): Promise<number> {
  const now = new Date(ctx.now()).toISOString();
  const failed = await rows<{ id: string }>(
    ctx.db,
    sql`update etl_job set status = 'failed', message = ${ETL_ABANDONED_MESSAGE}, upload = null,
          lease_expires_at = null, finished_at = ${now}::timestamptz
        where status = 'running' and (lease_expires_at is null or lease_expires_at <= ${now}::timestamptz)
        returning id`,
  );
  for (const job of failed) ctx.log(`[etl] job ${job.id} was left running by a stopped process: failed`);
  return failed.length;
}

/** The lease of a job working at `ctx.now()`: {@link ETL_LEASE_MS} on. */
const leaseFrom = (ctx: AppContext) => new Date(ctx.now() + ETL_LEASE_MS);

/** Claims and runs the oldest queued job; false when there is none. */
async function runNextJob(ctx: AppContext, runner: Runner): Promise<boolean> {
  const now = new Date(ctx.now());
  const [job] = await rows<ClaimedJob>(
    ctx.db,
    sql`update etl_job set status = 'running', started_at = ${now.toISOString()}::timestamptz,
          lease_expires_at = ${leaseFrom(ctx).toISOString()}::timestamptz
        where id = (select id from etl_job where status = 'queued' order by created_at, id limit 1
                    for update skip locked)
        returning id, kind, file_name as "fileName", upload, created_by as "createdBy",
          created_by_email as "createdByEmail"`,
  );
  if (!job) return false;
  try {
    await runJob(ctx, runner, job);
  } catch (err) {
    if (err instanceof LeaseLost) {
      ctx.log(`[etl] job ${job.id} was failed by another runner while this one worked on it`);
      return true;
    }
    const message =
      err instanceof ApiError
        ? err.message
        : "The import stopped on an unexpected error; the rows before it stay imported";
    if (!(err instanceof ApiError))
      ctx.log(`[etl] job ${job.id} failed: ${(err as Error).stack ?? String(err)}`);
    await ctx.db
      .update(etlJob)
      .set({ status: "failed", message, upload: null, leaseExpiresAt: null, finishedAt: new Date(ctx.now()) })
      .where(and(eq(etlJob.id, job.id), eq(etlJob.status, "running")));
  }
  return true;
}

/** A cell as the text the row schemas read (numbers as written, e.g. 2 or 12345). */
function cellText(cell: SheetCell | undefined): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  return typeof cell === "number" ? `${cell}` : cell;
}

async function runJob(ctx: AppContext, runner: Runner, job: ClaimedJob): Promise<void> {
  // Postgres answers bytea as a Buffer, PGlite as a Uint8Array: both are bytes.
  const bytes = job.upload ? new Uint8Array(job.upload) : new Uint8Array();
  runner.sheets ??= createSheetReader({ parallel: 1, limits: ETL_SHEET_LIMITS });
  // Parsed in a worker thread, outside any transaction.
  const sheet = await runner.sheets.read(job.fileName, bytes);
  const [header, ...data] = sheet.rows;
  const columns = ETL_COLUMNS[job.kind] as readonly string[];
  const byName = new Map(columns.map((c) => [c.toLowerCase(), c]));
  const positions = new Map<string, number>();
  header?.cells.forEach((cell, i) => {
    const name = byName.get((cellText(cell) ?? "").toLowerCase());
    if (name && !positions.has(name)) positions.set(name, i);
  });
  const missing = ETL_REQUIRED_COLUMNS[job.kind].filter((c) => !positions.has(c));
  if (!header || missing.length > 0) {
    const message = `The first row must name the columns ${columns.join(", ")}; missing: ${missing.join(", ")}`;
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(etlJobError)
        .values({ jobId: job.id, line: header?.line ?? 1, field: null, reason: message });
      await tx
        .update(etlJob)
        .set({
          status: "failed",
          message,
          rowsFailed: 0,
          upload: null,
          leaseExpiresAt: null,
          finishedAt: new Date(ctx.now()),
        })
        .where(eq(etlJob.id, job.id));
    });
    return;
  }
  // Parsed: the lease moves on from here.
  await ctx.db
    .update(etlJob)
    .set({ rowsTotal: data.length, leaseExpiresAt: leaseFrom(ctx) })
    .where(eq(etlJob.id, job.id));

  const actor: AuditActor = { id: job.createdBy, email: job.createdByEmail };
  const memory: JobMemory = { keys: new Map() };
  const schema = ETL_ROW_SCHEMAS[job.kind];
  for (let start = 0; start < data.length; start += ETL_BATCH_ROWS) {
    const batch = data.slice(start, start + ETL_BATCH_ROWS);
    const valid: ValidRow[] = [];
    const bad: BadRow[] = [];
    for (const row of batch) {
      const parsed = schema.safeParse(rowObject(row, positions));
      if (parsed.success) valid.push({ line: row.line, values: parsed.data as ValidRow["values"] });
      else {
        const issue = parsed.error.issues[0];
        const field = issue?.path[0];
        bad.push({
          line: row.line,
          field: typeof field === "string" ? field : null,
          reason: issue?.message ?? "Invalid row",
        });
      }
    }
    await ctx.db.transaction(async (tx) => {
      const outcome: BatchOutcome = await importBatch(tx, {
        kind: job.kind,
        jobId: job.id,
        actor,
        at: new Date(ctx.now()),
        rows: valid,
        memory,
      });
      const failed = [...bad, ...outcome.bad].sort((a, b) => a.line - b.line);
      if (failed.length > 0) {
        await tx.insert(etlJobError).values(failed.map((f) => ({ jobId: job.id, ...f })));
      }
      // The counts move with the batch, and the lease with them; a job no longer running here (failed
      // by another runner after its lease ran out) takes none of it.
      const moved = await tx
        .update(etlJob)
        .set({
          rowsDone: sql`${etlJob.rowsDone} + ${batch.length}`,
          rowsImported: sql`${etlJob.rowsImported} + ${outcome.imported}`,
          rowsSkipped: sql`${etlJob.rowsSkipped} + ${outcome.skipped}`,
          rowsFailed: sql`${etlJob.rowsFailed} + ${failed.length}`,
          leaseExpiresAt: leaseFrom(ctx),
        })
        .where(and(eq(etlJob.id, job.id), eq(etlJob.status, "running")))
        .returning({ id: etlJob.id });
      if (moved.length === 0) throw new LeaseLost(job.id);
    });
  }
  await ctx.db
    .update(etlJob)
    .set({ status: "done", upload: null, leaseExpiresAt: null, finishedAt: new Date(ctx.now()) })
    .where(and(eq(etlJob.id, job.id), eq(etlJob.status, "running")));
}

/** A data row as an object of the kind's columns (absent cells left out). */
function rowObject(row: SheetRow, positions: Map<string, number>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, i] of positions) {
    const text = cellText(row.cells[i]);
    if (text !== undefined) values[name] = text;
  }
  return values;
}

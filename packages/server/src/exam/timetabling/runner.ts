/**
 * Runs timetabling jobs in worker threads (improve-worker.ts) and keeps, per database handle, the
 * jobs this process runs: their stop flag (a SharedArrayBuffer the worker's clock reads), their
 * latest progress and who listens to it (the events stream). The worker's progress is written to
 * the job's row (with `heartbeat_at`), at most one write in flight, so another process's readers
 * see it and a stop asked through another process (`stop_requested`) reaches the worker.
 */
import { Worker } from "node:worker_threads";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { timetablingJob } from "../../db/schema.ts";
import type { WorkerMessage, WorkerProblem } from "./improve-worker.ts";

/** The worker's script, run by Node as TypeScript (erasable syntax only) beside this module. */
const WORKER_URL = new URL("./improve-worker.ts", import.meta.url);

/** Progress of a running job as this process last heard it (elapsed in milliseconds). */
export type LiveProgress = { iteration: number; penalty: number; bestPenalty: number; elapsedMs: number };

/** A job running in this process. `finished` settles once its outcome is written to its row. */
export type LiveJob = {
  stop: Int32Array;
  listeners: Set<(progress: LiveProgress) => void>;
  finished: Promise<void>;
};

const registries = new WeakMap<Database, Map<string, LiveJob>>();

function registry(ctx: AppContext): Map<string, LiveJob> {
  let jobs = registries.get(ctx.db);
  if (!jobs) {
    jobs = new Map();
    registries.set(ctx.db, jobs);
  }
  return jobs;
}

/** The job `id` when this process runs it, else undefined. */
export function liveTimetablingJob(ctx: AppContext, id: string): LiveJob | undefined {
  return registry(ctx).get(id);
}

/** Asks the job `id` to stop when this process runs it (it keeps the best timetable found). */
export function signalStop(ctx: AppContext, id: string): void {
  const live = registry(ctx).get(id);
  if (live) Atomics.store(live.stop, 0, 1);
}

/**
 * Starts the worker of job `id` (its row written, status running) on `problem`. Returns at once;
 * the outcome is written to the row: done (or stopped, when a stop was asked) with the proposal and
 * penalties, or failed with a message. Never throws.
 */
export function launchTimetablingJob(ctx: AppContext, id: string, problem: WorkerProblem): LiveJob {
  const jobs = registry(ctx);
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const listeners = new Set<(progress: LiveProgress) => void>();
  const worker = new Worker(WORKER_URL);
  let writing: Promise<void> = Promise.resolve();
  let latest: LiveProgress | null = null;
  let busy = false;

  /** Writes the latest progress to the row, one write at a time; picks up a stop asked elsewhere. */
  const writeProgress = () => {
    if (busy) return;
    busy = true;
    writing = (async () => {
      while (latest) {
        const p = latest;
        latest = null;
        const [row] = await ctx.db
          .update(timetablingJob)
          .set({ ...p, heartbeatAt: new Date(ctx.now()) })
          .where(and(eq(timetablingJob.id, id), eq(timetablingJob.status, "running")))
          .returning({ stopRequested: timetablingJob.stopRequested });
        if (row?.stopRequested) Atomics.store(stop, 0, 1);
      }
    })()
      .catch((err: unknown) => ctx.log(`[timetabling] progress of job ${id} not written: ${String(err)}`))
      .finally(() => {
        busy = false;
      });
  };

  const finished = new Promise<void>((resolve) => {
    let settled = false;
    const finish = async (outcome: WorkerMessage & { kind: "done" | "failed" }) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      try {
        await writing;
        const at = new Date(ctx.now());
        if (outcome.kind === "done") {
          const last: LiveProgress = {
            iteration: outcome.iterations,
            penalty: outcome.penalty,
            bestPenalty: outcome.penalty,
            elapsedMs: outcome.elapsedMs,
          };
          await ctx.db
            .update(timetablingJob)
            .set({
              status: Atomics.load(stop, 0) === 1 ? "stopped" : "done",
              ...last,
              startPenalty: outcome.startPenalty,
              proposal: Object.fromEntries(outcome.proposal),
              heartbeatAt: at,
              finishedAt: at,
            })
            .where(and(eq(timetablingJob.id, id), eq(timetablingJob.status, "running")));
          for (const listener of listeners) listener(last);
        } else {
          ctx.log(`[timetabling] job ${id} failed: ${outcome.message}`);
          await ctx.db
            .update(timetablingJob)
            .set({
              status: "failed",
              message: "The timetabler stopped on an unexpected error; the timetable is unchanged",
              heartbeatAt: at,
              finishedAt: at,
            })
            .where(and(eq(timetablingJob.id, id), eq(timetablingJob.status, "running")));
        }
      } catch (err) {
        ctx.log(`[timetabling] outcome of job ${id} not written: ${String(err)}`);
      } finally {
        jobs.delete(id);
        resolve();
      }
    };
    worker.on("message", (message: WorkerMessage) => {
      if (message.kind === "progress") {
        const { kind: _, ...progress } = message;
        latest = progress;
        for (const listener of listeners) listener(progress);
        writeProgress();
      } else void finish(message);
    });
    worker.on("error", (error) => void finish({ kind: "failed", message: error.message }));
    worker.on("exit", (code) => void finish({ kind: "failed", message: `worker exited with code ${code}` }));
  });
  const live: LiveJob = { stop, listeners, finished };
  jobs.set(id, live);
  worker.postMessage({ problem, stop: stop.buffer });
  return live;
}

/** Resolves once this process runs no timetabling job (tests await it instead of polling). */
export async function timetablingJobsSettled(ctx: AppContext): Promise<void> {
  const jobs = registries.get(ctx.db);
  while (jobs && jobs.size > 0) await Promise.all([...jobs.values()].map((j) => j.finished));
}

/** Stops every job this process runs (each keeps its best timetable) and waits for them: shutdown. */
export async function stopTimetablingJobs(ctx: AppContext): Promise<void> {
  for (const job of registries.get(ctx.db)?.values() ?? []) Atomics.store(job.stop, 0, 1);
  await timetablingJobsSettled(ctx);
}

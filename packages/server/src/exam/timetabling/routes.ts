import { ZExamLock, ZId, ZTimetablingStart } from "@portal/domain";
import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { AppContext, AppEnv } from "../../context.ts";
import { parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/input.ts";
import {
  acceptTimetablingJob,
  compareTimetablingJob,
  discardTimetablingJob,
  getTimetablingJob,
  latestTimetablingJob,
  startTimetablingJob,
  stopTimetablingJob,
  type TimetablingJobView,
} from "./jobs.ts";
import { setExamLock } from "./lock.ts";
import { type LiveProgress, liveTimetablingJob } from "./runner.ts";

const ZJobParam = z.object({ id: ZId });
const ZLatestQuery = z.object({ examCycleId: ZId });
/** How often the events stream reads a job another process runs, milliseconds. */
const REMOTE_POLL_MS = 1000;

/**
 * Routes of the exam planner's timetabling job (openapi/timetabling.yaml): start (202), the latest
 * job of a cycle, one job, its progress as server-sent events, stop, compare, accept, discard; and
 * the lock that keeps an exam in its period during a job. The exam office, by the generated role
 * table.
 */
export function timetablingRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idParam = (c: Context<AppEnv>) => parseOrThrow(ZJobParam, { id: c.req.param("id") }).id;

  app.post("/sf/exam/timetablingJobs", async (c) => {
    const input = parseOrThrow(ZTimetablingStart, await readJson(c));
    return c.json({ success: true as const, job: await startTimetablingJob(ctx, c.get("user"), input) }, 202);
  });
  app.get("/sf/exam/timetablingJobs", async (c) => {
    const { examCycleId } = parseOrThrow(ZLatestQuery, c.req.query());
    return c.json({ success: true as const, job: await latestTimetablingJob(ctx, examCycleId) });
  });
  app.get("/sf/exam/timetablingJobs/:id", async (c) =>
    c.json({ success: true as const, job: await getTimetablingJob(ctx, idParam(c)) }),
  );
  app.get("/sf/exam/timetablingJobs/:id/events", async (c) => {
    const id = idParam(c);
    const first = await getTimetablingJob(ctx, id);
    return streamSSE(c, async (stream) => {
      const send = (job: TimetablingJobView) => stream.writeSSE({ data: JSON.stringify(job) });
      await send(first);
      if (first.state !== "running") return;
      const live = liveTimetablingJob(ctx, id);
      if (!live) {
        // Another process runs the job: follow its row until it ends or the client goes.
        for (;;) {
          await stream.sleep(REMOTE_POLL_MS);
          if (stream.aborted) return;
          const job = await getTimetablingJob(ctx, id);
          await send(job);
          if (job.state !== "running") return;
        }
      }
      let latest: LiveProgress | null = null;
      let ended = false;
      let wake: (() => void) | null = null;
      const listener = (progress: LiveProgress) => {
        latest = progress;
        wake?.();
      };
      live.listeners.add(listener);
      void live.finished.then(() => {
        ended = true;
        wake?.();
      });
      stream.onAbort(() => {
        ended = true;
        wake?.();
      });
      try {
        while (!ended) {
          if (!latest) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = null;
          }
          const progress: LiveProgress | null = latest;
          latest = null;
          if (progress && !ended) {
            const { iteration, penalty, bestPenalty, elapsedMs } = progress;
            await send({ ...first, iteration, penalty, bestPenalty, elapsed: elapsedMs });
          }
        }
      } finally {
        live.listeners.delete(listener);
      }
      if (!stream.aborted) await send(await getTimetablingJob(ctx, id));
    });
  });
  app.post("/sf/exam/timetablingJobs/:id/stop", async (c) =>
    c.json({ success: true as const, job: await stopTimetablingJob(ctx, c.get("user"), idParam(c)) }, 202),
  );
  app.get("/sf/exam/timetablingJobs/:id/comparison", async (c) =>
    c.json({ success: true as const, ...(await compareTimetablingJob(ctx, idParam(c))) }),
  );
  app.post("/sf/exam/timetablingJobs/:id/accept", async (c) =>
    c.json({ success: true as const, ...(await acceptTimetablingJob(ctx, c.get("user"), idParam(c))) }),
  );
  app.put("/sf/exam/exams/:id/lock", async (c) => {
    const id = idParam(c);
    const input = parseOrThrow(ZExamLock, await readJson(c));
    return c.json({ success: true as const, exam: await setExamLock(ctx, c.get("user"), id, input) });
  });
  app.post("/sf/exam/timetablingJobs/:id/discard", async (c) =>
    c.json({ success: true as const, job: await discardTimetablingJob(ctx, c.get("user"), idParam(c)) }),
  );
  return app;
}

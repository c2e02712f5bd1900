import type { Database } from "../db/client.ts";
import type { FileStore, SweepResult } from "./file-store.ts";

/** A file no record names is removed once it is older than this: 24 hours, in ms. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** How often the server process sweeps: every hour, in ms (and once at start). */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * One sweep of the file store: removes every file created more than {@link ORPHAN_AGE_MS} before
 * `now()` that no record names (files/references.ts), and publishes pending local files whose record
 * committed. Several processes may sweep one store at once (each delete is of unnamed rows only).
 */
export function sweepOrphanFiles(deps: {
  db: Database;
  files: FileStore;
  now: () => number;
}): Promise<SweepResult> {
  return deps.files.sweep(deps.db, new Date(deps.now() - ORPHAN_AGE_MS));
}

/** A repeating timer: `schedule(run, ms)` calls `run` every `ms` and answers a function that stops it. */
export type Schedule = (run: () => void, ms: number) => () => void;

/** setInterval, unref'd so the timer never keeps the process alive. */
export const intervalSchedule: Schedule = (run, ms) => {
  const timer = setInterval(run, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export type FileSweeper = {
  /** Sweeps now (a sweep already running is awaited instead of starting a second). */
  run(): Promise<SweepResult>;
  /** Stops the timer and waits for a running sweep. */
  stop(): Promise<void>;
};

/**
 * Starts the periodic sweep of the server process: once now, then every {@link SWEEP_INTERVAL_MS}
 * (`schedule`, default an unref'd setInterval). A failed sweep is logged and tried again at the next
 * tick. `createPortalApi` starts it and its `close()` stops it.
 */
export function startFileSweep(deps: {
  db: Database;
  files: FileStore;
  now: () => number;
  log: (line: string) => void;
  schedule?: Schedule;
  intervalMs?: number;
}): FileSweeper {
  let running: Promise<SweepResult> | null = null;
  let stopped = false;
  const run = (): Promise<SweepResult> => {
    if (running) return running;
    const current = sweepOrphanFiles(deps)
      .then((result) => {
        if (result.removed > 0 || result.published > 0) {
          deps.log(`[files] sweep: ${result.removed} orphan file(s) removed, ${result.published} published`);
        }
        return result;
      })
      .catch((err: unknown) => {
        deps.log(`[files] sweep failed: ${err instanceof Error ? err.message : String(err)}`);
        return { removed: 0, published: 0 };
      })
      .finally(() => {
        running = null;
      });
    running = current;
    return current;
  };
  const cancel = (deps.schedule ?? intervalSchedule)(() => {
    if (!stopped) void run();
  }, deps.intervalMs ?? SWEEP_INTERVAL_MS);
  void run();
  return {
    run,
    async stop() {
      stopped = true;
      cancel();
      await running;
    },
  };
}

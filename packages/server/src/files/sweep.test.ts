import { describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import type { FileStore, SweepResult } from "./file-store.ts";
import { ORPHAN_AGE_MS, type Schedule, SWEEP_INTERVAL_MS, startFileSweep } from "./sweep.ts";

/** A store whose sweeps the test settles one by one, recording each cutoff. */
function controlledStore() {
  const cutoffs: Date[] = [];
  const pending: Array<{ resolve: (r: SweepResult) => void; reject: (e: Error) => void }> = [];
  const files = {
    kind: "local",
    sweep: (_db: Database, before: Date) => {
      cutoffs.push(before);
      return new Promise<SweepResult>((resolve, reject) => pending.push({ resolve, reject }));
    },
  } as unknown as FileStore;
  return { files, cutoffs, pending };
}

/** A schedule the test ticks by hand. */
function manualSchedule() {
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const schedule: Schedule = (run, ms) => {
    const timer = { run, ms, cancelled: false };
    timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  const tick = () => {
    for (const timer of timers) if (!timer.cancelled) timer.run();
  };
  return { schedule, timers, tick };
}

describe("the periodic file sweep", () => {
  it("sweeps at start and on each tick with the cutoff a day before the clock, never two at once, and stops", async () => {
    const { files, cutoffs, pending } = controlledStore();
    const { schedule, timers, tick } = manualSchedule();
    let now = Date.parse("2026-11-26T00:00:00Z");
    const lines: string[] = [];
    const sweeper = startFileSweep({
      db: {} as Database,
      files,
      now: () => now,
      log: (line) => lines.push(line),
      schedule,
    });
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(SWEEP_INTERVAL_MS);
    expect(cutoffs).toEqual([new Date(now - ORPHAN_AGE_MS)]);

    // A tick while the first sweep runs joins it instead of starting a second.
    tick();
    expect(cutoffs).toHaveLength(1);
    pending[0]?.resolve({ removed: 2, published: 1 });
    expect(await sweeper.run()).toEqual({ removed: 2, published: 1 });
    expect(lines).toEqual(["[files] sweep: 2 orphan file(s) removed, 1 published"]);

    now += SWEEP_INTERVAL_MS;
    tick();
    expect(cutoffs[1]).toEqual(new Date(now - ORPHAN_AGE_MS));
    pending[1]?.reject(new Error("database gone"));
    expect(await sweeper.run()).toEqual({ removed: 0, published: 0 });
    expect(lines[1]).toBe("[files] sweep failed: database gone");

    // stop() waits for the running sweep, and no tick starts another after it.
    tick();
    let stopped = false;
    const stopping = sweeper.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    pending[2]?.resolve({ removed: 0, published: 0 });
    await stopping;
    expect(stopped).toBe(true);
    expect(timers[0]?.cancelled).toBe(true);
    tick();
    expect(cutoffs).toHaveLength(3);
  });
});

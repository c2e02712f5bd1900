import type { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi, testTargets } from "../test/harness.ts";
import {
  cachedReadModel,
  coalescedReader,
  readModelCacheOn,
  readModelCounter,
  setReadModelCache,
} from "./read-model-cache.ts";
import { examCycle, readModelVersion } from "./schema.ts";

/** A promise with its resolve function, to hold a fake read in flight. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("coalescedReader", () => {
  it("shares the next read among calls made while one is in flight, never the one in flight", async () => {
    // The fake database: `state` changes at any time; a read answers the state of when it was sent.
    let state = 1;
    const sent: Array<ReturnType<typeof deferred<number>>> = [];
    const read = coalescedReader(() => {
      const d = deferred<number>();
      const at = state;
      sent.push(d);
      return d.promise.then(() => at);
    });

    const first = read();
    expect(sent).toHaveLength(1); // a lone call is sent at once
    state = 2; // a write commits while the first read is in flight
    const later = [read(), read(), read()];
    expect(sent).toHaveLength(1); // they wait for the next read
    sent[0]?.resolve(0);
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    sent[1]?.resolve(0);
    expect(await Promise.all(later)).toEqual([2, 2, 2]);

    const again = read(); // nothing in flight: sent at once
    expect(sent).toHaveLength(3);
    sent[2]?.resolve(0);
    expect(await again).toBe(2);
  });

  it("hands a failed read to its callers and reads afresh for the next call", async () => {
    let calls = 0;
    const read = coalescedReader(async () => {
      calls++;
      if (calls === 1) throw new Error("connection lost");
      return calls;
    });
    await expect(read()).rejects.toThrow("connection lost");
    expect(await read()).toBe(2);
  });
});

describe.each(testTargets())("read-model cache on $name", (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function counter(): Promise<number> {
    const [row] = await api.ctx.db
      .select({ version: readModelVersion.version })
      .from(readModelVersion)
      .where(eq(readModelVersion.name, "exam_operations"));
    return row?.version ?? Number.NaN;
  }

  it("moves the exam operations counter on a write to any table their reads use, retest requests too", async () => {
    // Who sits a retest exam is read from retest_request (exam/candidates.ts), migration 0017.
    for (const table of ["exam", "enrolment", "exam_eligibility", "retest_request"]) {
      const before = await counter();
      await api.ctx.db.execute(sql.raw(`update ${table} set id = id where false`));
      expect(await counter(), table).toBe(before + 1);
    }
  });

  it("computes once for concurrent calls and keeps no failed answer", async () => {
    const db = api.ctx.db;
    let computed = 0;
    const compute = async () => ++computed;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cachedReadModel(db, "exam_operations", "shared", compute)),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, () => 1));
    expect(computed).toBe(1);

    const failing = cachedReadModel(db, "exam_operations", "failing", async () => {
      throw new Error("query failed");
    });
    await expect(failing).rejects.toThrow("query failed");
    expect(await cachedReadModel(db, "exam_operations", "failing", async () => "fresh")).toBe("fresh");
  });

  it("computes every call afresh and keeps nothing while the cache is off, then keeps again", async () => {
    const db = api.ctx.db;
    let computed = 0;
    const ask = () => cachedReadModel(db, "exam_operations", "switch", async () => ++computed);
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(1);
    setReadModelCache(db, false);
    try {
      expect(readModelCacheOn(db)).toBe(false);
      expect(await ask()).toBe(2);
      expect(await ask()).toBe(3);
    } finally {
      setReadModelCache(db, true);
    }
    expect(readModelCacheOn(db)).toBe(true);
    // What was kept before the switch went off is gone: the next answer is computed, then kept.
    expect(await ask()).toBe(4);
    expect(await ask()).toBe(4);
  });

  it("answers every call made after a write with the new counter, under concurrent calls", async () => {
    const db = api.ctx.db;
    let computed = 0;
    const ask = () => cachedReadModel(db, "exam_operations", "under-load", async () => ++computed);
    const before = await Promise.all(Array.from({ length: 10 }, ask));
    expect(new Set(before).size).toBe(1);
    // Calls in flight while a trigger-bumping write runs, then calls made after it has finished.
    const during = Array.from({ length: 10 }, ask);
    await db.update(examCycle).set({ name: sql`${examCycle.name}` });
    const after = await Promise.all(Array.from({ length: 10 }, ask));
    await Promise.all(during);
    expect(after.every((n) => n > (before[0] ?? 0))).toBe(true);
    expect(await readModelCounter(db, "exam_operations")).toBe(await counter());
  });

  it.runIf(target.name === "pglite")(
    "reads no counter while nothing has run, and sees every way a write can arrive",
    async () => {
      const db = api.ctx.db;
      const client = (db as unknown as { $client: PGlite }).$client;
      await readModelCounter(db, "exam_operations");
      const queries = vi.spyOn(client, "query");
      try {
        for (let i = 0; i < 5; i++) await readModelCounter(db, "exam_operations");
        expect(queries).not.toHaveBeenCalled();

        // Trigger bumps by a drizzle statement, a raw query, a simple-protocol exec, a transaction.
        const writes: Array<() => Promise<unknown>> = [
          () => db.update(examCycle).set({ name: sql`${examCycle.name}` }),
          () => client.query(`update exam_cycle set name = name`),
          () => client.exec(`update exam_cycle set name = name`),
          () => db.transaction((tx) => tx.update(examCycle).set({ name: sql`${examCycle.name}` })),
        ];
        for (const write of writes) {
          const seen = await readModelCounter(db, "exam_operations");
          await write();
          const now = await readModelCounter(db, "exam_operations");
          expect(now).toBeGreaterThan(seen ?? Number.POSITIVE_INFINITY);
          expect(now).toBe(await counter());
        }

        // While a transaction that has bumped the counter is still open, the kept value is not
        // trusted: the read waits for the transaction and sees its bump.
        const seen = await readModelCounter(db, "exam_operations");
        const updated = deferred<void>();
        const held = deferred<void>();
        const transaction = db.transaction(async (tx) => {
          await tx.update(examCycle).set({ name: sql`${examCycle.name}` });
          updated.resolve();
          await held.promise;
        });
        await updated.promise;
        const duringTransaction = readModelCounter(db, "exam_operations");
        held.resolve();
        await transaction;
        expect(await duringTransaction).toBeGreaterThan(seen ?? Number.POSITIVE_INFINITY);
      } finally {
        queries.mockRestore();
      }
    },
  );
});

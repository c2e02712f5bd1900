import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EXAM_CYCLE } from "../demo/seed.ts";
import { countStudentClashes, examsSharingAStudent } from "../test/exam-sittings.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { openDatabase } from "./client.ts";
import { cachedWarmReadModel, readModelCounter, rewarmSettled } from "./read-model-cache.ts";
import { LISTENER_APPLICATION_NAME, startReadModelSharing } from "./read-model-sharing.ts";
import { exam, examCycle } from "./schema.ts";

type Dashboard = { clashes: { students: number } };

const postgres = testTargets().find((t) => t.name === "postgres");

describe("read models on the embedded database", () => {
  it("share nothing: one process, no listener", async () => {
    const api = await createTestApi({ name: "pglite" });
    try {
      expect(api.sharing).toBeNull();
    } finally {
      await api.close();
    }
  });
});

/**
 * Two API instances on one PostgreSQL database, as two portal processes: a write through one is
 * announced to the other (NOTIFY on commit), one of them recomputes the exam dashboard (advisory
 * lock per key) and the other reads its answer; each computation is counted through `onCompute`.
 */
describe.skipIf(!postgres)("reads kept warm across processes on PostgreSQL", () => {
  const computed: Array<{ by: "A" | "B"; key: string }> = [];
  let a: TestApi;
  let b: TestApi;
  let authA: Record<string, string>;
  let authB: Record<string, string>;
  let cycleId: string;

  beforeAll(async () => {
    if (!postgres) return;
    // No budget: a process behind another's recompute waits for its answer, so the count is exact.
    a = await createTestApi(postgres, {
      sharing: {
        waitBudgetMs: Number.POSITIVE_INFINITY,
        onCompute: (key) => computed.push({ by: "A", key }),
      },
    });
    b = await createTestApi(postgres, {
      sameDatabaseAs: a,
      sharing: {
        waitBudgetMs: Number.POSITIVE_INFINITY,
        onCompute: (key) => computed.push({ by: "B", key }),
      },
    });
    authA = await signInHeaders(a);
    authB = await signInHeaders(b);
    const [cycle] = await a.ctx.db
      .select({ id: examCycle.id })
      .from(examCycle)
      .where(eq(examCycle.name, DEMO_EXAM_CYCLE));
    cycleId = cycle?.id ?? "";
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const dashboard = async (api: TestApi, auth: Record<string, string>): Promise<Dashboard> => {
    const res = await api.call("GET", `/api/sf/exam/examDashboard?examCycleId=${cycleId}`, { headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Dashboard;
  };

  /** Moves an exam through A onto the sitting of another exam sharing a student: one clash more. */
  const makeAClash = async (): Promise<void> => {
    const { first, second } = await examsSharingAStudent(a.ctx.db, cycleId);
    const [row] = await a.ctx.db.select().from(exam).where(eq(exam.id, second.id));
    if (!row) throw new Error("exam gone");
    const saved = await a.call("POST", "/api/salesforce/TimeTable", {
      headers: authA,
      body: [
        {
          id: row.id,
          duration: row.durationMinutes,
          dateOfExam: first.date,
          timeOfExam: first.startTime,
          examType: row.examType,
          venue: row.venue,
          version: row.version,
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };

  it("a write through A shows in B's next read, and only one of them recomputes", async () => {
    const before = await dashboard(a, authA);
    expect(computed.map((c) => c.by)).toEqual(["A"]);
    // B finds the answer A stored for the same counter and does not compute it.
    expect(await dashboard(b, authB)).toEqual(before);
    expect(computed).toHaveLength(1);
    const dashboardKey = computed[0]?.key;
    computed.length = 0;

    await makeAClash();
    const version = (await readModelCounter(a.ctx.db, "exam_operations")) ?? 0;
    // Both processes have handled the announcement of the write, and their refreshes have settled.
    await Promise.all([
      a.sharing?.seen("exam_operations", version),
      b.sharing?.seen("exam_operations", version),
    ]);
    await Promise.all([rewarmSettled(a.ctx.db), rewarmSettled(b.ctx.db)]);
    expect(computed.filter((c) => c.key === dashboardKey)).toHaveLength(1);
    computed.length = 0;

    const afterB = await dashboard(b, authB);
    expect(afterB.clashes.students).toBeGreaterThan(before.clashes.students);
    expect(await dashboard(a, authA)).toEqual(afterB);
    // Both answered from memory: the recompute after the write was the only one.
    expect(computed).toEqual([]);
  });

  it("a reader behind a recompute it did not start computes itself once its budget is spent", async () => {
    const url = a.databaseUrl ?? "";
    const handle = await openDatabase({ databaseUrl: url, pgliteDir: "memory://" });
    const mine: string[] = [];
    // A budget of 0: the reader does not wait for an announcement at all.
    const sharing = await startReadModelSharing(handle.db, url, {
      waitBudgetMs: 0,
      onCompute: (k) => mine.push(k),
    });
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const key = "exam_operations|budget probe";
      // Another process holds the key's lock and never announces an answer.
      await other.query("select pg_advisory_lock(hashtextextended($1, 0))", [key]);
      const answer = await cachedWarmReadModel(handle.db, "exam_operations", "budget probe", async () => ({
        n: 1,
      }));
      expect(answer).toEqual({ n: 1 });
      expect(mine).toEqual([key]);
    } finally {
      await other.end();
      await sharing.close();
      await handle.close();
    }
  });

  it("after its listening connection drops, B answers what A wrote, reconnects and shares answers again", async () => {
    const sharingB = b.sharing;
    if (!sharingB) throw new Error("B shares nothing");
    // Both know the dashboard at the current counter.
    expect(await dashboard(b, authB)).toEqual(await dashboard(a, authA));
    const made = sharingB.connections();
    const pid = sharingB.listenerPid();
    const admin = new pg.Client({ connectionString: a.databaseUrl ?? "" });
    await admin.connect();
    try {
      // Only this test's listener: other runs may share the server.
      const killed = await admin.query<{ done: boolean }>(
        "select pg_terminate_backend(pid) as done from pg_stat_activity where pid = $1 and application_name = $2",
        [pid, LISTENER_APPLICATION_NAME],
      );
      expect(killed.rows[0]?.done).toBe(true);
    } finally {
      await admin.end();
    }

    // Whether or not B hears of it, its next read counts the write (the counters decide).
    await makeAClash();
    const clashes = await countStudentClashes(a.ctx.db, cycleId);
    expect((await dashboard(b, authB)).clashes.students).toBe(clashes);
    expect((await dashboard(a, authA)).clashes.students).toBe(clashes);

    // B listens on a new connection and has caught up on what it may have missed.
    await sharingB.listening(made + 1);
    expect(sharingB.connections()).toBe(made + 1);
    expect(sharingB.listenerPid()).not.toBe(pid);
    const missed = (await readModelCounter(a.ctx.db, "exam_operations")) ?? 0;
    await sharingB.seen("exam_operations", missed);
    await Promise.all([rewarmSettled(a.ctx.db), rewarmSettled(b.ctx.db)]);

    // Shared again: after the next write one process recomputes the dashboard, the other reads it.
    computed.length = 0;
    await makeAClash();
    const version = (await readModelCounter(a.ctx.db, "exam_operations")) ?? 0;
    await Promise.all([
      a.sharing?.seen("exam_operations", version),
      sharingB.seen("exam_operations", version),
    ]);
    await Promise.all([rewarmSettled(a.ctx.db), rewarmSettled(b.ctx.db)]);
    const dashboards = computed.filter((c) => c.key.startsWith(`exam_operations|dashboard|${cycleId}|`));
    expect(dashboards).toHaveLength(1);
    computed.length = 0;
    const now = await countStudentClashes(a.ctx.db, cycleId);
    expect((await dashboard(b, authB)).clashes.students).toBe(now);
    expect((await dashboard(a, authA)).clashes.students).toBe(now);
    expect(computed).toEqual([]);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../../db/client.ts";
import { createBenchmarkPapers } from "../../demo/seed.ts";
import { createTestApi, type TestApi, testTargets } from "../../test/harness.ts";
import { listQuestionPapers } from "./question-papers.ts";

/**
 * question_paper_tally (migration 0022) counts the papers per course offering and status, kept by
 * statement triggers in the writer's transaction; the list reads its totals and page boundaries from
 * it when no exam cycle or faculty filter is set. After every kind of write the tally must equal the
 * papers counted afresh, and the list's totals must equal the papers that match.
 */

type Count = { offering: string; status: string; n: number };

/** Rows of `text` as (offering, status, n), sorted, for comparing two counts. */
async function countsOf(db: Executor, text: ReturnType<typeof sql>): Promise<Count[]> {
  const result = (await db.execute(text)) as unknown as { rows?: Count[] } | Count[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return rows
    .map((r) => ({ offering: String(r.offering), status: String(r.status), n: Number(r.n) }))
    .sort((a, b) => `${a.offering}|${a.status}`.localeCompare(`${b.offering}|${b.status}`));
}

const tally = (db: Executor) =>
  countsOf(db, sql`select course_offering_id as offering, status, n from question_paper_tally`);
const counted = (db: Executor) =>
  countsOf(
    db,
    sql`select course_offering_id as offering, status, count(*)::int as n from question_paper group by 1, 2`,
  );

describe.each(testTargets())("question-paper tally on $name", (target) => {
  let api: TestApi;
  const none = { course: "", status: "", term: "", faculty: "", batch: "", examCycle: "" };

  beforeAll(async () => {
    api = await createTestApi(target);
    await createBenchmarkPapers(api.ctx, 400);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it("counts the papers inserted", async () => {
    const db = api.ctx.db;
    const now = await tally(db);
    expect(now.length).toBeGreaterThan(10);
    expect(now).toEqual(await counted(db));
    expect(now.every((c) => c.n > 0)).toBe(true);
  });

  it("follows status changes of one paper and of many in one statement", async () => {
    const db = api.ctx.db;
    await db.execute(
      sql`update question_paper set status = 'Approved' where id = (select id from question_paper where status <> 'Approved' order by id limit 1)`,
    );
    expect(await tally(db)).toEqual(await counted(db));
    await db.execute(
      sql`update question_paper set status = case status when 'Submitted' then 'Under Review' else 'Submitted' end where id in (select id from question_paper order by id limit 150)`,
    );
    expect(await tally(db)).toEqual(await counted(db));
    // An update that changes no status or offering (a version bump) leaves the tally as it was.
    const before = await tally(db);
    await db.execute(sql`update question_paper set version = version + 1`);
    expect(await tally(db)).toEqual(before);
  });

  it("follows papers moved to another course offering and deleted papers, dropping counts that reach zero", async () => {
    const db = api.ctx.db;
    const [from, to] = (
      (await countsOf(
        db,
        sql`select course_offering_id as offering, '' as status, count(*)::int as n from question_paper group by 1 order by 1 limit 2`,
      )) as Count[]
    ).map((c) => c.offering);
    if (!from || !to) throw new Error("the demo data has fewer than two offerings with papers");
    // Papers of `from` in exam cycles `to` has no paper for (one paper per offering and cycle).
    await db.execute(
      sql`update question_paper set course_offering_id = ${to} where course_offering_id = ${from} and exam_cycle_id not in (select exam_cycle_id from question_paper where course_offering_id = ${to})`,
    );
    expect(await tally(db)).toEqual(await counted(db));
    await db.execute(sql`delete from question_paper where course_offering_id = ${from}`);
    const after = await tally(db);
    expect(after).toEqual(await counted(db));
    expect(after.some((c) => c.offering === from)).toBe(false);
  });

  it("keeps nothing of a rolled-back write", async () => {
    const db = api.ctx.db;
    const before = await tally(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update question_paper set status = 'Rejected'`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await tally(db)).toEqual(before);
  });

  it("gives the list the exact total of every status, with and without the paper-only filters", async () => {
    const db = api.ctx.db;
    const byStatus = await countsOf(
      db,
      sql`select '' as offering, status, count(*)::int as n from question_paper group by 2`,
    );
    const all = await listQuestionPapers(db, none, { pageNo: 1, count: 25 });
    expect(all.noOfRecords).toBe(byStatus.reduce((sum, c) => sum + c.n, 0));
    for (const { status, n } of byStatus) {
      const page = await listQuestionPapers(db, { ...none, status }, { pageNo: 1, count: 100 });
      expect(page.noOfRecords).toBe(n);
      expect(page.questionPapersList.every((p) => p.status === status)).toBe(true);
    }
    // With an exam cycle filter the papers themselves are counted: the same answer for a status
    // in that cycle as the tally's rows would give had they a cycle.
    const [cycle] = await countsOf(
      db,
      sql`select ec.name as offering, '' as status, count(*)::int as n from question_paper qp join exam_cycle ec on ec.id = qp.exam_cycle_id group by 1 order by 1 limit 1`,
    );
    if (!cycle) throw new Error("no exam cycle has papers");
    const inCycle = await listQuestionPapers(
      db,
      { ...none, examCycle: cycle.offering },
      { pageNo: 1, count: 25 },
    );
    expect(inCycle.noOfRecords).toBe(cycle.n);
  });

  it("is emptied with the papers when they are truncated", async () => {
    const db = api.ctx.db;
    await db.execute(sql`truncate question_paper cascade`);
    expect(await tally(db)).toEqual([]);
    expect((await listQuestionPapers(db, none, { pageNo: 1, count: 25 })).noOfRecords).toBe(0);
  });
});

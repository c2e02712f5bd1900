import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rows } from "../db/rows.ts";
import { createBenchmarkPapers } from "../demo/seed.ts";
import { createTestApi, type TestApi, testTargets } from "../test/harness.ts";
import { listStudentEligibility } from "./eligibility/eligibility.ts";
import { listQuestionPapers } from "./question-papers/question-papers.ts";
import { listExamTimetable } from "./schedule/timetable.ts";
import { listInvigilationNotifications } from "./seating/invigilation.ts";

/**
 * The list queries stay cheap however deep the page (docs/performance.md): a list call sends a fixed,
 * small number of statements whatever its page and page size (no statement per row), and the
 * statements that read a page find their rows through an index, not by scanning the table. Counted
 * statements, not time.
 */

type Statement = { text: string; params: unknown[] };
type Client = { query: (...args: unknown[]) => Promise<unknown> };

/** The database client under drizzle (PGlite or the node-postgres pool). */
const clientOf = (api: TestApi) => (api.ctx.db as unknown as { $client: Client }).$client;

/** The statements `run` sends, the read-model counter's own lookups left out. */
async function statementsOf(api: TestApi, run: () => Promise<unknown>): Promise<Statement[]> {
  const client = clientOf(api);
  const original = client.query;
  const seen: Statement[] = [];
  const spy = vi.spyOn(client, "query").mockImplementation((...args: unknown[]) => {
    const [first, second] = args;
    const text = typeof first === "string" ? first : String((first as { text?: string }).text);
    const params =
      (typeof first === "string" ? second : ((first as { values?: unknown[] }).values ?? second)) ?? [];
    if (!text.includes("read_model_version")) seen.push({ text, params: params as unknown[] });
    return original.apply(client, args);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

/** The plan of `statement` with sequential scans disabled: what an index can serve shows as an index scan. */
async function planOf(api: TestApi, target: "pglite" | "postgres", statement: Statement): Promise<string> {
  const explain = `explain ${statement.text}`;
  const lines = (rows: Array<Record<string, unknown>>) => rows.map((r) => String(r["QUERY PLAN"])).join("\n");
  if (target === "pglite") {
    const client = clientOf(api) as unknown as PGlite;
    await client.query("set enable_seqscan = off");
    try {
      return lines((await client.query<Record<string, unknown>>(explain, statement.params)).rows);
    } finally {
      await client.query("reset enable_seqscan");
    }
  }
  const connection = await (clientOf(api) as unknown as pg.Pool).connect();
  try {
    await connection.query("set enable_seqscan = off");
    return lines((await connection.query(explain, statement.params)).rows);
  } finally {
    await connection.query("reset enable_seqscan");
    connection.release();
  }
}

describe.each(testTargets())("list queries on $name", (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(target);
    await createBenchmarkPapers(api.ctx, 600);
    await api.ctx.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const none = { course: "", status: "", term: "", faculty: "", batch: "", examCycle: "" };

  it("reads any question-paper page with the same few statements, whatever its depth and size", async () => {
    const db = api.ctx.db;
    // First call of a filter: the counts per course offering, the page's rows and their names.
    await db.execute(sql`update question_paper set version = version where false`);
    const first = await statementsOf(api, () =>
      listQuestionPapers(db, { ...none, status: "Submitted" }, { pageNo: 1, count: 10 }),
    );
    expect(first).toHaveLength(3);
    const shapes = new Set<string>();
    for (const [pageNo, count] of [
      [1, 100],
      [3, 25],
      [7, 10],
    ] as const) {
      const statements = await statementsOf(api, () =>
        listQuestionPapers(db, { ...none, status: "Submitted" }, { pageNo, count }),
      );
      // The counts of a filter seen before are kept: a page costs its rows and, when some of
      // them name what no page read since the last write did, their names.
      expect(statements.length).toBeGreaterThanOrEqual(1);
      expect(statements.length).toBeLessThanOrEqual(2);
      for (const s of statements) shapes.add(s.text);
    }
    // A fixed shape: at most the same two statement texts for every page (prepared once).
    expect(shapes.size).toBeLessThanOrEqual(2);
    // A page whose names were all read before under the same counter: its rows alone.
    const again = await statementsOf(api, () =>
      listQuestionPapers(db, { ...none, status: "Submitted" }, { pageNo: 3, count: 25 }),
    );
    expect(again).toHaveLength(1);
    expect(again[0]?.text).toContain("question_paper_set");
    // A write starts the names afresh: the same page reads its names again.
    await db.execute(sql`update question_paper set version = version where false`);
    const afterWrite = await statementsOf(api, () =>
      listQuestionPapers(db, { ...none, status: "Submitted" }, { pageNo: 3, count: 25 }),
    );
    expect(afterWrite).toHaveLength(3);
  });

  it("finds a question-paper page's papers and their sets through indexes", async () => {
    const db = api.ctx.db;
    // After a write, so the page reads its rows' names too.
    await db.execute(sql`update question_paper set version = version where false`);
    const statements = await statementsOf(api, () => listQuestionPapers(db, none, { pageNo: 4, count: 25 }));
    const rows = statements.find((s) => s.text.includes("question_paper_set"));
    const names = statements.at(-1);
    if (!rows || !names || names === rows) throw new Error("the list sent no rows and names");
    const plan = await planOf(api, target.name, rows);
    // The page's papers by the offerings it spans (never the whole table), their sets by index.
    expect(plan, plan).not.toMatch(/Seq Scan on question_paper\b/);
    expect(plan, plan).toMatch(/(Index|Recheck) Cond: \(course_offering_id = ANY/);
    expect(plan, plan).not.toMatch(/Seq Scan on question_paper_set\b/);
    // The rows' names by their ids, never a scan of every offering, exam cycle or contact.
    const namesPlan = await planOf(api, target.name, names);
    expect(namesPlan, namesPlan).not.toMatch(/Seq Scan on (course_offering|exam_cycle|contact)\b/);
    expect(namesPlan, namesPlan).toMatch(/Index Cond: \(id = ANY/);
  });

  it("reads any StudentData page with the same few statements, whatever its depth and size", async () => {
    const db = api.ctx.db;
    const now = api.ctx.now();
    const q = { examCycleId: "", examId: "", eligibility: "" as const, search: "" };
    const first = await statementsOf(api, () =>
      listStudentEligibility(db, now, { ...q, pageNo: 1, count: 10 }),
    );
    // The kept student counts, the kept exam labels and the page, on a first call.
    expect(first.length).toBeLessThanOrEqual(3);
    const total = (await listStudentEligibility(db, now, { ...q, pageNo: 1, count: 10 })).noOfRecords;
    expect(total).toBeGreaterThan(20);
    for (const [pageNo, count] of [
      [1, 100],
      [2, 10],
      [Math.ceil(total / 10), 10],
    ] as const) {
      const statements = await statementsOf(api, () =>
        listStudentEligibility(db, now, { ...q, pageNo, count }),
      );
      expect(statements).toHaveLength(1);
    }
  });

  it("reads a narrowed exam timetable page with two statements (three past page 1), finding its exams by index", async () => {
    const db = api.ctx.db;
    const [cycle] = await rows<{ id: string; programmeId: string }>(
      db,
      sql`select x.exam_cycle_id as id, i.programme_id as "programmeId" from exam x
          join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
          join intake i on i.id = t.intake_id group by 1, 2 order by count(*) desc, 1, 2 limit 1`,
    );
    if (!cycle) throw new Error("the demo data has no exams");
    const scope = { programmes: `{${cycle.programmeId}}`, plans: "{}", sections: "{}", key: "programme" };
    const q = { examCycleId: cycle.id, course: "", pageNo: 1, count: 10 };
    const statements = await statementsOf(api, () => listExamTimetable(db, q, scope));
    // The count and the page: the reach is a condition of each, no statement per row.
    expect(statements).toHaveLength(2);
    // A later page counts once more, the exams dated before its first (firstDateContinued).
    const later = await statementsOf(api, () => listExamTimetable(db, { ...q, pageNo: 2, count: 4 }, scope));
    expect(later).toHaveLength(3);
    for (const statement of [...statements, later[2]!]) {
      expect(statement.text).toMatch(/programme_id"? = any/i);
      const plan = await planOf(api, target.name, statement);
      // The exams by the cycle's index or, through the offerings in the reach, by the offering's
      // index (the planner's choice on the small demo data); never a scan of every exam.
      expect(plan, plan).toMatch(/exam_cycle_date_idx|exam_offering_idx/);
      expect(plan, plan).not.toMatch(/Seq Scan on exam\b/);
    }
  });

  it("reads an invigilation notifications page with four statements (five past page 1), finding its duties by index", async () => {
    const db = api.ctx.db;
    const [cycle] = await rows<{ id: string; name: string }>(
      db,
      sql`select c.id, c.name from exam x join exam_cycle c on c.id = x.exam_cycle_id
          group by 1, 2 order by count(*) desc, 1 limit 1`,
    );
    if (!cycle) throw new Error("the demo data has no exams");
    // A duty on every exam of the cycle, each exam's invigilator one of the first three faculty members.
    await db.execute(sql`insert into invigilation (exam_id, facility_id, faculty_id)
        select x.id, (select id from facility order by code limit 1), f.id
        from (select id, row_number() over (order by id) % 3 as k from exam where exam_cycle_id = ${cycle.id}) x
        join (select id, row_number() over (order by id) % 3 as k from contact where kind = 'faculty'
              order by id limit 3) f on f.k = x.k
        on conflict do nothing`);
    await db.execute(sql`analyze invigilation`);
    const q = { examCycle: cycle.id, pageNo: 1, count: 10 };
    // The cycle, the page, its count and the cycle's duties not yet mailed: no statement per row.
    const first = await statementsOf(api, () => listInvigilationNotifications(db, q));
    expect(first).toHaveLength(4);
    // A later page counts once more, the duties dated before its first (firstDateContinued), with
    // the same statement texts whatever its depth and size.
    const later = await statementsOf(api, () =>
      listInvigilationNotifications(db, { ...q, pageNo: 2, count: 4 }),
    );
    const total = (await listInvigilationNotifications(db, q)).noOfRecords;
    expect(total).toBeGreaterThan(10);
    const deeper = await statementsOf(api, () =>
      listInvigilationNotifications(db, { ...q, pageNo: Math.ceil(total / 10), count: 10 }),
    );
    expect(later).toHaveLength(5);
    // (The page and its two counts go out together, so compared as a set.)
    expect(deeper.map((s) => s.text).sort()).toEqual(later.map((s) => s.text).sort());
    // The last one, sent once the page is read.
    const earlier = later[4] as Statement;
    expect(earlier.text).toMatch(/count\(\*\)/i);
    const plan = await planOf(api, target.name, earlier);
    // The cycle's exams by their index, their duties by the exam's; never a scan of either table.
    expect(plan, plan).not.toMatch(/Seq Scan on (exam|invigilation)\b/);
  });
});

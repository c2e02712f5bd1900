/**
 * Profile of the uncached question-paper list call (docs/performance.md, "Question-paper list"):
 * figures the machine's load barely moves. On a new database (PostgreSQL through DATABASE_URL, a
 * database of its own, dropped afterwards; the embedded database without it) holding the demo data
 * and `PROFILE_PAPERS` (default 10,000) benchmark papers:
 *
 * 1. For each of the list's twelve header sorts, a deep page (rows 4,001 to 4,100) of the unfiltered
 *    list with READ_MODEL_CACHE=off: the statements the call sends, each with EXPLAIN (ANALYZE,
 *    BUFFERS) summed up (planning and execution ms, shared buffers hit and read; `PROFILE_PLANS=1`
 *    prints the whole plans).
 * 2. The cold mix as the bench sends it: `PROFILE_CALLS` (default 300) distinct calls one at a time,
 *    random filters (none, a status, an exam cycle, a course, a faculty member), pages (25, 50, 100 a
 *    page) and sorts drawn with a fixed seed, once with the cache off (every statement on every call)
 *    and once with it on (each filter's counts kept, as in the bench after its warm-up): this
 *    process's CPU time per call (on PGlite the database's work is in it) and, on PostgreSQL, the
 *    backends' CPU time per call from /proc; with the load average.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx src/cli/profile-question-papers.ts
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { QUESTION_PAPER_SORT_COLUMNS, SORT_DIRECTIONS } from "@portal/domain";
import { sql } from "drizzle-orm";
import { setReadModelCache } from "../db/read-model-cache.ts";
import { rows } from "../db/rows.ts";
import { createBenchmarkPapers } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type Target } from "../test/harness.ts";

const PAPERS = Number(process.env.PROFILE_PAPERS ?? 10_000);
const CALLS = Number(process.env.PROFILE_CALLS ?? 300);
const PLANS = process.env.PROFILE_PLANS === "1";
/** Linux's clock ticks a second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;
const adminUrl = process.env.DATABASE_URL;
const target: Target = adminUrl ? { name: "postgres", adminUrl } : { name: "pglite" };

const statements: Array<{ query: string; params: unknown[] }> = [];
let recording = false;
const api = await createTestApi(target, {
  readModelCache: false,
  onQuery: (query, params) => {
    if (recording) statements.push({ query, params });
  },
});
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
try {
  const db = api.ctx.db;
  const headers = await signInHeaders(api);
  await createBenchmarkPapers(api.ctx, PAPERS);
  if (target.name === "postgres") await db.execute(sql`analyze`);
  const list = async (body: Record<string, unknown>) => {
    const res = await api.raw("POST", "/api/sf/exam/questionPaperList", { headers, body });
    if (res.status !== 200) throw new Error(`list: ${res.status} ${await res.text()}`);
    return (await res.json()) as { noOfRecords: number };
  };
  console.log(`${target.name}, ${PAPERS} benchmark papers, load average ${load()}`);

  // 1. Each sort's statements on a deep page, uncached.
  for (const sortBy of QUESTION_PAPER_SORT_COLUMNS) {
    for (const sortDirection of SORT_DIRECTIONS) {
      const body = { sortBy, sortDirection, pageNo: 41, count: 100 };
      await list(body);
      statements.length = 0;
      recording = true;
      await list(body);
      recording = false;
      // The sign-in check's statements are left out: those of the list's own tables are the call's.
      const own = statements.filter((s) => /question_paper|union all/.test(s.query));
      const summaries: string[] = [];
      for (const s of own) {
        const plan = (
          await rows<Record<string, string>>(
            db,
            sql.raw(`explain (analyze, buffers, costs off) ${inline(s.query, s.params)}`),
          )
        ).map((row) => String(Object.values(row)[0]));
        const ms = (label: string) =>
          plan.find((line) => line.startsWith(label))?.replace(/^[^:]*: /, "") ?? "?";
        const buffers = plan.find((line) => line.trim().startsWith("Buffers:"))?.trim() ?? "Buffers: none";
        const name = /"page_papers"|"set_one"/.test(s.query)
          ? "page"
          : /json_agg/.test(s.query)
            ? "groups"
            : /union all/.test(s.query)
              ? "labels"
              : "other";
        summaries.push(
          `${name}: planning ${ms("Planning Time")}, execution ${ms("Execution Time")}, ${buffers}`,
        );
        if (PLANS) for (const line of plan) console.log(`      ${line}`);
      }
      console.log(`${sortBy} ${sortDirection}: ${own.length} statements; ${summaries.join("; ")}`);
    }
  }

  // 2. The cold mix, one call at a time, CPU per call.
  // The Filter's own options, as the bench draws them.
  const res = await api.raw("GET", "/api/sf/exam/questionPaperFilters", { headers });
  const options = (await res.json()) as {
    statusList: string[];
    ExamMonthList: string[];
    CourseList: Array<{ CourseName: string }>;
    courseFacultyList: Array<{ FacultyName: string[] }>;
  };
  const filters = [
    ...options.statusList.map((value) => ({ kind: "status", value })),
    ...options.ExamMonthList.slice(0, 6).map((value) => ({ kind: "examCycle", value })),
    ...[...new Set(options.CourseList.map((c) => c.CourseName))]
      .slice(0, 6)
      .map((value) => ({ kind: "course", value })),
    ...[...new Set(options.courseFacultyList.flatMap((c) => c.FacultyName))]
      .slice(0, 6)
      .map((value) => ({ kind: "faculty", value })),
  ];
  const bodies: Array<Record<string, unknown>> = [];
  const choices = [{}, ...filters.map((f) => ({ [f.kind]: f.value }))];
  const totals = new Map<string, number>();
  for (const filter of choices) totals.set(JSON.stringify(filter), (await list(filter)).noOfRecords);
  let state = 20261128;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const seen = new Set<string>();
  while (bodies.length < CALLS && seen.size < 100_000) {
    const filter = pick(choices);
    const count = pick([25, 50, 100]);
    const pages = Math.max(1, Math.ceil((totals.get(JSON.stringify(filter)) ?? 0) / count));
    const body = {
      ...filter,
      pageNo: 1 + Math.floor(random() * pages),
      count,
      sortBy: pick(QUESTION_PAPER_SORT_COLUMNS),
      sortDirection: pick(SORT_DIRECTIONS),
    };
    const key = JSON.stringify(body);
    if (seen.has(key)) continue;
    seen.add(key);
    bodies.push(body);
  }
  for (const cache of ["off", "on"] as const) {
    setReadModelCache(db, cache === "on");
    if (cache === "on") for (const filter of choices) await list(filter); // each filter's counts kept
    statements.length = 0;
    recording = true;
    await list({ ...bodies[bodies.length - 1], pageNo: 2 });
    recording = false;
    console.log(`a call of the mix, cache ${cache}: ${statements.length} statements`);
    for (const s of statements) console.log(`  ${s.query.replace(/\s+/g, " ").slice(0, 150)}`);
    const dbStart = await databaseCpuMs();
    const cpu = process.cpuUsage();
    const bySort = new Map<string, { calls: number; ms: number }>();
    for (const body of bodies) {
      const one = process.cpuUsage();
      await list(body);
      const spent = process.cpuUsage(one);
      const entry = bySort.get(String(body.sortBy)) ?? { calls: 0, ms: 0 };
      entry.calls++;
      entry.ms += (spent.user + spent.system) / 1000;
      bySort.set(String(body.sortBy), entry);
    }
    const used = process.cpuUsage(cpu);
    console.log(
      `  by sort: ${[...bySort].map(([sortBy, { calls, ms }]) => `${sortBy} ${(ms / calls).toFixed(2)} ms (${calls})`).join(", ")}`,
    );
    const dbEnd = await databaseCpuMs();
    const dbPart =
      dbStart === undefined || dbEnd === undefined
        ? ""
        : `, database backends ${((dbEnd - dbStart) / bodies.length).toFixed(2)} ms`;
    console.log(
      `cold mix, cache ${cache}: ${bodies.length} distinct calls one at a time; CPU per call: this process ${((used.user + used.system) / 1000 / bodies.length).toFixed(2)} ms${dbPart}; load average ${load()}`,
    );
  }
} finally {
  await api.close();
}

/** The CPU time (ms) the PostgreSQL backends of this database have used so far; undefined on PGlite. */
async function databaseCpuMs(): Promise<number | undefined> {
  if (target.name !== "postgres") return undefined;
  const backends = await rows<{ pid: number }>(
    api.ctx.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  for (const { pid } of backends) {
    try {
      // Fields after the command's closing parenthesis: utime is the 14th, stime the 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** `query` with its $n parameters written in as literals (EXPLAIN takes no parameters); arrays as array literals. */
function inline(query: string, params: unknown[]): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return "null";
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    if (Array.isArray(value))
      return `'{${value.map((v) => (typeof v === "number" ? String(v) : `"${String(v).replaceAll('"', '\\"').replaceAll("'", "''")}"`)).join(",")}}'`;
    return `'${String(value).replaceAll("'", "''")}'`;
  };
  return query.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

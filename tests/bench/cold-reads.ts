/**
 * Cold-read bench (`pnpm bench:cold`; a report, not a pass/fail test): the uncached computation of
 * every read operation of the OpenAPI description that keeps its answer behind a change counter
 * (db/read-model-cache.ts), i.e. what the first caller after a write that invalidates it waits for.
 *
 * For each database (the embedded one always; PostgreSQL too with BENCH_DATABASE_URL, a database of
 * its own that is wiped and refilled):
 *
 * 1. loads the demo data (`demo --reload`), and with BENCH_COLD_DATA=car-f-92 imports car-f-92
 *    (543 exams, 18,419 students) on top, whose cycle the exam reads then ask about;
 * 2. starts the built portal with READ_MODEL_CACHE=off, so every call computes its answer, and calls
 *    each operation BENCH_COLD_CALLS times (default 40) one at a time, going round its distinct
 *    questions (pages, limits, weeks) in a seeded order (cold-mix.ts): p50 and p95 per operation;
 * 3. restarts it with the cache on and, BENCH_COLD_CALLS times, edits an exam of the cycle through
 *    the timetable call (its venue), then times the exam dashboard and the clash report called right
 *    after it: the first reads after a write as staff meet them.
 *
 * The question-paper list runs twice: every page in the list's own order, and the same pages each
 * with a seeded random header sort (`sortBy` of QUESTION_PAPER_SORT_COLUMNS, `sortDirection`), so the
 * sorted plans are timed uncached too.
 *
 * Budgets (docs/performance.md "Cold reads"): p95 at most 100 ms on the demo data, at most 500 ms on
 * the car-f-92 cycle, both databases, 2 cores; the randomly sorted question-paper list at most
 * 100 ms on PostgreSQL and 250 ms embedded. Prints one table (database, operation, data, p50,
 * p95, budget, within or OVER) and writes it to .test-results/bench-cold-reads-<data>.md.
 */

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { QUESTION_PAPER_SORT_COLUMNS, SORT_DIRECTIONS } from "@portal/domain";
import { type BenchPortal, benchPortal, percentile, root } from "./bench-kit.ts";
import { allPages, type HeaderSort, randomSorts, shuffled } from "./cold-mix.ts";

type Json = Record<string, unknown>;
type Call = { method: "GET" | "POST"; path: string; body?: Json | Json[] };
/** One read of the mix; `embeddedBudget` replaces `budget` on PGlite where the two differ. */
type Operation = {
  operationId: string;
  data: string;
  budget: number;
  embeddedBudget?: number;
  calls: Call[];
};
type Row = {
  database: string;
  operation: string;
  data: string;
  p50: number;
  p95: number;
  budget: number;
  /** The portal process's CPU time per call, mean (ms); null where the loop did other work too. */
  cpu: number | null;
};

const data = process.env.BENCH_COLD_DATA ?? "demo";
if (data !== "demo" && data !== "car-f-92")
  throw new Error(`BENCH_COLD_DATA must be demo or car-f-92, got "${data}"`);
const callsPerOperation = Number(process.env.BENCH_COLD_CALLS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 4417);
const DEMO_BUDGET = 100;
const CAR_BUDGET = 500;
/** The demo intake that has class sessions (its second term meets from Monday 2 November 2026). */
const SCHEDULED = { programName: "EMBA", intake: "JUL", year: "2026" };
const WEEKS = ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"];

/** Calls the portal as the signed-in administrator; throws unless it answers 200. */
function caller(portal: BenchPortal, token: string) {
  return async <T = Json>(call: Call): Promise<T> => {
    const res = await fetch(`${portal.base}${call.path}`, {
      method: call.method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(call.body ? { body: JSON.stringify(call.body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${call.method} ${call.path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
}

/** Milliseconds of one call, the whole answer read. */
async function timedCall(portal: BenchPortal, token: string, call: Call): Promise<number> {
  const start = performance.now();
  const status = await portal.send(
    call.method,
    call.path,
    { authorization: `Bearer ${token}`, "content-type": "application/json", "accept-encoding": "gzip" },
    call.body ? JSON.stringify(call.body) : undefined,
  );
  const ms = performance.now() - start;
  if (status !== 200) throw new Error(`${call.method} ${call.path} answered ${status}`);
  return ms;
}

/** The exam cycle the exam reads ask about: the demo's current one, or car-f-92's. */
async function examCycleOf(call: ReturnType<typeof caller>): Promise<string> {
  const { examCycles } = await call<{
    examCycles: Array<{ id: string; name: string; importCode: string | null }>;
  }>({
    method: "GET",
    path: "/api/sf/exam/examCycles",
  });
  const cycle =
    data === "car-f-92"
      ? examCycles.find((c) => c.importCode === "CAR92")
      : examCycles.find((c) => c.name === "Nov 2026 End Term");
  if (!cycle) throw new Error(`no exam cycle for ${data}`);
  return cycle.id;
}

/** Every read operation with a kept answer, each with the distinct questions it is asked. */
async function operations(call: ReturnType<typeof caller>, examCycleId: string): Promise<Operation[]> {
  const examBudget = data === "car-f-92" ? CAR_BUDGET : DEMO_BUDGET;
  const examData = data === "car-f-92" ? "car-f-92 cycle" : "demo cycle";
  const post = (path: string, body: Json): Call => ({ method: "POST", path, body });

  const risk = { examCycleId, search: "", pageNo: 1, count: 10 };
  const { noOfRecords: exams } = await call<{ noOfRecords: number }>(
    post("/api/salesforce/StudentRiskData", risk),
  );
  const students = { examCycleId, examId: "", eligibility: "", search: "", pageNo: 1, count: 10 };
  const { noOfRecords: studentRows } = await call<{ noOfRecords: number }>(
    post("/api/salesforce/StudentData", students),
  );
  const papers = {
    course: "",
    status: "",
    term: "",
    faculty: "",
    batch: "",
    examCycle: "",
    pageNo: 1,
    count: 25,
  };
  const { noOfRecords: paperRows } = await call<{ noOfRecords: number }>(
    post("/api/sf/exam/questionPaperList", papers),
  );
  const { courses } = await call<{ courses: Array<{ id: string; students: number }> }>(
    post("/api/salesforce/GradingCourseDetails", { pageNo: 1, count: 100 }),
  );
  const graded = courses.filter((c) => c.students > 0).slice(0, 20);
  const filters = await call<{ terms: Array<{ TermRecordId: string }> }>({
    method: "GET",
    path: `/api/salesforce/SchedulerFilterData?${new URLSearchParams(SCHEDULED)}`,
  });
  const termId = filters.terms[1]?.TermRecordId;
  if (!termId || graded.length === 0)
    throw new Error("the demo data has no scheduled term or graded offering");

  const pages = (total: number, sizes: number[]) => allPages(Math.min(total, 2000), sizes);
  return [
    {
      operationId: "getExamDashboard",
      data: examData,
      budget: examBudget,
      calls: [{ method: "GET", path: `/api/sf/exam/examDashboard?examCycleId=${examCycleId}` }],
    },
    {
      operationId: "getClashReport",
      data: examData,
      budget: examBudget,
      calls: [0, 10, 50, 100, 200, 500].map((limit) => ({
        method: "GET",
        path: `/api/sf/exam/clashReport?examCycleId=${examCycleId}&limit=${limit}`,
      })),
    },
    {
      operationId: "getStudentRiskData",
      data: examData,
      budget: examBudget,
      calls: pages(exams, [10, 25, 50, 100]).map(([pageNo, count]) =>
        post("/api/salesforce/StudentRiskData", { ...risk, pageNo, count }),
      ),
    },
    {
      operationId: "listStudentEligibility",
      data: examData,
      budget: examBudget,
      calls: pages(studentRows, [10, 25, 50, 100]).map(([pageNo, count]) =>
        post("/api/salesforce/StudentData", { ...students, pageNo, count }),
      ),
    },
    {
      operationId: "listQuestionPapers",
      data: "demo",
      budget: DEMO_BUDGET,
      calls: pages(paperRows, [25, 50, 100]).map(([pageNo, count]) =>
        post("/api/sf/exam/questionPaperList", { ...papers, pageNo, count }),
      ),
    },
    {
      operationId: "listQuestionPapers, random sorts",
      data: "demo",
      budget: DEMO_BUDGET,
      embeddedBudget: SORTED_EMBEDDED_BUDGET,
      calls: withRandomSorts(pages(paperRows, [25, 50, 100])).map(([pageNo, count, sort]) =>
        post("/api/sf/exam/questionPaperList", { ...papers, pageNo, count, ...sort }),
      ),
    },
    {
      operationId: "getSubjectScores",
      data: "demo",
      budget: DEMO_BUDGET,
      calls: graded.map((c) =>
        post("/api/salesforce/SubjectScores", { gradingId: c.id, pageNo: 1, count: 25 }),
      ),
    },
    {
      operationId: "getSchedulerData",
      data: "demo",
      budget: DEMO_BUDGET,
      calls: [{ method: "GET", path: `/api/salesforce/SchedulerData?termId=${termId}` }],
    },
    {
      operationId: "getSessionData",
      data: "demo",
      budget: DEMO_BUDGET,
      calls: WEEKS.map((from) => ({
        method: "GET",
        path: `/api/salesforce/SessionData?termId=${termId}&from=${from}&to=${addDays(from, 6)}`,
      })),
    },
    {
      operationId: "getSessionTimeTable",
      data: "demo",
      budget: DEMO_BUDGET,
      calls: WEEKS.map((date) => ({
        method: "GET",
        path: `/api/salesforce/SessionTimeTable?${new URLSearchParams({ ...SCHEDULED, date })}`,
      })),
    },
  ];
}

/** The embedded database's p95 budget of the randomly sorted question-paper list. */
const SORTED_EMBEDDED_BUDGET = 250;

/**
 * Gives each [pageNo, count] a header sort drawn from a seeded generator (the same on every run): a
 * column of QUESTION_PAPER_SORT_COLUMNS and a direction.
 */
function withRandomSorts(pages: Array<[number, number]>): Array<[number, number, HeaderSort]> {
  const sorts = randomSorts(pages.length, QUESTION_PAPER_SORT_COLUMNS, SORT_DIRECTIONS, 27);
  return pages.map(([pageNo, count], i) => [pageNo, count, sorts[i] as HeaderSort]);
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function figures(
  database: string,
  operation: string,
  rowData: string,
  budget: number,
  ms: number[],
  cpu: number | null,
): Row {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    database,
    operation,
    data: rowData,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    budget,
    cpu,
  };
}

/** Loads the data of this run into the portal's database through the server's commands. */
function loadData(portal: BenchPortal): void {
  const run = (args: string[]) => {
    const done = spawnSync("tsx", args, {
      cwd: join(root, "packages/server"),
      env: portal.env,
      stdio: "inherit",
    });
    if (done.status !== 0) throw new Error(`${args.join(" ")} failed`);
  };
  run(["src/cli/demo.ts", "--reload"]);
  if (data === "car-f-92")
    run(["src/cli/import.ts", join(root, "data/exam-timetabling/toronto/car-f-92.crs")]);
}

/** Steps 2 and 3 on one database. */
async function measure(database: string, databaseUrl: string): Promise<Row[]> {
  const portal = benchPortal(port, { databaseUrl });
  const rows: Row[] = [];
  try {
    loadData(portal);
    await portal.start({ READ_MODEL_CACHE: "off" });
    let { accessToken } = await portal.signIn();
    let call = caller(portal, accessToken);
    const examCycleId = await examCycleOf(call);
    for (const op of await operations(call, examCycleId)) {
      const mix = shuffled(op.calls, 20261126);
      await timedCall(portal, accessToken, mix[0] as Call); // the first call plans and loads code once
      const ms: number[] = [];
      const cpuBefore = portal.cpuMs();
      for (let i = 0; i < callsPerOperation; i++) {
        ms.push(await timedCall(portal, accessToken, mix[i % mix.length] as Call));
      }
      const cpu = (portal.cpuMs() - cpuBefore) / callsPerOperation;
      rows.push(
        figures(
          database,
          `${op.operationId} (${op.calls.length} distinct)`,
          op.data,
          database === "PGlite" ? (op.embeddedBudget ?? op.budget) : op.budget,
          ms,
          cpu,
        ),
      );
    }
    await portal.stop({ keepData: true });

    // The first reads after a write, with the cache on.
    await portal.start();
    ({ accessToken } = await portal.signIn());
    call = caller(portal, accessToken);
    type TimetableRow = Json & { id: string; version: number };
    const { timetable } = await call<{ timetable: TimetableRow[] }>({
      method: "GET",
      path: `/api/salesforce/TimeTable?examCycleId=${examCycleId}&count=10`,
    });
    const examId = timetable[0]?.id;
    if (!examId) throw new Error("the cycle has no exams");
    const dashboard: Call = { method: "GET", path: `/api/sf/exam/examDashboard?examCycleId=${examCycleId}` };
    const clashes: Call = {
      method: "GET",
      path: `/api/sf/exam/clashReport?examCycleId=${examCycleId}&limit=100`,
    };
    const afterEdit = { dashboard: [] as number[], clashes: [] as number[] };
    for (let i = 0; i <= callsPerOperation; i++) {
      const { exam } = await call<{ exam: TimetableRow }>({
        method: "GET",
        path: `/api/sf/exam/getExamSetupSPJ/${examId}`,
      });
      await call({
        method: "POST",
        path: "/api/salesforce/TimeTable",
        body: [
          {
            id: exam.id,
            duration: exam.duration,
            dateOfExam: exam.dateOfExam,
            timeOfExam: exam.startTimeOfExam,
            examType: exam.examType,
            venue: `Bench hall ${i % 2}`,
            version: exam.version,
          },
        ],
      });
      const d = await timedCall(portal, accessToken, dashboard);
      const c = await timedCall(portal, accessToken, clashes);
      if (i > 0) {
        afterEdit.dashboard.push(d);
        afterEdit.clashes.push(c);
      }
    }
    const examBudget = data === "car-f-92" ? CAR_BUDGET : DEMO_BUDGET;
    const examData = data === "car-f-92" ? "car-f-92 cycle" : "demo cycle";
    rows.push(
      figures(
        database,
        "getExamDashboard right after an exam edit (cache on)",
        examData,
        examBudget,
        afterEdit.dashboard,
        null,
      ),
    );
    rows.push(
      figures(
        database,
        "getClashReport right after that (cache on)",
        examData,
        examBudget,
        afterEdit.clashes,
        null,
      ),
    );
  } catch (error) {
    console.error(error); // before stopping, which may take a while
    throw error;
  } finally {
    await portal.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const targets: Array<[string, string]> = [["PGlite", ""]];
  if (process.env.BENCH_DATABASE_URL) targets.push(["PostgreSQL", process.env.BENCH_DATABASE_URL]);
  const rows: Row[] = [];
  const load = loadavg()[0] ?? 0;
  for (const [database, url] of targets) rows.push(...(await measure(database, url)));
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const report = [
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}; load average ${load.toFixed(2)} at the start, ${(loadavg()[0] ?? 0).toFixed(2)} at the end`,
    `Data: ${data === "car-f-92" ? "demo data with car-f-92 imported (exam reads on its cycle)" : "demo data"}; ${callsPerOperation} calls per operation, one at a time`,
    "",
    "CPU: the portal process's CPU time per call (mean; PostgreSQL's own work is not in it): what the call costs whatever else the machine runs.",
    "",
    "| database | operation | data | p50 | p95 | budget (p95) | | CPU per call |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.operation} | ${r.data} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.budget} ms | ${r.p95 <= r.budget ? "within" : "**OVER**"} | ${r.cpu === null ? "" : ms(r.cpu)} |`,
    ),
  ].join("\n");
  console.log(`\n${report}\n`);
  writeFileSync(join(root, `.test-results/bench-cold-reads-${data}.md`), `${report}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

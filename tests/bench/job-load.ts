/**
 * The portal's ordinary reads while a timetabling job runs (run by `pnpm bench:job-load` after
 * `pnpm build`; a report, not a pass/fail test):
 *
 * 1. starts the built portal on the small demo data in a fresh database, signs in, and imports
 *    car-f-92 (543 exams, 18,419 students) through the API;
 * 2. measures a mix of reads at 50 concurrent requests, each read on its own: the exam dashboard of
 *    the imported cycle (GET /api/sf/exam/examDashboard), the question-paper list call (POST
 *    /api/sf/exam/questionPaperList, pages 1 to 40 in turn), `/api/config`, and the signed-in
 *    question-paper list page (GET /app/exam/questionPaper with the session cookie);
 * 3. starts a timetabling job on that cycle (POST /api/sf/exam/timetablingJobs, 300 s budget: it
 *    runs in a worker thread of the portal) and measures the same mix again while it runs, checking
 *    that the job is still running at the end; then stops it.
 *
 * Prints per read the p50 and p95 without and with the job, their ratio (both measured in this one
 * run, so other work on the machine weighs on both alike), the budget where docs/performance.md
 * gives one (dashboard p95 100 ms, list call p95 50 ms), the portal process's CPU per request in
 * each phase (from /proc; with the job it includes the worker thread's, about one core for the
 * read's duration, so only the phase without the job is the reads' own) and the load average. BENCH_REQUESTS (default 1,000) requests per read and
 * phase; BENCH_PORT (default 4395); EXAM_DATA_DIR names the data folder.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { benchPortal, type LoadResult, root } from "./bench-kit.ts";

const portal = benchPortal(Number(process.env.BENCH_PORT ?? 4395));
const concurrency = 50;
const totalRequests = Number(process.env.BENCH_REQUESTS ?? 1_000);
const dataDir = process.env.EXAM_DATA_DIR ?? join(root, "data/exam-timetabling");

type Json = Record<string, unknown>;

async function call<T = Json>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${portal.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as T & { errorMessage?: string };
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${answer.errorMessage ?? ""}`);
  return answer;
}

/** One read of the mix: its label, its budget for p95 (ms) if any, and how to send request `i`. */
type Read = { name: string; budgetMs: number | null; send: (i: number) => Promise<number> };

/** Each read at `concurrency` (a warm-up of 100 first), and the portal's CPU per request. */
async function measure(reads: Read[]): Promise<Array<{ result: LoadResult; cpuMs: number }>> {
  const out: Array<{ result: LoadResult; cpuMs: number }> = [];
  for (const read of reads) {
    await portal.runLoad(concurrency, 100, (i) => read.send(i + totalRequests));
    const cpu = portal.cpuMs();
    const result = await portal.runLoad(concurrency, totalRequests, read.send);
    out.push({ result, cpuMs: (portal.cpuMs() - cpu) / totalRequests });
  }
  return out;
}

async function main(): Promise<void> {
  const crs = join(dataDir, "toronto/car-f-92.crs");
  if (!existsSync(crs)) throw new Error(`no car-f-92 data in ${dataDir}: set EXAM_DATA_DIR`);
  const seed = spawnSync("tsx", ["src/cli/demo.ts", "--reload", "--size", "small"], {
    cwd: join(root, "packages/server"),
    env: portal.env,
    stdio: "inherit",
  });
  if (seed.status !== 0) throw new Error("loading the demo data failed");

  try {
    await portal.start();
    const { accessToken, cookie } = await portal.signIn();
    const imported = await call<{ importSource: { examCycleId: string } }>(
      accessToken,
      "POST",
      "/api/sf/exam/import",
      {
        format: "toronto",
        name: "car-f-92",
        files: {
          crs: readFileSync(crs, "utf8"),
          stu: readFileSync(join(dataDir, "toronto/car-f-92.stu"), "utf8"),
        },
      },
    );
    const { examCycleId } = imported.importSource;
    const api = { authorization: `Bearer ${accessToken}`, "accept-encoding": "gzip" };
    const reads: Read[] = [
      {
        name: "exam dashboard (GET /api/sf/exam/examDashboard)",
        budgetMs: 100,
        send: () => portal.send("GET", `/api/sf/exam/examDashboard?examCycleId=${examCycleId}`, api),
      },
      {
        name: "question-paper list call (pages 1 to 40)",
        budgetMs: 50,
        send: (i) =>
          portal.send(
            "POST",
            "/api/sf/exam/questionPaperList",
            { ...api, "content-type": "application/json" },
            JSON.stringify({
              course: "",
              status: "",
              term: "",
              faculty: "",
              batch: "",
              examCycle: "",
              pageNo: (i % 40) + 1,
              count: 25,
            }),
          ),
      },
      {
        name: "/api/config",
        budgetMs: null,
        send: () => portal.send("GET", "/api/config", { "accept-encoding": "gzip" }),
      },
      {
        name: "signed-in list page (GET /app/exam/questionPaper)",
        budgetMs: null,
        send: () => portal.send("GET", "/app/exam/questionPaper", { cookie, "accept-encoding": "gzip" }),
      },
    ];

    const loadWithout = loadavg()[0] ?? 0;
    const without = await measure(reads);

    const { job } = await call<{ job: { id: string } }>(accessToken, "POST", "/api/sf/exam/timetablingJobs", {
      examCycleId,
      timeLimitSeconds: 300,
    });
    // The job runs once its progress shows (the worker has loaded and started improving).
    for (;;) {
      const { job: now } = await call<{ job: { state: string; iteration: number } }>(
        accessToken,
        "GET",
        `/api/sf/exam/timetablingJobs/${job.id}`,
      );
      if (now.state !== "running") throw new Error(`the job is ${now.state} before the measurement`);
      if (now.iteration > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const loadWith = loadavg()[0] ?? 0;
    const withJob = await measure(reads);
    const { job: after } = await call<{ job: { state: string; iteration: number } }>(
      accessToken,
      "GET",
      `/api/sf/exam/timetablingJobs/${job.id}`,
    );
    await call(accessToken, "POST", `/api/sf/exam/timetablingJobs/${job.id}/stop`);

    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const rows = reads.map((read, i) => {
      const a = without[i] as { result: LoadResult; cpuMs: number };
      const b = withJob[i] as { result: LoadResult; cpuMs: number };
      const budget =
        read.budgetMs === null
          ? "—"
          : `p95 < ${read.budgetMs} ms: ${b.result.p95 < read.budgetMs ? "within" : "OVER"} with the job`;
      return (
        `| ${read.name} | ${ms(a.result.p50)} / ${ms(a.result.p95)} | ${ms(b.result.p50)} / ${ms(b.result.p95)} | ` +
        `${(b.result.p95 / a.result.p95).toFixed(2)} | ${a.cpuMs.toFixed(2)} / ${b.cpuMs.toFixed(2)} ms | ${budget} |`
      );
    });
    const report = [
      `Machine: ${cpus().length} cores, Node ${process.version}, ${portal.databaseLabel}; load average (1 min) ${loadWithout.toFixed(2)} before the reads without the job, ${loadWith.toFixed(2)} before those with it`,
      `Job: car-f-92, ${after.state} after the reads with it (iteration ${after.iteration}); ${concurrency} concurrent, ${totalRequests} requests per read and phase`,
      "",
      "| read | without the job p50 / p95 | with the job p50 / p95 | p95 ratio | portal process CPU per request without / with (worker thread included) | budget |",
      "|---|---|---|---|---|---|",
      ...rows,
    ].join("\n");
    console.log(`\n${report}\n`);
    writeFileSync(
      join(root, `.test-results/bench-job-load-${portal.databaseUrl ? "postgresql" : "pglite"}.md`),
      `${report}\n`,
    );
  } finally {
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

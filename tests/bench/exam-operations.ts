/**
 * Performance report of exam operations on real data (run by `pnpm bench:exams`; a report, not a
 * pass/fail test), with car-f-92 (Carleton University: 543 exams, 18,419 students, 55,522
 * enrolments) from the shared exam-timetabling data:
 *
 * 1. starts the built portal on the demo data in a fresh database and signs in;
 * 2. imports car-f-92 through the API (POST /api/sf/exam/import): wall time of the call;
 * 3. the clash report of its exam cycle (GET /api/sf/exam/clashReport): median of 5 calls;
 * 4. adds rooms for the import's campus (POST /api/salesforce/FacilityData) enough to seat its
 *    largest exam period, and generates that period's seating plan
 *    (POST /api/salesforce/seatingPlan/generate): wall time;
 * 5. the exam dashboard call of that cycle (GET /api/sf/exam/examDashboard) at 50 concurrent
 *    requests: latency p50 and p95; beside it the answer's size, the same load on /api/config (what
 *    the machine and the generator allow at best) and the machine's load average (other work on it);
 * 6. cold mixes of the cycle's lists at 50 concurrent requests: StudentData (every page of every
 *    page size, each eligibility label and none), StudentRiskData (every page of every page size)
 *    and the clash report (limits 0 to 500), in a seeded random order: p50, p95 and rate.
 * Budgets (docs/performance.md): import under 60 s, clash report under 2 s, seating generation
 * under 10 s, dashboard p95 under 100 ms; the cold mixes p95 at most 200 ms on PostgreSQL.
 *
 * EXAM_DATA_DIR names the data folder (default data/exam-timetabling in the repository);
 * BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL (that database is wiped and refilled).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { benchPortal, type LoadResult, root } from "./bench-kit.ts";
import { allPages, shuffled } from "./cold-mix.ts";

const portal = benchPortal(Number(process.env.BENCH_PORT ?? 4392));
const concurrency = 50;
const totalRequests = Number(process.env.BENCH_REQUESTS ?? 2_000);
const dataDir = process.env.EXAM_DATA_DIR ?? join(root, "data/exam-timetabling");

type Json = Record<string, unknown>;

async function call<T = Json>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${portal.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as T & { success?: boolean; errorMessage?: string };
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${answer.errorMessage ?? ""}`);
  return answer;
}

/** Size of one answer as sent: bytes on the wire and the content encoding. */
async function answerSize(path: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${portal.base}${path}`, { headers });
  const body = await res.arrayBuffer();
  const encoding = res.headers.get("content-encoding");
  const sent = res.headers.get("content-length") ?? "chunked";
  return encoding
    ? `${body.byteLength} bytes JSON, ${sent} bytes sent as ${encoding}`
    : `${sent} bytes JSON, uncompressed`;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

/**
 * Finds the period of the cycle with the most students, adds rooms of 200 seats on the import's
 * campus until they seat that period, and times the generation of its seating plan.
 */
async function seatLargestPeriod(
  token: string,
  examCycleId: string,
  campus: string,
): Promise<{ ms: number; students: number; exams: number; rooms: number }> {
  type Row = { id: string; dateOfExam: string; startTimeOfExam: string; students: number };
  const rows: Row[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await call<{ timetable: Row[]; noOfRecords: number }>(
      token,
      "GET",
      `/api/salesforce/TimeTable?examCycleId=${examCycleId}&count=100&pageNo=${pageNo}`,
    );
    rows.push(...page.timetable);
    if (rows.length >= page.noOfRecords || page.timetable.length === 0) break;
  }
  const periods = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.dateOfExam} ${r.startTimeOfExam}`;
    periods.set(key, [...(periods.get(key) ?? []), r]);
  }
  const sum = (list: Row[]) => list.reduce((n, r) => n + r.students, 0);
  const largest = [...periods.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  const students = sum(largest);
  const { campuses } = await call<{ campuses: Array<{ id: string; name: string }> }>(
    token,
    "GET",
    "/api/salesforce/FacilityData",
  );
  const campusId = campuses.find((c) => c.name === campus)?.id;
  if (!campusId) throw new Error(`no campus "${campus}"`);
  const seatsPerRoom = 200;
  const rooms = Math.ceil(students / seatsPerRoom);
  for (let i = 1; i <= rooms; i++) {
    await call(token, "POST", "/api/salesforce/FacilityData", {
      code: `BENCH-H${String(i).padStart(3, "0")}`,
      name: `Bench hall ${i}`,
      capacity: seatsPerRoom,
      campusId,
    });
  }
  const first = largest[0];
  if (!first) throw new Error("the imported cycle has no exams");
  const generated = await timed(() =>
    call(token, "POST", "/api/salesforce/seatingPlan/generate", { examId: first.id }),
  );
  return { ms: generated.ms, students, exams: largest.length, rooms };
}

/** `requests` calls at 50 concurrent, going round `requests` in order; a warm-up of 200 first. */
async function measureMix(
  headers: Record<string, string>,
  requests: ReadonlyArray<{ method: string; path: string; body?: string }>,
): Promise<LoadResult> {
  const send = (index: number) => {
    const r = requests[index % requests.length];
    if (!r) throw new Error("empty mix");
    return portal.send(r.method, r.path, headers, r.body);
  };
  await portal.runLoad(concurrency, 200, (index) => send(index + totalRequests));
  return portal.runLoad(concurrency, totalRequests, send);
}

/** The cold mixes of one exam cycle's lists (step 6), each over its distinct requests. */
async function measureListMixes(
  accessToken: string,
  examCycleId: string,
): Promise<Array<{ name: string; distinct: number; result: LoadResult }>> {
  const headers = {
    authorization: `Bearer ${accessToken}`,
    "content-type": "application/json",
    "accept-encoding": "gzip",
  };
  const sizes = [10, 25, 50, 100];
  const post = (path: string, body: Json) => ({ method: "POST", path, body: JSON.stringify(body) });
  const studentData: Array<{ method: string; path: string; body?: string }> = [];
  for (const eligibility of ["", "Eligible", "Not eligible", "At Risk", "Under Review"]) {
    const first = { examCycleId, examId: "", eligibility, search: "", pageNo: 1, count: 10 };
    const { noOfRecords } = await call<{ noOfRecords: number }>(
      accessToken,
      "POST",
      "/api/salesforce/StudentData",
      first,
    );
    for (const [pageNo, count] of allPages(noOfRecords, sizes)) {
      studentData.push(post("/api/salesforce/StudentData", { ...first, pageNo, count }));
    }
  }
  const risk = { examCycleId, search: "", pageNo: 1, count: 10 };
  const { noOfRecords: exams } = await call<{ noOfRecords: number }>(
    accessToken,
    "POST",
    "/api/salesforce/StudentRiskData",
    risk,
  );
  const riskData = allPages(exams, sizes).map(([pageNo, count]) =>
    post("/api/salesforce/StudentRiskData", { ...risk, pageNo, count }),
  );
  const clash = [0, 10, 50, 100, 200, 500].map((limit) => ({
    method: "GET",
    path: `/api/sf/exam/clashReport?examCycleId=${examCycleId}&limit=${limit}`,
  }));
  const mixes = [
    { name: "StudentData", requests: shuffled(studentData, 20261123) },
    { name: "StudentRiskData", requests: shuffled(riskData, 20261124) },
    { name: "clash report", requests: shuffled(clash, 20261125) },
  ];
  const results: Array<{ name: string; distinct: number; result: LoadResult }> = [];
  for (const mix of mixes) {
    results.push({
      name: mix.name,
      distinct: mix.requests.length,
      result: await measureMix(headers, mix.requests),
    });
  }
  return results;
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
    const { accessToken } = await portal.signIn();

    // 2. Import.
    const imported = await timed(() =>
      call<{ importSource: { examCycleId: string; counts: Record<string, number> } }>(
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
      ),
    );
    const { examCycleId, counts } = imported.value.importSource;

    // 3. Clash report.
    const clashTimes: number[] = [];
    let clashes: Json = {};
    for (let i = 0; i < 5; i++) {
      const r = await timed(() =>
        call(accessToken, "GET", `/api/sf/exam/clashReport?examCycleId=${examCycleId}`),
      );
      clashTimes.push(r.ms);
      clashes = r.value;
    }
    clashTimes.sort((a, b) => a - b);

    // 4. Seating of the largest period.
    const seating = await seatLargestPeriod(accessToken, examCycleId, "CAR92 campus");

    // 5. Dashboard under load.
    const headers = { authorization: `Bearer ${accessToken}`, "accept-encoding": "gzip" };
    const dashboardPath = `/api/sf/exam/examDashboard?examCycleId=${examCycleId}`;
    const answer = await answerSize(dashboardPath, headers);
    await portal.runLoad(concurrency, 200, () => portal.send("GET", dashboardPath, headers)); // warm-up
    const loadBefore = loadavg()[0] ?? 0;
    const dashboard = await portal.runLoad(concurrency, totalRequests, () =>
      portal.send("GET", dashboardPath, headers),
    );
    // For scale, after the measured run: the same load on a call without sign-in or database.
    const ceiling = await portal.runLoad(concurrency, totalRequests, () =>
      portal.send("GET", "/api/config", { "accept-encoding": "gzip" }),
    );

    const lists = await measureListMixes(accessToken, examCycleId);
    const listBudget = 200;

    const ms = (n: number) => (n < 10_000 ? `${n.toFixed(0)} ms` : `${(n / 1000).toFixed(1)} s`);
    const total = (section: string) => (clashes[section] as { total: number } | undefined)?.total ?? 0;
    const report = [
      `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${portal.databaseLabel}`,
      `Data: car-f-92, ${counts.courses} exams, ${counts.students} students, ${counts.enrolments} enrolments, ${counts.periods} periods`,
      "",
      "| measure | value | budget |",
      "|---|---|---|",
      `| import (POST /api/sf/exam/import, one transaction) | ${ms(imported.ms)} | < 60 s: ${imported.ms < 60_000 ? "within" : "OVER"} |`,
      `| clash report of the cycle (median of 5) | ${ms(clashTimes[2] ?? 0)}; ${total("studentClashes")} student, ${total("facultyClashes")} faculty, ${total("roomsOverCapacity")} room clashes | < 2 s: ${(clashTimes[2] ?? 0) < 2000 ? "within" : "OVER"} |`,
      `| seating plan of the largest period (${seating.students} students, ${seating.exams} exams, ${seating.rooms} rooms) | ${ms(seating.ms)} | < 10 s: ${seating.ms < 10_000 ? "within" : "OVER"} |`,
      `| exam dashboard call at ${concurrency} concurrent (${totalRequests} requests) | p50 ${dashboard.p50.toFixed(1)} ms, p95 ${dashboard.p95.toFixed(1)} ms, ${dashboard.rps.toFixed(0)} req/s | p95 < 100 ms: ${dashboard.p95 < 100 ? "within" : "OVER"} |`,
      `| dashboard answer | ${answer} | |`,
      `| for scale: /api/config at ${concurrency} concurrent | p50 ${ceiling.p50.toFixed(1)} ms, p95 ${ceiling.p95.toFixed(1)} ms, ${ceiling.rps.toFixed(0)} req/s | |`,
      `| machine load average (1 min) when the dashboard run began | ${loadBefore.toFixed(2)} | |`,
      ...lists.map(
        ({ name, distinct, result }) =>
          `| ${name}, cold mix at ${concurrency} concurrent (${totalRequests} requests over ${distinct} distinct) | p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s | p95 <= ${listBudget} ms${portal.databaseUrl ? "" : " on PostgreSQL"}: ${result.p95 <= listBudget ? "within" : "OVER"} |`,
      ),
    ].join("\n");
    console.log(`\n${report}\n`);
    writeFileSync(
      join(root, `.test-results/bench-exam-operations-${portal.databaseUrl ? "postgresql" : "pglite"}.md`),
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

/**
 * Performance report of the question-paper list (run by `pnpm bench`; a report, not a pass/fail test).
 *
 * 1. Makes a data set of 10,000 question papers (BENCH_PAPERS) in a fresh embedded database.
 * 2. Starts the built portal on its own port and signs in as the demo administrator.
 * 3. Measures the list page's server time to first byte (sequential requests, signed in).
 * 4. Loads the list page in Debian's Chromium and sums the JavaScript it fetched (files, bytes, gzip).
 * 5. Sends the list call at 50 concurrent requests (a bounded number, loopback only) and reports
 *    latency p50/p95 in milliseconds: the hot mix (the first 40 pages, which the cache serves) and
 *    the cold mix (distinct random filters, pages and header sorts, page sizes 25 to 100, none asked
 *    twice).
 * Budgets (docs/performance.md): at most 110 KB gzip of JavaScript for the list page; hot mix p95
 * under 50 ms; cold mix p95 at most 100 ms on PostgreSQL and 250 ms on the embedded database.
 *
 * BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL instead of the embedded database; that
 * database is wiped and refilled, so give it one of its own.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { QUESTION_PAPER_SORT_COLUMNS, SORT_DIRECTIONS } from "@portal/domain";
import { benchPortal, type LoadResult, percentile, root } from "./bench-kit.ts";
import { allPages, coldParts, randomSorts, shuffled } from "./cold-mix.ts";

const papers = Number(process.env.BENCH_PAPERS ?? 10_000);
const portal = benchPortal(Number(process.env.BENCH_PORT ?? 4391));
const { base, env, databaseUrl, databaseLabel } = portal;
const concurrency = 50;
const totalRequests = Number(process.env.BENCH_REQUESTS ?? 5_000);
const ttfbSamples = 30;

async function measureTtfb(cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ttfbSamples; i++) {
    const start = performance.now();
    const response = await fetch(`${base}/app/exam/questionPaper`, {
      headers: { cookie },
      redirect: "manual",
    });
    times.push(performance.now() - start); // headers received: first byte
    if (response.status !== 200) throw new Error(`list page answered ${response.status}`);
    await response.arrayBuffer();
  }
  return times.sort((a, b) => a - b);
}

async function measureJavaScript(
  cookie: string,
): Promise<{ files: number; bytes: number; gzip: number; largest: Array<{ name: string; gzip: number }> }> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...rest] = pair.split("=");
        return { name: name!, value: rest.join("="), domain: "127.0.0.1", path: "/" };
      }),
    );
    // What sign-in leaves in local storage (the portal sends a browser without the flag to /login).
    await context.addInitScript(() => {
      window.localStorage.setItem("loggedIn", "true");
      window.localStorage.setItem("alumniName", "Bench");
    });
    const page = await context.newPage();
    const scripts: Array<Promise<{ name: string; body: Buffer }>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") {
        const name = new URL(response.url()).pathname.split("/").pop() ?? response.url();
        scripts.push(response.body().then((body) => ({ name, body })));
      }
    });
    await page.goto(`${base}/app/exam/questionPaper`, { waitUntil: "networkidle" });
    await page
      .getByRole("table")
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: join(root, ".test-results/bench-list-page.png") });
        throw error;
      });
    if (!page.url().includes("/app/exam/questionPaper"))
      throw new Error(`the list page went to ${page.url()}`);
    const files = (await Promise.all(scripts)).map((f) => ({ ...f, gzip: gzipSync(f.body).length }));
    return {
      files: files.length,
      bytes: files.reduce((s, f) => s + f.body.length, 0),
      gzip: files.reduce((s, f) => s + f.gzip, 0),
      largest: files
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 6)
        .map((f) => ({ name: f.name, gzip: f.gzip })),
    };
  } finally {
    await browser.close();
  }
}

const send = portal.send;
const runLoad = (makeRequest: (index: number) => Promise<number>) =>
  portal.runLoad(concurrency, totalRequests, makeRequest);

/** The list call, pages 1 to 40 in turn, 25 a page, with gzip accepted as a browser does. */
function measureListCall(accessToken: string): Promise<LoadResult> {
  const headers = {
    "content-type": "application/json",
    "accept-encoding": "gzip",
    authorization: `Bearer ${accessToken}`,
  };
  return runLoad((index) =>
    send(
      "POST",
      "/api/sf/exam/questionPaperList",
      headers,
      JSON.stringify({
        course: "",
        status: "",
        term: "",
        faculty: "",
        batch: "",
        examCycle: "",
        pageNo: (index % 40) + 1,
        count: 25,
      }),
    ),
  );
}

type ListBody = {
  course: string;
  status: string;
  term: string;
  faculty: string;
  batch: string;
  examCycle: string;
  pageNo: number;
  count: number;
  sortBy: string;
  sortDirection: string;
};

/**
 * The cold mix's request bodies: every filter the list's Filter offers (none; each status, exam
 * cycle, course, term, faculty member, batch; each status with each batch), each with every page of
 * every page size, each with a header sort drawn with a fixed seed (a column of
 * QUESTION_PAPER_SORT_COLUMNS and a direction, as a user clicks the headers; the list's own order is
 * one of the twelve), shuffled with a fixed seed. Learning each filter's total sends page 1 of 25
 * once; those bodies are left out of the mix.
 */
async function coldListBodies(accessToken: string): Promise<ListBody[]> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const options = (await (await fetch(`${base}/api/sf/exam/questionPaperFilters`, { headers })).json()) as {
    statusList: string[];
    ExamMonthList: string[];
    CourseList: Array<{ CourseName: string }>;
    TermList: Array<{ TermName: string }>;
    courseFacultyList: Array<{ FacultyName: string[] }>;
    batchList: string[];
  };
  const none = { course: "", status: "", term: "", faculty: "", batch: "", examCycle: "" };
  const distinct = (values: string[]) => [...new Set(values)];
  const filters = [
    none,
    ...options.statusList.map((status) => ({ ...none, status })),
    ...options.ExamMonthList.map((examCycle) => ({ ...none, examCycle })),
    ...distinct(options.CourseList.map((c) => c.CourseName)).map((course) => ({ ...none, course })),
    ...distinct(options.TermList.map((t) => t.TermName)).map((term) => ({ ...none, term })),
    ...distinct(options.courseFacultyList.flatMap((c) => c.FacultyName)).map((faculty) => ({
      ...none,
      faculty,
    })),
    ...options.batchList.map((batch) => ({ ...none, batch })),
    ...options.statusList.flatMap((status) => options.batchList.map((batch) => ({ ...none, status, batch }))),
  ];
  const bodies: Array<Omit<ListBody, "sortBy" | "sortDirection">> = [];
  for (const filter of filters) {
    const answer = await fetch(`${base}/api/sf/exam/questionPaperList`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ ...filter, pageNo: 1, count: 25 }),
    });
    if (!answer.ok) throw new Error(`the list answered ${answer.status}`);
    const { noOfRecords } = (await answer.json()) as { noOfRecords: number };
    for (const [pageNo, count] of allPages(noOfRecords, [25, 50, 100])) {
      if (pageNo !== 1 || count !== 25) bodies.push({ ...filter, pageNo, count });
    }
  }
  const sorts = randomSorts(bodies.length, QUESTION_PAPER_SORT_COLUMNS, SORT_DIRECTIONS, 20261128);
  return shuffled(
    bodies.map((body, i) => ({ ...body, ...(sorts[i] ?? { sortBy: "courseName", sortDirection: "asc" }) })),
    20261123,
  );
}

/** The list call over `bodies`, one each, at 50 concurrent requests. */
function measureListBodies(accessToken: string, bodies: ListBody[]): Promise<LoadResult> {
  const headers = {
    "content-type": "application/json",
    "accept-encoding": "gzip",
    authorization: `Bearer ${accessToken}`,
  };
  return portal.runLoad(concurrency, bodies.length, (index) =>
    send("POST", "/api/sf/exam/questionPaperList", headers, JSON.stringify(bodies[index])),
  );
}

/** The same load on the public configuration call: what the machine and the generator allow at best. */
function measureCeiling(): Promise<LoadResult> {
  return runLoad(() => send("GET", "/api/config", { "accept-encoding": "gzip" }));
}

async function main(): Promise<void> {
  console.log(`Making ${papers} question papers in ${env.PORTAL_DATA_DIR} ...`);
  const seedStart = performance.now();
  const seed = spawnSync("tsx", ["src/cli/demo.ts", "--reload", "--papers", String(papers)], {
    cwd: join(root, "packages/server"),
    env,
    stdio: "inherit",
  });
  if (seed.status !== 0) throw new Error("making the data set failed");
  const seedSeconds = (performance.now() - seedStart) / 1000;

  try {
    await portal.start();
    const { cookie, accessToken } = await portal.signIn();
    await measureTtfb(cookie); // warm-up
    const ttfb = await measureTtfb(cookie);
    const js = await measureJavaScript(cookie);
    await measureListCall(accessToken); // warm-up
    const list = await measureListCall(accessToken);
    const { warm, cold } = coldParts(await coldListBodies(accessToken), 1_000, totalRequests);
    await measureListBodies(accessToken, warm); // warm-up: other bodies than the measured ones
    const coldList = await measureListBodies(accessToken, cold);
    const coldBudget = databaseUrl ? 100 : 250;
    const ceiling = await measureCeiling();

    const kb = (n: number) => (n / 1024).toFixed(1);
    const ms = (n: number) => n.toFixed(1);
    const report = [
      `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${databaseLabel}`,
      `Data set: ${papers} question papers (made in ${seedSeconds.toFixed(1)} s)`,
      "",
      "| measure | value | budget |",
      "|---|---|---|",
      `| list page, server time to first byte (p50 / p95 of ${ttfbSamples}) | ${ms(percentile(ttfb, 50))} ms / ${ms(percentile(ttfb, 95))} ms | |`,
      `| list page JavaScript | ${js.files} files, ${kb(js.bytes)} KB, ${kb(js.gzip)} KB gzip | 110 KB gzip: ${js.gzip <= 110 * 1024 ? "within" : "OVER"} |`,
      `| list call at ${concurrency} concurrent, hot mix: pages 1 to 40 (${totalRequests} requests) | p50 ${ms(list.p50)} ms, p95 ${ms(list.p95)} ms, max ${ms(list.max)} ms, ${list.rps.toFixed(0)} req/s | p95 < 50 ms: ${list.p95 < 50 ? "within" : "OVER"} |`,
      `| list call at ${concurrency} concurrent, cold mix: random filters, pages and sorts, none repeated (${cold.length} requests) | p50 ${ms(coldList.p50)} ms, p95 ${ms(coldList.p95)} ms, max ${ms(coldList.max)} ms, ${coldList.rps.toFixed(0)} req/s | p95 <= ${coldBudget} ms: ${coldList.p95 <= coldBudget ? "within" : "OVER"} |`,
      `| for scale: /api/config at ${concurrency} concurrent | p50 ${ms(ceiling.p50)} ms, p95 ${ms(ceiling.p95)} ms, ${ceiling.rps.toFixed(0)} req/s | |`,
      "",
      `Largest scripts of the list page (gzip): ${js.largest.map((f) => `${f.name} ${kb(f.gzip)} KB`).join(", ")}`,
    ].join("\n");
    console.log(`\n${report}\n`);
    writeFileSync(
      join(root, `.test-results/bench-question-papers-${databaseUrl ? "postgresql" : "pglite"}.md`),
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

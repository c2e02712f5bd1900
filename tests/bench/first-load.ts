/**
 * First-load report (run by `pnpm bench` after the question-paper list bench; a report, not a
 * pass/fail test). Every figure is a ratio of two things measured in the same run, so the speed
 * of the machine cancels out, each with its budget (docs/performance.md "First load"):
 *
 * 1. Rows against first paint: the list page `/app/exam/questionPaper` in Debian's Chromium with an
 *    empty cache, signed in; the time its first data row is in the page (never earlier than the
 *    first contentful paint: a row cannot be seen before anything is painted) over the first
 *    contentful paint. Unthrottled, and on a slow link (1.6 Mbps, 150 ms round trip, set through
 *    the DevTools protocol). Budget: at most 1.2 (the rows come with the first paint).
 * 2. Page against sign-in page: time to first byte of the signed-in list page (its first 25 rows
 *    rendered into the HTML) over that of the signed-out `/login`, sequential requests alternating,
 *    medians. Budget: at most 1.5.
 * 3. Page rate against `/api/config`: list pages a second over configuration calls a second, each
 *    at 50 concurrent. Budget: at least 0.15. Both 2 and 3 are measured twice against the same
 *    data: with the list's read-model cache on (the same first page asked again: its rows kept),
 *    then with the portal restarted with READ_MODEL_CACHE=off and every request asking the next of
 *    the list's pages in turn (`?page=1` to the last page of 25, more pages than the island's server
 *    HTML keeps), so each page computes its rows and renders its island as the first read after a
 *    write does; each pair against one started portal.
 *    Also: a built script's rate against `/api/config` at 50 concurrent. Budget: at least 1 (a file
 *    compressed at build time is no more work than the smallest API answer).
 * 4. JavaScript of every built page (gzip, as Chromium loaded it), each against its budget: 150 KB
 *    unless PAGE_BUDGETS_KB names another; pages with an id in the path are opened with an unknown
 *    id, which loads the same scripts.
 *
 * Writes the table to .test-results/bench-first-load-<database>.md and the figures as JSON
 * beside it. BENCH_PORT (default 4394), BENCH_PAPERS (default 10,000), BENCH_DATABASE_URL as in
 * question-papers.ts; BENCH_SKIP_PAGES=1 leaves out the JavaScript of every page (the slowest part),
 * BENCH_SKIP_BROWSER=1 everything measured in Chromium (1 and 4). The machine's load average at the
 * start and the end is in the report: the machine may be shared.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { pageFileAddresses } from "../page-files.ts";
import { benchPortal, freshContext, launch, percentile, root } from "./bench-kit.ts";

const papers = Number(process.env.BENCH_PAPERS ?? 10_000);
const portal = benchPortal(Number(process.env.BENCH_PORT ?? 4394));
const { base, env, databaseUrl, databaseLabel } = portal;
const listPath = "/app/exam/questionPaper";
/** A data row of the design system's table (loading and empty states are one cell spanning all). */
const DATA_ROW = "table tbody tr:not(:has(> td[colspan]))";
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const KB = 1024;
/**
 * JavaScript budgets (KB gzip) of pages that have their own; every other page has 150 KB. The list
 * page: 110 KB, TanStack Table (the product's table library, under DataTable) included. The faculty calendar: 215 KB, of which FullCalendar's core and time grid are 71 KB;
 * the page loads them after mount to show the calendar that is its content, and the spec names
 * FullCalendar (docs/performance.md, "The faculty calendar's budget").
 */
const PAGE_BUDGETS_KB: Record<string, number> = { [listPath]: 110, "/app/faculty-calendar": 215 };
const DEFAULT_PAGE_BUDGET_KB = 150;
/** An id no record has: a page with an id in its path loads the same scripts for any id. */
const UNKNOWN_ID = "00000000-0000-0000-0000-000000000000";

type Row = { measure: string; value: string; ratio: number; budget: string; ok: boolean };

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** One empty-cache load of the list page: first contentful paint and first data row, in ms. */
async function loadList(
  browser: Browser,
  cookie: string,
  slow: boolean,
): Promise<{ fcp: number; rows: number }> {
  const context = await freshContext(browser, cookie);
  try {
    // Notes the first frame at which a data row is in the document (from the server's HTML or
    // added by the island), checking once a frame from the start of the navigation. A string, not
    // a function: tsx names functions with a helper the page does not have.
    await context.addInitScript(`(() => {
      const check = (time) => {
        if (document.querySelector(${JSON.stringify(DATA_ROW)})) window.__firstRow = time;
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })();`);
    const page = await context.newPage();
    if (slow) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6e6 / 8) | 0,
        uploadThroughput: (1.6e6 / 8) | 0,
      });
    }
    await page.goto(`${base}${listPath}`, { waitUntil: "commit" });
    await page.locator(DATA_ROW).first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    const { fcp, row } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      row: (window as unknown as { __firstRow?: number }).__firstRow ?? Number.NaN,
    }));
    if (!page.url().includes(listPath)) throw new Error(`the list page went to ${page.url()}`);
    return { fcp, rows: Math.max(row, fcp) };
  } finally {
    await context.close();
  }
}

async function rowsAgainstPaint(browser: Browser, cookie: string, slow: boolean, runs: number) {
  await loadList(browser, cookie, slow); // warm-up: the server's first render of the page
  const loads = [];
  for (let i = 0; i < runs; i++) loads.push(await loadList(browser, cookie, slow));
  const fcp = median(loads.map((l) => l.fcp));
  const rows = median(loads.map((l) => l.rows));
  return { fcp, rows, ratio: median(loads.map((l) => l.rows / l.fcp)) };
}

/** The address of the signed-in list page a request asks for (one page, or the next of many). */
type PagePath = () => string;

/** Time to the response's headers for `path`, one request at a time on one kept-alive socket. */
function firstByte(agent: Agent, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(`${base}${path}`, { agent, headers }, (res) => {
      const elapsed = performance.now() - start;
      res.on("data", () => {});
      res.on("end", () =>
        res.statusCode === 200 ? resolve(elapsed) : reject(new Error(`${path} answered ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Sequential time to first byte (medians, ms) of the signed-in list page and of the signed-out
 * `/login`, alternating on one kept-alive socket each; a first round of `samples` warms up.
 */
async function pageAgainstLogin(cookie: string, pagePath: PagePath, samples: number) {
  const signedIn = new Agent({ keepAlive: true, maxSockets: 1 });
  const signedOut = new Agent({ keepAlive: true, maxSockets: 1 });
  const page: number[] = [];
  const login: number[] = [];
  try {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < samples; i++) {
        const p = await firstByte(signedIn, pagePath(), {
          cookie,
          "accept-encoding": BROWSER_ACCEPT_ENCODING,
        });
        const l = await firstByte(signedOut, "/login", { "accept-encoding": BROWSER_ACCEPT_ENCODING });
        if (round === 1) {
          page.push(p);
          login.push(l);
        }
      }
    }
  } finally {
    signedIn.destroy();
    signedOut.destroy();
  }
  return { page: median(page), login: median(login), ratio: median(page) / median(login) };
}

/**
 * The portal's own CPU time (ms, from /proc) per sequential request of the signed-in list page and
 * of `/login`, `samples` each after as many to warm up: what the machine's other work barely moves,
 * for reading a run on a shared machine (0 where /proc is missing).
 */
async function cpuPerRequest(cookie: string, pagePath: PagePath, samples: number) {
  const headers = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const run = async (path: PagePath, extra: Record<string, string>) => {
    for (let i = 0; i < samples; i++) await portal.send("GET", path(), { ...headers, ...extra });
    const before = portal.cpuMs();
    for (let i = 0; i < samples; i++) await portal.send("GET", path(), { ...headers, ...extra });
    return (portal.cpuMs() - before) / samples;
  };
  const page = await run(pagePath, { cookie });
  const login = await run(() => "/login", {});
  return { page, login, ratio: page / login };
}

/** Requests a second at `concurrency` of the signed-in list page and of `/api/config` (each warmed up). */
async function pageRateAgainstConfig(cookie: string, pagePath: PagePath, concurrency: number, total: number) {
  const pageHeaders = { cookie, "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const configHeaders = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const load = (path: PagePath, headers: Record<string, string>, count: number) =>
    portal.runLoad(concurrency, count, () => portal.send("GET", path(), headers));
  const config = () => "/api/config";
  await load(pagePath, pageHeaders, Math.ceil(total / 5)); // warm-up
  const page = await load(pagePath, pageHeaders, total);
  await load(config, configHeaders, Math.ceil(total / 5));
  const configLoad = await load(config, configHeaders, total * 4);
  return { page, config: configLoad, ratio: page.rps / configLoad.rps };
}

/** The routes of apps/portal/src/pages (`[id]` as an unknown id; the redirecting `/` left out). */
function builtPages(): string[] {
  return pageFileAddresses().map((address) => address.replace(/\[[^\]]+\]/g, UNKNOWN_ID));
}

/** The scripts a page loads in a fresh context, summed as gzip bytes. */
async function pageJavaScript(browser: Browser, cookie: string | null, route: string) {
  const context = await freshContext(browser, cookie);
  try {
    const page = await context.newPage();
    const bodies: Array<Promise<Buffer>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.body());
    });
    // The 404 page answers any unknown path.
    await page.goto(`${base}${route === "/404" ? "/no-such-page" : route}`, { waitUntil: "networkidle" });
    const files = await Promise.all(bodies);
    return { files: files.length, gzip: files.reduce((sum, body) => sum + gzipSync(body).length, 0) };
  } finally {
    await context.close();
  }
}

/** One built script of the list page (the island's own file), as served under /_astro/. */
function listScript(): string {
  const name = readdirSync(join(root, "apps/portal/dist/client/_astro")).find((file) =>
    /^QuestionPaperList\.[\w-]+\.js$/.test(file),
  );
  if (!name) throw new Error("the build has no QuestionPaperList script");
  return `/_astro/${name}`;
}

async function main(): Promise<void> {
  console.log(`Making ${papers} question papers in ${env.PORTAL_DATA_DIR} ...`);
  const seed = spawnSync("tsx", ["src/cli/demo.ts", "--reload", "--papers", String(papers)], {
    cwd: join(root, "packages/server"),
    env,
    stdio: "inherit",
  });
  if (seed.status !== 0) throw new Error("making the data set failed");

  const rows: Row[] = [];
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const add = (measure: string, value: string, ratio: number, budget: number, atMost: boolean) =>
    rows.push({
      measure,
      value,
      ratio,
      budget: `${atMost ? "≤" : "≥"} ${budget}`,
      ok: atMost ? ratio <= budget : ratio >= budget,
    });
  const pages: Array<{ route: string; files: number; gzipKb: number; budgetKb: number; ok: boolean }> = [];

  const loadAtStart = loadavg();
  try {
    await portal.start();
    const { cookie } = await portal.signIn();
    const script = listScript();
    /** Rows against first paint, then every page's JavaScript, in Chromium. */
    const inBrowser = async (browser: Browser): Promise<void> => {
      const fast = await rowsAgainstPaint(browser, cookie, false, 5);
      add(
        "list page: first data row / first contentful paint, unthrottled",
        `rows ${ms(fast.rows)}, FCP ${ms(fast.fcp)}`,
        fast.ratio,
        1.2,
        true,
      );
      const slow = await rowsAgainstPaint(browser, cookie, true, 3);
      add(
        "list page: first data row / first contentful paint, 1.6 Mbps, 150 ms RTT",
        `rows ${ms(slow.rows)}, FCP ${ms(slow.fcp)}`,
        slow.ratio,
        1.2,
        true,
      );
      for (const route of process.env.BENCH_SKIP_PAGES ? [] : builtPages()) {
        const signedOut = route === "/login";
        const js = await pageJavaScript(browser, signedOut ? null : cookie, route);
        const budgetKb = PAGE_BUDGETS_KB[route] ?? DEFAULT_PAGE_BUDGET_KB;
        pages.push({
          route,
          files: js.files,
          gzipKb: js.gzip / KB,
          budgetKb,
          ok: js.gzip <= budgetKb * KB,
        });
      }
    };
    const browser = process.env.BENCH_SKIP_BROWSER ? null : await launch();
    try {
      if (browser) await inBrowser(browser);
    } finally {
      await browser?.close();
    }

    const concurrency = 50;
    const total = Number(process.env.BENCH_REQUESTS ?? 3_000);
    const cpuRows: string[] = [];
    /**
     * The page's two budgets against one started portal; `path` says how its rows were read and
     * `pagePath` which page each request asks for.
     */
    const pageBudgets = async (path: string, pagePath: PagePath) => {
      const ttfb = await pageAgainstLogin(cookie, pagePath, 200);
      add(
        `time to first byte: signed-in list page / signed-out /login (sequential, medians), ${path}`,
        `${ms(ttfb.page)} / ${ms(ttfb.login)}`,
        ttfb.ratio,
        1.5,
        true,
      );
      const cpu = await cpuPerRequest(cookie, pagePath, 500);
      cpuRows.push(
        `| ${path} | ${cpu.page.toFixed(2)} ms / ${cpu.login.toFixed(2)} ms | ${cpu.ratio.toFixed(2)} |`,
      );
      const rate = await pageRateAgainstConfig(cookie, pagePath, concurrency, Math.ceil(total / 2));
      add(
        `requests a second at ${concurrency} concurrent: signed-in list page / /api/config, ${path}`,
        `${rate.page.rps.toFixed(0)} / ${rate.config.rps.toFixed(0)} (p95 ${ms(rate.page.p95)} / ${ms(rate.config.p95)})`,
        rate.ratio,
        0.15,
        false,
      );
    };
    await pageBudgets("rows kept by the list's read-model cache, the first page", () => listPath);
    const fileHeaders = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
    const load = (path: string) =>
      portal.runLoad(concurrency, total, () => portal.send("GET", path, fileHeaders));
    await load(script); // warm-up
    const scriptLoad = await load(script);
    await load("/api/config");
    const configLoad = await load("/api/config");
    add(
      `requests a second at ${concurrency} concurrent: built script / /api/config`,
      `${scriptLoad.rps.toFixed(0)} / ${configLoad.rps.toFixed(0)} (p95 ${ms(scriptLoad.p95)} / ${ms(configLoad.p95)})`,
      scriptLoad.rps / configLoad.rps,
      1,
      false,
    );

    // The uncached path: the same data, the portal restarted with every kept read computed afresh.
    await portal.stop({ keepData: true });
    await portal.start({ READ_MODEL_CACHE: "off" });
    // Every page of 25 in turn, so no request finds its page's island HTML kept either.
    const listPages = Math.max(1, Math.floor(papers / 25));
    let nextPage = 0;
    await pageBudgets(
      `rows computed and island rendered on every request (READ_MODEL_CACHE=off, pages 1 to ${listPages} in turn)`,
      () => `${listPath}?page=${(nextPage++ % listPages) + 1}`,
    );
    const loadAtEnd = loadavg();

    const verdict = (ok: boolean) => (ok ? "ok" : "OVER");
    const report = [
      `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${databaseLabel}, ${papers} question papers`,
      `Load average (1, 5, 15 min) at the start: ${loadAtStart.map((n) => n.toFixed(2)).join(", ")}; at the end: ${loadAtEnd.map((n) => n.toFixed(2)).join(", ")}`,
      "",
      "| measure | figures | ratio | budget | |",
      "|---|---|---|---|---|",
      ...rows.map(
        (r) => `| ${r.measure} | ${r.value} | ${r.ratio.toFixed(2)} | ${r.budget} | ${verdict(r.ok)} |`,
      ),
      "",
      "Portal CPU time per request, sequential (for reading a run on a busy machine; no budget of its own):",
      "",
      "| list page rows | signed-in list page / signed-out /login | ratio |",
      "|---|---|---|",
      ...cpuRows,
      "",
      "| page | scripts | JavaScript (gzip) | budget | |",
      "|---|---|---|---|---|",
      ...pages.map(
        (p) =>
          `| ${p.route} | ${p.files} | ${p.gzipKb.toFixed(1)} KB | ${p.budgetKb} KB | ${verdict(p.ok)} |`,
      ),
    ].join("\n");
    console.log(`\n${report}\n`);
    const name = `bench-first-load-${databaseUrl ? "postgresql" : "pglite"}`;
    writeFileSync(join(root, `.test-results/${name}.md`), `${report}\n`);
    writeFileSync(
      join(root, `.test-results/${name}.json`),
      `${JSON.stringify({ date: new Date().toISOString(), database: databaseLabel, papers, loadAtStart, loadAtEnd, ratios: rows, pages }, null, 2)}\n`,
    );
  } finally {
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

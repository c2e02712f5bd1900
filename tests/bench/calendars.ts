/**
 * Calendars report (docs/performance.md "Scheduling", the browser half; a report, not a pass/fail
 * test): a term of 5,000 sessions across 300 faculty and 100 rooms (`demo --term-sessions 5000`,
 * the scheduling benchmark's term) on a portal of its own, signed in as the academic office, in
 * Debian's Chromium. For each calendar, the time from the start of the navigation to the first
 * frame showing one of its events, with an empty cache (a new browser context each time) and again
 * in the same context (scripts cached), medians of BENCH_RUNS (default 5) after a warm-up load:
 *
 * - the faculty calendar (`/app/faculty-calendar`) of the faculty member busiest in the term's
 *   second week, on that week (FullCalendar's time grid, drawn in the browser);
 * - the session scheduler (`/app/session-scheduler`) on that term and the week's Monday, in its
 *   first view, the resource timeline of one day (FullCalendar's premium plugin);
 * - the weekly time table (`/app/time-table`) of the intake on that week (the grid in the
 *   server's HTML, no calendar library).
 *
 * Budget: 1 s each. Embedded database by default; BENCH_DATABASE_URL as in question-papers.ts.
 * Writes the table to .test-results/bench-calendars-<database>.md. BENCH_PORT (default 4396).
 * Run: `npx -y pnpm@10.34.9 bench:calendars` (builds the portal first).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { benchPortal, freshContext, launch, percentile, root, signInThroughOutbox } from "./bench-kit.ts";

const SESSIONS = 5000;
const BUDGET_MS = 1000;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const portal = benchPortal(Number(process.env.BENCH_PORT ?? 4396));
const { base, env, databaseLabel } = portal;

/** What `demo --term-sessions` prints after "large term: ". */
type LargeTerm = {
  termId: string;
  programmeCode: string;
  programmeName: string;
  month: string;
  year: number;
  days: string[];
  busiestFacultyId: string;
};

type Calendar = { name: string; path: string; event: string };

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Notes, once a frame from the start of the navigation, the first frame at which `selector` is in
 * the document. A string, not a function: tsx names functions with a helper the page lacks.
 */
const watchFor = (selector: string) => `(() => {
  const check = (time) => {
    if (document.querySelector(${JSON.stringify(selector)})) window.__firstEvent = time;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** One load of `calendar` in `context`: milliseconds from navigation start to its first event. */
async function load(context: BrowserContext, calendar: Calendar): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(`${base}${calendar.path}`, { waitUntil: "commit" });
    await page.locator(calendar.event).first().waitFor({ state: "attached", timeout: 60_000 });
    await page.waitForFunction(
      () => (window as unknown as { __firstEvent?: number }).__firstEvent !== undefined,
    );
    if (!page.url().startsWith(`${base}${calendar.path.split("?")[0]}`)) {
      throw new Error(`${calendar.name} went to ${page.url()}`);
    }
    return page.evaluate(() => (window as unknown as { __firstEvent: number }).__firstEvent);
  } finally {
    await page.close();
  }
}

/** Empty-cache and cached medians of `calendar`. */
async function measure(browser: Browser, cookie: string, calendar: Calendar) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const context = await freshContext(browser, cookie);
    await context.addInitScript(watchFor(calendar.event));
    try {
      const first = await load(context, calendar);
      const again = await load(context, calendar);
      // Run 0 warms the server (its first render of the page and the kept answers).
      if (i > 0) {
        cold.push(first);
        warm.push(again);
      }
    } finally {
      await context.close();
    }
  }
  return { cold: median(cold), warm: median(warm) };
}

async function main(): Promise<void> {
  console.log(`Making the demo data and a term of ${SESSIONS} sessions in ${databaseLabel} ...`);
  const seed = spawnSync("tsx", ["src/cli/demo.ts", "--reload", "--term-sessions", String(SESSIONS)], {
    cwd: join(root, "packages/server"),
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = seed.stdout.split("\n").find((l) => l.startsWith("large term: "));
  if (seed.status !== 0 || !line) throw new Error(`making the data set failed:\n${seed.stdout}`);
  const term = JSON.parse(line.slice("large term: ".length)) as LargeTerm;
  const monday = term.days[5] as string;

  const browser = await launch();
  try {
    await portal.start();
    const { cookie } = await signInThroughOutbox(base, "academic@university.example");
    const intake = `year=${term.year}&intake=${term.month}`;
    const calendars: Calendar[] = [
      {
        name: "Faculty calendar (a week of the busiest faculty member)",
        path: `/app/faculty-calendar?contactId=${term.busiestFacultyId}&date=${monday}`,
        event: ".fc-event",
      },
      {
        name: "Session scheduler (the term, day timeline)",
        path: `/app/session-scheduler?program=${encodeURIComponent(term.programmeName)}&${intake}&term=${term.termId}&date=${monday}`,
        event: ".fc-event",
      },
      {
        name: "Time table (a week of the intake)",
        path: `/app/time-table?program=${encodeURIComponent(term.programmeCode)}&${intake}&date=${monday}`,
        event: "[data-event-id]",
      },
    ];
    const lines = [
      `# Calendars, ${databaseLabel}`,
      "",
      `${SESSIONS} sessions, 300 faculty, 100 rooms; ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} at the start; medians of ${runs} loads after a warm-up.`,
      "",
      "| calendar | navigation to first event, empty cache | cached scripts | budget |",
      "|---|---|---|---|",
    ];
    for (const calendar of calendars) {
      const { cold, warm } = await measure(browser, cookie, calendar);
      const ok = cold <= BUDGET_MS;
      lines.push(
        `| ${calendar.name} | ${cold.toFixed(0)} ms | ${warm.toFixed(0)} ms | ${BUDGET_MS} ms: ${ok ? "within" : "**over**"} |`,
      );
      console.log(lines.at(-1));
    }
    const label = databaseLabel.startsWith("PostgreSQL") ? "postgres" : "pglite";
    writeFileSync(join(root, `.test-results/bench-calendars-${label}.md`), `${lines.join("\n")}\n`);
    console.log(lines.join("\n"));
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

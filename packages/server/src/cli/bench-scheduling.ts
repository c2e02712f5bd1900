/**
 * Benchmark of the scheduling reads (docs/performance.md "Scheduling"): a term of 5,000 sessions
 * across 300 faculty and 100 rooms, seeded deterministically (no random numbers: each session's
 * day, slot, room, faculty and subject follow from its index, and no faculty member or room is
 * booked twice) into the second term of the demo's largest scheduled intake, in a fresh database
 * with the small demo data. Then, signed in as the academic office, 50 concurrent callers each ask
 * 10 times (after one warm-up round) for GET /api/salesforce/SchedulerData (the scheduler's load of
 * the term; budget 50 ms at p95), GET /api/salesforce/SessionTimeTable (a busy week of the intake;
 * same budget) and GET /api/salesforce/SessionData (the session scheduler's week; same budget):
 * through the whole API in process, then over HTTP on a local port, plain and compressed. Embedded database by default; with
 * DATABASE_URL (an admin URL of PostgreSQL) also on a new database there, dropped afterwards. The
 * answers are kept behind the 'scheduling' counter, so by default every call after the first is
 * served from memory (each line says "cached"); with READ_MODEL_CACHE=off the API computes every
 * answer on every call (each line says "uncached"), which is what the first readers after a write
 * meet. Each line gives the calls' own CPU time in this process per call too (on PGlite the
 * database's work included). The machine's load average is printed with the figures. Run:
 * `npx -y pnpm@10.34.9 bench:scheduling`; uncached: `READ_MODEL_CACHE=off npx -y pnpm@10.34.9 bench:scheduling`.
 */

import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { serve } from "@hono/node-server";
import { addDays, localToInstant } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { seedLargeTerm } from "../demo/large-term.ts";
import { DEMO_ACADEMIC_OFFICE } from "../demo/seed.ts";
import { schedulerData, weeklyTimeTable } from "../scheduling/reads.ts";
import { createTestApi, signInHeaders, testTargets } from "../test/harness.ts";

const SESSIONS = 5000;
const FACULTY = 300;
const ROOMS = 100;
const SUBJECTS = 60;
const CONCURRENT = 50;
const ROUNDS = 10;
const BUDGET_MS = 50;
/** Linux's clock ticks a second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;
/**
 * BENCH_MODE=after-write: the first reads after a write (the read-model cache on, whatever
 * READ_MODEL_CACHE says), instead of the distinct questions; see {@link afterWrite}.
 */
const AFTER_WRITE = process.env.BENCH_MODE?.trim().toLowerCase() === "after-write";
/** READ_MODEL_CACHE=off: every answer computed on every call (the uncached path). */
const CACHED = AFTER_WRITE || (process.env.READ_MODEL_CACHE ?? "on").trim().toLowerCase() !== "off";
const PATH = AFTER_WRITE ? "after a write" : CACHED ? "cached" : "uncached";
/** The weeks of the spread in the after-write mode: staff paging through the term. */
const SPREAD_WEEKS = 10;

/** BENCH_CALLS=timetable (a word of the call's label, any case) times that call only. */
const ONLY = process.env.BENCH_CALLS?.trim().toLowerCase() || "";

/** BENCH_TARGETS=embedded or =postgres runs one database only. */
const targets = testTargets().filter(
  (t) =>
    !process.env.BENCH_TARGETS ||
    t.name.toLowerCase().includes(process.env.BENCH_TARGETS === "embedded" ? "pglite" : "postgres"),
);

function p(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

/**
 * Reads a response's body to its end and answers its length in bytes, as a load generator does:
 * the time counts every byte received, without the client's own copy of the whole body that
 * `arrayBuffer()` makes (on this 2-core machine the callers share the server's process and CPU).
 */
async function drain(res: Response): Promise<number> {
  let bytes = 0;
  if (!res.body) return bytes;
  const reader = res.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  return bytes;
}

type Timed = { times: number[]; size: number; cpuMs: number; dbCpuMs?: number | undefined };

/**
 * The CPU time (ms, user and system) the PostgreSQL backends serving this benchmark's database
 * have used so far, from /proc (the server on this machine, as the bench's 127.0.0.1 one is);
 * undefined on the embedded database or where /proc does not show them. Other databases' backends
 * (other test runs on the same server) are not counted.
 */
async function databaseCpuMs(db: Database, kind: string): Promise<number | undefined> {
  if (kind !== "postgres") return undefined;
  const backends = await rows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  for (const { pid } of backends) {
    try {
      // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * 50 concurrent callers, `ROUNDS` rounds after a warm-up round: each call's time, the body's size
 * and this process's CPU time per call over the timed rounds (with `dbCpu`, PostgreSQL's too).
 */
async function concurrently(
  send: () => Promise<number>,
  dbCpu?: () => Promise<number | undefined>,
): Promise<Timed> {
  const times: number[] = [];
  let size = 0;
  let cpu = process.cpuUsage();
  let dbStart: number | undefined;
  for (let round = 0; round < ROUNDS + 1; round++) {
    if (round === 1) {
      dbStart = await dbCpu?.();
      cpu = process.cpuUsage();
    }
    const batch = await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        const started = performance.now();
        size = await send();
        return performance.now() - started;
      }),
    );
    if (round > 0) times.push(...batch);
  }
  const used = process.cpuUsage(cpu);
  const dbEnd = dbStart === undefined ? undefined : await dbCpu?.();
  return {
    times,
    size,
    cpuMs: (used.user + used.system) / 1000 / times.length,
    dbCpuMs: dbStart === undefined || dbEnd === undefined ? undefined : (dbEnd - dbStart) / times.length,
  };
}

function report(target: string, label: string, { times, size, cpuMs, dbCpuMs }: Timed, budget = BUDGET_MS) {
  const p95 = p(times, 0.95);
  const db = dbCpuMs === undefined ? "" : ` (PostgreSQL ${dbCpuMs.toFixed(1)} ms)`;
  console.log(
    `${target}: ${label}, ${PATH}: ${CONCURRENT} concurrent, ${times.length} calls, p50 ${p(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ${cpuMs.toFixed(1)} ms CPU a call${db}, ${(size / 1024).toFixed(0)} KB (budget ${budget} ms: ${p95 <= budget ? "within" : "OVER"})`,
  );
}

type Api = Awaited<ReturnType<typeof createTestApi>>;
type CalendarEvent = { id: string; version: number };

/**
 * The first reads after a write, as staff meet them (docs/performance.md "Scheduling: the first
 * read after a write"): the keys of each scenario are read once first (staff have the weeks open),
 * then each round deletes one session of the term's last week through the API (a committed write:
 * every scheduling answer is out of date) and, as soon as the write has answered, 50 concurrent
 * callers read: all the same week (the busy week), or a spread of {@link SPREAD_WEEKS} weeks (caller
 * i the (i mod 10)th). Each caller's time runs from the end of the write to its whole answer; the
 * recompute the write started in the background is what they meet. CPU per reader call is this
 * process's over the rounds (the writes and recomputes included) divided by the readers' calls.
 */
async function afterWrite(
  target: string,
  api: Api,
  headers: Record<string, string>,
  urls: Array<{ label: string; budget: number; url: (week: string) => string }>,
  weeks: string[],
  spare: CalendarEvent[],
  dbCpu: () => Promise<number | undefined>,
): Promise<void> {
  const get = async (url: string) => {
    const res = await api.raw("GET", url, { headers });
    const received = await drain(res);
    if (res.status !== 200) throw new Error(`${url}: status ${res.status}`);
    return received;
  };
  const busy = weeks[0] as string;
  for (const { label, budget, url } of urls) {
    for (const [scenario, weekOf] of [
      ["the same week for all", () => busy],
      [`a spread of ${SPREAD_WEEKS} weeks`, (i: number) => weeks[i % SPREAD_WEEKS] as string],
    ] as const) {
      for (let i = 0; i < SPREAD_WEEKS; i++) await get(url(weekOf(i)));
      const times: number[] = [];
      let size = 0;
      const cpu = process.cpuUsage();
      const dbStart = await dbCpu();
      for (let round = 0; round < ROUNDS; round++) {
        const event = spare.pop();
        if (!event) throw new Error("no session left to delete");
        const res = await api.raw("POST", "/api/salesforce/createSession", {
          headers,
          body: { Operation: "Delete", FacilityFacultyBooking: { id: event.id, version: event.version } },
        });
        if (res.status !== 200) throw new Error(`delete: status ${res.status}`);
        await drain(res);
        const written = performance.now();
        const batch = await Promise.all(
          Array.from({ length: CONCURRENT }, async (_, i) => {
            size = await get(url(weekOf(i)));
            return performance.now() - written;
          }),
        );
        times.push(...batch);
      }
      const used = process.cpuUsage(cpu);
      const dbEnd = await dbCpu();
      report(
        target,
        `${label}, ${scenario}, in process`,
        {
          times,
          size,
          cpuMs: (used.user + used.system) / 1000 / times.length,
          dbCpuMs:
            dbStart === undefined || dbEnd === undefined ? undefined : (dbEnd - dbStart) / times.length,
        },
        budget,
      );
    }
  }
}

/** GET `path` from the local server; answers the body's length in bytes once all of it arrived. */
function httpGet(agent: Agent, port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      res.on("end", () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path}: status ${res.statusCode}`)),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

for (const target of targets) {
  const api = await createTestApi(target, { readModelCache: CACHED });
  try {
    const db = api.ctx.db;
    const dbCpu = () => databaseCpuMs(db, target.name);
    const headers = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const large = await seedLargeTerm(db, {
      sessions: SESSIONS,
      faculty: FACULTY,
      rooms: ROOMS,
      subjects: SUBJECTS,
    });
    const t = { termId: large.termId, code: large.programmeCode, month: large.month, year: large.year };
    const days = large.days;
    const busyWeek = addDays(days[0] as string, 7);
    // [label, URL, budget in ms at p95]: the time table's uncached budget is 200 ms (a week of
    // 100 events or more at 50 concurrent on PostgreSQL), the others' 50 ms.
    const allCalls: Array<[string, string, number]> = [
      ["getSchedulerData (term of 5,000 sessions)", `/api/salesforce/SchedulerData?termId=${t.termId}`, 50],
      [
        "getSessionTimeTable (a week of the intake)",
        `/api/salesforce/SessionTimeTable?programName=${encodeURIComponent(t.code)}&intake=${t.month}&year=${t.year}&date=${busyWeek}`,
        CACHED ? 50 : 200,
      ],
      [
        "getSessionData (a week of the term)",
        `/api/salesforce/SessionData?termId=${t.termId}&from=${busyWeek}&to=${addDays(busyWeek, 6)}`,
        50,
      ],
    ];
    const calls = allCalls.filter(([label]) => !ONLY || label.toLowerCase().includes(ONLY));
    console.log(
      `${target.name}: ${SESSIONS} sessions, ${FACULTY} faculty, ${ROOMS} rooms, ${days.length} weekdays; read-model cache ${CACHED ? "on" : "off"}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    if (AFTER_WRITE) {
      // The weeks staff page through (the first is the term's second week, the busy one of the
      // lines above), and the sessions of the term's last weeks, deleted one per write.
      const weeks = Array.from({ length: SPREAD_WEEKS + 1 }, (_, i) => addDays(days[0] as string, 7 * i));
      const last = days[days.length - 1] as string;
      const spareAnswer = (await (
        await api.raw(
          "GET",
          `/api/salesforce/SessionData?termId=${t.termId}&from=${addDays(last, -20)}&to=${last}`,
          { headers },
        )
      ).json()) as { events: CalendarEvent[] };
      await afterWrite(
        target.name,
        api,
        headers,
        [
          {
            label: "getSessionTimeTable",
            budget: 200,
            url: (week: string) =>
              `/api/salesforce/SessionTimeTable?programName=${encodeURIComponent(t.code)}&intake=${t.month}&year=${t.year}&date=${week}`,
          },
          {
            label: "getSessionData",
            budget: 50,
            url: (week: string) =>
              `/api/salesforce/SessionData?termId=${t.termId}&from=${week}&to=${addDays(week, 6)}`,
          },
        ].filter(({ label }) => !ONLY || label.toLowerCase().includes(ONLY)),
        weeks.slice(1),
        spareAnswer.events,
        dbCpu,
      );
      continue;
    }
    // Where the time goes: the reads alone (queries and mapping, no HTTP or JSON), one caller.
    for (const [label, read] of [
      ["schedulerData read alone", () => schedulerData(db, t.termId)],
      [
        "weeklyTimeTable read alone",
        () => weeklyTimeTable(db, { programName: t.code, intake: t.month, year: t.year, date: busyWeek }),
      ],
    ] as const) {
      const alone: number[] = [];
      for (let i = 0; i < 22; i++) {
        const started = performance.now();
        await read();
        if (i >= 2) alone.push(performance.now() - started);
      }
      console.log(
        `${target.name}: ${label}: p50 ${p(alone, 0.5).toFixed(1)} ms, p95 ${p(alone, 0.95).toFixed(1)} ms`,
      );
    }
    const [plan] = await rows<{ "QUERY PLAN": unknown }>(
      db,
      sql`explain (analyze, format json) select count(*) from scheduled_event e
          where e.term_id = ${t.termId} and e.starts_at < ${localToInstant(addDays(busyWeek, 7), "00:00")}::timestamptz
          and e.ends_at > ${localToInstant(busyWeek, "00:00")}::timestamptz`,
    );
    type Node = { "Node Type": string; "Index Name"?: string; Plans?: Node[] };
    const top = ((plan?.["QUERY PLAN"] ?? []) as Array<{ Plan: Node; "Execution Time": number }>)[0];
    const scan = top?.Plan.Plans?.[0] ?? top?.Plan;
    console.log(
      `${target.name}: a week's events of the term: ${scan?.["Node Type"]} ${scan?.["Index Name"] ?? ""}, ${top?.["Execution Time"]} ms in the database`,
    );
    for (const [label, url, budget] of calls) {
      const answer = (await (await api.raw("GET", url, { headers })).json()) as Record<string, unknown>;
      const listed = (answer.events ?? answer.courseVersions) as unknown[] | undefined;
      // One caller alone: the service time of one call.
      const alone: number[] = [];
      for (let i = 0; i < 22; i++) {
        const started = performance.now();
        const res = await api.raw("GET", url, { headers });
        await drain(res);
        if (i >= 2) alone.push(performance.now() - started);
      }
      console.log(
        `${target.name}: ${label}, ${PATH}: ${listed?.length ?? 0} ${answer.events ? "events" : "subjects"}; 1 caller, 20 calls, p50 ${p(alone, 0.5).toFixed(0)} ms, p95 ${p(alone, 0.95).toFixed(0)} ms`,
      );
      const inProcess = async () => {
        const res = await api.raw("GET", url, { headers });
        const received = await drain(res);
        if (res.status !== 200) throw new Error(`${label}: status ${res.status}`);
        return received;
      };
      report(target.name, `${label}, in process`, await concurrently(inProcess, dbCpu), budget);
    }
    // The same calls over HTTP on a local port (node:http keep-alive clients, as `pnpm bench`'s
    // generator): the socket writes and reads and the HTTP parsing count too. First plain, then
    // with a browser's Accept-Encoding, which the kept answers' brotli form serves (the size
    // printed is then the size on the wire).
    const server = serve({ fetch: (request) => api.fetch(request), port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT });
    try {
      for (const [label, url, budget] of calls) {
        const plain = () => httpGet(agent, port, url, headers);
        report(target.name, `${label}, over HTTP`, await concurrently(plain, dbCpu), budget);
        const browser = { ...headers, "accept-encoding": "gzip, deflate, br, zstd" };
        const compressed = () => httpGet(agent, port, url, browser);
        report(target.name, `${label}, over HTTP, compressed`, await concurrently(compressed, dbCpu), budget);
      }
    } finally {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  } finally {
    await api.close();
  }
}

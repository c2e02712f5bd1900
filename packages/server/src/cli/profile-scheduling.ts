/**
 * Profile of the uncached SessionData and SessionTimeTable calls (docs/performance.md, "Scheduling
 * and calendars", "Statements per call"): figures the machine's load barely moves. On a new
 * database (PostgreSQL through DATABASE_URL, dropped afterwards; the embedded database without it)
 * holding the bench's term of 5,000 sessions, 300 faculty and 100 rooms, with READ_MODEL_CACHE=off,
 * it prints for each call the statements sent per call, then EXPLAIN (ANALYZE, BUFFERS) of each of
 * those statements (PostgreSQL), and the portal's CPU time per call over `PROFILE_CALLS` (default
 * 200) calls one at a time, with the load average.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx src/cli/profile-scheduling.ts
 */
import { loadavg } from "node:os";
import { addDays } from "@portal/domain";
import { sql } from "drizzle-orm";
import { rows } from "../db/rows.ts";
import { seedLargeTerm } from "../demo/large-term.ts";
import { DEMO_ACADEMIC_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type Target } from "../test/harness.ts";

const CALLS = Number(process.env.PROFILE_CALLS ?? 200);
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
try {
  const db = api.ctx.db;
  const headers = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
  const large = await seedLargeTerm(db, { sessions: 5000, faculty: 300, rooms: 100, subjects: 60 });
  if (target.name === "postgres") await db.execute(sql`analyze`);
  const busyWeek = addDays(large.days[0] as string, 7);
  const calls: Array<[string, string]> = [
    [
      "getSessionTimeTable (a week of the intake)",
      `/api/salesforce/SessionTimeTable?programName=${encodeURIComponent(large.programmeCode)}&intake=${large.month}&year=${large.year}&date=${busyWeek}`,
    ],
    [
      "getSessionData (a week of the term)",
      `/api/salesforce/SessionData?termId=${large.termId}&from=${busyWeek}&to=${addDays(busyWeek, 6)}`,
    ],
  ];
  console.log(
    `${target.name}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (const [label, url] of calls) {
    const get = async () => {
      const res = await api.raw("GET", url, { headers });
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      return res.arrayBuffer();
    };
    await get();
    statements.length = 0;
    recording = true;
    const bytes = (await get()).byteLength;
    recording = false;
    // The sign-in check reads the session's user: statements of the call's own work are the rest.
    console.log(`\n${label}: ${statements.length} statements per call, ${(bytes / 1024).toFixed(0)} KB`);
    for (const s of [...statements]) {
      console.log(`  ${s.query.replace(/\s+/g, " ").slice(0, 160)}`);
      if (target.name !== "postgres") continue;
      const plan = await rows<Record<string, string>>(
        api.ctx.db,
        sql.raw(`explain (analyze, buffers, costs off) ${inline(s.query, s.params)}`),
      );
      for (const row of plan) console.log(`      ${Object.values(row)[0]}`);
    }
    for (let i = 0; i < 10; i++) await get();
    const cpu = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await get();
    const used = process.cpuUsage(cpu);
    console.log(
      `  portal CPU per call ${((used.user + used.system) / 1000 / CALLS).toFixed(2)} ms over ${CALLS} calls one at a time; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  }
} finally {
  await api.close();
}

/** `query` with its $n parameters written in as literals (for EXPLAIN, which takes no parameters). */
function inline(query: string, params: unknown[]): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return "null";
    if (typeof value === "number") return String(value);
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}

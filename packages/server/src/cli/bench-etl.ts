/**
 * Benchmark of the bulk import (docs/performance.md "Bulk import"): 10,000 new
 * students in one CSV (about 650 KB, deterministic: student i is BENCH-i of the demo's first batch),
 * uploaded through POST /api/etl/jobs as the administrator into a fresh database with the small demo
 * data, timed from the upload until the job is done (the upload's checks, the parse in the sheet
 * worker, ten batches of 1,000 rows each in its own transaction); then the same file again (every row
 * skipped, nothing written). Budget: 10 s for the 10,000. Embedded database by default; with
 * DATABASE_URL (an admin URL of PostgreSQL) also on a new database there, dropped afterwards. The
 * machine's load average is printed with the figures. Run: `npx -y pnpm@10.34.9 bench:etl`.
 */
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { rows } from "../db/rows.ts";
import { etlJobsSettled } from "../etl/runner.ts";
import { createTestApi, signInHeaders, testTargets } from "../test/harness.ts";

const STUDENTS = 10_000;
const BUDGET_MS = 10_000;

type Job = {
  id: string;
  status: string;
  rowsTotal: number;
  rowsImported: number;
  rowsSkipped: number;
  rowsFailed: number;
};

let failed = false;
for (const target of testTargets()) {
  const api = await createTestApi(target);
  try {
    const headers = await signInHeaders(api);
    const [intake] = await rows<{ name: string }>(
      api.ctx.db,
      sql`select name from intake order by name limit 1`,
    );
    const lines = ["registrationNumber,firstName,lastName,email,intake"];
    for (let i = 0; i < STUDENTS; i++)
      lines.push(`BENCH-${i},Bench,Student,bench.${i}@bench.example,${intake?.name}`);
    const csv = lines.join("\n");
    const runOnce = async (): Promise<{ ms: number; job: Job }> => {
      const form = new FormData();
      form.set("kind", "students");
      form.set("file", new File([csv], "students.csv"));
      const start = performance.now();
      const res = await api.fetch(
        new Request("http://bench.test/api/etl/jobs", { method: "POST", headers, body: form }),
      );
      if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      const { job } = (await res.json()) as { job: Job };
      await etlJobsSettled(api.ctx);
      const ms = performance.now() - start;
      const got = await api.call("GET", `/api/etl/jobs/${job.id}`, { headers });
      return { ms, job: (got.body as { job: Job }).job };
    };
    const first = await runOnce();
    const second = await runOnce();
    const ok = first.job.status === "done" && first.job.rowsImported === STUDENTS && first.ms <= BUDGET_MS;
    if (!ok) failed = true;
    console.log(
      `${target.name}: ${STUDENTS} students imported in ${(first.ms / 1000).toFixed(2)} s ` +
        `(${first.job.rowsImported} imported, ${first.job.rowsFailed} bad; budget ${BUDGET_MS / 1000} s) ${ok ? "ok" : "OVER BUDGET OR WRONG"}; ` +
        `same file again ${(second.ms / 1000).toFixed(2)} s (${second.job.rowsSkipped} skipped, ${second.job.rowsImported} imported); ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
    );
  } finally {
    await api.close();
  }
}
process.exitCode = failed ? 1 : 0;

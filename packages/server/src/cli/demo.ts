/**
 * Demo data command line.
 *
 *   tsx src/cli/demo.ts --reload          wipe the database and load the demo data again
 *   tsx src/cli/demo.ts --papers 100000   add 100000 question papers (benchmarks)
 *   tsx src/cli/demo.ts --reload --size small
 *   tsx src/cli/demo.ts --term-sessions 5000   a term of 5,000 sessions (calendar benchmarks); prints
 *                                            the term as one JSON line starting "large term: "
 *
 * Uses the same configuration as the server (DATABASE_URL, PORTAL_DATA_DIR, ...). Stop the portal
 * first when it runs on the embedded database (PGlite allows one process at a time).
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { seedLargeTerm } from "../demo/large-term.ts";
import { createBenchmarkPapers, type DemoSize, loadDemoData, wipeDatabase } from "../demo/seed.ts";
import { createFileStore } from "../files/file-store.ts";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reload: { type: "boolean", default: false },
      papers: { type: "string" },
      "term-sessions": { type: "string" },
      size: { type: "string", default: "full" },
      help: { type: "boolean", default: false },
    },
  });
  if (
    values.help ||
    (!values.reload && values.papers === undefined && values["term-sessions"] === undefined)
  ) {
    console.info("usage: demo [--reload] [--size full|small] [--papers N] [--term-sessions N]");
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const size = values.size as DemoSize;
  if (size !== "full" && size !== "small")
    throw new Error(`--size must be full or small, got "${values.size}"`);
  const papers = values.papers === undefined ? 0 : Number(values.papers);
  if (values.papers !== undefined && (!Number.isInteger(papers) || papers < 1 || papers > 5_000_000)) {
    throw new Error(`--papers must be an integer from 1 to 5000000, got "${values.papers}"`);
  }

  const sessions = values["term-sessions"] === undefined ? 0 : Number(values["term-sessions"]);
  if (
    values["term-sessions"] !== undefined &&
    (!Number.isInteger(sessions) || sessions < 1 || sessions > 20_000)
  ) {
    throw new Error(`--term-sessions must be an integer from 1 to 20000, got "${values["term-sessions"]}"`);
  }

  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    await handle.migrate();
    const ctx = {
      db: handle.db,
      files: createFileStore(config, handle.db),
      now: () => Date.now(),
      log: (line: string) => console.info(line),
    };
    if (values.reload) {
      const started = performance.now();
      await wipeDatabase(handle.db);
      await loadDemoData(ctx, { size });
      console.info(`demo data (${size}) loaded in ${Math.round(performance.now() - started)} ms`);
    }
    if (papers > 0) {
      const started = performance.now();
      const made = await createBenchmarkPapers(ctx, papers);
      console.info(`${made} question papers added in ${Math.round(performance.now() - started)} ms`);
    }
    if (sessions > 0) {
      // The scheduling benchmark's term: 300 faculty, 100 rooms, 60 subjects.
      const term = await seedLargeTerm(handle.db, { sessions, faculty: 300, rooms: 100, subjects: 60 });
      console.info(`large term: ${JSON.stringify(term)}`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});

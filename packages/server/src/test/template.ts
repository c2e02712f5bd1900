/**
 * One migrated and seeded database for a whole test run. Making an API from nothing costs an embedded
 * cluster's start (initdb inside WebAssembly), 30 migrations and the demo data: about 10 s on a busy
 * 2-core machine, for each of the 130 or so API instances the server tests make. The server tests'
 * global setup (test/global-setup.ts) builds the database once per run; each API then starts from a
 * copy: PGlite from a `dumpDataDir` tarball, PostgreSQL with `CREATE DATABASE ... TEMPLATE`, and the
 * demo's stored files copied beside it.
 *
 * Where no template was built (a bench, a script), `createTestApi` builds its own database as before.
 */
import { randomBytes } from "node:crypto";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../config.ts";
import type { AppContext } from "../context.ts";
import { openDatabase } from "../db/client.ts";
import { loadDemoData } from "../demo/seed.ts";
import { createFileStore } from "../files/file-store.ts";

/** The clock every test API starts at (the demo data is seeded at this instant). */
export const TEST_START = Date.parse("2026-11-02T04:30:00Z");

/** Where the run's template is: the environment variable the global setup sets for the test workers. */
export const TEMPLATE_ENV = "PORTAL_TEST_TEMPLATE";

/**
 * A built template: the folder with `pglite.tar` and the embedded seed's `files/`, the PostgreSQL
 * seed's `postgres/files/`, and the PostgreSQL template database's name.
 */
export type TestTemplate = { dir: string; postgresDatabase: string | null };

/** The run's template, or null when none was built. */
export function currentTemplate(): TestTemplate | null {
  const value = process.env[TEMPLATE_ENV];
  return value ? (JSON.parse(value) as TestTemplate) : null;
}

/** The name of a new database `<prefix><random>` (letters, digits and `_` only: safe in DDL). */
export function randomDatabaseName(prefix: string): string {
  return `${prefix}${randomBytes(6).toString("hex")}`;
}

/**
 * Migrates the database behind `databaseUrl` (PGlite in memory when null) and loads the small demo
 * data with the test clock, its stored files under `dataDir`. Returns the open handle; `onQuery` sees
 * every statement (db/client.ts).
 */
export async function seedTestDatabase(
  databaseUrl: string | null,
  dataDir: string,
  onQuery?: (query: string, params: unknown[]) => void,
) {
  const handle = await openDatabase({ databaseUrl, pgliteDir: "memory://", onQuery });
  await handle.migrate();
  const config = loadConfig({
    PORTAL_DATA_DIR: dataDir,
    NODE_ENV: "test",
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    // On PostgreSQL the stored files live in the database (config.fileStore), as the tests' own config says.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const ctx: Pick<AppContext, "db" | "files" | "now" | "log"> = {
    db: handle.db,
    files: createFileStore(config, handle.db),
    log: () => {},
    now: () => TEST_START,
  };
  await loadDemoData(ctx, { size: "small" });
  return handle;
}

/**
 * Builds the run's template in `dir`: the PGlite dump always, and a PostgreSQL template database
 * through `adminUrl` when given. Returns the template and how to remove it.
 */
export async function buildTemplate(
  dir: string,
  adminUrl: string | null,
): Promise<{ template: TestTemplate; remove: () => Promise<void> }> {
  await mkdir(dir, { recursive: true });
  const embedded = await seedTestDatabase(null, dir);
  const client = (embedded.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  await writeFile(path.join(dir, "pglite.tar"), new Uint8Array(await dump.arrayBuffer()));
  await embedded.close();

  let postgresDatabase: string | null = null;
  if (adminUrl) {
    postgresDatabase = randomDatabaseName("portal_template_");
    await adminQuery(adminUrl, `CREATE DATABASE ${postgresDatabase}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresDatabase}`;
    // Stored files are named by record ids, which differ between the two seeds: each keeps its own.
    const server = await seedTestDatabase(url.toString(), path.join(dir, "postgres"));
    await server.close();
  }
  return {
    template: { dir, postgresDatabase },
    remove: async () => {
      if (adminUrl && postgresDatabase) {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${postgresDatabase} WITH (FORCE)`);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The template's PGlite dump (read once per process). */
let dumpRead: Promise<Blob> | null = null;
export function templateDump(template: TestTemplate): Promise<Blob> {
  dumpRead ??= readFile(path.join(template.dir, "pglite.tar")).then((bytes) => new Blob([bytes]));
  return dumpRead;
}

/** Copies the stored files (the demo PDFs) of the template's `target` seed into a new API's data folder. */
export async function copyTemplateFiles(
  template: TestTemplate,
  target: "pglite" | "postgres",
  dataDir: string,
): Promise<void> {
  const from = target === "pglite" ? template.dir : path.join(template.dir, "postgres");
  await cp(path.join(from, "files"), path.join(dataDir, "files"), { recursive: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOENT") throw err;
    },
  );
}

/** Runs one statement as the administrator of the server behind `adminUrl`. */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

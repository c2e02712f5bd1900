import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { findRepoRoot } from "../config.ts";
import { trackEmbeddedStatements } from "./read-model-cache.ts";
import * as schema from "./schema.ts";

/** The drizzle database, the same type on PGlite and on node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: data-access functions accept either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Advisory lock keys (arbitrary constants of this application). */
const MIGRATION_LOCK = 72_910_001;
export const DEMO_SEED_LOCK = 72_910_002;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the migrations under `src/db/migrations` (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Opens the database: node-postgres pool when `databaseUrl` is set, otherwise PGlite in `pgliteDir`
 * (`"memory://"` for an in-memory database, used by tests). `onQuery`, when given, is called with
 * the text and parameters of every statement sent through drizzle (tests count statements per call
 * with it; the read-model counter's own lookup on PGlite bypasses drizzle and is not seen).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string;
  onQuery?: ((query: string, params: unknown[]) => void) | undefined;
  /**
   * PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of an empty
   * cluster. The tests start every API from one migrated and seeded dump (test/template.ts).
   */
  pgliteDump?: Blob;
}): Promise<DatabaseHandle> {
  const migrationsFolder = resolveMigrationsFolder();
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : false;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover) must not crash the process.
    pool.on("error", (err) => console.error(`[db] idle PostgreSQL connection failed: ${err.message}`));
    const db = drizzleNodePg({ client: pool, schema, logger });
    return {
      db: db as unknown as Database,
      kind: "postgres",
      // Several portal processes may start at once: an advisory lock lets one migrate at a time.
      migrate: async () => {
        const lock = await pool.connect();
        try {
          await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migrateNodePg(db, { migrationsFolder });
        } finally {
          await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir.startsWith("memory://")) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDump
    ? await PGlite.create({ dataDir: options.pgliteDir, loadDataDir: options.pgliteDump })
    : await PGlite.create(options.pgliteDir);
  const db = drizzlePglite({ client, schema, logger });
  // Only this process can open the folder: the read-model cache may count what runs here.
  trackEmbeddedStatements(db as unknown as Database, client);
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * The migrations folder as a real path. Beside this file when run from source; otherwise (this module
 * bundled elsewhere) `packages/server/src/db/migrations` under the repository root, or
 * PORTAL_MIGRATIONS_DIR when set.
 */
export function resolveMigrationsFolder(): string {
  const fromEnv = process.env.PORTAL_MIGRATIONS_DIR;
  const candidates = [
    ...(fromEnv ? [fromEnv] : []),
    path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations"),
    path.join(findRepoRoot(), "packages", "server", "src", "db", "migrations"),
  ];
  for (const dir of candidates) {
    if (existsSync(path.join(dir, "meta", "_journal.json"))) return dir;
  }
  throw new Error(`Database migrations not found; looked in: ${candidates.join(", ")}`);
}

import { createRequire } from "node:module";

/** Where the test suite looks for a PostgreSQL server when DATABASE_URL is not set. */
export const LOCAL_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

type PgClient = { connect(): Promise<void>; query(sql: string): Promise<unknown>; end(): Promise<void> };
type PgModule = {
  Client: new (options: { connectionString: string; connectionTimeoutMillis: number }) => PgClient;
};

/**
 * The PostgreSQL the API tests run on besides the embedded database: DATABASE_URL when it is set
 * (an empty value means none), otherwise the local server at {@link LOCAL_POSTGRES_URL} when it
 * accepts a connection within two seconds, else null. This makes the README's test command run the
 * API tests on both databases wherever a PostgreSQL server is at hand, CI included, with no extra
 * setting; a machine without one runs them on the embedded database only and says so.
 */
export async function findTestPostgres(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (env.DATABASE_URL !== undefined) return env.DATABASE_URL.trim() || null;
  // pg is the server package's dependency; resolve it from there (pnpm's strict layout).
  const require = createRequire(new URL("../packages/server/package.json", import.meta.url));
  const pg = require("pg") as PgModule;
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return LOCAL_POSTGRES_URL;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

import type { SQL } from "drizzle-orm";
import type { Executor } from "./client.ts";

/** Rows of a raw query (same shape on PGlite and node-postgres). */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

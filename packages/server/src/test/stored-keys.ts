import { readdir } from "node:fs/promises";
import path from "node:path";
import type { AppContext } from "../context.ts";
import { storedFile } from "../db/schema.ts";

/**
 * Every file a store holds, published or pending, sorted: the keys of `stored_file` for the database
 * store, the paths under `dir` (pending ones as `.pending/<key>`) for the local store.
 */
export async function storedKeys(ctx: Pick<AppContext, "db" | "files">, dir: string): Promise<string[]> {
  if (ctx.files.kind === "database") {
    return (await ctx.db.select({ key: storedFile.key }).from(storedFile)).map((r) => r.key).sort();
  }
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

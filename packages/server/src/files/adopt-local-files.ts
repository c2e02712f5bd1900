import { readFile } from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { storedFile } from "../db/schema.ts";
import { listFiles } from "./file-store.ts";
import { namedKeys } from "./references.ts";

const MEDIA_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/**
 * Moving to the database store (FILE_STORE=database, the default with DATABASE_URL): copies the
 * files of the local folder `dir` that a record names and `stored_file` lacks into `stored_file`,
 * so records written while files lived in the folder keep their files. The folder is left as it
 * is. One insert per file, outside any transaction; a second run copies nothing. Answers the count.
 */
export async function adoptLocalFiles(db: Database, dir: string, now: () => number): Promise<number> {
  const local = await listFiles(dir);
  if (local.length === 0) return 0;
  const named = await namedKeys(
    db,
    local.map((f) => f.key),
  );
  const candidates = local.filter((f) => named.has(f.key)).map((f) => f.key);
  let copied = 0;
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    const present = new Set(
      (await db.select({ key: storedFile.key }).from(storedFile).where(inArray(storedFile.key, chunk))).map(
        (r) => r.key,
      ),
    );
    for (const key of chunk) {
      if (present.has(key)) continue;
      const bytes = new Uint8Array(await readFile(path.join(dir, ...key.split("/"))));
      const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
      await db
        .insert(storedFile)
        .values({
          key,
          bytes,
          size: bytes.byteLength,
          mediaType: MEDIA_TYPES[extension] ?? "application/octet-stream",
          createdAt: new Date(now()),
        })
        .onConflictDoNothing();
      copied++;
    }
  }
  return copied;
}

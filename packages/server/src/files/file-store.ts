import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Database, Executor } from "../db/client.ts";
import { storedFile } from "../db/schema.ts";
import { namedKeys, unnamedKeyCondition } from "./references.ts";

/** A stored file read back: its bytes as a stream, their count and (when known) its media type. */
export type StoredFileStream = { body: ReadableStream<Uint8Array>; size: number; mediaType: string | null };

/** What one sweep did: files removed (no record names them, older than the cutoff), files published. */
export type SweepResult = { removed: number; published: number };

/**
 * Storage of binary files (question-paper PDFs, answer sheets, invitation attachments) by key. Keys
 * are relative paths of letters, digits, `-`, `_`, `.` and `/` segments (no `..`, no leading dot).
 *
 * Reads see committed files only. Writes never go straight to the store: they go through
 * `withStoredFiles` (stored-files.ts), which binds them to the transaction of the record that names
 * the file: `stage` inside the transaction, `publish` after its commit, `discard` after a rollback.
 * Two implementations: {@link createDatabaseFileStore} (the `stored_file` table, written in the
 * caller's transaction; the default with PostgreSQL) and {@link createLocalFileStore} (a folder,
 * staged under a pending name; the default with the embedded database).
 */
export type FileStore = {
  readonly kind: "database" | "local";
  /** The bytes, or null when no file has this key. */
  get(key: string): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  /** A stream of the bytes and their count, or null when no file has this key. */
  stream(key: string): Promise<StoredFileStream | null>;
  /**
   * Writes `bytes` under `key` as part of `tx` (replacing a file of that key), created at
   * `createdAt` (the caller's clock, which the sweep compares with). Visible to readers only once
   * `publish` ran after the commit; the database store writes the row in `tx` itself.
   */
  stage(tx: Executor, key: string, bytes: Uint8Array, mediaType: string, createdAt: Date): Promise<void>;
  /** After the commit: makes the staged keys visible (local: renames them into place). */
  publish(keys: readonly string[]): Promise<void>;
  /** After a rollback: drops the staged keys (local: deletes the pending files). */
  discard(keys: readonly string[]): Promise<void>;
  /** True when `removeUnnamed` must run inside the transaction (database), false: after its commit. */
  readonly removesInTransaction: boolean;
  /** Deletes those of `keys` that no record names (as `db` sees the records); answers the count. */
  removeUnnamed(db: Executor, keys: readonly string[]): Promise<number>;
  /**
   * The sweep (sweep.ts): deletes every file created before `before` that no record names, and
   * publishes pending files a committed record names (a process that stopped between a commit and
   * its publish).
   */
  sweep(db: Database, before: Date): Promise<SweepResult>;
};

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Throws when `key` is not a safe relative key. */
export function assertFileKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`Invalid file key "${key}"`);
  }
}

/** The store the configuration names (`FILE_STORE`, config.ts): the `stored_file` table or the data folder's `files/`. */
export function createFileStore(config: Pick<Config, "fileStore" | "filesDir">, db: Database): FileStore {
  return config.fileStore === "database"
    ? createDatabaseFileStore(db)
    : createLocalFileStore(config.filesDir);
}

/** Folder (under the root) of files staged by a transaction that has not published them yet. */
const PENDING = ".pending";

/**
 * FileStore in a local folder: `<root>/<key>`. A transaction stages its files under
 * `<root>/.pending/<key>` and renames them into place after its commit (or deletes them after a
 * rollback). A file's modification time is its creation time on the caller's clock. Reads of a key
 * whose file is still pending (its record committed, the rename not yet done) read the pending file.
 */
export function createLocalFileStore(root: string): FileStore {
  const finalPath = (key: string) => {
    assertFileKey(key);
    return path.join(root, ...key.split("/"));
  };
  const pendingPath = (key: string) => {
    assertFileKey(key);
    return path.join(root, PENDING, ...key.split("/"));
  };
  /** The path a reader uses: the published file, else the pending one, else null. */
  const readable = async (key: string): Promise<{ file: string; size: number } | null> => {
    for (const file of [finalPath(key), pendingPath(key)]) {
      try {
        const info = await stat(file);
        if (info.isFile()) return { file, size: info.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
    }
    return null;
  };
  const publishOne = async (key: string) => {
    const target = finalPath(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(pendingPath(key), target);
    } catch (err) {
      // A sweep of another process may have published it first.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  };
  return {
    kind: "local",
    removesInTransaction: false,
    async get(key) {
      const found = await readable(key);
      return found ? new Uint8Array(await readFile(found.file)) : null;
    },
    async exists(key) {
      return (await readable(key)) !== null;
    },
    async stream(key) {
      const found = await readable(key);
      if (!found) return null;
      const body = Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>;
      return { body, size: found.size, mediaType: null };
    },
    async stage(_tx, key, bytes, _mediaType, createdAt) {
      const file = pendingPath(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      await utimes(file, createdAt, createdAt);
    },
    async publish(keys) {
      for (const key of keys) await publishOne(key);
    },
    async discard(keys) {
      for (const key of keys) await rm(pendingPath(key), { force: true });
    },
    async removeUnnamed(db, keys) {
      const named = await namedKeys(db, keys);
      let removed = 0;
      for (const key of keys) {
        if (named.has(key)) continue;
        await rm(finalPath(key), { force: true });
        removed++;
      }
      return removed;
    },
    async sweep(db, before) {
      const published = await listFiles(path.join(root, PENDING));
      const stored = await listFiles(root);
      const result: SweepResult = { removed: 0, published: 0 };
      const namedPending = await namedKeys(
        db,
        published.map((f) => f.key),
      );
      for (const f of published) {
        if (namedPending.has(f.key)) {
          await publishOne(f.key);
          result.published++;
        } else if (f.modifiedAt < before) {
          await rm(pendingPath(f.key), { force: true });
          result.removed++;
        }
      }
      const old = stored.filter((f) => f.modifiedAt < before);
      const named = await namedKeys(
        db,
        old.map((f) => f.key),
      );
      for (const f of old) {
        if (named.has(f.key)) continue;
        await rm(finalPath(f.key), { force: true });
        result.removed++;
      }
      return result;
    },
  };
}

/** Every file under `dir` whose relative path is a valid key (not the pending folder), with its modification time. */
export async function listFiles(dir: string): Promise<Array<{ key: string; modifiedAt: Date }>> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const found: Array<{ key: string; modifiedAt: Date }> = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(dir, full).split(path.sep).join("/");
    // Keys never start with a dot, so the pending folder (and any other dot folder) is left out.
    if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) continue;
    found.push({ key, modifiedAt: (await stat(full)).mtime });
  }
  return found;
}

/**
 * FileStore in the `stored_file` table, so every portal process on one PostgreSQL sees every file. A
 * file is written in the caller's transaction and is visible exactly when it commits. Reads load the
 * bytea whole and stream it from memory: uploads are limited to well under a few MB (answer sheets
 * and attachments 700 KB), so no chunked large-object reads are needed.
 */
export function createDatabaseFileStore(db: Database): FileStore {
  const read = async (key: string) => {
    assertFileKey(key);
    const [row] = await db
      .select({ bytes: storedFile.bytes, mediaType: storedFile.mediaType })
      .from(storedFile)
      .where(eq(storedFile.key, key));
    return row ?? null;
  };
  return {
    kind: "database",
    removesInTransaction: true,
    async get(key) {
      return (await read(key))?.bytes ?? null;
    },
    async exists(key) {
      assertFileKey(key);
      const [row] = await db.select({ key: storedFile.key }).from(storedFile).where(eq(storedFile.key, key));
      return row !== undefined;
    },
    async stream(key) {
      const row = await read(key);
      if (!row) return null;
      const bytes = row.bytes;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
      return { body, size: bytes.byteLength, mediaType: row.mediaType };
    },
    async stage(tx, key, bytes, mediaType, createdAt) {
      assertFileKey(key);
      await tx
        .insert(storedFile)
        .values({ key, bytes, size: bytes.byteLength, mediaType, createdAt })
        .onConflictDoUpdate({
          target: storedFile.key,
          set: { bytes, size: bytes.byteLength, mediaType, createdAt },
        });
    },
    async publish() {},
    async discard() {},
    async removeUnnamed(tx, keys) {
      if (keys.length === 0) return 0;
      const gone = await tx
        .delete(storedFile)
        .where(and(inArray(storedFile.key, [...keys]), unnamedKeyCondition(sql`${storedFile.key}`)))
        .returning({ key: storedFile.key });
      return gone.length;
    },
    async sweep(database, before) {
      const gone = await database
        .delete(storedFile)
        .where(and(lt(storedFile.createdAt, before), unnamedKeyCondition(sql`${storedFile.key}`)))
        .returning({ key: storedFile.key });
      return { removed: gone.length, published: 0 };
    },
  };
}

import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * Storage of binary files (question-paper PDFs, attachments) by key. Keys are relative paths of
 * letters, digits, `-`, `_`, `.` and `/` segments (no `..`). An object store can implement this too.
 */
export type FileStore = {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or null when no file has this key. */
  get(key: string): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  /** A stream of the bytes and their count, or null when no file has this key. */
  stream(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
};

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Throws when `key` is not a safe relative key. */
export function assertFileKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`Invalid file key "${key}"`);
  }
}

/** FileStore in a local folder; writes go to a temporary file first, then are renamed into place. */
export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertFileKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, data);
      await rename(temp, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(resolve(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async stream(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
        return { body, size: info.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw err;
      }
    },
  };
}

import { randomUUID } from "node:crypto";
import type { AppContext } from "../context.ts";
import type { Database } from "../db/client.ts";

/** The transaction `withStoredFiles` hands its work (the same type as `ctx.db.transaction` gives). */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The file writes of one transaction (see {@link withStoredFiles}). */
export type FileWriter = {
  /**
   * Stores `bytes` under a new key `<folder>/<uuid>.<extension>` and answers the key, which the
   * transaction's record then names. `folder` is a fixed word of the caller (`answer-sheets`),
   * never user input; `extension` is the detected type's (upload-check.ts).
   */
  add(folder: string, bytes: Uint8Array, type: { extension: string; mediaType: string }): Promise<string>;
  /** Stores `bytes` under a fixed `key`, replacing a file there (demo data's shared PDFs). */
  put(key: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** The file of `key` is no longer named by the transaction's record: removed once no record names it. */
  release(key: string): void;
};

/**
 * Runs `work` in one transaction of `ctx.db` with a {@link FileWriter} bound to it, so that a stored
 * file becomes visible only when the record that names it commits:
 *
 * - the database store writes the file's row in the same transaction (atomic with the record);
 * - the local store writes it under a pending name in the transaction and renames it into place
 *   after the commit, or deletes it after a rollback or a thrown error;
 * - a released file (the old file of a replaced record) is deleted, in the transaction (database)
 *   or after the commit (local), but only when no record names its key any more.
 *
 * A refused or rolled-back write therefore leaves nothing. The files are small (the upload limits,
 * at most a few MB), so staging them inside the transaction is a short write, never network work.
 * What a crash between the commit and the rename leaves, the sweep (sweep.ts) publishes or removes.
 * Answers what `work` answered; rethrows what it threw.
 */
export async function withStoredFiles<T>(
  ctx: Pick<AppContext, "db" | "files" | "now" | "log">,
  work: (tx: Transaction, files: FileWriter) => Promise<T>,
): Promise<T> {
  const store = ctx.files;
  const staged: string[] = [];
  const released: string[] = [];
  let result: T;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const createdAt = new Date(ctx.now());
      const put = async (key: string, bytes: Uint8Array, mediaType: string) => {
        staged.push(key);
        await store.stage(tx, key, bytes, mediaType, createdAt);
      };
      const writer: FileWriter = {
        async add(folder, bytes, type) {
          const key = `${folder}/${randomUUID()}.${type.extension}`;
          await put(key, bytes, type.mediaType);
          return key;
        },
        put,
        release(key) {
          released.push(key);
        },
      };
      const answer = await work(tx, writer);
      const gone = released.filter((key) => !staged.includes(key));
      if (store.removesInTransaction && gone.length > 0) await store.removeUnnamed(tx, gone);
      return answer;
    });
  } catch (err) {
    // What discard cannot delete is an orphan the sweep removes; the caller sees its own error.
    await store.discard(staged).catch((failure) => ctx.log(`[files] discard failed: ${String(failure)}`));
    throw err;
  }
  // The commit stands whatever follows: a pending file stays readable and the sweep publishes it,
  // a released file left behind is an orphan the sweep removes.
  try {
    await store.publish(staged);
    const gone = released.filter((key) => !staged.includes(key));
    if (!store.removesInTransaction && gone.length > 0) await store.removeUnnamed(ctx.db, gone);
  } catch (failure) {
    ctx.log(`[files] after commit: ${String(failure)}`);
  }
  return result;
}

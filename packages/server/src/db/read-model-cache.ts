import { eq } from "drizzle-orm";
import type { Executor } from "./client.ts";
import { readModelVersion } from "./schema.ts";

/** Read models with a change counter (rows of read_model_version, bumped by triggers). */
export type ReadModel = "question_paper_list" | "exam_operations";

type Kept = { version: number; answer: unknown };
/** Kept answers per database handle and read model, each with the counter it was computed under. */
const caches = new WeakMap<Executor, Map<string, Kept>>();
/** Most answers kept per database handle; the least recently used goes first. */
const CACHE_LIMIT = 1000;

/**
 * `compute()` behind an in-memory cache that is never stale. It first reads the model's change
 * counter (one primary-key lookup), which statement triggers bump in the same transaction as any
 * write to a table the model reads (migrations 0001 and 0002), and serves a kept answer only while
 * that counter is unchanged. The counter is read before computing, so a kept answer is never older
 * than its counter. `key` must identify the question (filters, page) within the model.
 */
export async function cachedReadModel<T>(
  db: Executor,
  model: ReadModel,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const [counter] = await db
    .select({ version: readModelVersion.version })
    .from(readModelVersion)
    .where(eq(readModelVersion.name, model));
  if (!counter) return compute();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const fullKey = `${model}|${key}`;
  const kept = cache.get(fullKey);
  if (kept && kept.version === counter.version) {
    cache.delete(fullKey); // most recently used goes last
    cache.set(fullKey, kept);
    return kept.answer as T;
  }
  const answer = await compute();
  cache.delete(fullKey);
  cache.set(fullKey, { version: counter.version, answer });
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return answer;
}

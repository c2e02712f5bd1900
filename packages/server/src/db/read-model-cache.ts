import type { PGlite, QueryOptions } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import type { Database, Executor } from "./client.ts";
import { readModelVersion } from "./schema.ts";

/** Read models with a change counter (rows of read_model_version, bumped by triggers). */
export type ReadModel = "question_paper_list" | "exam_operations" | "grading" | "scheduling";

/** A kept answer (or the computation of it, while it runs) with the counter it was computed under. */
type Kept = { version: number; answer: Promise<unknown> };
/** Kept answers per database handle and read model. */
const caches = new WeakMap<Executor, Map<string, Kept>>();
/** Most answers kept per database handle; the least recently used goes first. */
const CACHE_LIMIT = 1000;
/** Database handles whose read-model cache is off ({@link setReadModelCache}). */
const uncached = new WeakSet<Executor>();

/**
 * Turns the read-model cache of the database handle `db` off (`on` false: every
 * {@link cachedReadModel} call computes its answer afresh and keeps nothing, without reading the
 * change counter) or on again (the default). The configuration's `READ_MODEL_CACHE=off` turns it
 * off for a server (createApi), so a bench or a test times and checks the uncached path, which is
 * what the first reader after a write meets (docs/performance.md "Cold reads").
 */
export function setReadModelCache(db: Executor, on: boolean): void {
  if (on) uncached.delete(db);
  else {
    uncached.add(db);
    caches.delete(db);
  }
}

/** Whether the read-model cache of `db` is on ({@link setReadModelCache}). */
export function readModelCacheOn(db: Executor): boolean {
  return !uncached.has(db);
}

/**
 * Turns `read` into a reader whose callers share reads without ever getting an answer older than
 * their call: a call made while no read is in flight sends one at once; calls made while a read is
 * in flight wait for the next one, which is sent once that read has finished and which they all
 * share. So under N concurrent calls the database answers about one read per round trip instead of
 * N, and every answer comes from a read sent after the call was made (a read already in flight may
 * predate a write the caller has seen committed, so it is never shared with later callers).
 */
export function coalescedReader<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let waiting: Promise<T> | null = null;
  const send = (): Promise<T> => {
    waiting = null;
    const current = read();
    running = current;
    const settle = () => {
      if (running === current) running = null;
    };
    current.then(settle, settle);
    return current;
  };
  return () => {
    if (waiting) return waiting;
    if (!running) return send();
    waiting = running.then(send, send);
    return waiting;
  };
}

/**
 * Statements run on an embedded database, counted by {@link trackEmbeddedStatements}: how many
 * have finished and how many are running (the counter reads of this module excepted).
 */
type StatementTracker = { client: PGlite; finished: number; running: number };
const trackers = new WeakMap<Executor, StatementTracker>();
/** Marks this module's own counter reads (by identity), which the tracker does not count. */
const COUNTER_READ: QueryOptions = { rowMode: "object" };
const COUNTER_SQL = `select version from read_model_version where name = $1`;

/**
 * Lets the read-model cache of `db` skip its counter reads while nothing has run on the embedded
 * database `client` (PGlite) since the last one. Only this process can open a PGlite folder, so
 * every write, the triggers' counter bumps included, runs through `client.query`, `client.exec`
 * (`client.sql` uses `query`) or `client.transaction`, which drizzle uses for everything; the three
 * are wrapped to count the statements (a transaction counts as one, from BEGIN to its end) as they
 * start and finish. A kept counter value is then still right while no statement is running and
 * none has finished since the moment before it was read: any write committed since would have
 * finished after that moment. (Raw protocol messages sent through `client.execProtocol*` would not
 * be counted; nothing in the portal sends any.) Call once, right after opening the database,
 * before it is used.
 */
export function trackEmbeddedStatements(db: Database, client: PGlite): void {
  const tracker: StatementTracker = { client, finished: 0, running: 0 };
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      tracker.running++;
      try {
        return await run(...args);
      } finally {
        tracker.running--;
        tracker.finished++;
      }
    };
  const query = client.query.bind(client);
  const countedQuery = counted(query);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    options === COUNTER_READ
      ? query(text, params, options)
      : countedQuery(text, params, options)) as PGlite["query"];
  client.exec = counted(client.exec.bind(client)) as PGlite["exec"];
  client.transaction = counted(client.transaction.bind(client)) as PGlite["transaction"];
  trackers.set(db, tracker);
}

/** The counter of one read model on one database handle (or transaction). */
type Counter = {
  read: () => Promise<number | undefined>;
  /** Embedded database only: the last value read, with the finished statements counted before it. */
  known?: { finished: number; version: number | undefined };
};
const counters = new WeakMap<Executor, Map<ReadModel, Counter>>();

function counterOf(db: Executor, model: ReadModel): Counter {
  let byModel = counters.get(db);
  if (!byModel) {
    byModel = new Map();
    counters.set(db, byModel);
  }
  let counter = byModel.get(model);
  if (counter) return counter;
  const tracker = trackers.get(db);
  if (tracker) {
    const tracked: Counter = {
      read: coalescedReader(async () => {
        const finished = tracker.finished;
        const result = await tracker.client.query<{ version: unknown }>(COUNTER_SQL, [model], COUNTER_READ);
        const row = result.rows[0];
        const version = row ? Number(row.version) : undefined;
        tracked.known = { finished, version };
        return version;
      }),
    };
    counter = tracked;
  } else {
    const query = db
      .select({ version: readModelVersion.version })
      .from(readModelVersion)
      .where(eq(readModelVersion.name, sql.placeholder("model")))
      .prepare("read_model_counter");
    counter = { read: coalescedReader(async () => (await query.execute({ model }))[0]?.version) };
  }
  byModel.set(model, counter);
  return counter;
}

/**
 * The change counter of `model` (undefined when its row is missing). On PostgreSQL: a prepared
 * primary-key lookup (parsed once per connection), shared through {@link coalescedReader}. On an
 * embedded database tracked by {@link trackEmbeddedStatements}: the value last read, without a
 * lookup, while no statement has run since; otherwise a shared lookup as on PostgreSQL.
 */
export function readModelCounter(db: Executor, model: ReadModel): Promise<number | undefined> {
  const counter = counterOf(db, model);
  const tracker = trackers.get(db);
  const known = counter.known;
  if (tracker && known && tracker.running === 0 && known.finished === tracker.finished) {
    return Promise.resolve(known.version);
  }
  return counter.read();
}

/** The map kept for `db` in `perHandle`, made empty on first use. */
function mapOf<V>(perHandle: WeakMap<Executor, Map<string, V>>, db: Executor): Map<string, V> {
  let map = perHandle.get(db);
  if (!map) {
    map = new Map();
    perHandle.set(db, map);
  }
  return map;
}

/**
 * Puts `value` under `key` as the most recently used entry of `map` (a Map iterates in insertion
 * order, so the least recently used is first) and drops the least recently used beyond `limit`.
 */
function keepRecent<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

/**
 * `compute()` behind an in-memory cache that is never stale. It first reads the model's change
 * counter ({@link readModelCounter}), which statement triggers bump in the same transaction as any
 * write to a table the model reads (migrations 0001 and 0002), and serves a kept answer only while
 * that counter is unchanged. The counter is read before computing, so a kept answer is never older
 * than its counter. Concurrent calls that find the same counter and no kept answer share one
 * computation; a failed computation is not kept. `key` must identify the question (filters, page)
 * within the model. With the cache of `db` off ({@link setReadModelCache}) it is `compute()`.
 */
export function cachedReadModel<T>(
  db: Executor,
  model: ReadModel,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  return keptRead(db, model, key, compute);
}

/** {@link cachedReadModel}, its computation given the counter value it computes under. */
async function keptRead<T>(
  db: Executor,
  model: ReadModel,
  key: string,
  compute: (version: number | undefined) => Promise<T>,
): Promise<T> {
  if (uncached.has(db)) return compute(undefined);
  const version = await readModelCounter(db, model);
  if (version === undefined) return compute(undefined);
  const cache = mapOf(caches, db);
  const fullKey = `${model}|${key}`;
  const kept = cache.get(fullKey);
  if (kept && kept.version === version) {
    keepRecent(cache, fullKey, kept, CACHE_LIMIT);
    return kept.answer as Promise<T>;
  }
  const entry: Kept = { version, answer: compute(version) };
  keepRecent(cache, fullKey, entry, CACHE_LIMIT);
  entry.answer.catch(() => {
    if (cache.get(fullKey) === entry) cache.delete(fullKey);
  });
  return entry.answer as Promise<T>;
}

/**
 * How a read kept warm is computed when other processes share the database: given the read's full
 * key (`<model>|<key>`), the counter value it is computed under and the computation itself, it
 * answers what one of the processes computed for that counter value or a later one
 * (db/read-model-sharing.ts). Rejects only when `compute` does.
 */
export type SharedComputation = <T>(
  fullKey: string,
  version: number,
  compute: () => Promise<T>,
) => Promise<T>;
const sharedComputations = new WeakMap<Executor, SharedComputation>();

/**
 * Makes the reads kept warm on `db` ({@link cachedWarmReadModel}) compute through `shared` (one
 * process computes a key per change, the others read its answer), or, with `null`, in this process
 * alone again (the default; always so on the embedded database).
 */
export function shareWarmReads(db: Executor, shared: SharedComputation | null): void {
  if (shared) sharedComputations.set(db, shared);
  else sharedComputations.delete(db);
}

/** A read kept warm after writes: its refresh, one at a time ({@link coalescedReader}). */
type WarmRead = { model: ReadModel; refresh: () => Promise<unknown> };
/** Reads kept warm per database handle, the most recently asked last. */
const warmReads = new WeakMap<Executor, Map<string, WarmRead>>();
/** Most reads kept warm per database handle; the least recently asked is dropped. */
const WARM_LIMIT = 32;
/** The refreshes started after the last write, per database handle, while they run. */
const rewarming = new WeakMap<Executor, Promise<void>>();

/**
 * {@link cachedReadModel} for a read that stays expensive by nature (the exam dashboard): besides
 * answering, it is remembered (the 32 most recently asked per database handle) and recomputed by
 * {@link rewarmAfterWrite} right after a write commits, so the next reader finds the new answer in
 * memory instead of computing it. A reader who arrives while that recompute runs shares it
 * (cachedReadModel shares one computation per counter value), so it waits no longer than the
 * computation itself.
 */
export function cachedWarmReadModel<T>(
  db: Executor,
  model: ReadModel,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  if (uncached.has(db)) return compute();
  const reads = mapOf(warmReads, db);
  const fullKey = `${model}|${key}`;
  const computeShared = (version: number | undefined): Promise<T> => {
    const shared = sharedComputations.get(db);
    return shared && version !== undefined ? shared(fullKey, version, compute) : compute();
  };
  const read = reads.get(fullKey) ?? {
    model,
    refresh: coalescedReader(() => keptRead(db, model, key, computeShared)),
  };
  keepRecent(reads, fullKey, read, WARM_LIMIT);
  return keptRead(db, model, key, computeShared);
}

/**
 * Recomputes, in the background, every read kept warm on `db` ({@link cachedWarmReadModel}) whose
 * change counter has moved: call it once a write has committed. Each read reads its counter first, so
 * an unchanged one costs a counter read; one refresh at a time per read (a write during a refresh
 * queues one more after it). Failures are left to the next reader, which computes as if nothing had
 * been kept. With `model`, only the reads of that read model (a change another process announced,
 * db/read-model-sharing.ts). Answers when every refresh started here has settled ({@link rewarmSettled}).
 */
export function rewarmAfterWrite(db: Executor, model?: ReadModel): Promise<void> {
  const reads = warmReads.get(db);
  if (!reads || reads.size === 0 || uncached.has(db)) return Promise.resolve();
  const before = rewarming.get(db) ?? Promise.resolve();
  const refreshed = [...reads.values()].filter((read) => model === undefined || read.model === model);
  const round = Promise.allSettled(refreshed.map((read) => read.refresh())).then(() => undefined);
  const all = Promise.all([before, round]).then(() => undefined);
  rewarming.set(db, all);
  all.then(() => {
    if (rewarming.get(db) === all) rewarming.delete(db);
  });
  return round;
}

/** Settles once no refresh started by {@link rewarmAfterWrite} on `db` is running (tests, close). */
export function rewarmSettled(db: Executor): Promise<void> {
  return rewarming.get(db) ?? Promise.resolve();
}

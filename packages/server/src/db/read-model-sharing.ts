import { and, eq, gte, sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "./client.ts";
import { type ReadModel, readModelCounter, rewarmAfterWrite, shareWarmReads } from "./read-model-cache.ts";
import { readModelAnswer } from "./schema.ts";

/** Channel of the counter triggers (migration read_model_sharing): the payload names the read model. */
const CHANGED_CHANNEL = "read_model_changed";
/** Channel on which a process announces it stored (or gave up computing) a key: the payload is the key. */
const KEPT_CHANNEL = "read_model_kept";
const READ_MODELS: readonly ReadModel[] = ["question_paper_list", "exam_operations", "grading", "scheduling"];
/** How long a reader waits behind another process's recompute by default: the cold-read budget. */
export const DEFAULT_WAIT_BUDGET_MS = 100;
/** First wait, in milliseconds, before the listener reconnects after its connection dropped. */
export const RECONNECT_FIRST_DELAY_MS = 100;
/** Longest wait, in milliseconds, between two reconnection attempts (the wait doubles per failed attempt up to it). */
export const RECONNECT_MAX_DELAY_MS = 5_000;
/** application_name of the listening connection, as pg_stat_activity shows it. */
export const LISTENER_APPLICATION_NAME = "portal read-model listener";

export type ReadModelSharingOptions = {
  /**
   * Milliseconds a reader waits for the answer of a recompute another process holds the key's lock
   * for, before it computes the answer itself (default {@link DEFAULT_WAIT_BUDGET_MS}; `Infinity`
   * waits for that process's announcement, as tests do).
   */
  waitBudgetMs?: number;
  /** Called each time this process computes a shared key (tests count recomputations with it). */
  onCompute?: (fullKey: string) => void;
  log?: (line: string) => void;
};

export type ReadModelSharing = {
  /**
   * Settles once this process has handled an announced change of `model` (any process's committed
   * write) that found the model's counter at `version` or later: its reads kept warm of that model
   * are refreshed. Tests await it instead of waiting for time to pass.
   */
  seen(model: ReadModel, version: number): Promise<void>;
  /** How many listening connections this process has made: 1 once started, one more per reconnection. */
  connections(): number;
  /** The database backend's process id of the listening connection; null while it reconnects. */
  listenerPid(): number | null;
  /**
   * Settles once the `n`th listening connection ({@link ReadModelSharing.connections}) listens and
   * has caught up on what it may have missed (every read model handled as changed); at once when it
   * already has. Tests await it after dropping the connection instead of waiting for time to pass.
   */
  listening(n: number): Promise<void>;
  /** Stops listening (and reconnecting) and closes the dedicated connection; the warm reads compute in this process again. */
  close(): Promise<void>;
};

/**
 * Keeps the reads kept warm (cachedWarmReadModel: the exam dashboard) warm across the portal
 * processes of one PostgreSQL database (docs/performance.md "Kept warm across processes"):
 *
 * - One dedicated connection LISTENs on `read_model_changed`, which the counter triggers notify in
 *   the writer's transaction (so only committed writes are announced); each announcement refreshes
 *   this process's warm reads of that model (rewarmAfterWrite), as the writing process does.
 * - A warm read's computation for a counter value first looks for an answer another process stored
 *   in `read_model_answer` for that value or a later one; if there is none it takes the key's
 *   advisory lock (`pg_try_advisory_lock`, on the dedicated connection, never waiting), computes,
 *   stores the answer, unlocks and announces the key on `read_model_kept`. A process that finds the
 *   lock taken waits for that announcement, at most `waitBudgetMs`, then reads the stored answer, or
 *   computes the answer itself once the budget is spent. So after a write one process computes each
 *   key and the others read its answer; none serves an answer older than its counter.
 * - If the shared steps fail (the connection lost), the read computes in this process as before.
 * - When the dedicated connection drops (its 'error' or 'end' event: the server restarted, the
 *   backend was terminated, the network failed), the readers waiting for an announcement are woken
 *   (they compute here while it is gone; the advisory locks of the lost session are released by the
 *   server) and the listener reconnects after {@link RECONNECT_FIRST_DELAY_MS}, doubling the wait
 *   per failed attempt up to {@link RECONNECT_MAX_DELAY_MS}. Notifications sent while it was gone
 *   are lost, so once it listens again it handles every read model as changed: it reads each
 *   counter, refreshes its warm reads whose counter moved and wakes every waiter. No answer served
 *   is stale meanwhile: every read checks its counter. {@link ReadModelSharing.close} stops it.
 *
 * Only for PostgreSQL: the embedded database is opened by one process, which needs none of this.
 * Rejects when the first connection fails.
 */
export async function startReadModelSharing(
  db: Database,
  databaseUrl: string,
  options: ReadModelSharingOptions = {},
): Promise<ReadModelSharing> {
  const log = options.log ?? (() => {});
  const budget = options.waitBudgetMs ?? DEFAULT_WAIT_BUDGET_MS;

  const keptWaiters = new Map<string, Set<() => void>>();
  const changeWaiters: Array<{ model: ReadModel; version: number; settle: () => void }> = [];
  const listeningWaiters: Array<{ n: number; settle: () => void }> = [];
  /** Per model: the counter value last handled (read before the refresh it started). */
  const handled = new Map<ReadModel, number>();
  /** The listening connection and its backend's process id; null while reconnecting or closed. */
  let listener: { client: pg.Client; pid: number } | null = null;
  let made = 0;
  /** Listening connections that have caught up (the highest count whose catch-up ran). */
  let caughtUp = 0;
  let closing = false;
  let attempts = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  /** The reconnection under way (connecting and catching up), which close awaits. */
  let reconnecting: Promise<void> | null = null;

  const wakeKeptWaiters = () => {
    for (const waiters of keptWaiters.values()) for (const wake of waiters) wake();
  };

  /** Reads `model`'s counter, refreshes its warm reads and settles the waiters it satisfies. */
  const handleChange = async (model: ReadModel): Promise<void> => {
    try {
      const version = (await readModelCounter(db, model)) ?? 0;
      await rewarmAfterWrite(db, model);
      handled.set(model, Math.max(version, handled.get(model) ?? 0));
      for (let i = changeWaiters.length - 1; i >= 0; i--) {
        const waiter = changeWaiters[i];
        if (waiter && waiter.model === model && waiter.version <= version) {
          changeWaiters.splice(i, 1);
          waiter.settle();
        }
      }
    } catch (err) {
      log(`[cache] recompute after a write of another process failed: ${String(err)}`);
    }
  };

  const onNotification = (message: pg.Notification) => {
    const payload = message.payload ?? "";
    if (message.channel === KEPT_CHANNEL) {
      for (const wake of keptWaiters.get(payload) ?? []) wake();
      return;
    }
    const model = READ_MODELS.find((m) => m === payload);
    if (message.channel !== CHANGED_CHANNEL || !model) return;
    void handleChange(model);
  };

  /** A new listening connection: connected, LISTENing on both channels, its backend's pid read. */
  const connectListener = async (): Promise<{ client: pg.Client; pid: number }> => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
    });
    let gone = false;
    const dropped = (err?: Error) => {
      if (gone) return;
      gone = true;
      onDrop(client, err);
    };
    client.on("error", dropped);
    client.on("end", () => dropped());
    client.on("notification", onNotification);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGED_CHANNEL}`);
      await client.query(`LISTEN ${KEPT_CHANNEL}`);
      const result = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      return { client, pid: Number(result.rows[0]?.pid) };
    } catch (err) {
      gone = true;
      await client.end().catch(() => {});
      throw err;
    }
  };

  /** The listening connection `client` dropped: wake the waiters and reconnect (unless closing). */
  function onDrop(client: pg.Client, err?: Error): void {
    if (listener?.client !== client) return;
    listener = null;
    log(`[cache] the read-model listener's connection dropped${err ? `: ${err.message}` : ""}; reconnecting`);
    client.end().catch(() => {});
    // Announcements the waiters expect may never come now: they look again and compute here.
    wakeKeptWaiters();
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closing || retryTimer) return;
    const delay = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** attempts);
    attempts++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      const run = reconnect();
      reconnecting = run;
      void run.finally(() => {
        if (reconnecting === run) reconnecting = null;
      });
    }, delay);
    retryTimer.unref();
  }

  async function reconnect(): Promise<void> {
    if (closing) return;
    let next: { client: pg.Client; pid: number };
    try {
      next = await connectListener();
    } catch (err) {
      log(`[cache] the read-model listener could not reconnect: ${String(err)}`);
      scheduleReconnect();
      return;
    }
    if (closing) {
      await next.client.end().catch(() => {});
      return;
    }
    attempts = 0;
    listener = next;
    const n = ++made;
    log(`[cache] the read-model listener listens again (connection ${n})`);
    // What was announced while disconnected is lost: every model is handled as changed.
    wakeKeptWaiters();
    await Promise.all(READ_MODELS.map((model) => handleChange(model)));
    settleListening(n);
  }

  function settleListening(n: number): void {
    caughtUp = Math.max(caughtUp, n);
    for (let i = listeningWaiters.length - 1; i >= 0; i--) {
      const waiter = listeningWaiters[i];
      if (waiter && waiter.n <= caughtUp) {
        listeningWaiters.splice(i, 1);
        waiter.settle();
      }
    }
  }

  listener = await connectListener();
  made = 1;
  caughtUp = 1;

  const stored = async (fullKey: string, version: number): Promise<{ answer: string } | undefined> =>
    (
      await db
        .select({ answer: readModelAnswer.answer })
        .from(readModelAnswer)
        .where(and(eq(readModelAnswer.key, fullKey), gte(readModelAnswer.version, version)))
    )[0];
  const store = (fullKey: string, version: number, answer: string) =>
    db.execute(sql`
      with old as (
        delete from read_model_answer where kept_at < now() - interval '2 days' and key <> ${fullKey}
      )
      insert into read_model_answer (key, version, answer) values (${fullKey}, ${version}, ${answer})
      on conflict (key) do update set version = excluded.version, answer = excluded.answer, kept_at = now()
      where read_model_answer.version < excluded.version`);
  /** Takes the key's advisory lock on the listening connection: the connection holding it, or null when taken. */
  const tryLock = async (fullKey: string): Promise<pg.Client | null> => {
    const current = listener?.client;
    if (!current) throw new Error("the read-model listener is reconnecting");
    const result = await current.query<{ locked: boolean }>(
      "select pg_try_advisory_lock(hashtextextended($1, 0)) as locked",
      [fullKey],
    );
    return result.rows[0]?.locked === true ? current : null;
  };
  const unlockAndAnnounce = async (holder: pg.Client, fullKey: string): Promise<void> => {
    try {
      // A lock of a dropped connection went with its session. Unlocked before the announcement, so
      // a woken waiter that finds no answer can take the lock.
      if (listener?.client === holder)
        await holder.query("select pg_advisory_unlock(hashtextextended($1, 0))", [fullKey]);
      await listener?.client.query("select pg_notify($1, $2)", [KEPT_CHANNEL, fullKey]);
    } catch (err) {
      // The connection dropped meanwhile: its lock is released; the others' budgets end their waits.
      log(`[cache] announcing ${fullKey} failed: ${String(err)}`);
    }
  };

  const computeHere = <T>(fullKey: string, compute: () => Promise<T>): Promise<T> => {
    options.onCompute?.(fullKey);
    return compute();
  };

  const shared = async <T>(fullKey: string, version: number, compute: () => Promise<T>): Promise<T> => {
    // Listen for the key's announcement before looking, so one sent while looking is not missed.
    let wake: () => void = () => {};
    let woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const waiter = () => wake();
    const waiters = keptWaiters.get(fullKey) ?? new Set();
    waiters.add(waiter);
    keptWaiters.set(fullKey, waiters);
    let timer: NodeJS.Timeout | undefined;
    const spent = Number.isFinite(budget)
      ? new Promise<"spent">((resolve) => {
          timer = setTimeout(() => resolve("spent"), budget);
          timer.unref();
        })
      : new Promise<"spent">(() => {});
    try {
      for (;;) {
        const found = await stored(fullKey, version);
        if (found) return JSON.parse(found.answer) as T;
        const holder = await tryLock(fullKey);
        if (holder) {
          let answer: T;
          try {
            const again = await stored(fullKey, version);
            if (again) return JSON.parse(again.answer) as T;
            answer = await computeHere(fullKey, compute);
            await store(fullKey, version, JSON.stringify(answer));
          } finally {
            await unlockAndAnnounce(holder, fullKey);
          }
          return answer;
        }
        if ((await Promise.race([woken, spent])) === "spent") return computeHere(fullKey, compute);
        woken = new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      clearTimeout(timer);
      waiters.delete(waiter);
      if (waiters.size === 0) keptWaiters.delete(fullKey);
    }
  };

  // A failure of the shared steps (not of the computation) falls back to computing here.
  const sharedOrHere = async <T>(fullKey: string, version: number, compute: () => Promise<T>): Promise<T> => {
    let computeFailed = false;
    const watched = () =>
      compute().catch((err: unknown) => {
        computeFailed = true;
        throw err;
      });
    try {
      return await shared(fullKey, version, watched);
    } catch (err) {
      if (computeFailed) throw err;
      log(`[cache] sharing ${fullKey} with other processes failed, computed here: ${String(err)}`);
      return computeHere(fullKey, compute);
    }
  };
  shareWarmReads(db, sharedOrHere);

  return {
    seen: (model, version) =>
      (handled.get(model) ?? -1) >= version
        ? Promise.resolve()
        : new Promise<void>((settle) => {
            changeWaiters.push({ model, version, settle });
          }),
    connections: () => made,
    listenerPid: () => listener?.pid ?? null,
    listening: (n) =>
      caughtUp >= n
        ? Promise.resolve()
        : new Promise<void>((settle) => {
            listeningWaiters.push({ n, settle });
          }),
    close: async () => {
      closing = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      shareWarmReads(db, null);
      await reconnecting;
      const current = listener;
      listener = null;
      await current?.client.end().catch(() => {});
    },
  };
}

/**
 * Reads uploaded spreadsheets (CSV, XLSX) without tying up the server: every sheet upload goes
 * through {@link SheetReader.read}, which
 *
 * 1. checks the file on the request thread, cheaply (inspect.ts: format by content, size, and an
 *    XLSX's rows and cells counted on a stream that stops at the cap);
 * 2. parses it in a worker thread (sheet-worker.mjs: exceljs or csv-parse) with a memory limit
 *    ({@link SHEET_WORKER_MEMORY_MB}) and a time limit ({@link SHEET_PARSE_TIME_LIMIT_MS}), so the
 *    event loop keeps serving other requests; a worker that answered is kept for the next sheet
 *    (up to `parallel` of them: loading exceljs takes a worker about 0.6 s), one that failed or ran
 *    out of time or memory is ended;
 * 3. runs at most `parallel` parses at once (config `SHEET_PARSES_AT_ONCE`, default 2, one per core
 *    of the machines it runs on); one more answers 429 with `Retry-After` at once, never queued.
 */
import { Worker } from "node:worker_threads";
import type { SheetFormat } from "@portal/domain";
import { ApiError, badRequest } from "../../http/errors.ts";
import { inspectSheet, SHEET_LIMITS, type SheetLimits, tooManyCells, tooManyRows } from "./inspect.ts";

/** A cell as read: text (trimmed, never empty), a number, or null for an empty cell. */
export type SheetCell = string | number | null;
/** One row of a sheet: its line (CSV) or row number (XLSX) in the file, 1-based, and its cells. */
export type SheetRow = { line: number; cells: SheetCell[] };

/** Longest a parse may run before its worker is stopped and the upload refused: 10 s. */
export const SHEET_PARSE_TIME_LIMIT_MS = 10_000;
/** The V8 heap a parsing worker may use (old generation): 512 MB; past it the upload is refused. */
export const SHEET_WORKER_MEMORY_MB = 512;
/** Seconds a client told 429 (all parse slots busy) is asked to wait, in `Retry-After`. */
export const SHEET_RETRY_AFTER_SECONDS = 5;

/** The parser's script: plain JavaScript beside this module, so it needs no loader in the worker. */
const WORKER_URL = new URL("./sheet-worker.mjs", import.meta.url);

export type SheetReaderOptions = {
  /** Parses at once; one more is refused with 429. */
  parallel: number;
  /** Default {@link SHEET_PARSE_TIME_LIMIT_MS}. */
  timeLimitMs?: number;
  /** Default {@link SHEET_WORKER_MEMORY_MB}. */
  memoryMb?: number;
  /** Default the domain's caps (MAX_SHEET_ROWS, MAX_SHEET_CELLS). */
  limits?: SheetLimits;
  /** Tests only: every worker waits on this latch before it parses (see {@link ParseLatch}). */
  hold?: ParseLatch;
};

export type SheetReader = {
  /**
   * The format and rows of the uploaded file `fileName` with content `bytes` (decoded). 400 as
   * {@link inspectSheet} says, and `content`/`format` when the parser cannot read it, `max_rows` or
   * `max_cells` past a cap, `time` past the time limit, `memory` past the memory limit; 429
   * `too_busy` with `Retry-After` while `parallel` parses run.
   */
  read(fileName: string, bytes: Uint8Array): Promise<{ format: SheetFormat; rows: SheetRow[] }>;
  /** Parses running now. */
  readonly running: number;
  /** Parses started since the reader was made (a file refused by the checks starts none). */
  readonly started: number;
  /** Ends the workers kept for the next sheet. */
  close(): Promise<void>;
};

/** The 429 of a reader whose parse slots are all busy. */
function tooBusy(): ApiError {
  return new ApiError(
    429,
    `Too many sheets are being read right now. Please try again in ${SHEET_RETRY_AFTER_SECONDS} seconds.`,
    { errorCode: "too_busy" },
    { "Retry-After": String(SHEET_RETRY_AFTER_SECONDS) },
  );
}

/** A reader that runs at most `options.parallel` parses at once (see the module's description). */
export function createSheetReader(options: SheetReaderOptions): SheetReader {
  const limits = options.limits ?? SHEET_LIMITS;
  const pool = workerPool(options);
  let running = 0;
  let started = 0;
  return {
    get running() {
      return running;
    },
    get started() {
      return started;
    },
    async read(fileName, bytes) {
      const format = await inspectSheet(fileName, bytes, limits);
      if (running >= options.parallel) throw tooBusy();
      running++;
      started++;
      try {
        const rows = await pool.parse(format, bytes, limits);
        return { format, rows };
      } finally {
        running--;
      }
    },
    close: () => pool.close(),
  };
}

type WorkerAnswer = { ok: true; rows: SheetRow[] } | { ok: false; rule: "format" | "max_rows" | "max_cells" };

/**
 * The parsing workers of one reader: a parse takes an idle worker or starts one; a worker that
 * answered goes back idle (up to `parallel` of them, unreferenced, so they keep no process alive),
 * one past its time limit, out of memory or failed is ended.
 */
function workerPool(options: SheetReaderOptions) {
  const timeLimitMs = options.timeLimitMs ?? SHEET_PARSE_TIME_LIMIT_MS;
  const idle = new Set<Worker>();
  const start = () => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? SHEET_WORKER_MEMORY_MB },
    });
    // An idle worker that ends (it should not) is simply forgotten.
    worker.on("exit", () => idle.delete(worker));
    return worker;
  };
  return {
    parse(format: SheetFormat, bytes: Uint8Array, limits: SheetLimits): Promise<SheetRow[]> {
      const reused = idle.values().next().value;
      const worker = reused ?? start();
      idle.delete(worker);
      worker.ref();
      const copy = bytes.slice();
      return new Promise<SheetRow[]>((resolve, reject) => {
        const settle = (keep: boolean, outcome: () => void) => {
          clearTimeout(timer);
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
          if (keep && idle.size < options.parallel) {
            worker.unref();
            idle.add(worker);
          } else void worker.terminate();
          outcome();
        };
        const onMessage = (answer: WorkerAnswer) =>
          settle(true, () => {
            if (answer.ok) resolve(answer.rows);
            else if (answer.rule === "max_rows") reject(tooManyRows(limits));
            else if (answer.rule === "max_cells") reject(tooManyCells(limits));
            else
              reject(badRequest(`The file cannot be read as ${format.toUpperCase()}`, "content", "format"));
          });
        const onError = (error: Error & { code?: string }) =>
          settle(false, () =>
            reject(
              error.code === "ERR_WORKER_OUT_OF_MEMORY"
                ? badRequest(
                    "The sheet needs more memory to read than an upload may use; split it into smaller sheets",
                    "content",
                    "memory",
                  )
                : error,
            ),
          );
        const onExit = (code: number) =>
          settle(false, () =>
            reject(new Error(`The sheet parser stopped with exit code ${code} before answering`)),
          );
        const timer = setTimeout(
          () =>
            settle(false, () =>
              reject(
                badRequest(
                  `The sheet took longer than ${timeLimitMs / 1000} seconds to read; split it into smaller sheets`,
                  "content",
                  "time",
                ),
              ),
            ),
          timeLimitMs,
        );
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        worker.postMessage(
          {
            format,
            bytes: copy,
            maxRows: limits.maxRows,
            maxCells: limits.maxCells,
            hold: options.hold?.buffer,
          },
          [copy.buffer],
        );
      });
    },
    /** Ends the idle workers. */
    async close() {
      const workers = [...idle];
      idle.clear();
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** `Atomics.waitAsync` (Node 16 and later; typed only in TypeScript's ES2024 library). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: unknown };
  }
).waitAsync;

/**
 * A latch that holds every parse of a reader made with `{ hold: latch }` inside its worker thread,
 * blocked as a long parse would block it, until {@link ParseLatch.release}. For tests that need
 * parses in flight without depending on how long a parse takes.
 */
export class ParseLatch {
  readonly buffer = new SharedArrayBuffer(8);
  private readonly slots = new Int32Array(this.buffer);

  /** Resolves once `count` workers are held (counted by the workers themselves). */
  async held(count: number): Promise<void> {
    for (;;) {
      const now = Atomics.load(this.slots, 1);
      if (now >= count) return;
      const wait = waitAsync(this.slots, 1, now);
      if (wait.async) await wait.value;
    }
  }

  /** Lets every held worker (and any later one) parse. */
  release(): void {
    Atomics.store(this.slots, 0, 1);
    Atomics.notify(this.slots, 0);
  }
}

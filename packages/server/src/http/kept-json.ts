import { promisify } from "node:util";
import * as zlib from "node:zlib";
import type { Context } from "hono";
import type { Executor } from "../db/client.ts";
import { cachedReadModel, type ReadModel } from "../db/read-model-cache.ts";
import { acceptsEncoding } from "./accept-encoding.ts";

const { constants } = zlib;
const brotli = promisify(zlib.brotliCompress);
const gz = promisify(zlib.gzip);
/** Zstandard, where this Node.js has it in zlib (24 does). */
const zstd = typeof zlib.zstdCompress === "function" ? promisify(zlib.zstdCompress) : undefined;
const utf8 = new TextEncoder();

/** Answers smaller than this (bytes) are sent uncompressed: compression saves less than a packet. */
const COMPRESS_MIN_BYTES = 1024;

type Encoding = "zstd" | "br" | "gzip";
/**
 * The encodings a kept answer is offered in, in the order they are preferred. Zstandard at level 1
 * first: on the time table's 176 KB answer it is as small as brotli at quality 4 (18 KB) for a
 * third of the CPU time (0.65 against 2 ms), which counts where answers are computed for few
 * callers (docs/performance.md "Uncached, 50 concurrent"); browsers without it (Safari) get brotli.
 */
const ENCODINGS: readonly Encoding[] = zstd ? ["zstd", "br", "gzip"] : ["br", "gzip"];

/**
 * A JSON answer kept in memory as bytes, made once per change of what it reads: its UTF-8 text and,
 * for answers of 1 KB or more, its Zstandard (level 1), brotli (quality 4) and gzip (level 6) forms, each made when a
 * caller first asks for it and then kept with the text (an answer nobody asks twice, as on a deep
 * list page, costs one compression, as the on-the-fly compression would). Serving it then costs a
 * choice and no work per request (docs/performance.md "Kept answers as bytes"): the scheduling
 * reads and the question-paper list.
 */
export type KeptJson = {
  readonly identity: Uint8Array;
  /** The compressed forms made so far (shared by concurrent callers while one is being made). */
  readonly encoded: Map<Encoding, Promise<Uint8Array>>;
};

/** Serialises `value` once; compressed forms follow on demand ({@link keptJsonResponse}). */
export function keepJson(value: unknown): KeptJson {
  return { identity: utf8.encode(JSON.stringify(value)), encoded: new Map() };
}

/**
 * The smallest brotli window (bits, 16 to 22) that holds `size` bytes. The encoder allocates its
 * window and hash tables by this size whatever the input: with the default (22 bits, 4 MB) every
 * compression of a 176 KB answer cost several times the CPU of the compression itself in
 * allocation, and a window as large as the answer compresses it exactly as well.
 */
function brotliWindowBits(size: number): number {
  return Math.min(22, Math.max(16, Math.ceil(Math.log2(size + 16))));
}

/** `bytes` in `encoding`, on the thread pool. */
function compress(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  if (encoding === "zstd" && zstd) {
    // The size pledged, the encoder sizes its window and tables by the answer, as brotli's below.
    return zstd(bytes, {
      params: { [constants.ZSTD_c_compressionLevel]: 1 },
      pledgedSrcSize: bytes.byteLength,
    });
  }
  if (encoding === "br") {
    return brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes.byteLength),
      },
    });
  }
  return gz(bytes, { level: 6 });
}

/** The kept answer in `encoding`, compressed on the thread pool the first time and then kept. */
function encodedForm(kept: KeptJson, encoding: Encoding): Promise<Uint8Array> {
  let form = kept.encoded.get(encoding);
  if (!form) {
    const bytes = kept.identity;
    form = compress(bytes, encoding).then((buffer) => new Uint8Array(buffer));
    kept.encoded.set(encoding, form);
    // A failed compression is not kept: the next caller tries again.
    form.catch(() => kept.encoded.delete(encoding));
  }
  return form;
}

/**
 * A 200 JSON response of a kept answer in the best encoding the request accepts (Zstandard, brotli,
 * then gzip, else the plain text), with `Vary: Accept-Encoding` for answers of 1 KB or more. A proxy or the
 * portal's own on-the-fly compression leaves an answer that already has a `Content-Encoding` alone.
 * The bytes are handed over as the one chunk of a stream: a byte-array body would be copied into
 * every response first, and a string body checked, measured and encoded again. Nothing downstream
 * writes to a chunk it reads.
 */
export async function keptJsonResponse(c: Context, kept: KeptJson): Promise<Response> {
  const compressible = kept.identity.byteLength >= COMPRESS_MIN_BYTES;
  const accept = c.req.header("accept-encoding");
  const encoding = compressible ? ENCODINGS.find((e) => acceptsEncoding(accept, e)) : undefined;
  const bytes = encoding ? await encodedForm(kept, encoding) : kept.identity;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return c.body(body, 200, {
    "Content-Type": "application/json",
    "Content-Length": String(bytes.byteLength),
    ...(compressible ? { Vary: "Accept-Encoding" } : {}),
    ...(encoding ? { "Content-Encoding": encoding } : {}),
  });
}

/**
 * `compute()`'s JSON answer kept as bytes ({@link keepJson}) behind the never-stale read-model cache
 * of `model` ({@link cachedReadModel}: recomputed once any table the model reads has changed), sent
 * with {@link keptJsonResponse}. `key` names the question within the model; a thrown error (a 404,
 * a refused query) is sent as the error and not kept.
 */
export async function keptReadModelResponse(
  c: Context,
  db: Executor,
  model: ReadModel,
  key: string,
  compute: () => Promise<unknown>,
): Promise<Response> {
  return keptJsonResponse(c, await cachedReadModel(db, model, key, async () => keepJson(await compute())));
}

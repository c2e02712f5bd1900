import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context } from "hono";
import { acceptsEncoding } from "./accept-encoding.ts";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const utf8 = new TextEncoder();

/** Answers smaller than this (bytes) are kept uncompressed: compression saves less than a packet. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * A JSON answer kept in memory as bytes, made once per change of what it reads: its UTF-8 text and,
 * for answers of 1 KB or more, its brotli (quality 5) and gzip (level 6) forms. Serving it costs a
 * choice and no work per request (docs/performance.md "Kept answers as bytes"): the scheduling
 * reads and the question-paper list.
 */
export type KeptJson = {
  readonly identity: Uint8Array;
  readonly br?: Uint8Array;
  readonly gzip?: Uint8Array;
};

/** Serialises `value` and compresses it once (on the thread pool, not the request's thread). */
export async function keepJson(value: unknown): Promise<KeptJson> {
  const identity = utf8.encode(JSON.stringify(value));
  if (identity.byteLength < COMPRESS_MIN_BYTES) return { identity };
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
      },
    }),
    gz(identity, { level: 6 }),
  ]);
  return { identity, br: new Uint8Array(br), gzip: new Uint8Array(gzipped) };
}

/**
 * A 200 JSON response of a kept answer in the best encoding the request accepts (brotli, then gzip,
 * else the plain text), with `Vary: Accept-Encoding`. A proxy or the portal's own on-the-fly
 * compression leaves an answer that already has a `Content-Encoding` alone. The kept bytes are
 * handed over as the one chunk of a stream: a byte-array body would be copied into every response
 * first, and a string body checked, measured and encoded again. Nothing downstream writes to a
 * chunk it reads.
 */
export function keptJsonResponse(c: Context, kept: KeptJson): Response {
  const accept = c.req.header("accept-encoding");
  const [encoding, bytes] =
    kept.br && acceptsEncoding(accept, "br")
      ? (["br", kept.br] as const)
      : kept.gzip && acceptsEncoding(accept, "gzip")
        ? (["gzip", kept.gzip] as const)
        : ([undefined, kept.identity] as const);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return c.body(body, 200, {
    "Content-Type": "application/json",
    "Content-Length": String(bytes.byteLength),
    ...(kept.br ? { Vary: "Accept-Encoding" } : {}),
    ...(encoding ? { "Content-Encoding": encoding } : {}),
  });
}

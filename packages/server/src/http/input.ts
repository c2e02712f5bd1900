/**
 * The API's input boundary, applied once for every operation: the request body's size (whatever the
 * framing: Content-Length or chunked), the strings of the URL (path segments, query parameters)
 * and the reading of JSON bodies (declared JSON, no control characters, well-formed Unicode,
 * bounded nesting). It builds on http/errors.ts, which imports nothing from here.
 */
import type { Context, MiddlewareHandler } from "hono";
import { ApiError, badRequest, fieldStep, LONE_SURROGATE, sendError } from "./errors.ts";
import { lingerOnClose } from "./lingering-close.ts";

/**
 * Control characters no field of the API accepts: C0 controls except tab, line feed and carriage
 * return (NUL cannot be stored in a PostgreSQL text value at all; the others have no place in names,
 * codes or messages and would corrupt CSV, PDF and mail output).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** Deepest nesting of arrays and objects a JSON body may have (the API's own bodies use 3). */
export const MAX_JSON_DEPTH = 32;

/**
 * The 400 for a string that breaks a rule, or null when `text` is fine: `field` is the dotted path
 * of the value (e.g. `seats.0.roomId`), the rule `no_control_characters` or `well_formed_unicode`
 * (a lone UTF-16 surrogate, which cannot be encoded as UTF-8 and so cannot be stored).
 */
export function stringProblem(text: string, field: string): ApiError | null {
  if (CONTROL_CHARACTER.test(text)) {
    return badRequest(`${field} must not contain control characters`, field, "no_control_characters");
  }
  if (LONE_SURROGATE.test(text)) {
    return badRequest(`${field} is not well-formed Unicode text`, field, "well_formed_unicode");
  }
  return null;
}

/**
 * Throws the 400 of {@link stringProblem} for the first bad string (object keys included) of a parsed
 * JSON value, naming its dotted path (`body` for the top level), or a 400 `validation_failed` with
 * rule `max_depth` when arrays and objects nest deeper than {@link MAX_JSON_DEPTH}. Iterative, so a
 * hostile nesting cannot exhaust the call stack.
 */
export function checkJsonStrings(value: unknown): void {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: "", depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { path, depth } = item;
    const field = path || "body";
    if (typeof item.value === "string") {
      const problem = stringProblem(item.value, field);
      if (problem) throw problem;
      continue;
    }
    if (item.value === null || typeof item.value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw badRequest(`${field} nests deeper than ${MAX_JSON_DEPTH} levels`, field, "max_depth");
    }
    const entries = Array.isArray(item.value)
      ? item.value.map((v, i) => [String(i), v] as const)
      : Object.entries(item.value);
    // Pushed in reverse, so the first bad value in document order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as readonly [string, unknown];
      // An object's own keys are named only when plain (fieldStep): a made-up key is never echoed.
      const step = Array.isArray(item.value) ? key : fieldStep(key);
      const childPath = path ? `${path}.${step}` : step;
      const keyProblem = stringProblem(key, childPath);
      if (keyProblem) throw keyProblem;
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
}

/** Decodes one URL component (`+` as space when `plus`), or null for a malformed %-escape or bad UTF-8. */
function decodeComponent(raw: string, plus: boolean): string | null {
  try {
    return decodeURIComponent(plus ? raw.replace(/\+/g, " ") : raw);
  } catch {
    return null;
  }
}

/**
 * Middleware: every path segment and query parameter (name and value) must decode as UTF-8 and pass
 * {@link stringProblem}, else 400 `validation_failed` naming the query parameter (or `path`). Runs
 * before routing, so it covers the path parameters of every operation (e.g. `%00` in an id).
 */
export const checkUrl: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const queryStart = url.indexOf("?");
  const pathname = new URL(url).pathname;
  for (const segment of pathname.split("/")) {
    const decoded = decodeComponent(segment, false);
    const problem = decoded === null ? malformedEncoding("path") : stringProblem(decoded, "path");
    if (problem) return sendError(c, problem);
  }
  if (queryStart >= 0) {
    const query = url.slice(queryStart + 1).split("#")[0] ?? "";
    for (const pair of query.split("&")) {
      if (pair === "") continue;
      const eq = pair.indexOf("=");
      const rawName = eq >= 0 ? pair.slice(0, eq) : pair;
      const name = decodeComponent(rawName, true);
      const value = eq >= 0 ? decodeComponent(pair.slice(eq + 1), true) : "";
      // The field names the parameter only when its name is plain (fieldStep): never a made-up name.
      const field = name !== null && fieldStep(name) !== "?" ? name : "query";
      const problem =
        name === null || value === null
          ? malformedEncoding(field)
          : (stringProblem(name, "query") ?? stringProblem(value, field));
      if (problem) return sendError(c, problem);
    }
  }
  return next();
};

function malformedEncoding(field: string): ApiError {
  return badRequest(`${field} is not valid percent-encoded UTF-8`, field, "well_formed_unicode");
}

/**
 * The 413 answer. It closes the connection (`Connection: close`): the rest of an oversized body is
 * not handed to the API, so the connection cannot carry another request. The close lingers
 * (http/lingering-close.ts): what the client still sends is read and discarded, so that the answer
 * reaches it instead of a connection reset.
 */
export function payloadTooLarge(c: Context, maxBytes: number): Response {
  lingerOnClose(c.env);
  const res = sendError(
    c,
    new ApiError(413, `Request body is larger than ${formatSize(maxBytes)}`, {
      errorCode: "payload_too_large",
    }),
  );
  res.headers.set("Connection", "close");
  return res;
}

function formatSize(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}

/**
 * Middleware: limits the request body to `maxBytes`. A declared Content-Length over the limit
 * answers 413 at once; a body without one (chunked, or a method such as DELETE or OPTIONS sent with
 * a stream) is read through its standard `ReadableStream`, counting bytes, and answers 413 as soon
 * as it passes the limit. A body that fits is kept as the request's cached bytes, which `c.req.text()`
 * and the other body readers then use; a second limit on the same request (a route with a smaller
 * one of its own) counts those cached bytes. Works on any `Request` implementation (e.g. the one
 * @hono/node-server makes with `overrideGlobalObjects: false`), since it never constructs a new one.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header("content-length");
    if (declared !== undefined && !c.req.header("transfer-encoding")) {
      // Node's HTTP parser rejects a malformed Content-Length; a non-number here is treated as too large.
      const size = /^\d+$/.test(declared.trim()) ? Number(declared) : Number.POSITIVE_INFINITY;
      if (size > maxBytes) return payloadTooLarge(c, maxBytes);
      return next();
    }
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    // An outer limit read the body already (a route with a smaller limit of its own): count that.
    const cached = (c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer> }).arrayBuffer;
    if (cached) return (await cached).byteLength > maxBytes ? payloadTooLarge(c, maxBytes) : next();
    const stream = c.req.raw.body;
    if (!stream) return next();
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return payloadTooLarge(c, maxBytes);
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    // Hono keeps the promise of each body reader's result here (its type names the resolved value).
    (c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer> }).arrayBuffer = Promise.resolve(bytes.buffer);
    return next();
  };
}

/** `application/json` or `application/<anything>+json`, parameters (charset) allowed. */
const JSON_MEDIA_TYPE = /^application\/(?:[a-z0-9!#$&^_.-]+\+)?json\s*(?:;.*)?$/i;

/** True when the Content-Type header `value` names a JSON media type. */
export function isJsonContentType(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && JSON_MEDIA_TYPE.test(value.trim());
}

/**
 * Reads the request body as JSON. A non-empty body must be declared JSON (`application/json` or
 * `application/*+json`, any charset), else 415 `unsupported_media_type`: a cross-site page can
 * send `text/plain` or form bodies without a CORS preflight, never a JSON one, so this closes
 * that path even before the CSRF check. Throws 400 `malformed_json` when the body is not valid
 * JSON, or when it is empty and `required` is not false (then returns undefined; an empty body
 * has no media type, so its Content-Type is not checked), and the 400 `validation_failed` of
 * {@link checkJsonStrings} for a control character, a lone surrogate or too deep a nesting anywhere
 * in it (every operation reads its body here, so this is the one boundary check for all of them).
 */
export async function readJson(c: Context, options: { required?: boolean } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") {
    if (options.required === false) return undefined;
    throw new ApiError(400, "Request body is required (JSON)", {
      errorCode: "malformed_json",
      rule: "required",
    });
  }
  if (!isJsonContentType(c.req.header("content-type"))) {
    throw new ApiError(415, "Request body must be JSON: send Content-Type: application/json", {
      errorCode: "unsupported_media_type",
      field: "Content-Type",
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    // The parser's message quotes the body; the answer does not echo request input.
    throw new ApiError(400, "Malformed JSON body", { errorCode: "malformed_json", rule: "json" });
  }
  checkJsonStrings(value);
  return value;
}

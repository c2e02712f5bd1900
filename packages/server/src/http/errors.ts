import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/*
 * Error messages answered to clients name the field and the rule, never the value sent: a value is
 * the requester's own input, and echoing it lets a page or a log show text an attacker chose
 * (docs/security/hostile-input.md; `test/fuzz.test.ts` sends a marker to every parameter and body
 * field of every operation and fails on an error body that contains it). Messages may quote what the
 * database holds (a stored name, a cycle's dates). Errors of the command-line tools (cli/,
 * config.ts, auth/admins.ts) and of an import (import/: its file format, and the import code and
 * the stored records it collides with) may quote values: they reach the operator who typed the
 * command or chose the files, not a screen's user.
 */

/** JSON error body of every failed call (docs/api.md). */
export type ErrorBody = {
  success: false;
  errorMessage: string;
  errorCode?: string;
  field?: string;
  rule?: string;
  params?: ErrorParams;
};

/**
 * The values a rule's message names, for clients that word and format it themselves (docs/api.md):
 * dates ISO `YYYY-MM-DD` (e.g. `{ max: "2027-06-28" }` of 'Cannot exceed {date}'), numbers as
 * numbers. Only values the database holds, never the request's own input.
 */
export type ErrorParams = Readonly<Record<string, string | number>>;

/**
 * An error that becomes a JSON error response: `status` (4xx/5xx), `errorMessage` (the spec's text
 * where it has one), optional machine code, field and rule, and headers to send with it (e.g.
 * `Retry-After` of a 429).
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details: { errorCode?: string; field?: string; rule?: string; params?: ErrorParams } = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The JSON body; the message is passed through {@link safeMessage}. */
  toBody(): ErrorBody {
    return { success: false, errorMessage: safeMessage(this.message), ...this.details };
  }
}

/** A UTF-16 surrogate without its partner (JSON's `\ud800` escape makes one). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Longest error message sent, in UTF-16 code units (longer ones are cut, with an ellipsis). */
export const MAX_ERROR_MESSAGE_LENGTH = 300;

/**
 * An error message made safe to send whatever request value it quotes: control characters and the
 * Unicode bidirectional overrides (which could make a quoted value read differently) become spaces,
 * lone surrogates become U+FFFD, and it is cut to {@link MAX_ERROR_MESSAGE_LENGTH}.
 */
export function safeMessage(message: string): string {
  const wellFormed = (text: string) => text.replace(new RegExp(LONE_SURROGATE, "g"), "\uFFFD");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  const clean = wellFormed(message.replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, " "));
  return clean.length > MAX_ERROR_MESSAGE_LENGTH
    ? `${wellFormed(clean.slice(0, MAX_ERROR_MESSAGE_LENGTH - 1))}…`
    : clean;
}

/** Sends `err` as its JSON error response, with its headers. */
export function sendError(c: Context, err: ApiError): Response {
  return c.json(err.toBody(), err.status, err.headers);
}

/**
 * A 400 `validation_failed` for a rule the request schema cannot see (it needs the database or
 * several fields together): `message` for people, `field` the dotted path of the value in the
 * request (e.g. `3.dateOfExam`), `rule` the rule's name (e.g. `exam_cycle`), and `params` the stored
 * values the message names (e.g. `{ min: "2026-12-07", max: "2026-12-19" }`), so a screen can word
 * the message in its language and show the dates as it shows dates.
 */
export function badRequest(message: string, field: string, rule: string, params?: ErrorParams): ApiError {
  return new ApiError(400, message, {
    errorCode: "validation_failed",
    field,
    rule,
    ...(params ? { params } : {}),
  });
}

/**
 * A 404 `not_found`: `message` names what is missing ("No such exam", or the spec's own text), and
 * `field`, when given, the request value that named it.
 */
export function notFound(message: string, field?: string): ApiError {
  return new ApiError(404, message, { errorCode: "not_found", ...(field ? { field } : {}) });
}

/**
 * The 409 `version_conflict` of a stale update (docs/security/versions.md). `what` names the record
 * for people ("This exam", "The seating plan of this exam"); `field` names the item of the request
 * (e.g. "2.version").
 */
export function versionConflict(what: string, field?: string): ApiError {
  return new ApiError(
    409,
    `${what} was changed by someone else since you opened it. Reload it to see the changes; what you typed is kept.`,
    { errorCode: "version_conflict", ...(field ? { field } : {}) },
  );
}

/** Longest name of a request field quoted in an error, in characters. */
const MAX_FIELD_NAME_LENGTH = 64;
const PLAIN_FIELD_NAME = /^(?:[A-Za-z_$][A-Za-z0-9_$-]*|\d+)$/;

/**
 * One step of a field's dotted path as an error may name it: an index, or a property name made of
 * letters, digits, `_`, `$` and `-` (at most 64 characters); any other name (which only a request
 * can have made up) becomes `?`, so an error never echoes a request's own key.
 */
export function fieldStep(name: string): string {
  return name.length <= MAX_FIELD_NAME_LENGTH && PLAIN_FIELD_NAME.test(name) ? name : "?";
}

/**
 * A 400 for the first issue of a failed zod validation, naming the field (dotted path, see
 * {@link fieldStep}) and the rule. An unknown property (`unrecognized_keys`) is named by its path
 * with its name made safe, never quoted in the message.
 */
export function validationError(error: z.ZodError, prefix?: string): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError(400, "Invalid request", { errorCode: "validation_failed" });
  const unknownKey = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
  const pathParts = [
    ...(prefix ? [prefix] : []),
    ...issue.path.map((p) => fieldStep(String(p))),
    ...(unknownKey !== undefined ? [fieldStep(unknownKey)] : []),
  ];
  const field = pathParts.join(".") || undefined;
  const message =
    unknownKey !== undefined
      ? `${field ?? "body"} is not a field of this request`
      : issue.message && !issue.message.startsWith("Invalid input")
        ? issue.message
        : `${field ?? "body"}: ${issue.message}`;
  return new ApiError(400, message, {
    errorCode: "validation_failed",
    ...(field ? { field } : {}),
    rule: issue.code,
  });
}

/** Parses `value` with `schema` or throws the 400 {@link ApiError} of {@link validationError}. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, prefix);
  return result.data;
}

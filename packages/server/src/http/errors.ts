import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { checkJsonStrings, LONE_SURROGATE } from "./input.ts";

/** JSON error body of every failed call (docs/api.md). */
export type ErrorBody = {
  success: false;
  errorMessage: string;
  errorCode?: string;
  field?: string;
  rule?: string;
};

/**
 * An error that becomes a JSON error response: `status` (4xx/5xx), `errorMessage` (the spec's text
 * where it has one), optional machine code, field and rule.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details: { errorCode?: string; field?: string; rule?: string } = {},
  ) {
    super(message);
  }

  /** The JSON body; the message is passed through {@link safeMessage}. */
  toBody(): ErrorBody {
    return { success: false, errorMessage: safeMessage(this.message), ...this.details };
  }
}

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

/** Sends `err` as its JSON error response. */
export function sendError(c: Context, err: ApiError): Response {
  return c.json(err.toBody(), err.status);
}

/** A 400 for the first issue of a failed zod validation, naming the field (dotted path) and the rule. */
export function validationError(error: z.ZodError, prefix?: string): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError(400, "Invalid request", { errorCode: "validation_failed" });
  const pathParts = [...(prefix ? [prefix] : []), ...issue.path.map(String)];
  const field = pathParts.join(".") || undefined;
  const message =
    issue.message && !issue.message.startsWith("Invalid input")
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

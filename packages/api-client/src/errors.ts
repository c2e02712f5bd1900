/**
 * The error every call of this client throws (through {@link unwrap} and the query factories): the
 * API's JSON error body `{ success: false, errorMessage, errorCode?, field?, rule? }` plus the HTTP
 * status. A time-out has status 0 and errorCode `timeout`; a network failure status 0 and `network`.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status, or 0 when no answer arrived (time-out, network). */
  readonly status: number;
  /** The API's `errorMessage` (the specification's text where it has one). */
  readonly errorMessage: string;
  /** Machine-readable code, e.g. `refresh_token_expired`, `validation_failed`, `timeout`. */
  readonly errorCode: string | undefined;
  /** The request field that failed validation. */
  readonly field: string | undefined;
  /** The validation rule that failed. */
  readonly rule: string | undefined;
  /**
   * The stored values the message names (dates ISO `YYYY-MM-DD`, e.g. `{ max: "2027-06-28" }` of
   * 'Cannot exceed {date}'), for wording the message in the page's language; empty when none.
   */
  readonly params: Readonly<Record<string, string | number>>;

  constructor(init: {
    status: number;
    errorMessage: string;
    errorCode?: string;
    field?: string;
    rule?: string;
    params?: Readonly<Record<string, string | number>>;
  }) {
    super(init.errorMessage);
    this.status = init.status;
    this.errorMessage = init.errorMessage;
    this.errorCode = init.errorCode;
    this.field = init.field;
    this.rule = init.rule;
    this.params = init.params ?? {};
  }
}

/** The shape of an API error body; anything else in an error answer is read as an unknown error. */
type ApiErrorBody = {
  success: false;
  errorMessage: string;
  errorCode?: string;
  field?: string;
  rule?: string;
  params?: unknown;
};

/** The error body's `params` when it is an object of strings and numbers; anything else is dropped. */
function readParams(value: unknown): Record<string, string | number> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === "string" || typeof entry[1] === "number",
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { errorMessage?: unknown }).errorMessage === "string"
  );
}

/**
 * Builds an {@link ApiError} from an error answer (a parsed JSON body, text, or nothing) and its
 * status. Bodies without `errorMessage` get a generic message naming the status.
 */
export function toApiError(body: unknown, status: number): ApiError {
  if (isErrorBody(body)) {
    const params = readParams(body.params);
    return new ApiError({
      status,
      errorMessage: body.errorMessage,
      ...(body.errorCode === undefined ? {} : { errorCode: body.errorCode }),
      ...(body.field === undefined ? {} : { field: body.field }),
      ...(body.rule === undefined ? {} : { rule: body.rule }),
      ...(params === undefined ? {} : { params }),
    });
  }
  return new ApiError({ status, errorMessage: `Request failed with status ${status}` });
}

/**
 * Returns `data` of an openapi-fetch result, or throws an {@link ApiError} built from its error
 * body and status. Use it to turn `const { data, error } = await api.GET(...)` into a value or a
 * throw, which TanStack Query expects.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  if (result.response.ok) {
    throw new ApiError({ status: result.response.status, errorMessage: "The answer had no body" });
  }
  throw toApiError(result.error, result.response.status);
}

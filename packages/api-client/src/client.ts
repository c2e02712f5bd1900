import { REQUEST_TIMEOUT_MS } from "@portal/domain";
import createClient, { type Client, type Middleware } from "openapi-fetch";
import { ApiError } from "./errors.ts";
import type { paths } from "./generated/schema.ts";

/** A pair of tokens as the sign-in and refresh calls return them. */
type Tokens = { accessToken: string; refreshToken: string };

/** Options of {@link createApiClient}. */
type ApiClientOptions = {
  /** Base of every path, e.g. `/api` in a browser on the portal's origin or `https://host/api`. */
  baseUrl: string;
  /** The fetch to use (default: the global one). Tests inject theirs here. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * The access token to send as `Authorization: Bearer` and `access-token` (spec §7), when one is
   * known. Browsers on the portal's origin need none: the httpOnly cookies carry the session.
   */
  getAccessToken?: () => string | null | undefined;
  /** The refresh token to send to the refresh call; without one the refresh cookie is used. */
  getRefreshToken?: () => string | null | undefined;
  /** Called with the new tokens after a successful refresh, to store them. */
  onTokensRefreshed?: (tokens: Tokens) => void;
  /**
   * Called once when the refresh call answers `refresh_token_expired` (spec §8): the session is
   * over; a portal clears its local storage and goes to the login route.
   */
  onSessionExpired?: () => void;
  /** Where tokens are refreshed (the configuration's tokenUrl); default `${baseUrl}/refreshToken`. */
  refreshUrl?: string;
  /** Time-out per request in milliseconds; default 15 000 (spec §9). */
  timeoutMs?: number;
  /** Cookie policy of every request; default `same-origin`. */
  credentials?: RequestCredentials;
};

/** The typed client: `api.GET("/me")`, `api.POST("/sf/exam/questionPaperList", { body })`, ... */
export type ApiClient = Client<paths>;

/** Calls after which a 401 means "wrong credentials", never "refresh and retry". */
const NO_REFRESH_PATHS: ReadonlySet<string> = new Set([
  "/refreshToken",
  "/salesforce/AdminOtp/send",
  "/salesforce/AdminOtp/verify",
  "/logout",
  "/config",
]);

type RefreshOutcome = { kind: "refreshed"; accessToken: string } | { kind: "expired" } | { kind: "failed" };

/**
 * Creates the typed API client (openapi-fetch) with the transport rules of spec §7 and §8:
 *
 * - sends `Authorization: Bearer <token>` and `access-token: <token>` when a token is known;
 * - aborts a request that has no answer after 15 s and throws {@link ApiError} with status 0 and
 *   errorCode `timeout` (errorCode `network` when no answer came for another reason);
 * - on a 401 it calls the refresh URL once (concurrent 401s share that call) and retries the request
 *   once with the new token; when the refresh answers errorCode `refresh_token_expired` it calls
 *   `onSessionExpired` and hands back the original 401.
 *
 * Calls return openapi-fetch results `{ data, error, response }`; use `unwrap` or the option factories
 * of each area (`auth.ts`, `exam/*.ts`, `grading.ts`, ...) to get values or thrown {@link ApiError}s.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const credentials = options.credentials ?? "same-origin";
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const refreshUrl = options.refreshUrl ?? `${baseUrl}/refreshToken`;
  const timedFetch = withTimeout(baseFetch, timeoutMs);
  const pendingRetries = new Map<string, Request>();
  let refreshing: Promise<RefreshOutcome> | null = null;

  async function refresh(): Promise<RefreshOutcome> {
    const refreshToken = options.getRefreshToken?.();
    let response: Response;
    try {
      response = await timedFetch(
        new Request(refreshUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(refreshToken ? { refreshToken } : {}),
          credentials,
        }),
      );
    } catch {
      return { kind: "failed" };
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && isTokens(body)) {
      options.onTokensRefreshed?.({ accessToken: body.accessToken, refreshToken: body.refreshToken });
      return { kind: "refreshed", accessToken: body.accessToken };
    }
    if (errorCodeOf(body) === "refresh_token_expired") {
      options.onSessionExpired?.();
      return { kind: "expired" };
    }
    return { kind: "failed" };
  }

  function sharedRefresh(): Promise<RefreshOutcome> {
    if (!refreshing) {
      refreshing = refresh().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  const authMiddleware: Middleware = {
    onRequest({ request, schemaPath, id }) {
      const token = options.getAccessToken?.();
      if (token) setAuthHeaders(request.headers, token);
      if (!NO_REFRESH_PATHS.has(schemaPath)) pendingRetries.set(id, request.clone());
      return request;
    },
    async onResponse({ response, id }) {
      const retry = pendingRetries.get(id);
      pendingRetries.delete(id);
      if (response.status !== 401 || !retry) return response;
      const outcome = await sharedRefresh();
      if (outcome.kind !== "refreshed") return response;
      setAuthHeaders(retry.headers, outcome.accessToken);
      return timedFetch(retry);
    },
    onError({ id, error }) {
      pendingRetries.delete(id);
      return error instanceof Error ? error : new Error(String(error));
    },
  };

  const client = createClient<paths>({
    baseUrl,
    fetch: timedFetch,
    credentials,
  });
  client.use(authMiddleware);
  return client;
}

function setAuthHeaders(headers: Headers, token: string): void {
  headers.set("Authorization", `Bearer ${token}`);
  headers.set("access-token", token);
}

/**
 * Wraps a fetch so each request aborts after `ms` and failures become {@link ApiError}s. The timer is
 * a plain `setTimeout` feeding an AbortController rather than `AbortSignal.timeout`, and the abort is
 * raced against the fetch: Node links signals (timeout signals, a Request's signal to its source)
 * through weak references, so a forwarded signal alone can be collected and never fire.
 */
function withTimeout(
  fetchImpl: (request: Request) => Promise<Response>,
  ms: number,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException("The request timed out", "TimeoutError"));
    }, ms);
    const forwardAbort = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) forwardAbort();
    else request.signal.addEventListener("abort", forwardAbort, { once: true });
    // Race the abort too: a fetch that ignores its signal must not outlive the time-out.
    const aborted = new Promise<never>((_resolve, reject) => {
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    try {
      return await Promise.race([fetchImpl(new Request(request, { signal: controller.signal })), aborted]);
    } catch (error) {
      if (timedOut) {
        throw new ApiError({
          status: 0,
          errorMessage: `The server did not answer within ${Math.round(ms / 1000)} seconds`,
          errorCode: "timeout",
        });
      }
      if (request.signal.aborted || error instanceof ApiError) throw error;
      throw new ApiError({
        status: 0,
        errorMessage: error instanceof Error ? error.message : "The server could not be reached",
        errorCode: "network",
      });
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener("abort", forwardAbort);
    }
  };
}

function isTokens(value: unknown): value is Tokens {
  if (typeof value !== "object" || value === null) return false;
  const { accessToken, refreshToken } = value as Partial<Record<keyof Tokens, unknown>>;
  return typeof accessToken === "string" && typeof refreshToken === "string";
}

function errorCodeOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const code = (value as { errorCode?: unknown }).errorCode;
  return typeof code === "string" ? code : undefined;
}

import { type ApiClient, ApiError } from "@portal/api-client";
import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * What the server hands an island of its first queries (docs/performance.md, "First query on the
 * server"): TanStack Query's dehydrated state reduced to each settled query's key and its data or
 * error. No times travel: the island treats server data as fetched when it hydrates, so freshness
 * never depends on the server's clock against the browser's. Plain JSON (Astro serialises island props).
 */
export type FirstQueryState = {
  queries: Array<{ queryKey: QueryKey; data: unknown } | { queryKey: QueryKey; error: FirstQueryError }>;
};

/** An error of a first query as plain data (an ApiError's fields, or a message). */
export type FirstQueryError = {
  message: string;
  status?: number;
  errorCode?: string | undefined;
  field?: string | undefined;
  rule?: string | undefined;
};

/** What a screen's first query gets: the API client (in process on the server) and the address. */
export type FirstQueryContext = {
  api: ApiClient;
  /** The request's query string (`Astro.url.search`), parsed by the same function as the island's. */
  search: string;
  /** The server's today at the request (YYYY-MM-DD, default campus zone; `serverToday`, lib/first-query.ts). */
  today: string;
  /**
   * Fetches one query (the same `...QueryOptions` from @portal/api-client the screen's `useQuery`
   * uses, so the keys match) into the state handed to the island. Resolves to its data, or to
   * undefined when it failed: the failure is kept and the island renders its error state.
   */
  fetch: <TData, TKey extends QueryKey>(
    options: FetchQueryOptions<TData, Error, TData, TKey>,
  ) => Promise<TData | undefined>;
};

/**
 * A screen's first query: the calls its first render makes, declared once beside the screen and run
 * on the server by the page (`islandProps(Astro, firstQuery)` in src/lib/first-query.ts). Calls that
 * depend on another's answer await `fetch` of that one first.
 *
 * @example
 * export const examTimetableFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
 *   await fetch(examTimetableQueryOptions(api, toTimetableQuery(parseTimetableState(search))));
 * };
 */
export type FirstQuery = (context: FirstQueryContext) => Promise<void>;

/** The plain form of a thrown error. */
export function toFirstQueryError(error: unknown): FirstQueryError {
  if (error instanceof ApiError) {
    return {
      message: error.errorMessage,
      status: error.status,
      errorCode: error.errorCode,
      field: error.field,
      rule: error.rule,
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The error a screen sees again: an ApiError when it was one. */
function fromFirstQueryError(error: FirstQueryError): Error {
  if (error.status === undefined) return new Error(error.message);
  return new ApiError({
    status: error.status,
    errorMessage: error.message,
    ...(error.errorCode ? { errorCode: error.errorCode } : {}),
    ...(error.field ? { field: error.field } : {}),
    ...(error.rule ? { rule: error.rule } : {}),
  });
}

/**
 * Puts the server's first queries into a new QueryClient, dated `now` (the hydrating side's clock:
 * the data is as fresh as the island's stale time says from this moment). Successes become cached
 * data; failures become queries in error state that mounting does not retry, so the first render
 * shows the screen's error view and its Try again asks again.
 */
export function seedFirstQueries(queryClient: QueryClient, state: FirstQueryState, now: number): void {
  for (const entry of state.queries) {
    if ("data" in entry) {
      queryClient.setQueryData(entry.queryKey, entry.data, { updatedAt: now });
    } else {
      // Mounting must not retry it at once: the first render (server and browser alike) shows the
      // error, and the screen's Try again refetches.
      queryClient.setQueryDefaults(entry.queryKey, { retryOnMount: false });
      const query = queryClient.getQueryCache().build(queryClient, { queryKey: entry.queryKey });
      query.setState({
        status: "error",
        error: fromFirstQueryError(entry.error),
        errorUpdatedAt: now,
        errorUpdateCount: 1,
        fetchStatus: "idle",
      });
    }
  }
}

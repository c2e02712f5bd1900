/**
 * Helpers of the api-client's own tests (not exported by the package): a base address and a fetch
 * that records each request and answers a fixed body, and a runner for a query option's `queryFn`.
 */

/** Base address of the test client (nothing is sent over the network). */
export const BASE = "http://portal.test/api";

/**
 * A fetch that records each request's method, path with query, and body, and answers `answer`
 * (JSON, or a string as it is) with `status` and content type `type`.
 */
export function recordingFetch(answer: unknown, status = 200, type = "application/json") {
  const seen: Array<{ method: string; url: string; body: string }> = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    seen.push({ method: request.method, url: `${url.pathname}${url.search}`, body: await request.text() });
    return new Response(typeof answer === "string" ? answer : JSON.stringify(answer), {
      status,
      headers: { "Content-Type": type },
    });
  };
  return { fetch, seen };
}

/** Runs a query option's `queryFn` as TanStack Query would (with an abort signal). */
export const run = (options: { queryFn?: unknown }) =>
  (options.queryFn as (ctx: { signal: AbortSignal }) => Promise<unknown>)({
    signal: new AbortController().signal,
  });

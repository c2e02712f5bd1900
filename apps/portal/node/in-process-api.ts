/** Session calls a page render must never make: they would rotate or end the browser's session. */
const SESSION_PATHS: ReadonlySet<string> = new Set(["/api/refreshToken", "/api/logout"]);

/** The API's fetch as server.ts holds it (`api.app.fetch`). */
export type AppFetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * The cookie header the page's own API calls carry: the request's cookies with those the session
 * check just set (a refreshed session's new access cookie) in place of the old values.
 */
export function effectiveCookie(cookie: string | undefined, setCookies: readonly string[]): string {
  const values = new Map<string, string>();
  for (const part of (cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) values.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const line of setCookies) {
    const pair = line.split(";")[0] ?? "";
    const eq = pair.indexOf("=");
    if (eq > 0) values.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return [...values].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * A fetch for the pages' server-side API calls (`locals.apiFetch`; src/lib/first-query.ts): each
 * request goes straight to the API's handler in this process, never through the network, as the
 * page request's user. It is addressed to the page's origin, carries the page's session cookies
 * (`effectiveCookie`) and that origin as `Origin` (the call comes from the portal's own page, which
 * the API's cross-site check asks of cookie-authenticated writes such as a list's POST), and `env`
 * (the page's Node request, for the client address). Paths outside /api answer 404; the refresh and
 * logout calls answer 403 without reaching the API, so rendering never rotates the session.
 */
export function inProcessApiFetch(options: {
  appFetch: AppFetch;
  origin: string;
  cookie: string;
  env?: unknown;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== "/api" && !url.pathname.startsWith("/api/")) {
      return Response.json({ success: false, errorMessage: "Not an API path" }, { status: 404 });
    }
    if (SESSION_PATHS.has(url.pathname)) {
      return Response.json(
        { success: false, errorMessage: "Session calls are not made while rendering a page" },
        { status: 403 },
      );
    }
    // A call already addressed to the page's origin (the API client's, whose base is the page's own
    // address) is handed over as it is, its headers set in place: no second Request, no copy of its
    // body (docs/performance.md, "The signed-in page as cheap as its data").
    const headers = url.origin === options.origin ? request.headers : new Headers(request.headers);
    headers.delete("cookie");
    // The page reads the answer itself: a compressed answer (the browser's Accept-Encoding) would
    // reach it undecoded.
    headers.delete("accept-encoding");
    if (options.cookie) headers.set("cookie", options.cookie);
    headers.set("origin", options.origin);
    if (headers === request.headers) return options.appFetch(request, options.env);
    const method = request.method.toUpperCase();
    const body = method === "GET" || method === "HEAD" ? undefined : await request.arrayBuffer();
    const forwarded = new Request(new URL(`${url.pathname}${url.search}`, options.origin), {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: request.signal,
    });
    return options.appFetch(forwarded, options.env);
  };
}

/**
 * Where a sign-in returns to (spec §2 Application shell: a signed-out request for a page behind
 * sign-in goes to /login). The portal keeps the page that was asked for in `/login?next=<path>` so
 * a deep link opened after the session expired lands where it was going once the user signs in
 * again. Only the portal's own pages behind sign-in are accepted: anything else (another origin,
 * `//host`, a backslash, /login itself, an over-long value) is dropped, so the parameter cannot send
 * a user elsewhere.
 */

/** The query parameter of /login that carries the page to return to. */
export const RETURN_PARAM = "next";

/** At most this many characters of path and query are kept. */
const MAX_RETURN_LENGTH = 1000;

/** Whether `pathname` is behind sign-in: /app, /app/..., /dashboard. */
export function isProtectedPath(pathname: string): boolean {
  return (
    pathname === "/app" ||
    pathname.startsWith("/app/") ||
    pathname === "/dashboard" ||
    pathname === "/dashboard/"
  );
}

/**
 * `raw` (a path with optional query, as kept in `?next=`) when it is one of the portal's own pages
 * behind sign-in, else null. The fragment is dropped.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_RETURN_LENGTH) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(raw, "http://portal.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://portal.invalid" || !isProtectedPath(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

/** The /login address that returns to `pathAndQuery` after sign-in (plain /login when not allowed). */
export function loginAddress(pathAndQuery: string): string {
  const next = safeReturnPath(pathAndQuery);
  return next ? `/login?${RETURN_PARAM}=${encodeURIComponent(next)}` : "/login";
}

import type { Context, MiddlewareHandler } from "hono";
import { ACCESS_COOKIE, parseCookies, REFRESH_COOKIE } from "../auth/public.ts";
import type { Config } from "../config.ts";
import { ApiError } from "./errors.ts";

/** Methods that never change state; the cross-site request check lets them pass. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `Sec-Fetch-Site` values of a request the portal's own pages (or the user directly) made. */
const SAME_ORIGIN_FETCH_SITES = new Set(["same-origin", "none"]);

/**
 * The origin the request was addressed to, `scheme://host[:port]` (default ports dropped), or null
 * when the Host is unusable. It is the request URL's own origin (built by the Node server from the
 * `Host` header); with TRUST_PROXY=true, the first `X-Forwarded-Host` and `X-Forwarded-Proto` of
 * the proxy in front take precedence, since the proxy talks to the portal under another name.
 */
export function expectedOrigin(c: Context, config: Pick<Config, "trustProxy">): string | null {
  try {
    const url = new URL(c.req.url);
    if (config.trustProxy) {
      const host = c.req.header("x-forwarded-host")?.split(",")[0]?.trim();
      const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
      if (proto === "http" || proto === "https") url.protocol = `${proto}:`;
      if (host) return new URL(`${url.protocol}//${host}`).origin;
    }
    return url.origin;
  } catch {
    return null;
  }
}

/** `origin` normalised like URL.origin, or null for `null`, opaque or unparsable origins. */
function normalisedOrigin(origin: string): string | null {
  try {
    const parsed = new URL(origin).origin;
    return parsed === "null" ? null : parsed;
  } catch {
    return null;
  }
}

/**
 * Where a request comes from, as the browser declares it through its unforgeable `Origin` and
 * `Sec-Fetch-Site` headers: `same` when at least one says same-origin and none says otherwise,
 * `cross` when either names another site (or `Origin: null`), `unknown` when neither is present
 * (a client that is not a browser, or a very old browser).
 */
export function requestProvenance(
  c: Context,
  config: Pick<Config, "trustProxy">,
): "same" | "cross" | "unknown" {
  const origin = c.req.header("origin");
  const fetchSite = c.req.header("sec-fetch-site")?.trim().toLowerCase();
  if (origin === undefined && !fetchSite) return "unknown";
  if (fetchSite && !SAME_ORIGIN_FETCH_SITES.has(fetchSite)) return "cross";
  if (origin !== undefined) {
    const expected = expectedOrigin(c, config);
    if (expected === null || normalisedOrigin(origin.trim()) !== expected) return "cross";
  }
  return "same";
}

/** True when the request authenticates with a header (`Authorization: Bearer`, `access-token`). */
function hasHeaderCredentials(c: Context): boolean {
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S.*)$/i)?.[1];
  return Boolean(bearer?.trim() || c.req.header("access-token")?.trim());
}

/** True when the request carries a session cookie (the access or the refresh cookie). */
function hasSessionCookie(c: Context): boolean {
  const cookies = parseCookies(c.req.header("cookie"));
  return Boolean(cookies[ACCESS_COOKIE] || cookies[REFRESH_COOKIE]);
}

/**
 * Middleware against cross-site request forgery (docs/security/headers.md), for POST, PUT, PATCH
 * and DELETE:
 *
 * - authenticated by header (`Authorization: Bearer`, `access-token`): passes; a cross-site page
 *   cannot set these headers (no CORS is offered), so the request is the client's own;
 * - carrying a session cookie (`portal_access`, `portal_refresh`; this covers every signed-in call,
 *   the cookie refresh and logout): passes only when {@link requestProvenance} is `same`, i.e. a
 *   same-origin `Origin` or `Sec-Fetch-Site: same-origin|none` and nothing saying otherwise;
 * - with neither (the sign-in calls, a refresh with the token in the body, CSP reports): refused
 *   only when the browser declares it cross-site (login CSRF: a foreign page must not sign the
 *   user into another account).
 *
 * Refusals answer 403 `errorCode: "csrf"`.
 */
export function csrfProtection(config: Pick<Config, "trustProxy">): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || hasHeaderCredentials(c)) return next();
    const provenance = requestProvenance(c, config);
    const allowed = hasSessionCookie(c) ? provenance === "same" : provenance !== "cross";
    if (!allowed) {
      throw new ApiError(
        403,
        "Cross-site request refused: a request authenticated by cookie must come from the portal's own pages (same-origin Origin or Sec-Fetch-Site).",
        { errorCode: "csrf" },
      );
    }
    return next();
  };
}

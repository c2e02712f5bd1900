import type { MiddlewareHandler } from "hono";

/**
 * Content-Security-Policy of every API answer (JSON, PDF, CSV): nothing may load or run, the
 * answer may not be framed, and a document opened from it (a PDF or CSV opened directly in a tab)
 * is sandboxed into an opaque origin that cannot reach the portal's cookies or storage.
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

/** HSTS value in production: one year, this host only (sibling hosts of the university are not ours). */
export const HSTS_VALUE = "max-age=31536000";

/**
 * Response headers every answer of the portal carries, pages, assets and API alike
 * (docs/security/headers.md); `production` adds Strict-Transport-Security (never in development,
 * where the portal runs on plain http and a pinned HSTS entry would break other local services).
 */
export function baseSecurityHeaders(production: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ...(production ? { "Strict-Transport-Security": HSTS_VALUE } : {}),
  };
}

/**
 * Middleware: sets {@link baseSecurityHeaders} and {@link API_CONTENT_SECURITY_POLICY} on every API
 * answer (errors included), after the handler ran, keeping any value a handler chose itself.
 */
export function apiSecurityHeaders(production: boolean): MiddlewareHandler {
  const headers = {
    ...baseSecurityHeaders(production),
    "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
  };
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) {
      if (!c.res.headers.has(name)) c.header(name, value);
    }
  };
}

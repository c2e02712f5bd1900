/**
 * Security headers of the portal's own answers: pages, built assets, redirects and its error page
 * (docs/security/headers.md). The API sets its own inside the Hono app (@portal/server), so API
 * clients get them too; the names and base values are shared from there.
 */
import { baseSecurityHeaders } from "@portal/server";
import { FALLBACK_CONTENT_SECURITY_POLICY } from "./csp.ts";

/**
 * Headers to set on an answer of the Node server before its body: the shared base headers (HSTS
 * in production only) and {@link FALLBACK_CONTENT_SECURITY_POLICY}. For a page, Astro replaces
 * the CSP with the page's own (same directives plus the hashes of its inline scripts).
 */
export function portalSecurityHeaders(production: boolean): Record<string, string> {
  return { ...baseSecurityHeaders(production), "Content-Security-Policy": FALLBACK_CONTENT_SECURITY_POLICY };
}

/**
 * The portal pages' Content-Security-Policy (docs/security/headers.md), shared by the Astro
 * configuration (which adds the script hashes) and the Node server (the fallback policy). No
 * imports: astro.config.mjs loads this file.
 */

/** Where browsers report violations of the pages' policy (POST /api/csp-report). */
export const CSP_REPORT_URI = "/api/csp-report";

/**
 * The pages' CSP directives other than script-src and style-src, which Astro writes itself
 * (`security.csp` in astro.config.mjs: `'self'` plus a hash of every inline script it emits, so
 * no `'unsafe-inline'` for scripts). `worker-src blob:` is for the PDF viewer's worker; `img-src
 * data: blob:` for rendered PDF pages and inline icons.
 */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  `report-uri ${CSP_REPORT_URI}`,
] as const;

/**
 * Style sources of the pages: `'unsafe-inline'` because React writes `style` attributes into the
 * server-rendered HTML and the PDF viewer injects style elements; styles cannot run code.
 */
export const PAGE_STYLE_SOURCES = ["'self'", "'unsafe-inline'"] as const;

/**
 * The policy of every answer that is not an Astro page (assets, redirects, the plain error
 * answer) and the fallback of pages: the page directives with scripts from the portal's own
 * files only. On an asset it matters where the asset becomes a document or a worker (an SVG
 * opened directly, the PDF worker).
 */
export const FALLBACK_CONTENT_SECURITY_POLICY = [
  ...PAGE_CSP_DIRECTIVES,
  "script-src 'self'",
  `style-src ${PAGE_STYLE_SOURCES.join(" ")}`,
].join("; ");

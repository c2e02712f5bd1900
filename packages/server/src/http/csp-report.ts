import { Hono } from "hono";
import type { AppContext, AppEnv } from "../context.ts";
import { ApiError } from "./errors.ts";
import { limitBody } from "./input.ts";

/** Path of the report call (under /api); the pages' CSP names it in `report-uri`. */
export const CSP_REPORT_PATH = "/api/csp-report";
/** Largest accepted report body: 16 KB (a report is well under 2 KB). */
export const MAX_CSP_REPORT_BYTES = 16 * 1024;

/** Report media types browsers send: `report-uri` and the Reporting API (`report-to`). */
const REPORT_TYPE = /^application\/(?:csp-report|reports\+json|json)\s*(?:;.*)?$/i;

/** One violation, reduced to the fields worth a log line. */
export type CspViolation = { directive: string; blocked: string; document: string; sample: string };

/** `value` as printable ASCII of at most `max` characters (no control characters: one log line). */
function clean(value: unknown, max: number): string {
  if (typeof value !== "string" && typeof value !== "number") return "";
  return String(value)
    .replace(/[^\x20-\x7e]/g, "?")
    .slice(0, max);
}

/** A URL without query and fragment (they may hold tokens or personal data). */
function cleanUrl(value: unknown): string {
  const text = clean(value, 300);
  try {
    const url = new URL(text);
    return `${url.origin}${url.pathname}`.slice(0, 200);
  } catch {
    return text.split(/[?#]/)[0]?.slice(0, 200) ?? "";
  }
}

/**
 * The violations in a report body: the `report-uri` form `{"csp-report": {...}}` or the Reporting
 * API's list `[{type: "csp-violation", body: {...}}]`. Anything else yields none.
 */
export function parseCspReport(body: unknown): CspViolation[] {
  const raw: unknown[] = [];
  if (Array.isArray(body)) {
    for (const entry of body.slice(0, 20)) {
      if (entry && typeof entry === "object" && (entry as { type?: unknown }).type === "csp-violation") {
        raw.push((entry as { body?: unknown }).body);
      }
    }
  } else if (body && typeof body === "object" && "csp-report" in body) {
    raw.push((body as Record<string, unknown>)["csp-report"]);
  }
  return raw
    .filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === "object")
    .map((r) => ({
      directive: clean(r["effective-directive"] ?? r.effectiveDirective ?? r["violated-directive"], 60),
      blocked: cleanUrl(r["blocked-uri"] ?? r.blockedURL),
      document: cleanUrl(r["document-uri"] ?? r.documentURL),
      sample: clean(r["script-sample"] ?? r.sample, 60),
    }));
}

/**
 * `POST /csp-report` (public): browsers report Content-Security-Policy violations here. Body at most
 * 16 KB (413 above), a report media type (415 otherwise); malformed reports are ignored. Logs one
 * sanitised line per violation (directive, blocked URL and page without query, a short sample)
 * and answers 204.
 */
export function cspReportRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(
    "/csp-report",
    // The input boundary's limit (http/input.ts): it works on any Request, chunked bodies included.
    limitBody(MAX_CSP_REPORT_BYTES),
    async (c) => {
      if (!REPORT_TYPE.test(c.req.header("content-type")?.trim() ?? "")) {
        throw new ApiError(415, "A CSP report must be application/csp-report or application/reports+json", {
          errorCode: "unsupported_media_type",
          field: "Content-Type",
        });
      }
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        body = null;
      }
      for (const v of parseCspReport(body)) {
        ctx.log(`[csp] ${v.directive} blocked ${v.blocked || "inline"} on ${v.document} ${v.sample}`.trim());
      }
      return c.body(null, 204);
    },
  );
  return app;
}

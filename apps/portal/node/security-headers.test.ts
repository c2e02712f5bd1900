// @vitest-environment node
import { describe, expect, it } from "vitest";
import { FALLBACK_CONTENT_SECURITY_POLICY, PAGE_CSP_DIRECTIVES } from "./csp.ts";
import { portalSecurityHeaders } from "./security-headers.ts";

/** The policy as a map directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("portal security headers", () => {
  it.each([
    [false, undefined],
    [true, "max-age=31536000"],
  ])("in production=%s sets the base headers, HSTS %s", (production, hsts) => {
    const headers = portalSecurityHeaders(production);
    expect(headers).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Content-Security-Policy": FALLBACK_CONTENT_SECURITY_POLICY,
    });
    expect(headers["Permissions-Policy"]).toMatch(/camera=\(\)/);
    expect(headers["Strict-Transport-Security"]).toBe(hsts);
  });

  it.each([
    ["default-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["form-action", ["'self'"]],
    ["img-src", ["'self'", "data:", "blob:"]],
    ["worker-src", ["'self'", "blob:"]],
    ["connect-src", ["'self'"]],
    ["script-src", ["'self'"]],
    ["report-uri", ["/api/csp-report"]],
  ])("the fallback policy has %s %j", (name, sources) => {
    expect(directives(FALLBACK_CONTENT_SECURITY_POLICY).get(name)).toEqual(sources);
  });

  it("never allows inline scripts or eval, and leaves scripts and styles to Astro on pages", () => {
    for (const [name, sources] of directives(FALLBACK_CONTENT_SECURITY_POLICY)) {
      if (name.startsWith("script-src")) {
        expect(sources).not.toContain("'unsafe-inline'");
        expect(sources).not.toContain("'unsafe-eval'");
      }
    }
    // Astro refuses script-src and style-src in `directives` (it writes them, with the hashes).
    expect(PAGE_CSP_DIRECTIVES.filter((d) => /^(script|style)-src/.test(d))).toEqual([]);
  });
});

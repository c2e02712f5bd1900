// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "astro/config";
import { astroRenderOnce } from "./node/astro-render-once.ts";
import { bundleReport } from "./node/bundle-report.ts";
import { PAGE_CSP_DIRECTIVES, PAGE_STYLE_SOURCES } from "./node/csp.ts";

/**
 * zod checks once whether `new Function` works (to compile fast object parsers); under the CSP,
 * which has no 'unsafe-eval', that check is a reported violation on every screen. This plugin
 * starts zod's global configuration as `jitless` (its documented switch, `z.config({ jitless:
 * true })`, which must be set before the first schema is built, i.e. before any module of ours
 * runs), so the check never happens. The build fails if zod's source no longer has the line.
 */
function zodJitless() {
  const from = "(_a.__zod_globalConfig = {})";
  return {
    name: "portal-zod-jitless",
    enforce: "pre",
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(from)) throw new Error(`zod's global configuration line changed (${id})`);
      return { code: code.replace(from, "(_a.__zod_globalConfig = { jitless: true })"), map: null };
    },
  };
}

/**
 * The portal renders on the server (output 'server'). The Node adapter builds a request handler
 * (mode 'middleware') that `server.ts` mounts next to the API, so the API and the pages share one
 * origin and one process. Screens are React islands; styles come from vanilla-extract.
 *
 * Content-Security-Policy (docs/security/headers.md): Astro sends it as a header on every page,
 * with `script-src 'self'` plus the SHA-256 hash of each inline script it emits (island hydration),
 * so no inline script runs that the build did not produce; the other directives are node/csp.ts.
 */
export default defineConfig({
  output: "server",
  // Not streamed: each page renders whole inside the request's locale scope (src/middleware.ts).
  adapter: node({ mode: "middleware", experimentalDisableStreaming: true }),
  integrations: [react()],
  server: { port: 4400, host: "127.0.0.1" },
  devToolbar: { enabled: false },
  security: {
    csp: {
      algorithm: "SHA-256",
      directives: [...PAGE_CSP_DIRECTIVES],
      styleDirective: { resources: [...PAGE_STYLE_SOURCES] },
    },
  },
  vite: {
    plugins: [vanillaExtractPlugin(), zodJitless(), astroRenderOnce(), bundleReport()],
    ssr: {
      // Workspace packages export TypeScript source (and vanilla-extract `.css.ts` files).
      noExternal: [/^@portal\//],
    },
  },
});

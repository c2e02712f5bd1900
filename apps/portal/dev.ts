/**
 * The development server (`pnpm dev`): Astro's development server with hot reload of pages,
 * islands and styles, and the portal's API on the same origin, on HOST:PORT (default
 * 127.0.0.1:4321, as `pnpm start`).
 *
 * A Vite middleware placed before Astro's own answers
 * - `/api/*` with the API (@portal/server), created once in this process on the configured database
 *   (the embedded one in the data folder by default, demo data loaded when empty);
 * - gates sign-in and builds each page's `locals` exactly as the built server does
 *   (node/page-context.ts), handing them to Astro through the request's `astro.locals` symbol, which
 *   Astro's development server reads as a request's locals.
 *
 * Pages and islands reload on save (Vite); the API's own code is loaded by Node, so `tsx watch`
 * restarts this process when a server file changes. Security headers, compression and the built
 * assets' caching are the built server's concerns and are left out here; use `pnpm start` to see
 * the portal as it is deployed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { createPortalApi } from "@portal/server";
import { dev } from "astro";
import { resolvePageContext, sendRedirect } from "./node/page-context.ts";

const host = process.env.HOST?.trim() || "127.0.0.1";
const port = Number(process.env.PORT ?? "4321");
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`PORT must be an integer between 1 and 65535, got "${process.env.PORT}"`);
  process.exit(1);
}

const api = await createPortalApi().catch((error: unknown) => {
  console.error(`The API could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const publicConfig = api.getPublicConfig();
const apiListener = getRequestListener((request, env) => api.app.fetch(request, env), {
  overrideGlobalObjects: false,
});
/** Where Astro's development server reads a request's locals from. */
const astroLocals = Symbol.for("astro.locals");

/** Vite's own paths (modules, HMR client, files): never gated, never given locals. */
function isViteRequest(pathname: string): boolean {
  return pathname.startsWith("/@") || pathname.startsWith("/node_modules/") || pathname.startsWith("/src/");
}

const astro = await dev({
  root: fileURLToPath(new URL(".", import.meta.url)),
  server: { host, port },
  vite: {
    plugins: [
      // The API and the sign-in gate in front of Astro's development server.
      {
        name: "portal-api-and-gate",
        configureServer(server) {
          server.middlewares.use(
            (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
              const url = new URL(req.url ?? "/", `http://${host}:${port}`);
              if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
                apiListener(req, res).catch(next);
                return;
              }
              if (isViteRequest(url.pathname) || url.pathname.includes(".")) {
                next();
                return;
              }
              resolvePageContext(api, publicConfig, req, url).then((page) => {
                if (page.redirect !== null) {
                  sendRedirect(res, page.redirect, page.setCookies);
                  return;
                }
                if (page.setCookies.length > 0) res.setHeader("Set-Cookie", page.setCookies);
                Reflect.set(req, astroLocals, page.locals);
                next();
              }, next);
            },
          );
        },
      },
    ],
  },
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.info(`${signal} received, closing the development server`);
  await astro.stop();
  await api.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

/**
 * The portal's Node entry (`pnpm start`): one HTTP server on HOST:PORT (default 127.0.0.1:4321) that
 *
 * - answers `/api/*` with the API (@portal/server), handing it the Node request as `env.incoming`
 *   so it can read the client address;
 * - serves the built assets of dist/client (hashed files cached for a year);
 * - gates sign-in before any page renders and forwards refreshed session cookies
 *   (node/page-context.ts, shared with the development server dev.ts);
 * - sets the security headers on pages, assets and redirects (node/security-headers.ts; the API
 *   sets its own);
 * - sends built assets as the brotli or gzip files the build wrote beside them (hashed ones kept in
 *   memory once read, node/static-files.ts), and compresses pages
 *   and JSON on the fly at the fastest level for clients that accept it (the `compression`
 *   middleware, 1 KB threshold; PDFs are sent as they are);
 * - renders every other path with Astro's handler (dist/server/entry.mjs), giving the pages the
 *   signed-in user, the public configuration and an in-process fetch to the API as that user
 *   (node/in-process-api.ts, for the screens' first queries) through `locals` (never through
 *   request headers);
 * - keeps the signed-in pages of node/kept-pages.ts once rendered, per address, preferences, roles
 *   and scopes and the change counters of their reads, and fills the user's own bytes in per
 *   request.
 *
 * `pnpm dev` (dev.ts) serves the same API and gate in front of Astro's development server instead.
 *
 * The database code lives in @portal/server, imported here and never by the pages, so it stays out
 * of the Astro bundle. SIGINT and SIGTERM close the server and the API gracefully.
 */
import { createReadStream, existsSync, readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { createPortalApi, type PortalApi } from "@portal/server";
import compression from "compression";
import { createKeptPages, KEPT_PAGE_ROUTES, PageSink } from "./node/kept-pages.ts";
import { resolvePageContext, sendRedirect } from "./node/page-context.ts";
import { portalSecurityHeaders } from "./node/security-headers.ts";
import { staticFileServer } from "./node/static-files.ts";
import { DRAWER_COOKIE, LOCALE_COOKIE, THEME_COOKIE } from "./src/lib/cookies.ts";
import { initialsOf } from "./src/shell/initials.ts";

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
  locals?: object,
) => void | Promise<void>;

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(here, "dist", "client");
const entryFile = path.join(here, "dist", "server", "entry.mjs");

if (!existsSync(entryFile)) {
  console.error(`The portal is not built (${entryFile} is missing). Run "pnpm build" first.`);
  process.exit(1);
}

const host = process.env.HOST?.trim() || "127.0.0.1";
const port = Number(process.env.PORT ?? "4321");
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`PORT must be an integer between 1 and 65535, got "${process.env.PORT}"`);
  process.exit(1);
}

let api: PortalApi;
try {
  api = await createPortalApi();
} catch (error) {
  // A bad setting (ConfigError names the variable) or an unreachable database: say so and stop.
  console.error(`The API could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// The same test as the API's configuration (HSTS only in production).
const securityHeaders = portalSecurityHeaders(process.env.NODE_ENV?.trim() === "production");
// NODE_ENV names the deployment (above: the API's outbox and cookies, HSTS). The page renderer is
// a production build whatever it says: React's development build (which checks and records a
// stack for every element) and Astro's development island loader would otherwise run in every
// page render, several times the cost of the page. Both read NODE_ENV when first loaded, below.
process.env.NODE_ENV = "production";
const { handler: astroHandler } = (await import(pathToFileURL(entryFile).href)) as { handler: AstroHandler };
// Fixed while the process runs: one object for every page (the layout memoises its colours on it).
const publicConfig = api.getPublicConfig();
const apiListener = getRequestListener((request, env) => api.app.fetch(request, env), {
  overrideGlobalObjects: false,
});

// The top-level names of dist/client (`_astro`, `favicon.svg`, ...), read once: a path under none of
// them cannot be a built file, so a page skips the file lookup (a `stat` on the thread pool, about
// a tenth of a signed-in page's time).
const clientRoots = new Set(readdirSync(clientDir));
// Hashed assets are kept in memory once read (per accepted encoding); other files are read each time.
const staticFile = staticFileServer(clientDir);

/** Whether `pathname` may name a file of dist/client (its first segment is one of the build's). */
function mayBeBuiltFile(pathname: string): boolean {
  const first = pathname.split("/", 2)[1] ?? "";
  try {
    return clientRoots.has(decodeURIComponent(first));
  } catch {
    return false;
  }
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", `http://${host}:${port}`);
  const { pathname } = url;

  if (pathname === "/api" || pathname.startsWith("/api/")) {
    await apiListener(req, res);
    return;
  }
  // Pages, assets, redirects and the error answer (the API sets its own); a page's CSP is replaced
  // by Astro's, which adds the hashes of the page's inline scripts.
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);

  if ((req.method === "GET" || req.method === "HEAD") && mayBeBuiltFile(pathname)) {
    const file = await staticFile(pathname, req.headers["accept-encoding"]);
    if (file) {
      res.writeHead(200, {
        "Content-Type": file.contentType,
        "Content-Length": file.size,
        "Cache-Control": file.cacheControl,
        ...(file.contentEncoding ? { "Content-Encoding": file.contentEncoding } : {}),
        ...(file.vary ? { Vary: file.vary } : {}),
      });
      if (req.method === "HEAD") res.end();
      else if (file.body) res.end(file.body);
      else createReadStream(file.filePath).pipe(res);
      return;
    }
  }

  const page = await resolvePageContext(api, publicConfig, req, url);
  if (page.redirect !== null) {
    sendRedirect(res, page.redirect, page.setCookies);
    return;
  }
  if (page.setCookies.length > 0) res.setHeader("Set-Cookie", page.setCookies);
  // Pages differ per user, language and theme: never cache them in shared caches.
  res.setHeader("Cache-Control", "private, no-cache");
  const user = page.locals.user;
  const models = req.method === "GET" && user ? KEPT_PAGE_ROUTES.get(pathname) : undefined;
  if (models && user) {
    await keptPage(req, res, url, page.locals, user, models);
    return;
  }
  await astroHandler(req, res, undefined, page.locals);
}

/** Kept signed-in pages of this process (node/kept-pages.ts). */
const keptPages = createKeptPages();

/** The value of cookie `name` in a Cookie header, as sent (empty when absent). */
function cookieValue(header: string | undefined, name: string): string {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return "";
}

/**
 * Answers a page of KEPT_PAGE_ROUTES for `user` (its read models `models`): the kept page of its
 * key with the user's bytes filled in, or a render with marks in the user's places, kept and then
 * filled in. Rendered as before, unkept, when `pageReads` says it may not be kept.
 */
async function keptPage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  locals: App.Locals,
  user: NonNullable<App.Locals["user"]>,
  models: NonNullable<ReturnType<typeof KEPT_PAGE_ROUTES.get>>,
): Promise<void> {
  const reads = await api.pageReads(user, models);
  if (reads === null) {
    await astroHandler(req, res, undefined, locals);
    return;
  }
  const cookie = req.headers.cookie;
  const key = {
    path: `${url.pathname}${url.search}`,
    locale: cookieValue(cookie, LOCALE_COOKIE),
    theme: cookieValue(cookie, THEME_COOKIE),
    drawer: cookieValue(cookie, DRAWER_COOKIE),
    roles: user.roles,
    ...reads,
  };
  const own = { name: user.name, email: user.email, initials: initialsOf(user.name) };
  let answer = keptPages.answer(key, own);
  if (!answer) {
    const sink = new PageSink(req);
    const { marks } = keptPages;
    const marked = {
      ...locals,
      user: { ...user, name: marks.name, email: marks.email },
      userInitials: marks.initials,
    };
    await astroHandler(req, sink as unknown as ServerResponse, undefined, marked);
    if (!sink.ended) throw new Error(`the page ${url.pathname} was not answered`);
    answer = keptPages.keep(key, await sink.done, own);
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
// Its types are written for Express, but the middleware only reads request headers and wraps the
// response's write/end, so it works on Node's plain request and response.
// Pages and API answers are compressed on the fly at the fastest levels (gzip 1, brotli 0), which
// keeps most of the saving at a fraction of the CPU: the signed-in list page (67 KB of HTML) takes
// 0.1 ms at brotli 0 against 0.55 ms at brotli 1, for 11.5 KB against 11.1 KB. Built assets are not
// compressed here: the build wrote brotli and gzip files beside them (scripts/precompress.ts), sent
// as they are with their Content-Encoding, which this middleware leaves alone.
const compress = compression({
  level: 1,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 0 } },
}) as unknown as NodeMiddleware;

const server = createServer((req, res) => {
  compress(req, res, () => onRequest(req, res));
});

function onRequest(req: IncomingMessage, res: ServerResponse): void {
  handle(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Internal server error");
    } else {
      res.destroy();
    }
  });
}

// Keep idle keep-alive connections longer than the clients and proxies in front do (most close
// theirs after 60 s), so a client never sends a request on a socket the server is closing at that
// moment (seen as ECONNRESET). headersTimeout must exceed keepAliveTimeout.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, host, () => {
  console.info(`Portal listening on http://${host}:${port}`);
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.info(`${signal} received, closing the portal`);
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await api.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

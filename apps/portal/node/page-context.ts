import type { IncomingMessage, ServerResponse } from "node:http";
import type { PortalApi } from "@portal/server";
import { decideGate, needsSession } from "./gate.ts";
import { effectiveCookie, inProcessApiFetch } from "./in-process-api.ts";

/**
 * What a page request needs before Astro renders it, decided the same way by the built server
 * (`server.ts`) and the development server (`dev.ts`):
 *
 * - `redirect`: where the sign-in gate sends the request (node/gate.ts), or null to render it;
 * - `setCookies`: refreshed session cookies to forward with the answer, whichever it is;
 * - `locals`: what the pages read from `Astro.locals` (the signed-in user, the public
 *   configuration, the server's clock at the request (`now`, epoch ms) and an in-process fetch to
 *   the API as that user for the screens' first queries, anonymous when signed out).
 *
 * Never throws for a signed-out or expired session (that is a redirect); an unreachable database
 * rejects, and the caller answers 500.
 */
export type PageContext =
  | { redirect: string; setCookies: string[] }
  | { redirect: null; setCookies: string[]; locals: App.Locals };

/** A Web Request carrying only what session resolution reads (the cookies). */
function sessionRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  return new Request(url, { headers });
}

/** The gate's decision and the page's `locals` for `req` (at `url`, the portal's own origin). */
export async function resolvePageContext(
  api: PortalApi,
  config: App.Locals["config"],
  req: IncomingMessage,
  url: URL,
): Promise<PageContext> {
  const session = needsSession(url.pathname)
    ? await api.resolveSession(sessionRequest(req, url))
    : { user: null, setCookies: [] };
  const decision = decideGate(url.pathname, session.user !== null, url.search);
  if (decision) return { redirect: decision.redirect, setCookies: session.setCookies };
  const locals: App.Locals = {
    user: session.user,
    config,
    // Read once per request, so the page and its first queries name the same day.
    now: api.now(),
    // A page's first queries (src/lib/first-query.ts) reach the API in process, as this user; a
    // signed-out request's calls carry no session cookie, so only public operations answer it (the
    // feedback answer page, src/pages/feedback/answer.astro).
    apiFetch: inProcessApiFetch({
      appFetch: (request, env) => api.app.fetch(request, env),
      origin: url.origin,
      cookie: session.user ? effectiveCookie(req.headers.cookie, session.setCookies) : "",
      env: { incoming: req },
    }),
  };
  return { redirect: null, setCookies: session.setCookies, locals };
}

/** Answers a gate decision: 302 to `location`, uncached, with the refreshed session cookies. */
export function sendRedirect(res: ServerResponse, location: string, setCookies: string[]): void {
  if (setCookies.length > 0) res.setHeader("Set-Cookie", setCookies);
  res.writeHead(302, { Location: location, "Cache-Control": "no-store" });
  res.end();
}

/// <reference types="astro/client" />

/** The signed-in user as the Node entry resolves it from the session cookies. */
type PortalSessionUser = { id: string; name: string; email: string; roles: string[] };

declare namespace App {
  /**
   * Filled by `server.ts` for every page request (never from client headers): the signed-in user
   * (or null), the public configuration (same object as GET /api/config), `apiFetch`: the API's
   * handler called in process as that user (node/in-process-api.ts), for the screens' first
   * queries (src/lib/first-query.ts), without a session when signed out (public operations only,
   * e.g. the feedback answer page), and `now`, the server's clock.
   */
  interface Locals {
    user?: PortalSessionUser | null;
    config?: import("@portal/api-client").PublicConfig | null;
    apiFetch?: (request: Request) => Promise<Response>;
    /**
     * The server's clock when the request came (epoch milliseconds, `PortalApi.now()`, which
     * PORTAL_CLOCK_START may start): the pages' "today" (`serverToday`, src/lib/first-query.ts).
     */
    now?: number;
    /**
     * The avatar's initials, when the Node entry gives them instead of the shell deriving them from
     * `user.name` (node/kept-pages.ts: a page rendered to be kept carries marks in the user's
     * places, filled in per request).
     */
    userInitials?: string;
  }
}

/// <reference types="astro/client" />

/** The signed-in user as the Node entry resolves it from the session cookies. */
type PortalSessionUser = { id: string; name: string; email: string; roles: string[] };

declare namespace App {
  /**
   * Filled by `server.ts` for every page request (never from client headers): the signed-in user
   * (or null) and the public configuration (same object as GET /api/config).
   */
  interface Locals {
    user?: PortalSessionUser | null;
    config?: import("@portal/api-client").PublicConfig | null;
  }
}

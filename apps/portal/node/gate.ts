/**
 * The sign-in gate of the Node entry (spec §2 Application shell), decided before any page renders:
 * `/` goes to `/login`; `/login` goes to `/app` for a signed-in user; a signed-out request for
 * `/app`, `/app/...` or `/dashboard` goes to `/login`. Everything else renders as asked.
 */
export type GateDecision = { redirect: string } | null;

/** Whether `pathname` is behind sign-in. */
export function isProtectedPath(pathname: string): boolean {
  return (
    pathname === "/app" ||
    pathname.startsWith("/app/") ||
    pathname === "/dashboard" ||
    pathname === "/dashboard/"
  );
}

/** Whether the gate (or the page) needs to know the session for `pathname`. */
export function needsSession(pathname: string): boolean {
  return isProtectedPath(pathname) || pathname === "/login" || pathname === "/login/";
}

/** Where to send a request for `pathname`, or null to render it. */
export function decideGate(pathname: string, signedIn: boolean): GateDecision {
  if (pathname === "/") return { redirect: "/login" };
  if ((pathname === "/login" || pathname === "/login/") && signedIn) return { redirect: "/app" };
  if (isProtectedPath(pathname) && !signedIn) return { redirect: "/login" };
  return null;
}

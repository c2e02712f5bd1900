import { isProtectedPath, loginAddress, RETURN_PARAM, safeReturnPath } from "../src/shell/return-path.ts";

/**
 * The sign-in gate of the Node entry (spec §2 Application shell), decided before any page renders:
 * `/` goes to `/login`; `/login` goes to `/app` for a signed-in user (or to the page its `?next=`
 * names); a signed-out request for `/app`, `/app/...` or `/dashboard` goes to
 * `/login?next=<that page>`, so signing in returns there. Everything else renders as asked.
 */
export type GateDecision = { redirect: string } | null;

/** Whether the gate (or the page) needs to know the session for `pathname`. */
export function needsSession(pathname: string): boolean {
  return isProtectedPath(pathname) || pathname === "/login" || pathname === "/login/";
}

/**
 * Where to send a request for `pathname` (with `search`, the query string including its "?", or ""),
 * or null to render it.
 */
export function decideGate(pathname: string, signedIn: boolean, search = ""): GateDecision {
  if (pathname === "/") return { redirect: "/login" };
  if ((pathname === "/login" || pathname === "/login/") && signedIn) {
    const next = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
    return { redirect: next ?? "/app" };
  }
  if (isProtectedPath(pathname) && !signedIn) return { redirect: loginAddress(`${pathname}${search}`) };
  return null;
}

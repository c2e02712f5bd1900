import { canSignIn } from "@portal/domain";
import { eq } from "drizzle-orm";
import type { AppContext, SessionUser } from "../context.ts";
import { adminUser, role, sessionFamily, userRole } from "../db/schema.ts";
import { type AccessClaims, createAccessTokenVerifier } from "./tokens.ts";

/**
 * How long the answer of one session check is reused (milliseconds). A revocation or role change
 * made in this process is seen at once ({@link forgetSessions}); one made by another process (or
 * directly in the database) within this time.
 */
export const SESSION_CHECK_TTL_MS = 5_000;
/** Most session checks remembered per API; the one remembered first is forgotten first. */
export const SESSION_CHECK_LIMIT = 10_000;

type Checked = { user: SessionUser | null; userId: string; until: number };
type SessionState = {
  verify: (token: string, nowMs: number) => Promise<AccessClaims | null>;
  checks: Map<string, Checked>;
};

const states = new WeakMap<AppContext, SessionState>();

/** One role assignment of a signed-in user: the role's name and its scope (both null: everywhere). */
export type HeldRole = { role: string; scopeKind: string | null; scopeId: string | null };
/** The role assignments read with each session user ({@link loadSessionUser}), by the user object. */
const heldRoles = new WeakMap<SessionUser, readonly HeldRole[]>();

/**
 * The role assignments, with their scopes, read in the same query as `user` when its session was
 * checked ({@link authenticate}); undefined for a user object the session check did not make
 * (then read them from user_role). Forgotten with the session check, so a role change made in this
 * process applies to the user's next request.
 */
export function heldRolesOf(user: SessionUser): readonly HeldRole[] | undefined {
  return heldRoles.get(user);
}

function stateOf(ctx: AppContext): SessionState {
  let state = states.get(ctx);
  if (!state) {
    state = { verify: createAccessTokenVerifier(ctx.config.tokenSecret), checks: new Map() };
    states.set(ctx, state);
  }
  return state;
}

/**
 * The signed-in user of an access token, as the database states them NOW: null when the token is
 * invalid or expired, its session (refresh-token family, claim `sid`) is revoked or unknown, the
 * user is unknown or inactive, or holds no portal role (`canSignIn`). The user's name, email and
 * roles come from the database, not from the token. One indexed query per session per
 * {@link SESSION_CHECK_TTL_MS} at most; the objects handed out are frozen and shared.
 */
export async function authenticate(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const state = stateOf(ctx);
  const now = ctx.now();
  const claims = await state.verify(token, now);
  if (!claims) return null;
  const sid = claims.sessionId;
  const cached = state.checks.get(sid);
  if (cached && now < cached.until) return cached.user?.id === claims.user.id ? cached.user : null;

  const user = await loadSessionUser(ctx, sid);
  const entry: Checked = { user, userId: user?.id ?? claims.user.id, until: now + SESSION_CHECK_TTL_MS };
  state.checks.delete(sid);
  state.checks.set(sid, entry);
  while (state.checks.size > SESSION_CHECK_LIMIT) {
    const oldest = state.checks.keys().next().value;
    if (oldest === undefined) break;
    state.checks.delete(oldest);
  }
  return user?.id === claims.user.id ? user : null;
}

/** The user of an unrevoked session with their current roles; null when anything is amiss. */
async function loadSessionUser(ctx: AppContext, sessionId: string): Promise<SessionUser | null> {
  // One query on primary keys: session_family(id) -> admin_user(id) -> user_role(user_id, ...) -> role(id).
  const rows = await ctx.db
    .select({
      revokedAt: sessionFamily.revokedAt,
      id: adminUser.id,
      name: adminUser.name,
      email: adminUser.email,
      active: adminUser.active,
      role: role.name,
      scopeKind: userRole.scopeKind,
      scopeId: userRole.scopeId,
    })
    .from(sessionFamily)
    .innerJoin(adminUser, eq(adminUser.id, sessionFamily.userId))
    .leftJoin(userRole, eq(userRole.userId, adminUser.id))
    .leftJoin(role, eq(role.id, userRole.roleId))
    .where(eq(sessionFamily.id, sessionId));
  const first = rows[0];
  if (!first || first.revokedAt || !first.active) return null;
  // A role held at several scopes is one role here.
  const roles = [...new Set(rows.flatMap((r) => (r.role ? [r.role] : [])))].sort();
  if (!canSignIn(roles)) return null;
  const user: SessionUser = Object.freeze({
    id: first.id,
    name: first.name,
    email: first.email,
    roles: Object.freeze(roles) as string[],
  });
  heldRoles.set(
    user,
    Object.freeze(
      rows.flatMap((r) => (r.role ? [{ role: r.role, scopeKind: r.scopeKind, scopeId: r.scopeId }] : [])),
    ),
  );
  return user;
}

/**
 * Forgets remembered session checks, so the next request of the sessions concerned reads the
 * database: every session of `userId` (after a role change or deactivation), one session
 * (`sessionId`, after sign-out or revocation), or all of them (no argument).
 */
export function forgetSessions(ctx: AppContext, which: { userId?: string; sessionId?: string } = {}): void {
  const checks = states.get(ctx)?.checks;
  if (!checks) return;
  if (which.sessionId) checks.delete(which.sessionId);
  if (which.userId) {
    for (const [sid, entry] of checks) if (entry.userId === which.userId) checks.delete(sid);
  }
  if (!which.sessionId && !which.userId) checks.clear();
}

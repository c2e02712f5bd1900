/**
 * Portal roles (docs/security.md, role table). A user holds zero or more roles; each assignment may
 * be limited to a scope (institute, programme, programme plan or class section). Holding at least one
 * portal role is what lets a person sign in (the spec's "admin": anyone else gets 'User is not an
 * admin').
 *
 * - `admin`: the administrator; may call every operation.
 * - `exam_office`: the exam areas (question papers, timetable, seating, invigilation, evaluation,
 *   eligibility, grading, revaluation, retest, moderation, imports of exam data).
 * - `academic_office`: the planning areas (batches, intakes, terms, subjects and sections, planners,
 *   time tables, faculty, calendars).
 *
 * Wire names are these strings; they appear in `GET /api/me`, in the access token and in each
 * operation's `x-roles` in openapi/.
 */
export const ROLE_ADMIN = "admin";
export const ROLE_EXAM_OFFICE = "exam_office";
export const ROLE_ACADEMIC_OFFICE = "academic_office";

/** Every role the portal knows, in the order the role table lists them. */
export const PORTAL_ROLES = [ROLE_ADMIN, ROLE_EXAM_OFFICE, ROLE_ACADEMIC_OFFICE] as const;

/** A portal role's wire name. */
export type PortalRole = (typeof PORTAL_ROLES)[number];

/** Scopes a role assignment may be limited to (spec: institute, programme, programme plan, class section). */
export const ROLE_SCOPES = ["institute", "programme", "programme_plan", "class_section"] as const;

/** A role assignment's scope kind. */
export type RoleScope = (typeof ROLE_SCOPES)[number];

/** True when `value` is one of {@link PORTAL_ROLES}. */
export function isPortalRole(value: string): value is PortalRole {
  return (PORTAL_ROLES as readonly string[]).includes(value);
}

/** True when a person holding `roles` may sign in: at least one portal role. */
export function canSignIn(roles: readonly string[]): boolean {
  return roles.some(isPortalRole);
}

/**
 * True when a user holding `roles` may use something open to `allowed`. The administrator may use
 * everything, whatever `allowed` lists; an empty `allowed` means any signed-in portal user.
 */
export function rolesAllow(allowed: readonly string[], roles: readonly string[]): boolean {
  if (roles.includes(ROLE_ADMIN)) return true;
  if (allowed.length === 0) return canSignIn(roles);
  return roles.some((r) => allowed.includes(r));
}

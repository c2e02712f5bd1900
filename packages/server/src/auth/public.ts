/**
 * The auth area's public surface: what the rest of the server may use of it: the session cookies'
 * names and their parsing (the cross-site check reads them), and whether roles allow an operation.
 */
export { ACCESS_COOKIE, parseCookies, REFRESH_COOKIE } from "./cookies.ts";
export { mayCallOperation } from "./operation-access.ts";
export {
  examWithinReach,
  intakeInUserScope,
  type ListScope,
  listScopeOf,
  listScopeParams,
  offeringIdInListScope,
  offeringInListScope,
  offeringWithinReach,
  planningReach,
} from "./scopes.ts";
export { forgetSessions, heldRolesOf } from "./sessions.ts";

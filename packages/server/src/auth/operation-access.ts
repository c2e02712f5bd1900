import { rolesAllow } from "@portal/domain";
import { OPERATION_ROLES } from "./operation-roles.generated.ts";
import type { OperationRoles } from "./roles-table.ts";

/**
 * Whether a user holding `roles` may call the operation `operationId` of the description (its
 * `x-roles`; the administrator always may). False for an operation the table does not list, and for
 * `public` and `routed` ones (no role decides those). Used where a read is allowed to those who may
 * do a write: the mail status of a record (mail/status.ts) is for those who may send its mails.
 */
export function mayCallOperation(
  operationId: string,
  roles: readonly string[],
  table: readonly OperationRoles[] = OPERATION_ROLES,
): boolean {
  const access = table.find((row) => row.operationId === operationId)?.roles;
  if (access === undefined || access === "public" || access === "routed") return false;
  return rolesAllow(access, roles);
}

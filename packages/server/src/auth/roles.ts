/**
 * Role enforcement (docs/security.md, role table): one middleware in front of every API route maps
 * the request to its operation in the OpenAPI description (method + path template) and applies the
 * operation's `x-roles` (see operation-roles.generated.ts).
 */
import { rolesAllow } from "@portal/domain";
import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../context.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { OPERATION_ROLES } from "./operation-roles.generated.ts";
import type { OperationRoles } from "./roles-table.ts";
import { requireUser } from "./routes.ts";

type Matcher = { row: OperationRoles; regex: RegExp | null };

/** Labels of the roles for the 403 message. */
const ROLE_LABELS: Record<string, string> = {
  admin: "administrator",
  exam_office: "exam office",
  academic_office: "academic office",
};

/**
 * A lookup of `table`: `(method, path)` (path relative to /api, without query) to its row, or null
 * when the description has no such operation. Literal templates win over templated ones, as in the
 * router; a parameter matches one non-empty path segment. HEAD is looked up as GET.
 */
export function operationMatcher(
  table: readonly OperationRoles[] = OPERATION_ROLES,
): (method: string, path: string) => OperationRoles | null {
  const matchers: Matcher[] = table.map((row) => ({
    row,
    regex: row.path.includes("{")
      ? new RegExp(
          `^${row.path
            .split(/\{[^}]+\}/)
            .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
            .join("[^/]+")}$`,
        )
      : null,
  }));
  return (method, path) => {
    const m = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
    const candidates = matchers.filter((x) => x.row.method === m);
    return (
      candidates.find((x) => x.regex === null && x.row.path === path)?.row ??
      candidates.find((x) => x.regex?.test(path))?.row ??
      null
    );
  };
}

/**
 * Middleware for every `/api` request. An operation the description does not list answers 404
 * (never open). `public` and `routed` (the legacy entry point, whose routed request re-enters the
 * API and meets this middleware again) pass. Any other operation first needs a signed-in user
 * ({@link requireUser}: 401) and then a role its `x-roles` allow (`rolesAllow`), else 403 JSON with
 * errorCode `forbidden`.
 */
export function authorize(
  ctx: AppContext,
  table: readonly OperationRoles[] = OPERATION_ROLES,
): MiddlewareHandler<AppEnv> {
  const find = operationMatcher(table);
  const signedIn = requireUser(ctx);
  return async (c, next) => {
    const path = c.req.path.replace(/^\/api(?=\/|$)/, "") || "/";
    const operation = find(c.req.method, path);
    if (!operation) {
      // Generic on purpose: the answer does not echo the request's path.
      throw notFound("No such endpoint");
    }
    const access = operation.roles;
    if (access === "public" || access === "routed") return next();
    return signedIn(c, async () => {
      const { roles } = c.get("user");
      if (!rolesAllow(access, roles)) {
        const who =
          access.length === 0
            ? "portal users"
            : ["admin", ...access].map((r) => ROLE_LABELS[r] ?? r).join(", ");
        throw new ApiError(
          403,
          `Your role does not allow this: ${operation.method} ${operation.path} is for ${who}.`,
          {
            errorCode: "forbidden",
          },
        );
      }
      await next();
    });
  };
}

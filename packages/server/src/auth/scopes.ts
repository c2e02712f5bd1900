import { ROLE_ADMIN } from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../context.ts";

/**
 * A SQL condition: the intake whose id is `intakeId` lies within the scopes at which `user` holds one
 * of `roles` (the administrator role always counts). A role held without a scope covers every
 * intake; one held at a scope covers the intakes of the institute's programmes, of the programme, of
 * the programme plan, or the intake whose terms teach the class section (docs/security/roles.md,
 * "Scopes"). Evaluated in the list's own query, so its count and page narrow alike.
 */
export function intakeInUserScope(
  user: Pick<SessionUser, "id">,
  roles: readonly string[],
  intakeId: SQL,
): SQL {
  const names = [...new Set([ROLE_ADMIN, ...roles])];
  return sql`exists (select 1 from user_role ur
      join role r on r.id = ur.role_id
      join intake si on si.id = ${intakeId}
      join academic_programme sp on sp.id = si.programme_id
      where ur.user_id = ${user.id}
        and r.name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
        and (ur.scope_kind is null
          or (ur.scope_kind = 'institute' and ur.scope_id = sp.institution_id)
          or (ur.scope_kind = 'programme' and ur.scope_id = si.programme_id)
          or (ur.scope_kind = 'programme_plan' and ur.scope_id = si.programme_plan_id)
          or (ur.scope_kind = 'class_section' and exists (select 1 from course_offering so
            join term st on st.id = so.term_id where so.id = ur.scope_id and st.intake_id = si.id))))`;
}

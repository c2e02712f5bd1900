import { ROLE_ADMIN } from "@portal/domain";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { type HeldRole, heldRolesOf } from "./sessions.ts";

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

/**
 * How far a list reaches for one user: `null` means everywhere (a role that opens the list is held
 * without a scope); otherwise the course offerings of the programmes in `programmes` (institute
 * scopes resolved to their programmes), of the programme plans in `plans`, and the class sections
 * (course offerings) in `sections`. Each is a PostgreSQL array literal of sorted, distinct uuids
 * (`{}` when none), ready for a `::uuid[]` parameter. `key` names the reach for a read-model cache
 * key, so two users with the same reach share answers and no one is served another reach's rows.
 */
export type ListScope = { programmes: string; plans: string; sections: string; key: string };

/** A PostgreSQL array literal of the distinct `ids`, sorted (uuids need no quoting). */
const arrayLiteral = (ids: Iterable<string>) => `{${[...new Set(ids)].sort().join(",")}}`;

/**
 * The reach of `user` in a list opened by `roles` (the administrator role always counts): null when
 * one of them is held without a scope, else the union of the scopes they are held at
 * ({@link ListScope}). The assignments come from the session check when it made `user`
 * (heldRolesOf), else from user_role; institute scopes cost one lookup of their programmes, so the
 * answer is current even when a programme moves to another institute (docs/security/roles.md).
 */
export async function listScopeOf(
  db: Executor,
  user: SessionUser,
  roles: readonly string[],
): Promise<ListScope | null> {
  const names = new Set([ROLE_ADMIN, ...roles]);
  const held =
    heldRolesOf(user) ??
    (await rows<HeldRole>(
      db,
      sql`select r.name as role, ur.scope_kind as "scopeKind", ur.scope_id as "scopeId"
          from user_role ur join role r on r.id = ur.role_id where ur.user_id = ${user.id}`,
    ));
  const relevant = held.filter((h) => names.has(h.role));
  if (relevant.some((h) => h.scopeKind === null || h.scopeId === null)) return null;
  const idsOf = (kind: string) =>
    relevant.flatMap((h) => (h.scopeKind === kind && h.scopeId ? [h.scopeId] : []));
  const institutes = idsOf("institute");
  const programmes = idsOf("programme");
  if (institutes.length > 0) {
    const found = await rows<{ id: string }>(
      db,
      sql`select id from academic_programme where institution_id = any(${arrayLiteral(institutes)}::uuid[])`,
    );
    programmes.push(...found.map((p) => p.id));
  }
  const scope = {
    programmes: arrayLiteral(programmes),
    plans: arrayLiteral(idsOf("programme_plan")),
    sections: arrayLiteral(idsOf("class_section")),
  };
  return { ...scope, key: `p${scope.programmes}pp${scope.plans}s${scope.sections}` };
}

/** Parameters of {@link offeringInListScope}'s placeholders for `scope` (all `{}` for null). */
export function listScopeParams(scope: ListScope | null): {
  scopeProgrammes: string;
  scopePlans: string;
  scopeSections: string;
} {
  return {
    scopeProgrammes: scope?.programmes ?? "{}",
    scopePlans: scope?.plans ?? "{}",
    scopeSections: scope?.sections ?? "{}",
  };
}

/**
 * A SQL condition: the course offering `offeringId`, of an intake of programme `programmeId`
 * following plan `planId`, lies within the reach `scope` ({@link ListScope}; a class-section scope
 * covers that course offering only). Without `scope`, for prepared statements: the reach comes from
 * the placeholders `scopeProgrammes`, `scopePlans` and `scopeSections` ({@link listScopeParams}).
 * Use it only when the reach is not null (everywhere needs no condition).
 */
export function offeringInListScope(
  at: { offeringId: SQLWrapper; programmeId: SQLWrapper; planId: SQLWrapper },
  scope?: ListScope,
): SQL {
  const param = (value: string, name: string) => (scope ? sql`${value}` : sql.placeholder(name));
  return sql`(${at.programmeId} = any(${param(scope?.programmes ?? "", "scopeProgrammes")}::uuid[])
    or ${at.planId} = any(${param(scope?.plans ?? "", "scopePlans")}::uuid[])
    or ${at.offeringId} = any(${param(scope?.sections ?? "", "scopeSections")}::uuid[]))`;
}

/**
 * A SQL condition: the course offering whose id is `offeringId` (e.g. an exam's
 * `course_offering_id`) lies within the reach `scope` ({@link offeringInListScope}); `true` for a
 * null reach (everywhere). Evaluated in the list's own statement (one index lookup of the offering's
 * term and intake per row checked), so a count and a page narrow alike and no statement is added.
 */
export function offeringIdInListScope(offeringId: SQLWrapper, scope: ListScope | null): SQL {
  if (!scope) return sql`true`;
  const within = offeringInListScope(
    { offeringId: sql`rso.id`, programmeId: sql`rsi.programme_id`, planId: sql`rsi.programme_plan_id` },
    scope,
  );
  return sql`exists (select 1 from course_offering rso join term rst on rst.id = rso.term_id
    join intake rsi on rsi.id = rst.intake_id where rso.id = ${offeringId} and ${within})`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the exam `examId` lies within the reach of `user` in the area opened by `roles`
 * ({@link listScopeOf}): true without a statement for a user who holds one of them without a
 * scope; otherwise one statement, false for an exam outside the reach or unknown (so a single-record
 * read answers both with the same 404 and does not tell that the exam exists).
 */
export async function examWithinReach(
  db: Executor,
  user: SessionUser,
  roles: readonly string[],
  examId: string,
): Promise<boolean> {
  const scope = await listScopeOf(db, user, roles);
  if (!scope) return true;
  if (!UUID.test(examId)) return false;
  const found = await rows<{ id: string }>(
    db,
    sql`select x.id from exam x where x.id = ${examId} and ${offeringIdInListScope(sql`x.course_offering_id`, scope)}`,
  );
  return found.length > 0;
}

/**
 * Whether the course offering `offeringId` lies within the reach of `user` in the area opened by
 * `roles`, like {@link examWithinReach} (false for one outside the reach or unknown).
 */
export async function offeringWithinReach(
  db: Executor,
  user: SessionUser,
  roles: readonly string[],
  offeringId: string,
): Promise<boolean> {
  const scope = await listScopeOf(db, user, roles);
  if (!scope) return true;
  if (!UUID.test(offeringId)) return false;
  const found = await rows<{ id: string }>(
    db,
    sql`select 1 as id where ${offeringIdInListScope(sql`${offeringId}::uuid`, scope)}`,
  );
  return found.length > 0;
}

/**
 * SQL conditions over the planning tree for the reach `scope` ({@link ListScope}), for the lookups
 * that lead to a course offering (the enrolment filters, the contract options): a programme, plan
 * or term is within the reach when it is of a programme or plan in it, or holds a class section in
 * it; an institute when one of its programmes is. A null reach (everywhere) gives `true`. Each is
 * one `exists` in the lookup's own statement.
 */
export const planningReach = {
  /** The academic programme whose id is `programmeId`. */
  programme(programmeId: SQLWrapper, scope: ListScope | null): SQL {
    if (!scope) return sql`true`;
    return sql`(${programmeId} = any(${scope.programmes}::uuid[])
      or exists (select 1 from programme_plan rpp where rpp.programme_id = ${programmeId}
        and rpp.id = any(${scope.plans}::uuid[]))
      or exists (select 1 from course_offering rso join term rst on rst.id = rso.term_id
        join intake rsi on rsi.id = rst.intake_id
        where rso.id = any(${scope.sections}::uuid[]) and rsi.programme_id = ${programmeId}))`;
  },
  /** The institute whose id is `instituteId`: one of its programmes is within the reach. */
  institute(instituteId: SQLWrapper, scope: ListScope | null): SQL {
    if (!scope) return sql`true`;
    return sql`exists (select 1 from academic_programme rap where rap.institution_id = ${instituteId}
      and ${planningReach.programme(sql`rap.id`, scope)})`;
  },
  /** The programme plan whose id is `planId`, of programme `programmeId`. */
  plan(planId: SQLWrapper, programmeId: SQLWrapper, scope: ListScope | null): SQL {
    if (!scope) return sql`true`;
    return sql`(${programmeId} = any(${scope.programmes}::uuid[]) or ${planId} = any(${scope.plans}::uuid[])
      or exists (select 1 from course_offering rso join term rst on rst.id = rso.term_id
        join intake rsi on rsi.id = rst.intake_id
        where rso.id = any(${scope.sections}::uuid[]) and rsi.programme_plan_id = ${planId}))`;
  },
  /** The term whose id is `termId`: its intake is of a programme or plan in the reach, or it teaches a section in it. */
  term(termId: SQLWrapper, scope: ListScope | null): SQL {
    if (!scope) return sql`true`;
    return sql`exists (select 1 from term rt join intake ri on ri.id = rt.intake_id where rt.id = ${termId}
      and (ri.programme_id = any(${scope.programmes}::uuid[]) or ri.programme_plan_id = any(${scope.plans}::uuid[])
        or exists (select 1 from course_offering rso where rso.term_id = rt.id
          and rso.id = any(${scope.sections}::uuid[]))))`;
  },
};

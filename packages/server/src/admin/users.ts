import {
  narrowestScope,
  PEOPLE_MESSAGES,
  type PortalRole,
  type RoleScope,
  type ZAssignRole,
  type ZUserListQuery,
} from "@portal/domain";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import { forgetSessions } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { ApiError, badRequest, notFound } from "../http/errors.ts";

/** One role a user holds: everywhere (scopeKind null) or at one scope, with the scope's name. */
export type RoleAssignment = {
  id: string;
  /** A portal role, or another role the person holds (e.g. "staff"), which opens nothing. */
  roleType: string;
  scopeKind: RoleScope | null;
  scopeId: string | null;
  scopeName: string | null;
};

/** A row of the users list: the user and every role assignment. */
export type UserRow = {
  id: string;
  name: string;
  email: string;
  active: boolean;
  contactId: string | null;
  roles: RoleAssignment[];
};

/** The scope's record by name, for any scope kind (null when unscoped). */
const scopeNameSql = sql`case ur.scope_kind
    when 'institute' then (select name from institution where id = ur.scope_id)
    when 'programme' then (select name || ' (' || code || ')' from academic_programme where id = ur.scope_id)
    when 'programme_plan' then (select name from programme_plan where id = ur.scope_id)
    when 'class_section' then (select c.code || ' ' || c.name || ' · Section ' || o.section
      from course_offering o join course c on c.id = o.course_id where o.id = ur.scope_id)
  end`;

/** The role assignments of `userIds`, by role name and scope name. */
async function assignmentsOf(db: Executor, userIds: string[]): Promise<Map<string, RoleAssignment[]>> {
  const byUser = new Map<string, RoleAssignment[]>();
  if (userIds.length === 0) return byUser;
  const found = await rows<RoleAssignment & { userId: string }>(
    db,
    sql`select ur.id, ur.user_id as "userId", r.name as "roleType", ur.scope_kind as "scopeKind",
          ur.scope_id as "scopeId", ${scopeNameSql} as "scopeName"
        from user_role ur join role r on r.id = ur.role_id
        where ur.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by r.name, ur.scope_kind nulls first, 5`,
  );
  for (const { userId, ...a } of found) byUser.set(userId, [...(byUser.get(userId) ?? []), a]);
  return byUser;
}

/**
 * One page of portal users by name (`GET /admin/users`), matching `search` in name or e-mail and,
 * when given, holding `roleType` (at any scope); each with their role assignments. Counted and cut in
 * SQL.
 */
export async function listUsers(db: Executor, q: z.output<typeof ZUserListQuery>) {
  const like = `%${q.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const where = sql`where (${q.search} = '' or u.name ilike ${like} or u.email ilike ${like})
      and (${q.roleType} = '' or exists (select 1 from user_role ur join role r on r.id = ur.role_id
        where ur.user_id = u.id and r.name = ${q.roleType}))`;
  const [total] = await rows<{ n: number }>(db, sql`select count(*)::int as n from admin_user u ${where}`);
  const page = await rows<Omit<UserRow, "roles">>(
    db,
    sql`select u.id, u.name, u.email, u.active, u.contact_id as "contactId" from admin_user u ${where}
        order by u.name, u.email limit ${q.count} offset ${(q.pageNo - 1) * q.count}`,
  );
  const roles = await assignmentsOf(
    db,
    page.map((u) => u.id),
  );
  return { noOfRecords: total?.n ?? 0, users: page.map((u) => ({ ...u, roles: roles.get(u.id) ?? [] })) };
}

/** The role types with their descriptions and how many users hold each (`GET /admin/roleTypes`). */
export function listRoleTypes(db: Executor) {
  return rows<{ id: string; name: PortalRole; description: string; users: number }>(
    db,
    sql`select r.id, r.name, r.description, count(distinct ur.user_id)::int as users
        from role r left join user_role ur on ur.role_id = r.id
        where r.name in ('admin', 'exam_office', 'academic_office')
        group by r.id order by array_position(array['admin', 'exam_office', 'academic_office'], r.name), r.name`,
  );
}

/**
 * Checks that each chosen scope record exists and lies under the one before it: the programme in the
 * institute, the plan in the programme, the class section in an intake of the plan. 404 for an
 * unknown institute, 400 naming the field for a record that is not under its parent.
 */
async function checkScopeChain(db: Executor, input: z.output<typeof ZAssignRole>): Promise<void> {
  const [found] = await rows<{
    institute: boolean;
    programme: boolean | null;
    plan: boolean | null;
    section: boolean | null;
  }>(
    db,
    sql`select
          exists (select 1 from institution where id = ${input.instituteId}) as institute,
          case when ${input.academicProgramId}::uuid is null then null else exists (select 1 from academic_programme
            where id = ${input.academicProgramId} and institution_id = ${input.instituteId}) end as programme,
          case when ${input.programPlanId}::uuid is null then null else exists (select 1 from programme_plan
            where id = ${input.programPlanId} and programme_id = ${input.academicProgramId}) end as plan,
          case when ${input.classSectionId}::uuid is null then null else exists (select 1 from course_offering o
            join term t on t.id = o.term_id join intake i on i.id = t.intake_id
            where o.id = ${input.classSectionId} and i.programme_plan_id = ${input.programPlanId}) end as section`,
  );
  if (!found?.institute) throw notFound(PEOPLE_MESSAGES.selectInstitute, "instituteId");
  if (found.programme === false)
    throw badRequest("The programme is not one of the institute's", "academicProgramId", "scope");
  if (found.plan === false)
    throw badRequest("The plan is not one of the programme's", "programPlanId", "scope");
  if (found.section === false)
    throw badRequest("The class section is not taught to the plan's intakes", "classSectionId", "scope");
}

/**
 * Assign Roles (`POST /admin/assignRole`, spec §6): in one transaction, makes the contact a portal
 * user (its name and e-mail; an existing user with the contact's e-mail is linked to the contact) and
 * gives it `roleType` at the narrowest scope chosen, with an `assign_role` audit row. 404 for an
 * unknown contact or institute; 409 `duplicate_assignment` when the user already holds the role at
 * that scope (also when a concurrent request made it first).
 */
export async function assignRole(
  ctx: AppContext,
  actor: SessionUser,
  input: z.output<typeof ZAssignRole>,
): Promise<RoleAssignment> {
  const scope = narrowestScope({
    instituteId: input.instituteId,
    programmeId: input.academicProgramId,
    programmePlanId: input.programPlanId,
    classSectionId: input.classSectionId,
  });
  const duplicate = () =>
    new ApiError(409, "The contact already holds this role at this scope", {
      errorCode: "duplicate_assignment",
      field: "roleType",
      rule: "unique",
    });
  let userId = "";
  try {
    const made = await ctx.db.transaction(async (tx) => {
      const [contact] = await rows<{ id: string; name: string; email: string }>(
        tx,
        sql`select id, first_name || ' ' || last_name as name, lower(email) as email from contact where id = ${input.contactId}`,
      );
      if (!contact) throw notFound(PEOPLE_MESSAGES.selectContact, "contactId");
      await checkScopeChain(tx, input);
      const [user] = await rows<{ id: string }>(
        tx,
        sql`insert into admin_user (name, email, contact_id) values (${contact.name}, ${contact.email}, ${contact.id})
            on conflict (email) do update set contact_id = coalesce(admin_user.contact_id, excluded.contact_id)
            returning id`,
      );
      if (!user) throw new Error("admin_user upsert returned no row");
      userId = user.id;
      const [assignment] = await rows<{ id: string }>(
        tx,
        sql`insert into user_role (user_id, role_id, scope_kind, scope_id)
            select ${user.id}, r.id, ${scope.kind}, ${scope.id} from role r where r.name = ${input.roleType}
            on conflict do nothing returning id`,
      );
      if (!assignment) throw duplicate();
      const [named] = await rows<{ scopeName: string | null }>(
        tx,
        sql`select ${scopeNameSql} as "scopeName" from (select ${scope.kind}::text as scope_kind, ${scope.id}::uuid as scope_id) ur`,
      );
      const result: RoleAssignment = {
        id: assignment.id,
        roleType: input.roleType,
        scopeKind: scope.kind,
        scopeId: scope.id,
        scopeName: named?.scopeName ?? null,
      };
      await writeAudit(
        tx,
        actor,
        [
          {
            action: "assign_role",
            entity: "user_role",
            entityId: assignment.id,
            before: null,
            after: { userId: user.id, contactId: contact.id, email: contact.email, ...result },
          },
        ],
        new Date(ctx.now()),
      );
      return result;
    });
    forgetSessions(ctx, { userId });
    return made;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/**
 * Removes one role assignment (`DELETE /admin/roles/{id}`) with a `remove_role` audit row. 404 for an
 * unknown id; 409 `last_administrator` for the last unscoped administrator assignment of an active
 * user (nobody could assign roles any more).
 */
export async function removeRoleAssignment(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  const userId = await ctx.db.transaction(async (tx) => {
    const [found] = await rows<RoleAssignment & { userId: string }>(
      tx,
      sql`select ur.id, ur.user_id as "userId", r.name as "roleType", ur.scope_kind as "scopeKind",
            ur.scope_id as "scopeId", ${scopeNameSql} as "scopeName"
          from user_role ur join role r on r.id = ur.role_id where ur.id = ${id} for update of ur`,
    );
    if (!found) throw notFound("Unknown role assignment", "id");
    if (found.roleType === "admin" && found.scopeKind === null) {
      // Lock every unscoped administrator assignment, so two removals cannot both pass the count.
      const others = await rows<{ id: string }>(
        tx,
        sql`select ur.id from user_role ur join role r on r.id = ur.role_id join admin_user u on u.id = ur.user_id
            where r.name = 'admin' and ur.scope_kind is null and u.active and ur.id <> ${id} for update of ur`,
      );
      if (others.length === 0)
        throw new ApiError(409, "The last administrator cannot lose the role", {
          errorCode: "last_administrator",
          field: "id",
          rule: "last_administrator",
        });
    }
    await tx.execute(sql`delete from user_role where id = ${id}`);
    const { userId: owner, ...before } = found;
    await writeAudit(
      tx,
      actor,
      [
        {
          action: "remove_role",
          entity: "user_role",
          entityId: id,
          before: { userId: owner, ...before },
          after: null,
        },
      ],
      new Date(ctx.now()),
    );
    return owner;
  });
  forgetSessions(ctx, { userId });
}

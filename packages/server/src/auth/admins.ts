import { isPortalRole, isValidEmail, PORTAL_ROLES, type PortalRole, ROLE_ADMIN } from "@portal/domain";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../db/client.ts";
import { adminUser, role, userRole } from "../db/schema.ts";

/** Descriptions of the role rows this module creates when a database lacks them. */
const ROLE_DESCRIPTIONS: Record<PortalRole, string> = {
  admin: "Administrator: may use every part of the portal",
  exam_office: "Exam office: the exam areas",
  academic_office: "Academic office: the planning areas",
};

/** Thrown for bad input of {@link grantPortalAccess}; the message names the field. */
export class AdminInputError extends Error {
  override name = "AdminInputError";
}

export type GrantResult = {
  /** `created`: a new user; `updated`: name, active flag or roles changed; `unchanged`: nothing to do. */
  action: "created" | "updated" | "unchanged";
  user: { id: string; email: string; name: string; roles: string[] };
  /** Readable lines saying what changed, e.g. `name: "A" -> "B"`, `role added: admin`. */
  changes: string[];
};

/**
 * Creates or updates a person who may sign in (the `admin:add` command): the user with `email`
 * (lower-cased) gets `name`, is made active and holds `role` (default admin; roles held already are
 * kept). Idempotent: a second run with the same input changes nothing and says so. Missing role rows
 * are created. Runs in one transaction. Throws {@link AdminInputError} for an invalid email, an
 * empty or over-long name (max 200 characters) or an unknown role.
 */
export async function grantPortalAccess(
  db: Database,
  input: { email: string; name: string; role?: string },
): Promise<GrantResult> {
  const email = input.email.trim().toLowerCase();
  if (!isValidEmail(email) || email.length > 254) {
    throw new AdminInputError(`--email: "${input.email}" is not a valid email address`);
  }
  const name = input.name.trim().replace(/\s+/g, " ");
  if (name === "" || name.length > 200) {
    throw new AdminInputError("--name: give the person's name (1 to 200 characters)");
  }
  const roleName = input.role ?? ROLE_ADMIN;
  if (!isPortalRole(roleName)) {
    throw new AdminInputError(`--role: "${roleName}" is not a portal role (${PORTAL_ROLES.join(", ")})`);
  }

  return db.transaction(async (tx) => {
    const changes: string[] = [];
    await tx
      .insert(role)
      .values({ name: roleName, description: ROLE_DESCRIPTIONS[roleName] })
      .onConflictDoNothing({ target: role.name });
    const [roleRow] = await tx.select({ id: role.id }).from(role).where(eq(role.name, roleName));
    if (!roleRow) throw new Error(`role ${roleName} could not be created`);

    const [existing] = await tx.select().from(adminUser).where(eq(adminUser.email, email)).for("update");
    let userId: string;
    if (!existing) {
      const [created] = await tx.insert(adminUser).values({ email, name }).returning({ id: adminUser.id });
      if (!created) throw new Error("the user could not be created");
      userId = created.id;
    } else {
      userId = existing.id;
      if (existing.name !== name) changes.push(`name: "${existing.name}" -> "${name}"`);
      if (!existing.active) changes.push("reactivated");
      if (changes.length > 0) {
        await tx.update(adminUser).set({ name, active: true }).where(eq(adminUser.id, userId));
      }
    }
    const added = await tx
      .insert(userRole)
      .values({ userId, roleId: roleRow.id })
      .onConflictDoNothing()
      .returning({ roleId: userRole.roleId });
    if (added.length > 0) changes.push(`role added: ${roleName}`);

    const roles = (
      await tx
        .select({ name: role.name })
        .from(userRole)
        .innerJoin(role, eq(role.id, userRole.roleId))
        .where(eq(userRole.userId, userId))
    )
      .map((r) => r.name)
      .sort();
    const action = !existing ? "created" : changes.length > 0 ? "updated" : "unchanged";
    return { action, user: { id: userId, email, name, roles }, changes: existing ? changes : [] };
  });
}

/** Number of active users holding at least one portal role: 0 means no one can sign in. */
export async function countSignInUsers(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminUser)
    .where(
      and(
        eq(adminUser.active, true),
        inArray(
          adminUser.id,
          db
            .select({ id: userRole.userId })
            .from(userRole)
            .innerJoin(role, eq(role.id, userRole.roleId))
            .where(inArray(role.name, [...PORTAL_ROLES])),
        ),
      ),
    );
  return row?.n ?? 0;
}

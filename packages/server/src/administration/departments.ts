import { ADMINISTRATION_MESSAGES, type ZDepartmentInput } from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import { department } from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { ApiError, notFound } from "../http/errors.ts";

/** One department as the API answers it (openapi/administration.yaml `Department`). */
export type DepartmentRow = {
  id: string;
  code: string;
  name: string;
  level: (typeof department.$inferSelect)["level"];
  active: boolean;
  version: number;
};

const view = (r: typeof department.$inferSelect): DepartmentRow => ({
  id: r.id,
  code: r.code,
  name: r.name,
  level: r.level,
  active: r.active,
  version: r.version,
});

/** The 409 `duplicate_code` of a code another department holds, naming the field `code`. */
function duplicateCode(): ApiError {
  return new ApiError(409, ADMINISTRATION_MESSAGES.duplicateCode, {
    errorCode: "duplicate_code",
    field: "code",
  });
}

/** Every department, active first, then by code (a master of tens of rows: not paged). */
export async function listDepartments(ctx: AppContext): Promise<DepartmentRow[]> {
  const found = await ctx.db.select().from(department).orderBy(asc(department.code));
  return found.map(view).sort((a, b) => Number(b.active) - Number(a.active));
}

/**
 * Creates a department in one transaction with its audit row. A code another department holds
 * (compared upper case) is a 409 `duplicate_code` and writes nothing.
 */
export async function createDepartment(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZDepartmentInput>,
): Promise<DepartmentRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(department).values(input).returning();
      if (!row) throw new Error("department insert returned nothing");
      await writeAudit(
        tx,
        user,
        [{ action: "create", entity: "department", entityId: row.id, before: null, after: view(row) }],
        new Date(ctx.now()),
      );
      return view(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode();
    throw error;
  }
}

/**
 * Changes a department (code, name, level, active: deactivating is `active: false`) at the version
 * the client read: 404 for an unknown id, 409 `version_conflict` for a stale version, 409
 * `duplicate_code` for a code another department holds; the audit row keeps before and after.
 */
export async function updateDepartment(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: z.output<typeof ZDepartmentInput> & { version: number },
): Promise<DepartmentRow> {
  const { version, ...set } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(department).where(eq(department.id, id));
      if (!before) throw notFound(ADMINISTRATION_MESSAGES.noSuchDepartment, "id");
      const after = await updateVersioned(
        tx,
        department,
        { id, version },
        { ...set, updatedAt: new Date(ctx.now()) },
        { what: "This department", field: "version" },
      );
      await writeAudit(
        tx,
        user,
        [{ action: "update", entity: "department", entityId: id, before: view(before), after: view(after) }],
        new Date(ctx.now()),
      );
      return view(after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode();
    throw error;
  }
}

/**
 * Changing a 360 profile (openapi/profiles.yaml): contact details, the four
 * repeatable parts (addresses, relationships, education history, additional information) and admin
 * notes. Each write is one transaction with its audit row; an edit names the version it read and a
 * stale one is refused with 409 `version_conflict`; who may write is checked first (access.ts).
 */
import type {
  ContactDetailsInput,
  ProfilePart,
  ZAdditionalInfo,
  ZAddress,
  ZEducationHistory,
  ZRelationship,
} from "@portal/domain";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import {
  adminNote,
  contact,
  contactAdditionalInfo,
  contactAddress,
  contactDetail,
  contactRelationship,
  educationHistory,
} from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { badRequest, notFound, versionConflict } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";
import { checkProfileAccess, loadContact } from "./access.ts";

/** The input of each repeatable part. */
export type PartInput = {
  addresses: z.output<typeof ZAddress>;
  relationships: z.output<typeof ZRelationship>;
  educationHistory: z.output<typeof ZEducationHistory>;
  additionalInfo: z.output<typeof ZAdditionalInfo>;
};

/** Each part's table, its entity name in the audit and its name for people. */
const PART_TABLES = {
  addresses: { table: contactAddress, entity: "contact_address", what: "This address" },
  relationships: { table: contactRelationship, entity: "contact_relationship", what: "This relationship" },
  educationHistory: { table: educationHistory, entity: "education_history", what: "This education history" },
  additionalInfo: {
    table: contactAdditionalInfo,
    entity: "contact_additional_info",
    what: "This information",
  },
} as const;

type AnyPartTable = (typeof PART_TABLES)[ProfilePart]["table"];

/** A part's row as answered: without the contact id and update time. */
function partView(row: Record<string, unknown>) {
  const { contactId: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

/** The duplicate-kind refusal of an address (one of each kind per contact). */
function duplicateAddress() {
  return badRequest("This person already has an address of this kind", "kind", "unique");
}

/**
 * Saves the contact details of `contactId` (name and email on the contact, the rest in its detail
 * row, made by the first save at version 0). Errors: 403, 404 unknown contact, 400 an email another
 * contact has (field email, rule unique), 409 stale version.
 */
export async function saveContactDetails(
  ctx: AppContext,
  actor: SessionUser,
  contactId: string,
  input: ContactDetailsInput,
) {
  const before = await loadContact(ctx.db, contactId);
  await checkProfileAccess(ctx.db, actor, contactId, "write");
  const at = new Date(ctx.now());
  const what = "These contact details";
  try {
    return await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(contactDetail)
        .where(eq(contactDetail.contactId, contactId))
        .for("update");
      if ((current?.version ?? 0) !== input.version) throw versionConflict(what, "version");
      const values = {
        mobile: input.mobile,
        dateOfBirth: input.dateOfBirth,
        gender: input.gender,
        nationality: input.nationality,
        updatedAt: at,
      };
      const [row] = current
        ? [
            await updateVersioned(tx, contactDetail, { id: current.id, version: input.version }, values, {
              what,
              field: "version",
            }),
          ]
        : await tx
            .insert(contactDetail)
            .values({ contactId, ...values })
            .onConflictDoNothing()
            .returning();
      if (!row) throw versionConflict(what, "version");
      await tx
        .update(contact)
        .set({ firstName: input.firstName, lastName: input.lastName, email: input.email })
        .where(eq(contact.id, contactId));
      await writeAudit(
        tx,
        actor,
        [
          {
            action: "update",
            entity: "contact_details",
            entityId: contactId,
            before: {
              firstName: before.firstName,
              lastName: before.lastName,
              email: before.email,
              mobile: current?.mobile ?? null,
              dateOfBirth: current?.dateOfBirth ?? null,
              gender: current?.gender ?? null,
              nationality: current?.nationality ?? null,
            },
            after: {
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email,
              mobile: row.mobile,
              dateOfBirth: row.dateOfBirth,
              gender: row.gender,
              nationality: row.nationality,
            },
          },
        ],
        at,
      );
      return { version: row.version };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest("Another person already has this email", "email", "unique");
    throw err;
  }
}

/** Adds a part to `contactId`'s profile. Errors: 403, 404 unknown contact, 400 a second address of one kind. */
export async function createPart<P extends ProfilePart>(
  ctx: AppContext,
  actor: SessionUser,
  contactId: string,
  part: P,
  input: PartInput[P],
) {
  await loadContact(ctx.db, contactId);
  await checkProfileAccess(ctx.db, actor, contactId, "write");
  const { table, entity } = PART_TABLES[part];
  const at = new Date(ctx.now());
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = (await tx
        .insert(table as AnyPartTable)
        .values({ ...input, contactId, updatedAt: at } as never)
        .returning()) as Array<Record<string, unknown> & { id: string }>;
      if (!row) throw new Error("insert returned no row");
      await writeAudit(
        tx,
        actor,
        [{ action: "create", entity, entityId: row.id, before: null, after: partView(row) }],
        at,
      );
      return partView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateAddress();
    throw err;
  }
}

/** Loads one part row of `contactId` for writing: 404 (field id) when it is not the contact's. */
async function lockPart(
  tx: Parameters<Parameters<AppContext["db"]["transaction"]>[0]>[0],
  part: ProfilePart,
  contactId: string,
  id: string,
) {
  const { table, what } = PART_TABLES[part];
  const t = table as typeof contactAddress;
  const [row] = isUuid(id)
    ? ((await tx
        .select()
        .from(t)
        .where(and(eq(t.id, id), eq(t.contactId, contactId)))
        .for("update")) as Array<Record<string, unknown> & { id: string; version: number }>)
    : [];
  if (!row) throw notFound(`${what} does not exist (any more)`, "id");
  return row;
}

/**
 * Changes a part at the version read. Errors: 403, 404 unknown contact or part, 400 duplicate address
 * kind, 409 stale version.
 */
export async function updatePart<P extends ProfilePart>(
  ctx: AppContext,
  actor: SessionUser,
  contactId: string,
  part: P,
  id: string,
  input: PartInput[P] & { version: number },
) {
  await loadContact(ctx.db, contactId);
  await checkProfileAccess(ctx.db, actor, contactId, "write");
  const { table, entity, what } = PART_TABLES[part];
  const at = new Date(ctx.now());
  const { version, ...fields } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const current = await lockPart(tx, part, contactId, id);
      const row = (await updateVersioned(
        tx,
        table as typeof contactAddress,
        { id, version },
        { ...fields, updatedAt: at } as never,
        { what, field: "version" },
      )) as Record<string, unknown>;
      await writeAudit(
        tx,
        actor,
        [{ action: "update", entity, entityId: id, before: partView(current), after: partView(row) }],
        at,
      );
      return partView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateAddress();
    throw err;
  }
}

/** Removes a part. Errors: 403, 404 unknown contact or part. */
export async function deletePart(
  ctx: AppContext,
  actor: SessionUser,
  contactId: string,
  part: ProfilePart,
  id: string,
) {
  await loadContact(ctx.db, contactId);
  await checkProfileAccess(ctx.db, actor, contactId, "write");
  const { table, entity } = PART_TABLES[part];
  const t = table as typeof contactAddress;
  const at = new Date(ctx.now());
  await ctx.db.transaction(async (tx) => {
    const current = await lockPart(tx, part, contactId, id);
    await tx.delete(t).where(eq(t.id, id));
    await writeAudit(
      tx,
      actor,
      [{ action: "delete", entity, entityId: id, before: partView(current), after: null }],
      at,
    );
  });
}

/** Writes an admin note on `contactId` (the role table allows only the administrator and the academic office). */
export async function createAdminNote(ctx: AppContext, actor: SessionUser, contactId: string, note: string) {
  await loadContact(ctx.db, contactId);
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adminNote)
      .values({ contactId, note, authorEmail: actor.email, createdAt: at })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await writeAudit(
      tx,
      actor,
      [
        {
          action: "create",
          entity: "admin_note",
          entityId: row.id,
          before: null,
          after: { contactId, note },
        },
      ],
      at,
    );
    return {
      id: row.id,
      note: row.note,
      authorEmail: row.authorEmail,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

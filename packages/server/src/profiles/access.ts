/**
 * Who may see and change a 360 profile (openapi/profiles.yaml, docs/security/roles.md):
 *
 * - everyone signed in sees and edits their own profile (the contact their portal user names);
 * - another person's profile is seen by the administrator and both offices;
 * - another person's profile is changed (contact details, parts, photo) by the administrator and the
 *   academic office, the keepers of people's records; the exam office reads only;
 * - admin notes are read and written by the administrator and the academic office only, also on
 *   their own profile, and never shown to anyone else.
 */
import { ROLE_ACADEMIC_OFFICE, ROLE_ADMIN, ROLE_EXAM_OFFICE } from "@portal/domain";
import { eq } from "drizzle-orm";
import type { SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { adminUser, contact } from "../db/schema.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";

/** Roles that see anyone's profile. */
const READ_OTHERS = [ROLE_ADMIN, ROLE_EXAM_OFFICE, ROLE_ACADEMIC_OFFICE];
/** Roles that change anyone's profile and read and write admin notes. */
const WRITE_OTHERS = [ROLE_ADMIN, ROLE_ACADEMIC_OFFICE];

/** True when `user` may read and write admin notes. */
export function mayUseAdminNotes(user: SessionUser): boolean {
  return user.roles.some((r) => WRITE_OTHERS.includes(r));
}

/** The contact id of the signed-in user's portal account, or null when it names none. */
export async function ownContactId(db: Executor, user: SessionUser): Promise<string | null> {
  const [row] = await db
    .select({ contactId: adminUser.contactId })
    .from(adminUser)
    .where(eq(adminUser.id, user.id));
  return row?.contactId ?? null;
}

/** The contact of `contactId`: 404 `not_found` (field contactId) when there is none. */
export async function loadContact(db: Executor, contactId: string) {
  const [row] = isUuid(contactId) ? await db.select().from(contact).where(eq(contact.id, contactId)) : [];
  if (!row) throw notFound("No such contact", "contactId");
  return row;
}

/**
 * Checks that `user` may `mode` the profile of `contactId` (see the module's rules): 403
 * `forbidden` otherwise. Answers whether it is the user's own profile.
 */
export async function checkProfileAccess(
  db: Executor,
  user: SessionUser,
  contactId: string,
  mode: "read" | "write",
): Promise<{ own: boolean }> {
  const own = (await ownContactId(db, user)) === contactId;
  if (own) return { own };
  const allowed = mode === "read" ? READ_OTHERS : WRITE_OTHERS;
  if (!user.roles.some((r) => allowed.includes(r))) {
    throw new ApiError(
      403,
      mode === "read"
        ? "Only the administrator and the offices may see another person's profile"
        : "Only the administrator and the academic office may change another person's profile",
      { errorCode: "forbidden" },
    );
  }
  return { own };
}

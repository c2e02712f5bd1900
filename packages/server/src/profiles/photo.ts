/**
 * The passport photo of a profile (spec exam management §7 "POST /report/signature uploads a passport
 * photo"; openapi/profiles.yaml `uploadProfilePhoto`, `getProfilePhoto`). A PNG or
 * JPEG image, told by its content (magic bytes, file-type), never by its name or the part's
 * Content-Type; at most {@link PROFILE_PHOTO_MAX_BYTES} (2 MB). Kept in the file store, named by the
 * contact's detail row written in the same transaction; a new photo replaces the old one, whose file
 * is removed once the replacement commits.
 */
import { PROFILE_PHOTO_MAX_BYTES } from "@portal/domain";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { contactDetail } from "../db/schema.ts";
import { withStoredFiles } from "../files/stored-files.ts";
import { ApiError, badRequest, notFound } from "../http/errors.ts";
import { checkProfileAccess, loadContact } from "./access.ts";
import { photoUrl } from "./profile.ts";

/** Path of the photo upload under /api; the app's 1 MB body limit skips it (it has its own). */
export const PROFILE_PHOTO_PATH = "/api/report/signature";
/** Largest request body of the upload: the photo plus 64 KB for the multipart envelope. */
export const PROFILE_PHOTO_MAX_BODY_BYTES = PROFILE_PHOTO_MAX_BYTES + 64 * 1024;

/** The image types a photo may have, by what file-type reads from its bytes. */
const PHOTO_TYPES: Record<string, { extension: string; mediaType: string }> = {
  png: { extension: "png", mediaType: "image/png" },
  jpg: { extension: "jpg", mediaType: "image/jpeg" },
};

/** The 413 of a photo over the limit. */
export function photoTooLarge(): ApiError {
  return new ApiError(413, "The photo is larger than 2 MB", {
    errorCode: "payload_too_large",
    field: "file",
  });
}

/**
 * Stores `bytes` as the passport photo of `contactId`. Errors (nothing stored): 400 empty or not a
 * PNG/JPEG image (field file, rule image_type), 413 over 2 MB, 403 (access.ts), 404 unknown contact.
 * Answers the photo's URL and the detail row's new version.
 */
export async function uploadProfilePhoto(
  ctx: AppContext,
  actor: SessionUser,
  contactId: string,
  bytes: Uint8Array,
) {
  if (bytes.byteLength === 0) throw badRequest("Choose a photo to upload", "file", "required");
  if (bytes.byteLength > PROFILE_PHOTO_MAX_BYTES) throw photoTooLarge();
  const detected = (await fileTypeFromBuffer(bytes))?.ext ?? "";
  const type = Object.hasOwn(PHOTO_TYPES, detected) ? PHOTO_TYPES[detected] : undefined;
  if (!type) throw badRequest("The photo must be a PNG or JPEG image", "file", "image_type");
  await loadContact(ctx.db, contactId);
  await checkProfileAccess(ctx.db, actor, contactId, "write");
  const at = new Date(ctx.now());
  return withStoredFiles(ctx, async (tx, files) => {
    const [current] = await tx
      .select()
      .from(contactDetail)
      .where(eq(contactDetail.contactId, contactId))
      .for("update");
    const key = await files.add("profile-photos", bytes, type);
    const values = { photoKey: key, photoMediaType: type.mediaType, updatedAt: at };
    // A photo replaces whatever photo is there: no version to name (the detail row's version moves on).
    const [row] = current
      ? await tx
          .update(contactDetail)
          .set({ ...values, version: current.version + 1 })
          .where(eq(contactDetail.id, current.id))
          .returning()
      : await tx
          .insert(contactDetail)
          .values({ contactId, ...values })
          .onConflictDoUpdate({ target: contactDetail.contactId, set: values })
          .returning();
    if (!row) throw new Error("photo row not written");
    if (current?.photoKey) files.release(current.photoKey);
    await writeAudit(
      tx,
      actor,
      [
        {
          action: "update",
          entity: "contact_photo",
          entityId: contactId,
          before: current?.photoKey ? { mediaType: current.photoMediaType } : null,
          after: { mediaType: type.mediaType, size: bytes.byteLength },
        },
      ],
      at,
    );
    return { photoUrl: photoUrl(contactId), version: row.version };
  });
}

/** The stored photo of `contactId` (bytes and media type) for a reader allowed to see the profile; 404 without one. */
export async function getProfilePhoto(ctx: AppContext, actor: SessionUser, contactId: string) {
  await loadContact(ctx.db as Executor, contactId);
  await checkProfileAccess(ctx.db, actor, contactId, "read");
  const [row] = await ctx.db
    .select({ key: contactDetail.photoKey, mediaType: contactDetail.photoMediaType })
    .from(contactDetail)
    .where(eq(contactDetail.contactId, contactId));
  const bytes = row?.key ? await ctx.files.get(row.key) : null;
  if (!row?.key || !bytes) throw notFound("This person has no photo", "contactId");
  return { bytes, mediaType: row.mediaType ?? "application/octet-stream" };
}

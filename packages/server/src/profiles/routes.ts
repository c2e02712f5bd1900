import {
  PROFILE_PART_SCHEMAS,
  type ProfilePart,
  ZAdminNote,
  ZContactDetails,
  ZId,
  ZProfileContactQuery,
  zPartUpdate,
} from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { badRequest, notFound, parseOrThrow } from "../http/errors.ts";
import { limitBody, readJson } from "../http/input.ts";
import { loadContact, ownContactId } from "./access.ts";
import {
  createAdminNote,
  createPart,
  deletePart,
  type PartInput,
  saveContactDetails,
  updatePart,
} from "./edits.ts";
import { getProfilePhoto, PROFILE_PHOTO_MAX_BODY_BYTES, photoTooLarge, uploadProfilePhoto } from "./photo.ts";
import { getProfile, listAdminNotes, listProfileContacts } from "./profile.ts";

const ZContactParam = z.object({ contactId: ZId });
const ZPartParams = z.object({ contactId: ZId, id: ZId });

/** The photo upload's multipart body: the `contactId` text field and the `file` part. */
async function readPhotoForm(c: Context<AppEnv>): Promise<{ contactId: string; bytes: Uint8Array }> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw badRequest(
      "Send the photo as multipart/form-data with the fields contactId and file",
      "file",
      "multipart",
    );
  }
  let form: FormData;
  try {
    form = await new Response(await c.req.arrayBuffer(), { headers: { "content-type": type } }).formData();
  } catch {
    throw badRequest("The multipart body could not be read", "file", "multipart");
  }
  const { contactId } = parseOrThrow(ZContactParam, { contactId: form.get("contactId") ?? undefined });
  const file = form.get("file");
  if (!(file instanceof Blob)) throw badRequest("Choose a photo to upload", "file", "required");
  if (file.size > PROFILE_PHOTO_MAX_BODY_BYTES) throw photoTooLarge();
  return { contactId, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * Routes of the 360 profiles (openapi/profiles.yaml): the signed-in user's own
 * profile, anyone's profile, the student and faculty pickers, contact details, the four repeatable
 * parts, admin notes and the passport photo (`POST /report/signature`, multipart, its own 2 MB
 * limit). Roles by the generated role table; the own-profile rules in access.ts.
 */
export function profileRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const contactIdOf = (c: Context<AppEnv>) =>
    parseOrThrow(ZContactParam, { contactId: c.req.param("contactId") }).contactId;

  app.get("/sf/profile/my360", async (c) => {
    const user = c.get("user");
    const contactId = await ownContactId(ctx.db, user);
    if (!contactId)
      throw notFound("Your portal account names no person: ask the administrator to link it", "contactId");
    return c.json({ success: true as const, profile: await getProfile(ctx.db, user, contactId) });
  });
  app.get("/sf/profile/contacts", async (c) => {
    const q = parseOrThrow(ZProfileContactQuery, c.req.query());
    return c.json({ success: true as const, ...(await listProfileContacts(ctx.db, q)) });
  });
  app.get("/sf/profile/:contactId", async (c) =>
    c.json({ success: true as const, profile: await getProfile(ctx.db, c.get("user"), contactIdOf(c)) }),
  );
  app.put("/sf/profile/:contactId/contactDetails", async (c) => {
    const contactId = contactIdOf(c);
    const input = parseOrThrow(ZContactDetails, await readJson(c));
    return c.json({
      success: true as const,
      ...(await saveContactDetails(ctx, c.get("user"), contactId, input)),
    });
  });

  for (const part of Object.keys(PROFILE_PART_SCHEMAS) as ProfilePart[]) {
    const schema = PROFILE_PART_SCHEMAS[part];
    app.post(`/sf/profile/:contactId/${part}`, async (c) => {
      const contactId = contactIdOf(c);
      const input = parseOrThrow(schema, await readJson(c)) as PartInput[typeof part];
      return c.json(
        { success: true as const, item: await createPart(ctx, c.get("user"), contactId, part, input) },
        201,
      );
    });
    app.put(`/sf/profile/:contactId/${part}/:id`, async (c) => {
      const { contactId, id } = parseOrThrow(ZPartParams, c.req.param());
      const input = parseOrThrow(zPartUpdate(schema), await readJson(c)) as PartInput[typeof part] & {
        version: number;
      };
      return c.json({
        success: true as const,
        item: await updatePart(ctx, c.get("user"), contactId, part, id, input),
      });
    });
    app.delete(`/sf/profile/:contactId/${part}/:id`, async (c) => {
      const { contactId, id } = parseOrThrow(ZPartParams, c.req.param());
      await deletePart(ctx, c.get("user"), contactId, part, id);
      return c.json({ success: true as const });
    });
  }

  app.get("/sf/profile/:contactId/adminNotes", async (c) => {
    const contactId = contactIdOf(c);
    await loadContact(ctx.db, contactId);
    return c.json({ success: true as const, notes: await listAdminNotes(ctx.db, contactId) });
  });
  app.post("/sf/profile/:contactId/adminNotes", async (c) => {
    const contactId = contactIdOf(c);
    const { note } = parseOrThrow(ZAdminNote, await readJson(c));
    return c.json(
      { success: true as const, note: await createAdminNote(ctx, c.get("user"), contactId, note) },
      201,
    );
  });

  app.get("/sf/profile/:contactId/photo", async (c) => {
    const photo = await getProfilePhoto(ctx, c.get("user"), contactIdOf(c));
    return c.body(photo.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": photo.mediaType,
      "Content-Length": String(photo.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
  app.post("/report/signature", limitBody(PROFILE_PHOTO_MAX_BODY_BYTES), async (c) => {
    const { contactId, bytes } = await readPhotoForm(c);
    return c.json({
      success: true as const,
      ...(await uploadProfilePhoto(ctx, c.get("user"), contactId, bytes)),
    });
  });
  return app;
}

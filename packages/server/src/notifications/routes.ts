import { ZId, ZNotificationInput, ZNotificationListQuery, ZNotificationRecipientQuery } from "@portal/domain";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import {
  getNotification,
  listNotificationChoices,
  listNotifications,
  resendFailedSms,
  sendNotification,
} from "./notifications.ts";

const ZChoicesQuery = z.object({
  search: z.string().trim().max(200, { error: "At most 200 characters" }).default(""),
});

/**
 * Routes of the communication channels (openapi/notifications.yaml): the sent messages (paged), the
 * compose form's choices, sending a message (201) and one message with a page of its recipients.
 * Roles come from the generated role table (exam office, academic office, administrator); resending
 * failed mails is POST /mail/resend with source `notification:<id>:`, failed SMS
 * POST /notifications/{id}/sms/resend (the same resend path, notifications.ts resendFailedSms).
 */
export function notificationRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/notifications", async (c) => {
    const query = parseOrThrow(ZNotificationListQuery, c.req.query());
    return c.json({ success: true as const, ...(await listNotifications(ctx, c.get("user"), query)) });
  });
  app.post("/notifications", async (c) => {
    const input = parseOrThrow(ZNotificationInput, await readJson(c));
    const notification = await sendNotification(ctx, c.get("user"), input);
    // Committed: the outbox's sender may take the SMS now (mail wakes it through app.ts).
    if (notification.channel === "sms") ctx.mailer.wake();
    return c.json({ success: true as const, notification }, 201);
  });
  app.get("/notifications/choices", async (c) => {
    const { search } = parseOrThrow(ZChoicesQuery, c.req.query());
    return c.json({ success: true as const, ...(await listNotificationChoices(ctx, c.get("user"), search)) });
  });
  app.get("/notifications/:id", async (c) => {
    const { id } = parseOrThrow(z.object({ id: ZId }), { id: c.req.param("id") });
    const query = parseOrThrow(ZNotificationRecipientQuery, c.req.query());
    return c.json({ success: true as const, ...(await getNotification(ctx, c.get("user"), id, query)) });
  });
  app.post("/notifications/:id/sms/resend", async (c) => {
    const { id } = parseOrThrow(z.object({ id: ZId }), { id: c.req.param("id") });
    const result = await resendFailedSms(ctx, c.get("user"), id);
    // Committed: the outbox's sender may take the SMS now.
    ctx.mailer.wake();
    return c.json({ success: true as const, id, ...result });
  });
  return app;
}

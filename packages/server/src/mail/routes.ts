import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { authorizeNotificationMailSource } from "../notifications/notifications.ts";
import { authorizeMailSource, countMail, listFailedMail, resendFailedMail, ZMailSource } from "./status.ts";

const ZSourceQuery = z.object({ source: ZMailSource });
const ZResendBody = z.strictObject({ source: ZMailSource });

/**
 * The mail status of a record (openapi/mail.yaml, mail/status.ts): `GET /mail/status` counts its
 * mails by status, `GET /mail/failed` lists the failed ones (no bodies), `POST /mail/resend` queues
 * the failed ones again and wakes the sender after the commit. Each takes `source` (exact, or a
 * prefix ending in `:`); 400 for a malformed or unknown source (sign-in mails included), 403 for a
 * user who may not send that record's mails, 404 for a message of the communication channels the
 * caller may not see (notifications.ts), 409 `no_failed_mail` on a resend with nothing failed.
 */
export function mailRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/mail/status", async (c) => {
    const { source } = parseOrThrow(ZSourceQuery, c.req.query());
    authorizeMailSource(c.get("user"), source);
    await authorizeNotificationMailSource(ctx, c.get("user"), source);
    return c.json({ success: true as const, source, ...(await countMail(ctx.db, source)) });
  });

  app.get("/mail/failed", async (c) => {
    const { source } = parseOrThrow(ZSourceQuery, c.req.query());
    authorizeMailSource(c.get("user"), source);
    await authorizeNotificationMailSource(ctx, c.get("user"), source);
    return c.json({ success: true as const, source, mails: await listFailedMail(ctx.db, source) });
  });

  app.post("/mail/resend", async (c) => {
    const { source } = parseOrThrow(ZResendBody, await readJson(c));
    authorizeMailSource(c.get("user"), source);
    await authorizeNotificationMailSource(ctx, c.get("user"), source);
    const result = await resendFailedMail(ctx, c.get("user"), source);
    // Committed: the sender may claim the rows now.
    ctx.mailer.wake();
    return c.json({ success: true as const, source, ...result });
  });

  return app;
}

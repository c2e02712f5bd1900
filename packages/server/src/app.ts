import { isValidEmail, SPEC_MESSAGES } from "@portal/domain";
import { desc, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { adminRoutes } from "./admin/routes.ts";
import { administrationRoutes } from "./administration/routes.ts";
import { authorize } from "./auth/roles.ts";
import { authRoutes } from "./auth/routes.ts";
import type { AppContext, AppEnv } from "./context.ts";
import { contractRoutes } from "./contracts/routes.ts";
import { rewarmAfterWrite, setReadModelCache } from "./db/read-model-cache.ts";
import { mailOutbox } from "./db/schema.ts";
import { subjectDocumentRoutes } from "./documents/routes.ts";
import { enrolmentRoutes } from "./enrolment/routes.ts";
import { ETL_UPLOAD_PATH, etlRoutes } from "./etl/routes.ts";
import { eligibilityRoutes } from "./exam/eligibility/routes.ts";
import { evaluationRoutes } from "./exam/evaluation/routes.ts";
import { questionPaperRoutes } from "./exam/question-papers/routes.ts";
import { examScheduleRoutes } from "./exam/schedule/routes.ts";
import { seatingRoutes } from "./exam/seating/routes.ts";
import { timetablingRoutes } from "./exam/timetabling/routes.ts";
import { feedbackRoutes } from "./feedback/routes.ts";
import { gradingRoutes } from "./grading/routes.ts";
import { cspReportRoutes } from "./http/csp-report.ts";
import { csrfProtection } from "./http/csrf.ts";
import { ApiError, notFound, parseOrThrow, sendError } from "./http/errors.ts";
import { checkUrl, limitBody } from "./http/input.ts";
import { apiSecurityHeaders } from "./http/security-headers.ts";
import { EXAM_IMPORT_PATH, importRoutes } from "./import/routes.ts";
import { mailRoutes } from "./mail/routes.ts";
import { notificationRoutes } from "./notifications/routes.ts";
import { planningRoutes } from "./planning/routes.ts";
import { PROFILE_PHOTO_PATH } from "./profiles/photo.ts";
import { profileRoutes } from "./profiles/routes.ts";
import { revaluationRoutes } from "./revaluation/routes.ts";
import { schedulingRoutes } from "./scheduling/routes.ts";

/** Largest accepted request body: 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Public configuration (spec §3 Configuration), the body of GET /api/config. */
export type PublicConfig = {
  success: true;
  apiBaseUrl: string;
  tokenUrl: string;
  adminUrl: string;
  etlBaseUrl: string;
  primaryColor: string;
  secondaryColor: string;
  customization: { primary: string };
  calendarLicenseKey: string;
};

/** The public configuration object for `ctx`. */
export function publicConfig(ctx: AppContext): PublicConfig {
  return {
    success: true,
    apiBaseUrl: "/api",
    tokenUrl: "/api/refreshToken",
    adminUrl: "/api/admin",
    etlBaseUrl: "/api/etl",
    primaryColor: ctx.config.primaryColor,
    secondaryColor: ctx.config.secondaryColor,
    customization: { primary: ctx.config.primaryColor },
    calendarLicenseKey: ctx.config.calendarLicenseKey,
  };
}

const ZOutboxQuery = z.object({
  to: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === "" || isValidEmail(v), { error: SPEC_MESSAGES.invalidEmail })
    .optional(),
});

const SERVICE_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/**
 * The HTTP API under `/api` (docs/api.md, openapi/openapi.yaml). JSON error bodies everywhere:
 * 400 malformed JSON or invalid field (naming field and rule; also a control character or lone
 * surrogate in any body, query or path string, http/input.ts), 401 without a valid access token,
 * 403 signed in without a role the operation's `x-roles` allow, 404 unknown route or method (OPTIONS
 * included: no cross-origin access is offered), 413 body over 1 MB (closing the connection), 500
 * unexpected failure (logged). Who may call what is decided in one place, the {@link authorize}
 * middleware, from the OpenAPI description's `x-roles`. The legacy form
 * `GET|POST /api/salesforce?endpoint=<service path>` runs the handler of `/api/salesforce/<service path>`.
 */
export function createApi(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>().basePath("/api");
  // READ_MODEL_CACHE=off: every kept read computes afresh (the benches' and tests' uncached path).
  setReadModelCache(ctx.db, ctx.config.readModelCache);

  app.onError((err, c) => {
    if (err instanceof ApiError) return sendError(c, err);
    ctx.log(`[api] ${c.req.method} ${c.req.path} failed: ${(err as Error).stack ?? String(err)}`);
    return sendError(
      c,
      new ApiError(500, SPEC_MESSAGES.internalServerError, { errorCode: "internal_error" }),
    );
  });
  app.notFound((c) =>
    sendError(
      c,
      // Generic on purpose: the answer does not echo the request's path.
      notFound("No such endpoint"),
    ),
  );

  // Mail leaves after the commit: a request that enqueued mail (its transaction has committed once
  // the handler has answered) wakes the sender (mail/delivery.ts). Counting per request means no
  // enqueue is missed while other requests run; at worst a request wakes the sender once too often.
  app.use("*", async (_c, next) => {
    const before = ctx.mailer.enqueued;
    await next();
    if (ctx.mailer.enqueued !== before) ctx.mailer.wake();
  });
  // Reads kept warm (the exam dashboard) are recomputed in the background once a write has
  // committed (its handler has answered), so the next reader finds them in memory
  // (db/read-model-cache.ts rewarmAfterWrite). A refused write changed nothing.
  app.use("*", async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) {
      rewarmAfterWrite(ctx.db).catch((err: unknown) =>
        ctx.log(`[cache] recompute after a write failed: ${String(err)}`),
      );
    }
  });
  // Security headers on every answer, refusals of the checks below included.
  app.use("*", apiSecurityHeaders(ctx.config.isProduction));
  // The import call, the photo upload and the ETL upload have their own, larger limits (import/routes.ts, profiles/photo.ts).
  app.use("*", checkUrl);
  const limitApiBody = limitBody(MAX_BODY_BYTES);
  const ownLimit = new Set([EXAM_IMPORT_PATH, PROFILE_PHOTO_PATH, ETL_UPLOAD_PATH]);
  app.use("*", (c, next) => (ownLimit.has(c.req.path) ? next() : limitApiBody(c, next)));
  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
  });
  // CSP reports (public, log only) before the cross-site check.
  app.route("/", cspReportRoutes(ctx));
  app.use("*", csrfProtection(ctx.config));

  // Sign-in and roles for every route, from the description's x-roles (auth/roles.ts). A route the
  // description does not list answers 404 here, before any handler runs.
  app.use("*", authorize(ctx));

  // Legacy single entry point: /api/salesforce?endpoint=<service path>.
  app.on(["GET", "POST"], "/salesforce", async (c) => {
    const endpoint = c.req.query("endpoint")?.trim() ?? "";
    if (!SERVICE_PATH.test(endpoint)) {
      throw notFound("Unknown service path", "endpoint");
    }
    const url = new URL(c.req.url);
    url.pathname = `/api/salesforce/${endpoint}`;
    url.searchParams.delete("endpoint");
    const init: RequestInit = { method: c.req.method, headers: c.req.raw.headers };
    if (c.req.method === "POST") init.body = await c.req.arrayBuffer();
    // Re-enters the whole API, so the routed operation's sign-in and roles are checked too.
    return app.fetch(new Request(url, init), c.env);
  });

  app.get("/config", (c) => c.json(publicConfig(ctx)));

  if (!ctx.config.isProduction) {
    app.get("/dev/outbox", async (c) => {
      const { to } = parseOrThrow(ZOutboxQuery, c.req.query());
      const rows = await ctx.db
        .select()
        .from(mailOutbox)
        .where(to ? sql`${to} = any(string_to_array(lower(${mailOutbox.toAddresses}), ', '))` : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(200);
      return c.json({
        success: true as const,
        mails: rows.map((m) => ({
          id: m.id,
          to: m.toAddresses,
          subject: m.subject,
          text: m.text,
          status: m.status,
          attempts: m.attempts,
          lastError: m.lastError,
          attachments: m.attachments.map(({ filename, contentType, size }) => ({
            filename,
            contentType,
            size,
          })),
          createdAt: m.createdAt.toISOString(),
        })),
      });
    });
  }

  app.route("/", authRoutes(ctx));

  app.get("/me", (c) => c.json({ success: true as const, ...c.get("user") }));
  app.route("/", questionPaperRoutes(ctx));
  app.route("/", eligibilityRoutes(ctx));
  app.route("/", evaluationRoutes(ctx));
  app.route("/", importRoutes(ctx));
  app.route("/", seatingRoutes(ctx));
  app.route("/", examScheduleRoutes(ctx));
  app.route("/", timetablingRoutes(ctx));
  app.route("/", planningRoutes(ctx));
  app.route("/", enrolmentRoutes(ctx));
  app.route("/", gradingRoutes(ctx));
  app.route("/", revaluationRoutes(ctx));
  app.route("/", schedulingRoutes(ctx));
  app.route("/", mailRoutes(ctx));
  app.route("/", adminRoutes(ctx));
  app.route("/", administrationRoutes(ctx));
  app.route("/", contractRoutes(ctx));
  app.route("/", subjectDocumentRoutes(ctx));
  app.route("/", feedbackRoutes(ctx));
  app.route("/", profileRoutes(ctx));
  app.route("/", notificationRoutes(ctx));
  app.route("/", etlRoutes(ctx));

  return app;
}

import { SPEC_MESSAGES, ZEmail, ZOtp } from "@portal/domain";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { ApiError, parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { clientAddress, isUuid } from "../http/request.ts";
import {
  ACCESS_COOKIE,
  clearedSessionCookies,
  parseCookies,
  REFRESH_COOKIE,
  sessionCookies,
} from "./cookies.ts";
import {
  countVerifyCall,
  refreshSession,
  requestOtp,
  revokeSession,
  type SessionTokens,
  verifyOtp,
  verifySignInLink,
} from "./service.ts";
import { authenticate } from "./sessions.ts";

const ZOtpSend = z.object({ email: ZEmail });
const ZOtpVerify = z.object({ id: z.string().min(1).max(100), otp: ZOtp });
const ZLinkVerify = z.object({ link: z.string().min(1).max(200) });
/** A sign-in link token: 256 bits in base64url. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const ZRefresh = z.object({ refreshToken: z.string().min(1).max(200).optional() }).optional();

function appendCookies(c: Context, cookies: string[]): void {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

/** The access token of a request: `Authorization: Bearer`, the `access-token` header, or the cookie. */
export function accessTokenOf(request: Request): string | undefined {
  const auth = request.headers.get("authorization");
  const bearer = auth?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  return (
    bearer ||
    request.headers.get("access-token")?.trim() ||
    parseCookies(request.headers.get("cookie"))[ACCESS_COOKIE]
  );
}

/**
 * Middleware: 401 unless the request carries a valid access token of a live session whose user is
 * active and holds a portal role; sets `user` with the user's CURRENT name, email and roles from
 * the database ({@link authenticate}: a sign-out, a revoked session or a role change takes effect
 * on the next request; checks are remembered a few seconds per session).
 */
export function requireUser(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = accessTokenOf(c.req.raw);
    const user = token ? await authenticate(ctx, token) : null;
    if (!user) {
      throw new ApiError(401, "Sign-in required: the access token is missing, invalid or expired.", {
        errorCode: "unauthorized",
      });
    }
    c.set("user", user);
    await next();
  };
}

/**
 * Public auth routes (docs/api.md): POST /salesforce/AdminOtp/send, POST /salesforce/AdminOtp/verify,
 * POST /salesforce/AdminOtp/verifyLink, POST /refreshToken, POST /logout.
 */
export function authRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const secure = ctx.config.isProduction;
  const signedIn = (c: Context, session: SessionTokens) => {
    appendCookies(c, sessionCookies(session, secure));
    return c.json({
      success: true as const,
      message: SPEC_MESSAGES.loginSuccess,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      alumniName: session.user.name,
      id: session.user.id,
    });
  };

  app.post("/salesforce/AdminOtp/send", async (c) => {
    const { email } = parseOrThrow(ZOtpSend, await readJson(c));
    const { id } = await requestOtp(ctx, email, clientAddress(c, ctx.config));
    return c.json({
      success: true as const,
      id,
      message: "A one-time password has been sent to your email.",
    });
  });

  app.post("/salesforce/AdminOtp/verify", async (c) => {
    const { id, otp } = parseOrThrow(ZOtpVerify, await readJson(c));
    await countVerifyCall(ctx, clientAddress(c, ctx.config));
    if (!isUuid(id)) throw new ApiError(401, SPEC_MESSAGES.otpInvalid, { errorCode: "otp_invalid" });
    return signedIn(c, await verifyOtp(ctx, id, otp));
  });

  app.post("/salesforce/AdminOtp/verifyLink", async (c) => {
    const { link } = parseOrThrow(ZLinkVerify, await readJson(c));
    await countVerifyCall(ctx, clientAddress(c, ctx.config));
    if (!LINK_TOKEN.test(link))
      throw new ApiError(401, SPEC_MESSAGES.otpInvalid, { errorCode: "otp_invalid" });
    return signedIn(c, await verifySignInLink(ctx, link));
  });

  app.post("/refreshToken", async (c) => {
    const body = parseOrThrow(ZRefresh, await readJson(c, { required: false }));
    const token = body?.refreshToken ?? parseCookies(c.req.header("cookie"))[REFRESH_COOKIE];
    if (!token) {
      throw new ApiError(401, "Session expired. Please sign in again.", {
        errorCode: "refresh_token_expired",
      });
    }
    try {
      const session = await refreshSession(ctx, token);
      appendCookies(c, sessionCookies(session, secure));
      return c.json({
        success: true as const,
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) appendCookies(c, clearedSessionCookies(secure));
      throw err;
    }
  });

  app.post("/logout", async (c) => {
    const body = parseOrThrow(ZRefresh, await readJson(c, { required: false }));
    await revokeSession(ctx, body?.refreshToken ?? parseCookies(c.req.header("cookie"))[REFRESH_COOKIE]);
    appendCookies(c, clearedSessionCookies(secure));
    return c.json({ success: true as const });
  });

  return app;
}

/**
 * @portal/server: the portal's HTTP API (Hono) with its database, auth, mail, file storage and demo
 * data. The portal's Node entry mounts `app` under /api and calls `resolveSession` while rendering.
 */
import { createApi, type PublicConfig, publicConfig } from "./app.ts";
import { countSignInUsers } from "./auth/admins.ts";
import { ACCESS_COOKIE, parseCookies, REFRESH_COOKIE, sessionCookies } from "./auth/cookies.ts";
import { refreshSession } from "./auth/service.ts";
import { authenticate } from "./auth/sessions.ts";
import { type Env, loadConfig } from "./config.ts";
import type { AppContext, SessionUser } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import { type PageReadState, pageReadState } from "./db/page-reads.ts";
import type { ReadModel } from "./db/read-model-cache.ts";
import { rewarmSettled } from "./db/read-model-cache.ts";
import { type ReadModelSharing, startReadModelSharing } from "./db/read-model-sharing.ts";
import { isDatabaseEmpty, loadDemoData } from "./demo/seed.ts";
import { kickEtlJobs, stopEtlJobs } from "./etl/runner.ts";
import { stopTimetablingJobs } from "./exam/timetabling/runner.ts";
import { adoptLocalFiles } from "./files/adopt-local-files.ts";
import { createFileStore } from "./files/file-store.ts";
import { createSheetReader } from "./files/sheets/reader.ts";
import { type FileSweeper, startFileSweep } from "./files/sweep.ts";
import { createSmtpTransport, type MailDelivery, startMailDelivery } from "./mail/delivery.ts";
import { createMailer } from "./mail/mailer.ts";
import { createHttpSmsGateway } from "./notifications/sms.ts";

export type { PublicConfig } from "./app.ts";
export type { SessionUser } from "./context.ts";
export type { PageReadState } from "./db/page-reads.ts";
export type { ReadModel } from "./db/read-model-cache.ts";

export type PortalApi = {
  /** Hono app; handles every path under /api */
  app: { fetch(request: Request, env?: unknown): Response | Promise<Response> };
  /** For server-rendered pages: the signed-in user from the cookies of `request` (access cookie, or a valid refresh cookie which is then rotated: the new Set-Cookie values are returned to forward). */
  resolveSession(request: Request): Promise<{ user: SessionUser | null; setCookies: string[] }>;
  /** Public configuration, same object as GET /api/config */
  getPublicConfig(): PublicConfig;
  /**
   * The server's clock (epoch milliseconds): the real clock, or one started at PORTAL_CLOCK_START
   * that runs on from it. Pages read "today" from it, never from the browser's clock
   * (docs/architecture.md, "Today" from one place).
   */
  now(): number;
  /**
   * For keeping a rendered page (the portal's node/kept-pages.ts): the user's reach and the change
   * counters of `models`, the read models of every read the page makes, read now; null when the
   * page must render afresh (cache off, an institute scope, ...: see `pageReadState`,
   * db/page-reads.ts). Rejects only when the database does.
   */
  pageReads(user: SessionUser, models: readonly ReadModel[]): Promise<PageReadState | null>;
  close(): Promise<void>;
};

/**
 * Reads the configuration from `options.env` (default `process.env`), opens the database (PGlite, or
 * PostgreSQL when DATABASE_URL is set), runs the migrations, loads the demo data into an empty
 * database unless SEED_DEMO is "false", prints how to create an administrator when no one could sign
 * in, starts the sweep of orphan files (files/sweep.ts: at start, then hourly) and the mail sender
 * when SMTP_URL is set (both stopped by `close()`), and returns the API. Files live in the store
 * FILE_STORE names (PostgreSQL's `stored_file` table by default with DATABASE_URL; files of the data
 * folder that records name are copied into it at start, files/adopt-local-files.ts).
 * Throws ConfigError for a bad setting.
 */
export async function createPortalApi(options: { env?: Env } = {}): Promise<PortalApi> {
  const config = loadConfig(options.env ?? process.env);
  const handle = await openDatabase(config);
  let sweeper: FileSweeper | null = null;
  let sharing: ReadModelSharing | null = null;
  try {
    await handle.migrate();
    const log = (line: string) => console.info(line);
    // Other portal processes on the same PostgreSQL learn of this one's writes and share the
    // recompute of the reads kept warm (db/read-model-sharing.ts); nothing to share on PGlite.
    if (config.databaseUrl && config.readModelCache) {
      sharing = await startReadModelSharing(handle.db, config.databaseUrl, { log });
    }
    // The real clock, or one started at PORTAL_CLOCK_START that runs on from it (demos, browser tests).
    const offset = config.clockStart === null ? 0 : config.clockStart - Date.now();
    const now = () => Date.now() + offset;
    // With SMTP (or an SMS gateway) a sender in this process delivers queued mail (or SMS) after each
    // commit (mail/delivery.ts).
    let delivery: MailDelivery | null = null;
    const mailer = createMailer({
      transport: config.smtpUrl ? "smtp" : "outbox",
      from: config.mailFrom,
      now,
      log,
      // In production the log must not carry sign-in codes or links: it says where the mail is.
      logBodies: !config.isProduction,
      onWake: () => delivery?.wake(),
    });
    if (config.fileStore === "database") {
      // Files written while they lived in the data folder move to PostgreSQL with their records.
      const adopted = await adoptLocalFiles(handle.db, config.filesDir, now);
      if (adopted > 0) log(`[files] ${adopted} file(s) of ${config.filesDir} copied into the database`);
    }
    const ctx: AppContext = {
      config,
      db: handle.db,
      mailer,
      files: createFileStore(config, handle.db),
      sheets: createSheetReader({ parallel: config.sheetParsesAtOnce }),
      log,
      now,
    };
    if (config.seedDemo && (await isDatabaseEmpty(ctx.db))) {
      if (await loadDemoData(ctx, { size: "full", onlyIfEmpty: true })) log("[demo] demo data loaded");
    }
    if ((await countSignInUsers(ctx.db)) === 0) {
      log(
        "[auth] No one can sign in yet: no active user holds a portal role. Create an administrator with\n" +
          '[auth]   pnpm admin:add --email you@university.example --name "Your Name"\n' +
          "[auth] (same DATABASE_URL / PORTAL_DATA_DIR as the server; stop the server first on the embedded database).",
      );
    }
    // Files no record names (a write that failed before this version, a crash) go after a day.
    sweeper = startFileSweep({ db: ctx.db, files: ctx.files, now, log });
    await sweeper.run(); // the sweep at start, awaited: the API answers with its store tidy

    // The outbox's sender: mail with SMTP, SMS with a gateway (notifications/sms.ts); neither, none.
    if (config.smtpUrl || config.smsGatewayUrl) {
      delivery = startMailDelivery({
        db: ctx.db,
        transport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null,
        sms: config.smsGatewayUrl
          ? createHttpSmsGateway({ url: config.smsGatewayUrl, token: config.smsGatewayToken })
          : null,
        publicUrl: config.publicUrl,
        now,
        log,
      });
    }
    const app = createApi(ctx);
    // Jobs queued before a restart run now (etl/runner.ts).
    kickEtlJobs(ctx);
    return {
      app,
      resolveSession: (request) => resolveSession(ctx, request),
      getPublicConfig: () => publicConfig(ctx),
      now,
      pageReads: (user, models) => pageReadState(ctx.db, user, models),
      close: async () => {
        await sweeper?.stop();
        await delivery?.stop();
        await stopEtlJobs(ctx);
        await stopTimetablingJobs(ctx);
        await ctx.sheets.close();
        await rewarmSettled(ctx.db);
        await sharing?.close();
        await handle.close();
      },
    };
  } catch (err) {
    await sweeper?.stop();
    await sharing?.close();
    await handle.close();
    throw err;
  }
}

/** See {@link PortalApi.resolveSession}. A dead refresh cookie yields no user and no cookies. */
export async function resolveSession(
  ctx: AppContext,
  request: Request,
): Promise<{ user: SessionUser | null; setCookies: string[] }> {
  const cookies = parseCookies(request.headers.get("cookie"));
  const access = cookies[ACCESS_COOKIE];
  if (access) {
    const user = await authenticate(ctx, access);
    if (user) return { user, setCookies: [] };
  }
  const refresh = cookies[REFRESH_COOKIE];
  if (!refresh) return { user: null, setCookies: [] };
  try {
    const session = await refreshSession(ctx, refresh);
    return { user: session.user, setCookies: sessionCookies(session, ctx.config.isProduction) };
  } catch {
    return { user: null, setCookies: [] };
  }
}

export { createApi } from "./app.ts";
export { baseSecurityHeaders } from "./http/security-headers.ts";

/**
 * Test harness: a fresh API on an in-memory PGlite, or on a new PostgreSQL database created through
 * DATABASE_URL (dropped on close), with the small demo data set, a controllable clock and every
 * answer checked against the OpenAPI description.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createApi } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { AppContext } from "../context.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { rewarmSettled } from "../db/read-model-cache.ts";
import {
  type ReadModelSharing,
  type ReadModelSharingOptions,
  startReadModelSharing,
} from "../db/read-model-sharing.ts";
import { stopEtlJobs } from "../etl/runner.ts";
import { stopTimetablingJobs } from "../exam/timetabling/runner.ts";
import { createFileStore } from "../files/file-store.ts";
import { createSheetReader } from "../files/sheets/reader.ts";
import { createMailer } from "../mail/mailer.ts";
import { loadOpenApiValidator } from "./openapi.ts";
import {
  adminQuery,
  copyTemplateFiles,
  currentTemplate,
  randomDatabaseName,
  seedTestDatabase,
  TEST_START,
  templateDump,
} from "./template.ts";

export type Target = { name: "pglite" | "postgres"; adminUrl?: string };

/** PGlite always; PostgreSQL too when DATABASE_URL is set. */
export function testTargets(): Target[] {
  const url = process.env.DATABASE_URL;
  return [{ name: "pglite" }, ...(url ? [{ name: "postgres" as const, adminUrl: url }] : [])];
}

export type Answer = { status: number; body: unknown; headers: Headers; bytes: Uint8Array };
export type CallOptions = {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  client?: string;
};

export type TestApi = {
  ctx: AppContext;
  /** The PostgreSQL database's URL (null on PGlite). */
  databaseUrl: string | null;
  /** The cross-process read-model sharing (PostgreSQL with the cache on; null otherwise). */
  sharing: ReadModelSharing | null;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Calls the API; the answer must match the OpenAPI description. */
  call(method: string, url: string, options?: CallOptions): Promise<Answer>;
  /** Calls the API without checking the answer against the description. */
  raw(method: string, url: string, options?: CallOptions): Promise<Response>;
  /** The API's fetch handler itself, to serve it over HTTP (benchmarks); `client` is the caller's address. */
  fetch(request: Request, client?: string): Response | Promise<Response>;
  close(): Promise<void>;
};

/** A new, empty PostgreSQL database `portal_test_<random>` made through `adminUrl`, and how to drop it. */
export async function createTestDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = randomDatabaseName("portal_test_");
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A fresh API on `target` with the small demo data. `readModelCache: false` starts it as
 * READ_MODEL_CACHE=off does (every kept read computed afresh, db/read-model-cache.ts).
 */
export async function createTestApi(
  target: Target,
  options: {
    readModelCache?: boolean;
    /**
     * PostgreSQL only: a second API instance on the database of `sameDatabaseAs` (as another
     * portal process would be), neither seeding it nor dropping it on close.
     */
    sameDatabaseAs?: TestApi;
    /** Options of the cross-process read-model sharing started on PostgreSQL with the cache on. */
    sharing?: ReadModelSharingOptions;
    /** Called with every statement sent through drizzle (db/client.ts openDatabase). */
    onQuery?: (query: string, params: unknown[]) => void;
  } = {},
): Promise<TestApi> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-server-test-"));
  // The run's template (test/template.ts) when the global setup built one; otherwise a database made here.
  const template = currentTemplate();
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  const shared = options.sameDatabaseAs?.databaseUrl ?? null;
  if (options.sameDatabaseAs && !shared) throw new Error("only a PostgreSQL database can be shared");
  if (shared) databaseUrl = shared;
  else if (target.name === "postgres" && target.adminUrl) {
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase(
      target.adminUrl,
      template?.postgresDatabase ?? undefined,
    ));
  }
  const config = loadConfig({
    PORTAL_DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    NODE_ENV: "test",
    READ_MODEL_CACHE: options.readModelCache === false ? "off" : "on",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const onQuery = options.onQuery;
  let handle: DatabaseHandle;
  if (shared) {
    // Another process's view of a database the first API already made and seeded.
    handle = await openDatabase({ databaseUrl, pgliteDir: "memory://", onQuery });
  } else if (template && (databaseUrl === null || template.postgresDatabase !== null)) {
    handle = await openDatabase({
      databaseUrl,
      pgliteDir: "memory://",
      onQuery,
      ...(databaseUrl === null ? { pgliteDump: await templateDump(template) } : {}),
    });
    await copyTemplateFiles(template, databaseUrl === null ? "pglite" : "postgres", dataDir);
  } else {
    handle = await seedTestDatabase(databaseUrl, dataDir, onQuery);
  }
  const sharing =
    databaseUrl && options.readModelCache !== false
      ? await startReadModelSharing(handle.db, databaseUrl, options.sharing)
      : null;
  let now = TEST_START;
  const ctx: AppContext = {
    config,
    db: handle.db,
    mailer: createMailer({ transport: "outbox", from: config.mailFrom, now: () => now, log: () => {} }),
    files: createFileStore(config, handle.db),
    sheets: createSheetReader({ parallel: config.sheetParsesAtOnce }),
    // TEST_LOG=1 prints the server's log (e.g. the stack of a 500) while debugging a test.
    log: process.env.TEST_LOG ? (line: string) => console.error(line) : () => {},
    now: () => now,
  };
  const app = createApi(ctx);
  const validator = await loadOpenApiValidator();

  const raw = (method: string, url: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    // Bodies are JSON unless a test says otherwise (an empty value sends no Content-Type).
    if (body !== undefined) headers["content-type"] ??= "application/json";
    if (headers["content-type"] === "") delete headers["content-type"];
    const env = { incoming: { socket: { remoteAddress: options.client ?? "192.0.2.1" } } };
    return Promise.resolve(
      app.request(url, { method, headers, ...(body !== undefined ? { body } : {}) }, env),
    );
  };

  return {
    ctx,
    databaseUrl,
    sharing,
    advance: (ms) => {
      now += ms;
    },
    raw,
    fetch: (request, client = "192.0.2.1") =>
      app.fetch(request, { incoming: { socket: { remoteAddress: client } } }),
    async call(method, url, options) {
      const res = await raw(method, url, options);
      const type = res.headers.get("content-type");
      const bytes = new Uint8Array(await res.arrayBuffer());
      const body: unknown = type?.includes("json") ? JSON.parse(new TextDecoder().decode(bytes)) : null;
      validator.check(method, url, res.status, type, body);
      return { status: res.status, body, headers: res.headers, bytes };
    },
    async close() {
      await stopEtlJobs(ctx);
      await stopTimetablingJobs(ctx);
      await ctx.sheets.close();
      await rewarmSettled(handle.db);
      await sharing?.close();
      await handle.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs `email` (default the demo admin) in through the OTP calls, reading the code from the
 * development outbox, and returns the Authorization header to send. Moves the clock on first, so
 * earlier sign-ins of a test file do not reach the OTP rate limits.
 */
export async function signInHeaders(
  api: TestApi,
  email = "admin@university.example",
): Promise<Record<string, string>> {
  api.advance(16 * 60_000);
  const sent = await api.call("POST", "/api/salesforce/AdminOtp/send", { body: { email } });
  if (sent.status !== 200) throw new Error(`OTP request failed: ${sent.status}`);
  const outbox = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mails = (outbox.body as { mails: Array<{ text: string }> }).mails;
  const otp = mails[0]?.text.match(/one-time password is (\d{4})/)?.[1];
  if (!otp) throw new Error("no code in the outbox");
  const verified = await api.call("POST", "/api/salesforce/AdminOtp/verify", {
    body: { id: (sent.body as { id: string }).id, otp },
  });
  if (verified.status !== 200) throw new Error(`OTP verification failed: ${verified.status}`);
  return { authorization: `Bearer ${(verified.body as { accessToken: string }).accessToken}` };
}

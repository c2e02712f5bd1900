import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Configuration of the API server, read once from the environment.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | HOST | 127.0.0.1 | address the portal listens on |
 * | PORT | 4321 | port the portal listens on |
 * | DATABASE_URL | unset | PostgreSQL connection string; unset = embedded PGlite in `<data>/pglite` |
 * | PORTAL_DATA_DIR | `<repo root>/.data` | data folder (PGlite files, uploaded files, token secret) |
 * | SMTP_URL | unset | SMTP transport for nodemailer; unset = development outbox (table + log line) |
 * | MAIL_FROM | Exam Office <exam-office@university.example> | sender of every mail |
 * | TOKEN_SECRET | generated | HMAC secret for access tokens and OTP hashes (at least 32 characters); required in production |
 * | PRIMARY_COLOR, SECONDARY_COLOR | #1f4e79, #f2a900 | theme colours served by /api/config |
 * | CALENDAR_LICENSE_KEY | "" | licence key handed to the calendar widget |
 * | NODE_ENV | development | `production` hides /api/dev/outbox, sets Secure cookies, requires TOKEN_SECRET |
 * | SEED_DEMO | true | load demo data into an empty database (`false` to skip) |
 * | TRUST_PROXY | false | `true`: take the client address from `x-forwarded-for` (behind a proxy only) |
 * | PUBLIC_URL | `http://HOST:PORT` | the portal's address as users reach it, for links in mails (sign-in link) |
 * | SHEET_PARSES_AT_ONCE | 2 | uploaded spreadsheets parsed at once, each in a worker thread; one more answers 429 |
 * | READ_MODEL_CACHE | on | `off`: expensive reads compute every answer afresh instead of keeping it behind its change counter (benches of the uncached path) |
 * | PORTAL_CLOCK_START | (the real clock) | demos and browser stories only, refused in production: an instant (`2026-11-26T04:30:00Z`) the server's clock starts from and runs on from, so "today", upcoming exams and deadlines read the fixed calendar of the demo data the same on any day |
 * | SMS_GATEWAY_URL | unset | http(s) address the SMS sender POSTs each queued SMS to as JSON (notifications/sms.ts); unset = SMS stay queued |
 * | SMS_GATEWAY_TOKEN | unset | sent as `Authorization: Bearer <token>` to the SMS gateway when set |
 * | FILE_STORE | `database` with DATABASE_URL, else `local` | where uploaded and generated files live: `database` (the `stored_file` table, seen by every process on one PostgreSQL) or `local` (`<data>/files`, one machine) |
 */
export type Config = {
  host: string;
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  pgliteDir: string;
  filesDir: string;
  /** Where files live (files/file-store.ts): the `stored_file` table or the folder `filesDir`. */
  fileStore: "database" | "local";
  smtpUrl: string | null;
  mailFrom: string;
  /** The SMS gateway's address (SMS_GATEWAY_URL), or null: SMS recipients then stay queued. */
  smsGatewayUrl: string | null;
  /** Bearer token for the SMS gateway (SMS_GATEWAY_TOKEN), or null to send none. */
  smsGatewayToken: string | null;
  tokenSecret: string;
  primaryColor: string;
  secondaryColor: string;
  calendarLicenseKey: string;
  nodeEnv: string;
  isProduction: boolean;
  seedDemo: boolean;
  trustProxy: boolean;
  /** The portal's origin as users reach it, without a trailing slash (links in mails). */
  publicUrl: string;
  /** Uploaded spreadsheets parsed at once (files/sheets/reader.ts). */
  sheetParsesAtOnce: number;
  /**
   * Whether expensive reads keep their answers in memory behind their change counters
   * (db/read-model-cache.ts); false computes every answer afresh (READ_MODEL_CACHE=off).
   */
  readModelCache: boolean;
  /**
   * The instant (ms since the epoch) the server's clock starts from (PORTAL_CLOCK_START), or null for
   * the real clock. The clock then runs on at the real pace from it (index.ts).
   */
  clockStart: number | null;
};

export type Env = Record<string, string | undefined>;

/** Thrown when the environment holds an unusable value; the message names the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The repository root: the nearest folder above the working directory (or, failing that, above this
 * file) that holds `pnpm-workspace.yaml`. Falls back to the working directory.
 */
export function findRepoRoot(start: string = process.cwd()): string {
  const candidates = [start, path.dirname(fileURLToPath(import.meta.url))];
  for (const from of candidates) {
    let dir = path.resolve(from);
    for (;;) {
      if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return process.cwd();
}

const COLOR = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;

/**
 * Reads the configuration from `env` (default `process.env`). Creates the data folder. When
 * TOKEN_SECRET is unset outside production, a random secret is generated once and kept in
 * `<data>/token-secret`. Throws {@link ConfigError} for an invalid PORT, colour, secret, SEED_DEMO,
 * SHEET_PARSES_AT_ONCE, READ_MODEL_CACHE, FILE_STORE, SMS_GATEWAY_URL or PORTAL_CLOCK_START (also when set
 * in production).
 */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV?.trim() || "development";
  const isProduction = nodeEnv === "production";
  const port = Number(env.PORT ?? "4321");
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new ConfigError(`PORT must be an integer between 1 and 65535, got "${env.PORT}"`);
  }
  const dataDir = path.resolve(env.PORTAL_DATA_DIR?.trim() || path.join(findRepoRoot(), ".data"));
  mkdirSync(dataDir, { recursive: true });

  const primaryColor = env.PRIMARY_COLOR?.trim() || "#1f4e79";
  const secondaryColor = env.SECONDARY_COLOR?.trim() || "#f2a900";
  for (const [name, value] of [
    ["PRIMARY_COLOR", primaryColor],
    ["SECONDARY_COLOR", secondaryColor],
  ] as const) {
    if (!COLOR.test(value))
      throw new ConfigError(`${name} must be a hex colour like #1f4e79, got "${value}"`);
  }

  const seed = (env.SEED_DEMO ?? "true").trim().toLowerCase();
  if (seed !== "true" && seed !== "false") {
    throw new ConfigError(`SEED_DEMO must be "true" or "false", got "${env.SEED_DEMO}"`);
  }

  const clockText = env.PORTAL_CLOCK_START?.trim() ?? "";
  const clockStart = clockText === "" ? null : Date.parse(clockText);
  if (
    clockStart !== null &&
    (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(clockText) || Number.isNaN(clockStart))
  ) {
    throw new ConfigError(
      `PORTAL_CLOCK_START must be an instant such as 2026-11-26T04:30:00Z, got "${clockText}"`,
    );
  }
  if (clockStart !== null && isProduction) {
    throw new ConfigError(
      "PORTAL_CLOCK_START is for demos and browser tests and cannot be set in production",
    );
  }
  const cache = (env.READ_MODEL_CACHE ?? "on").trim().toLowerCase();
  if (cache !== "on" && cache !== "off") {
    throw new ConfigError(`READ_MODEL_CACHE must be "on" or "off", got "${env.READ_MODEL_CACHE}"`);
  }

  const host = env.HOST?.trim() || "127.0.0.1";
  const publicUrl = (
    env.PUBLIC_URL?.trim() || `http://${host.includes(":") ? `[${host}]` : host}:${port}`
  ).replace(/\/+$/, "");
  if (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)) {
    throw new ConfigError(
      `PUBLIC_URL must be an http(s) address like https://portal.example, got "${env.PUBLIC_URL}"`,
    );
  }

  const sheetParses = Number(env.SHEET_PARSES_AT_ONCE?.trim() || "2");
  if (!Number.isInteger(sheetParses) || sheetParses < 1 || sheetParses > 64) {
    throw new ConfigError(
      `SHEET_PARSES_AT_ONCE must be an integer between 1 and 64, got "${env.SHEET_PARSES_AT_ONCE}"`,
    );
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const fileStore = (env.FILE_STORE?.trim().toLowerCase() || (databaseUrl ? "database" : "local")) as
    | "database"
    | "local";
  if (fileStore !== "database" && fileStore !== "local") {
    throw new ConfigError(`FILE_STORE must be "database" or "local", got "${env.FILE_STORE}"`);
  }

  const smsGatewayUrl = env.SMS_GATEWAY_URL?.trim() || null;
  if (
    smsGatewayUrl !== null &&
    (!URL.canParse(smsGatewayUrl) || !/^https?:$/.test(new URL(smsGatewayUrl).protocol))
  ) {
    throw new ConfigError(
      `SMS_GATEWAY_URL must be an http(s) address like https://sms.example/send, got "${smsGatewayUrl}"`,
    );
  }

  return {
    host,
    port,
    databaseUrl,
    dataDir,
    pgliteDir: path.join(dataDir, "pglite"),
    filesDir: path.join(dataDir, "files"),
    fileStore,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || "Exam Office <exam-office@university.example>",
    smsGatewayUrl,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN?.trim() || null,
    tokenSecret: resolveTokenSecret(env.TOKEN_SECRET, dataDir, isProduction),
    primaryColor,
    secondaryColor,
    calendarLicenseKey: env.CALENDAR_LICENSE_KEY?.trim() ?? "",
    nodeEnv,
    isProduction,
    seedDemo: seed === "true",
    trustProxy: env.TRUST_PROXY?.trim().toLowerCase() === "true",
    publicUrl,
    sheetParsesAtOnce: sheetParses,
    readModelCache: cache === "on",
    clockStart,
  };
}

function resolveTokenSecret(value: string | undefined, dataDir: string, isProduction: boolean): string {
  const given = value?.trim();
  if (given) {
    if (given.length < 32) throw new ConfigError("TOKEN_SECRET must be at least 32 characters long");
    return given;
  }
  if (isProduction) throw new ConfigError("TOKEN_SECRET is required when NODE_ENV is production");
  const file = path.join(dataDir, "token-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "portal-config-test-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("uses the documented defaults", () => {
    const dir = dataDir();
    const config = loadConfig({ PORTAL_DATA_DIR: dir });
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 4321,
      databaseUrl: null,
      pgliteDir: path.join(dir, "pglite"),
      filesDir: path.join(dir, "files"),
      fileStore: "local",
      smtpUrl: null,
      mailFrom: "Exam Office <exam-office@university.example>",
      nodeEnv: "development",
      isProduction: false,
      seedDemo: true,
      trustProxy: false,
      readModelCache: true,
    });
  });

  it.each([
    [{}, "local"],
    [{ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/portal" }, "database"],
    [{ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/portal", FILE_STORE: "local" }, "local"],
    [{ FILE_STORE: "Database" }, "database"],
  ])(
    "keeps files in the store FILE_STORE names, by default the database with DATABASE_URL (%o)",
    (env, store) => {
      expect(loadConfig({ PORTAL_DATA_DIR: dataDir(), ...env }).fileStore).toBe(store);
    },
  );

  it("generates the token secret once and keeps it in the data folder", () => {
    const dir = dataDir();
    const first = loadConfig({ PORTAL_DATA_DIR: dir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "token-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ PORTAL_DATA_DIR: dir }).tokenSecret).toBe(first);
  });

  it.each([
    [{ NODE_ENV: "production" }, /TOKEN_SECRET is required/],
    [{ TOKEN_SECRET: "short" }, /at least 32/],
    [{ PORT: "70000" }, /PORT/],
    [{ PORT: "abc" }, /PORT/],
    [{ PRIMARY_COLOR: "red" }, /PRIMARY_COLOR/],
    [{ SEED_DEMO: "maybe" }, /SEED_DEMO/],
    [{ READ_MODEL_CACHE: "false" }, /READ_MODEL_CACHE/],
    [{ FILE_STORE: "s3" }, /FILE_STORE must be "database" or "local"/],
    [{ PORTAL_CLOCK_START: "2026-11-26" }, /PORTAL_CLOCK_START must be an instant/],
    [{ PORTAL_CLOCK_START: "yesterday" }, /PORTAL_CLOCK_START must be an instant/],
    [
      { NODE_ENV: "production", TOKEN_SECRET: "p".repeat(48), PORTAL_CLOCK_START: "2026-11-26T04:30:00Z" },
      /cannot be set in production/,
    ],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig({ PORTAL_DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("reads the production settings", () => {
    const config = loadConfig({
      PORTAL_DATA_DIR: dataDir(),
      NODE_ENV: "production",
      TOKEN_SECRET: "s".repeat(40),
      SEED_DEMO: "false",
      TRUST_PROXY: "true",
      DATABASE_URL: "postgres://db.internal/portal",
    });
    expect(config).toMatchObject({ isProduction: true, seedDemo: false, trustProxy: true });
    expect(config.databaseUrl).toBe("postgres://db.internal/portal");
  });

  it("starts the clock at PORTAL_CLOCK_START when it is set, else keeps the real clock", () => {
    expect(loadConfig({ PORTAL_DATA_DIR: dataDir() }).clockStart).toBeNull();
    expect(
      loadConfig({ PORTAL_DATA_DIR: dataDir(), PORTAL_CLOCK_START: "2026-11-26T10:00:00+05:30" }).clockStart,
    ).toBe(Date.parse("2026-11-26T04:30:00Z"));
  });

  it("turns the read-model cache off with READ_MODEL_CACHE=off, in any case", () => {
    expect(loadConfig({ PORTAL_DATA_DIR: dataDir(), READ_MODEL_CACHE: "off" }).readModelCache).toBe(false);
    expect(loadConfig({ PORTAL_DATA_DIR: dataDir(), READ_MODEL_CACHE: " OFF " }).readModelCache).toBe(false);
    expect(loadConfig({ PORTAL_DATA_DIR: dataDir(), READ_MODEL_CACHE: "on" }).readModelCache).toBe(true);
  });
});

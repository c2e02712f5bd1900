import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { runContract } from "../contract/contract.ts";
import { ADMIN_EMAIL } from "./helpers.ts";

/**
 * The contract check (`pnpm contract-test`, tests/contract/) against the built portal with demo data.
 * It starts its own server (the built server file, as playwright.config.ts does, on the next port
 * with a fresh data directory) so that its sign-in never counts against the stories' sign-in limits.
 */
const port = Number(process.env.E2E_PORT ?? 4390) + 1;
const baseUrl = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), "portal-contract-"));
  server = spawn(process.execPath, ["../apps/portal/dist/server.mjs"], {
    stdio: "ignore",
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PORTAL_DATA_DIR: dataDir,
      DATABASE_URL: "",
      NODE_ENV: "development",
      SEED_DEMO: "true",
      PORTAL_CLOCK_START: "2026-11-26T04:30:00Z",
    },
  });
  await expect
    .poll(async () => (await fetch(`${baseUrl}/api/config`).catch(() => null))?.status, {
      message: "the contract server answers",
      timeout: 170_000,
      intervals: [500],
    })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("every read answers as openapi/ describes it, signed in and without credentials", async () => {
  test.setTimeout(120_000);
  const report = await runContract({ baseUrl, email: ADMIN_EMAIL });

  expect(report.failures.map((f) => [f.request, ...f.problems].join("\n  "))).toEqual([]);
  expect(report.skipped).toEqual([]);
  // Each read of the description was called both ways (and the two sign-in calls checked).
  const signedIn = new Set(report.checks.filter((c) => c.as === "signed-in").map((c) => c.operationId));
  const anonymous = new Set(report.checks.filter((c) => c.as === "anonymous").map((c) => c.operationId));
  expect(signedIn.size).toBeGreaterThan(60);
  expect(anonymous.size).toBeGreaterThan(signedIn.size);
});

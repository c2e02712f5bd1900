import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser stories in Debian's Chromium (/usr/bin/chromium, installed by scripts/ensure-chromium.sh;
 * no browser download). The portal is built beforehand (`pnpm build`) and its built server file
 * (apps/portal/dist/server.mjs) is started here on its own port with a fresh embedded database and
 * demo data, so the stories never touch a developer's data.
 */
const port = Number(process.env.E2E_PORT ?? 4390);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "portal-e2e-"));

export default defineConfig({
  testDir: "./e2e",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "../.test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
  },
  webServer: {
    // The built server file, as `pnpm start` runs it (`pnpm build` first).
    command: `"${process.execPath}" ../apps/portal/dist/server.mjs`,
    url: `http://127.0.0.1:${port}/api/config`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      PORTAL_DATA_DIR: dataDir,
      DATABASE_URL: "",
      NODE_ENV: "development",
      SEED_DEMO: "true",
      // The demo data is a fixed calendar (terms of 2025 to 2027, the Nov 2026 exam cycle); the
      // stories read it on a fixed day, so upcoming exams and deadlines do not depend on the run's date.
      PORTAL_CLOCK_START: "2026-11-26T04:30:00Z",
    },
  },
});

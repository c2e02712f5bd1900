import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * The consumer check's browser test (scripts/test-consumer.ts prepares CONSUMER_DIR: the fixture
 * installed from the tarballs and built). Serves its build with `vite preview` and the OpenAPI
 * description with Prism's mock, and drives it in Debian's Chromium with the stories' launch flags.
 */
const dir = process.env.CONSUMER_DIR;
if (!dir) throw new Error("CONSUMER_DIR is not set: run `pnpm test:consumer` from the repository root.");
const port = Number(process.env.CONSUMER_PORT ?? 4396);
const mockPort = Number(process.env.CONSUMER_MOCK_PORT ?? 4397);

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "../../.test-results/playwright-consumer.json" }]],
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
  webServer: [
    {
      // Static answers (examples, else values from each schema), the same on every run.
      command: `"${join(import.meta.dirname, "..", "node_modules", ".bin", "prism")}" mock --host 127.0.0.1 --port ${mockPort} ../../openapi/openapi.yaml`,
      url: `http://127.0.0.1:${mockPort}/config`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `"${process.execPath}" node_modules/vite/bin/vite.js preview`,
      cwd: dir,
      url: `http://127.0.0.1:${port}/`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { CONSUMER_PORT: String(port), CONSUMER_MOCK_PORT: String(mockPort) },
    },
  ],
});

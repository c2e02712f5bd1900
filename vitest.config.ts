import { defineConfig } from "vitest/config";
import { findTestPostgres } from "./scripts/local-postgres.ts";

// API tests run on the embedded database always, and on PostgreSQL too when one is at hand
// (DATABASE_URL, or the local server on 127.0.0.1:5432): the harness reads DATABASE_URL.
// (Vitest evaluates this file once per project: probe and say it once.)
if (process.env.PORTAL_TEST_DATABASES === undefined) {
  const postgres = await findTestPostgres();
  process.env.DATABASE_URL = postgres ?? "";
  process.env.PORTAL_TEST_DATABASES = postgres ? "pglite,postgres" : "pglite";
  console.log(
    postgres
      ? `API tests run on the embedded database and on PostgreSQL (${new URL(postgres).host}).`
      : "API tests run on the embedded database only (no PostgreSQL: set DATABASE_URL to add one).",
  );
}

/**
 * Unit and API tests, beside the code they test. Browser stories live in tests/ (Playwright).
 * API tests run on the embedded database (PGlite) and on PostgreSQL too when one is at hand
 * (scripts/local-postgres.ts).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"] } },
      { test: { name: "api-client", root: "packages/api-client", include: ["src/**/*.test.ts"] } },
      "packages/ui",
      "apps/portal",
      {
        // Whole-workspace checks (import graph, packed builds): seconds each on a busy machine.
        test: {
          name: "workspace",
          root: "tests",
          include: ["*.test.ts", "contract/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server",
          root: "packages/server",
          include: ["src/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One migrated, seeded database for the run; every API test starts from a copy of it.
          globalSetup: ["src/test/global-setup.ts"],
        },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

/**
 * Unit and API tests, beside the code they test. Browser stories live in tests/ (Playwright).
 * API tests run on the embedded database (PGlite) and, when DATABASE_URL is set, on PostgreSQL too.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"] } },
      { test: { name: "api-client", root: "packages/api-client", include: ["src/**/*.test.ts"] } },
      "packages/ui",
      "apps/portal",
      { test: { name: "workspace", root: "tests", include: ["*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "packages/server",
          include: ["src/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

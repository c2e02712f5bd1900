import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineProject } from "vitest/config";

// The screens import the compiled message catalogue; build it before any test file loads (in a
// child process: the compiler keeps handles open that would stop the test run from exiting).
execFileSync(process.execPath, [fileURLToPath(new URL("./scripts/compile-messages.mjs", import.meta.url))], {
  stdio: "ignore",
});

/**
 * Unit and component tests of the portal, beside the code they test: `*.test.ts` (rules, the Node
 * entry's helpers) and `*.test.tsx` (islands, rendered in jsdom).
 */
export default defineProject({
  plugins: [vanillaExtractPlugin()],
  test: {
    name: "portal",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "node/**/*.test.ts"],
    environment: "jsdom",
    // A screen test renders whole islands in jsdom (and some run axe): seconds each when the unit
    // run shares the machine with the API tests, so the 5 s default is too tight.
    testTimeout: 30_000,
    // jsdom's missing ResizeObserver, which the design system's popovers and menus observe.
    setupFiles: ["@portal/ui/test-setup"],
  },
});

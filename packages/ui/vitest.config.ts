import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [vanillaExtractPlugin()],
  test: {
    name: "ui",
    include: ["src/**/*.test.tsx"],
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
  },
});

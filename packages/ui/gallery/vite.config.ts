import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";

/** Builds the component gallery (gallery/index.html), used by the browser accessibility check. */
export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  plugins: [vanillaExtractPlugin()],
  logLevel: "warn",
  build: {
    rollupOptions: {
      // Ark UI's "use client" directives only matter to server-component bundlers.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});

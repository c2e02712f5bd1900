import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";

/**
 * Builds the component gallery (gallery/index.html, every component on one page) and the catalogue
 * (gallery/catalogue.html, every component in its states), used by the browser accessibility check
 * and by `pnpm --filter @portal/ui catalogue:build` (a static folder, catalogue-dist/).
 */
export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  plugins: [vanillaExtractPlugin()],
  logLevel: "warn",
  build: {
    rollupOptions: {
      input: {
        index: `${import.meta.dirname}/index.html`,
        catalogue: `${import.meta.dirname}/catalogue.html`,
      },
      // Ark UI's "use client" directives only matter to server-component bundlers.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});

import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";
import pkg from "./package.json" with { type: "json" };

/**
 * Build of the package for installation outside the workspace (`pnpm build`, then `pnpm pack`):
 * ESM JavaScript in dist/, one module per source module so an application's bundler keeps only
 * what it imports, and every vanilla-extract style in one stylesheet, dist/styles.css, that the
 * application imports once. Declarations come from scripts/build-declarations.ts.
 *
 * Dependencies and peer dependencies stay imports (the installing app resolves them); the
 * workspace's private `@portal/domain` is not one of them, so what the package uses of it (a few
 * constants) is bundled in.
 */
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    cssCodeSplit: false,
    copyPublicDir: false,
    lib: {
      entry: {
        index: "src/index.ts",
        "tokens/index": "src/tokens/index.ts",
        "tokens/themes.css": "src/tokens/themes.css.ts",
        "tokens/overrides": "src/tokens/overrides.ts",
      },
      formats: ["es"],
      cssFileName: "styles",
    },
    rolldownOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: {
        preserveModules: true,
        preserveModulesRoot: "src",
        // The bundled modules of @portal/domain go to dist/bundled/domain/, not dist/domain/src/.
        entryFileNames: (chunk) => `${chunk.name.replace(/^domain\/src\//, "bundled/domain/")}.js`,
      },
    },
  },
});

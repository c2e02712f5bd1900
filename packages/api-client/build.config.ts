import { defineConfig } from "vite";
import pkg from "./package.json" with { type: "json" };

/**
 * Build of the package for installation outside the workspace (`pnpm build`, then `pnpm pack`):
 * ESM JavaScript in dist/, one module per source module. Declarations come from
 * `tsc -p tsconfig.build.json` and scripts/finish-declarations.ts.
 *
 * Dependencies and peer dependencies stay imports (the installing app resolves them); the
 * workspace's private `@portal/domain` is not one of them, so what the package uses of it (the
 * request time-out) is bundled in.
 */
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];

export default defineConfig({
  build: {
    outDir: "dist",
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    lib: {
      entry: { index: "src/index.ts", "generated/schema": "src/generated/schema.ts" },
      formats: ["es"],
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

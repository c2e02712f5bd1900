/**
 * Size budget of the design system on the client. Builds small probe pages (gallery/budget/) the way
 * an application bundles them (tree-shaken, minified) and checks the gzip size of their JavaScript
 * (React DOM included, about 60 KB of it) and CSS against the budgets below. Exits 1 when a probe is
 * over budget. Usage (from packages/ui): `node scripts/size-budget.ts` (Node 24).
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { build } from "vite";

const here = resolve(import.meta.dirname, "..");

/** Budgets in KB (1000 bytes) after gzip. */
const budgets = [
  { probe: "button.tsx", js: 72, css: 3 },
  { probe: "list-screen.tsx", js: 130, css: 6 },
];

async function measure(probe: string): Promise<{ js: number; css: number }> {
  const outDir = await mkdtemp(join(tmpdir(), "portal-ui-size-"));
  try {
    await build({
      configFile: false,
      root: here,
      logLevel: "silent",
      plugins: [vanillaExtractPlugin()],
      build: {
        outDir,
        emptyOutDir: true,
        chunkSizeWarningLimit: 10_000,
        rollupOptions: { input: join(here, "gallery/budget", probe) },
      },
    });
    const files = await readdir(join(outDir, "assets"));
    const size = { js: 0, css: 0 };
    for (const file of files) {
      const bytes = gzipSync(await readFile(join(outDir, "assets", file))).length / 1000;
      if (file.endsWith(".js")) size.js += bytes;
      if (file.endsWith(".css")) size.css += bytes;
    }
    return size;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

let over = 0;
for (const budget of budgets) {
  const size = await measure(budget.probe);
  const ok = size.js <= budget.js && size.css <= budget.css;
  if (!ok) over += 1;
  console.log(
    `${ok ? "ok  " : "OVER"}  ${budget.probe}: js ${size.js.toFixed(1)} KB (budget ${budget.js}), css ${size.css.toFixed(1)} KB (budget ${budget.css})`,
  );
}
process.exitCode = over === 0 ? 0 : 1;

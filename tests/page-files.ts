import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const PAGES = fileURLToPath(new URL("../apps/portal/src/pages/", import.meta.url));

/**
 * The address of every page file of the portal (apps/portal/src/pages), sorted, with the path's ids
 * as their `[name]` segments: `/app/exam/retest/[id]` for `app/exam/retest/[id].astro`, `/app` for
 * `app/index.astro`. The root page (`index.astro`, which only sends the browser on) is left out. The
 * route walk (e2e/route-walk.spec.ts) and the first-load bench (bench/first-load.ts) read it.
 */
export function pageFileAddresses(dir: string = PAGES): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...pageFileAddresses(path));
    else if (entry.name.endsWith(".astro")) {
      const name = relative(PAGES, path)
        .replace(/\.astro$/, "")
        .replace(/(^|\/)index$/, "");
      if (name !== "") found.push(`/${name}`);
    }
  }
  return found.sort();
}

/**
 * Last step of a package build (packages/ui, packages/api-client): makes the declarations that
 * `tsc -p tsconfig.build.json` wrote into dist/ usable outside the workspace.
 *
 * - Relative specifiers keep the source's `.ts`/`.tsx` ending in emitted declarations; they are
 *   rewritten to `.js`, the built module beside each `.d.ts`, so every `moduleResolution` finds them.
 * - `@portal/domain` is private to the workspace: the JavaScript build bundles what a package uses
 *   of it, but a declaration naming it could not be resolved by an installing app. Such a
 *   declaration stops the build with the file named (export the type from the package itself).
 *
 * Usage: `node ../../scripts/finish-declarations.ts dist` from the package folder. Exits 1 on a
 * declaration that names `@portal/domain`.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";

const dist = process.argv[2] ?? "dist";
const relativeSpecifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']*?)\.tsx?\2/g;
const offenders: string[] = [];
let count = 0;

for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
  const file = join(entry.parentPath, entry.name);
  const text = await readFile(file, "utf8");
  if (/["']@portal\/domain["'/]/.test(text)) offenders.push(relative(dist, file));
  const rewritten = text.replace(relativeSpecifier, "$1$2$3.js$2");
  if (rewritten !== text) await writeFile(file, rewritten);
  count += 1;
}

if (offenders.length > 0) {
  console.error(
    `These declarations name the workspace-private @portal/domain, which an installing app cannot resolve:\n  ${offenders.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(`${count} declarations in ${dist}/ point at built modules.`);

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyRuntimeEdits, RENDER_ONCE_EDITS } from "./astro-render-once.ts";

const require = createRequire(import.meta.url);
/** A file of the installed astro or @astrojs/react, as the build reads it. */
function installed(pkg: string, file: string): { id: string; code: string } {
  const root = path.dirname(require.resolve(`${pkg}/package.json`));
  const id = path.join(root, file);
  return { id, code: readFileSync(id, "utf8") };
}

describe("astroRenderOnce", () => {
  it.each([
    ["astro", "dist/core/encryption.js"],
    ["astro", "dist/runtime/server/render/component.js"],
    ["astro", "dist/runtime/server/hydration.js"],
    ["@astrojs/react", "dist/server.js"],
  ])("applies every edit of %s/%s to the installed version", (pkg, file) => {
    const { id, code } = installed(pkg, file);
    const out = applyRuntimeEdits(code, id, RENDER_ONCE_EDITS);
    expect(out).not.toBeNull();
    for (const edit of RENDER_ONCE_EDITS.filter((e) => e.file.test(id))) expect(out).toContain(edit.to);
  });

  it("leaves other files alone and refuses a changed source", () => {
    expect(applyRuntimeEdits("const a = 1;", "/x/node_modules/react/index.js", RENDER_ONCE_EDITS)).toBeNull();
    expect(() =>
      applyRuntimeEdits("// changed", "/x/node_modules/astro/dist/core/encryption.js", RENDER_ONCE_EDITS),
    ).toThrow(/changed/);
  });
});

import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, runtimeImports } from "./import-graph.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const src = path.join(root, "packages/server/src");

/** The source folders of every package and app of the workspace. */
const SOURCES = [
  "packages/domain/src",
  "packages/ui/src",
  "packages/api-client/src",
  "packages/server/src",
  "apps/portal/src",
  "apps/portal/node",
];

describe("run-time imports of the workspace", () => {
  it.each(SOURCES)(
    "form no cycle in %s: no two files import each other, directly or around a loop",
    (folder) => {
      const dir = path.join(root, folder);
      const graph = importGraph(dir);
      expect(graph.size).toBeGreaterThan(10);
      const cycles = importCycles(graph).map((files) => files.map((f) => path.relative(dir, f)));
      expect(cycles).toEqual([]);
    },
  );

  it("leave type-only imports out and keep value, re-export and dynamic imports", () => {
    const file = path.join(src, "probe.ts");
    const text = [
      'import type { A } from "./a.ts";',
      'export type { B } from "./b.ts";',
      'import { type C } from "./c.ts";',
      'import { d } from "./d.ts";',
      'export { e } from "./e.ts";',
      'const f = await import("./f.ts");',
      'import { z } from "zod";',
    ].join("\n");
    expect(runtimeImports(file, text).map((f) => path.relative(src, f))).toEqual([
      "c.ts",
      "d.ts",
      "e.ts",
      "f.ts",
    ]);
  });

  it("finds a two-file cycle and a longer loop, and nothing in a chain", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["a"]],
      ["c", ["d"]],
      ["d", ["e"]],
      ["e", ["c"]],
      ["f", ["g"]],
      ["g", []],
    ]);
    expect(importCycles(graph).sort()).toEqual([
      ["a", "b"],
      ["c", "d", "e"],
    ]);
  });
});

import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importGraph } from "./test/import-graph.ts";

const src = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server's areas: the top folders that hold one part of the product. Each names what others may
 * use of it in its `public.ts`; every other file of an area is its own. The remaining top folders
 * and files (http, db, mail, files, audit.ts, context.ts, config.ts) are the shared infrastructure
 * every area may import.
 */
const AREAS = ["auth", "exam", "grading", "import", "planning", "revaluation", "scheduling"];

/**
 * Files allowed to reach into any area: the composition root (app.ts mounts each area's routes,
 * index.ts builds the portal's API), the demo data and the command-line tools, which load and
 * measure whole areas, the test harness, and tests.
 */
function mayReachInto(relativeFile: string): boolean {
  const top = relativeFile.split(path.sep)[0] ?? "";
  return (
    relativeFile === "app.ts" ||
    relativeFile === "index.ts" ||
    ["demo", "cli", "test"].includes(top) ||
    relativeFile.endsWith(".test.ts")
  );
}

/** The area of a file (its top folder when that is an area), or null for shared infrastructure. */
function areaOf(relativeFile: string): string | null {
  const top = relativeFile.split(path.sep)[0] ?? "";
  return AREAS.includes(top) && relativeFile.includes(path.sep) ? top : null;
}

/** The run-time imports of `graph` that cross into another area anywhere but its public.ts. */
function crossAreaViolations(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = path.relative(src, file);
    if (mayReachInto(from)) continue;
    for (const target of targets) {
      const to = path.relative(src, target);
      const area = areaOf(to);
      if (area === null || area === areaOf(from) || to === path.join(area, "public.ts")) continue;
      found.push(`${from} -> ${to}`);
    }
  }
  return found.sort();
}

describe("imports between the server's areas", () => {
  it("go through the imported area's public.ts", () => {
    expect(crossAreaViolations(importGraph(src))).toEqual([]);
  });

  it("are refused when they reach a module behind an area's public.ts", () => {
    const at = (file: string) => path.join(src, file);
    const graph = new Map([
      [
        at("revaluation/requests.ts"),
        [at("grading/setup.ts"), at("grading/public.ts"), at("http/errors.ts")],
      ],
      [at("exam/seating/seating.ts"), [at("exam/schedule/periods.ts")]],
      [at("http/csrf.ts"), [at("auth/cookies.ts")]],
      [at("demo/seed.ts"), [at("grading/setup.ts")]],
    ]);
    expect(crossAreaViolations(graph)).toEqual([
      path.join("http/csrf.ts -> auth/cookies.ts"),
      path.join("revaluation/requests.ts -> grading/setup.ts"),
    ]);
  });
});

import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The one-way dependency rule of the architecture (README, docs/architecture.md "Packages and the one-way
 * rule") is enforced by Biome's noRestrictedImports in biome.json. Each row lints a one-line module as if it
 * stood at `path`.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const biome = `${root}node_modules/.bin/biome`;

function lintAs(path: string, source: string): { ok: boolean; output: string } {
  // Biome reports no diagnostics for stdin input, so the probe is a real (short-lived) file.
  const file = path.replace(/\.ts$/, `.${process.pid}.${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(`${root}${file}`, source);
  try {
    const run = spawnSync(biome, ["lint", file], { cwd: root, encoding: "utf8" });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(`${root}${file}`, { force: true });
  }
}

describe.each([
  ["packages/domain/src/probe.ts", "@portal/ui", false],
  ["packages/domain/src/probe.ts", "@portal/server", false],
  ["packages/ui/src/probe.ts", "@portal/api-client", false],
  ["packages/ui/src/probe.ts", "@portal/server", false],
  ["packages/ui/src/probe.ts", "@portal/domain", true],
  ["packages/api-client/src/probe.ts", "@portal/ui", false],
  ["packages/api-client/src/probe.ts", "@portal/domain", true],
  ["packages/server/src/probe.ts", "@portal/ui", false],
  ["packages/server/src/probe.ts", "@portal/api-client", false],
  ["packages/server/src/probe.ts", "@portal/domain", true],
  ["apps/portal/src/probe.ts", "@portal/server", true],
  // Inside the server, an area uses another only through its public.ts (packages/server/README.md).
  ["packages/server/src/revaluation/probe.ts", "../grading/setup.ts", false],
  ["packages/server/src/revaluation/probe.ts", "../grading/public.ts", true],
  ["packages/server/src/exam/seating/probe.ts", "../../scheduling/bookings.ts", false],
  ["packages/server/src/exam/seating/probe.ts", "../schedule/periods.ts", true],
  ["packages/server/src/http/probe.ts", "../auth/cookies.ts", false],
  ["packages/server/src/http/probe.ts", "../auth/public.ts", true],
  ["packages/server/src/demo/probe.ts", "../grading/setup.ts", true],
])("%s importing %s", (path, specifier, allowed) => {
  it(allowed ? "passes lint" : "fails lint", () => {
    const result = lintAs(path, `import * as probe from "${specifier}";\nexport const used = probe;\n`);
    expect(result.ok, result.output).toBe(allowed);
    if (!allowed) expect(result.output).toContain("noRestrictedImports");
  });
});

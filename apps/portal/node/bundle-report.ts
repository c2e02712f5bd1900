import { appendFileSync } from "node:fs";

type ReportedChunk = {
  type: "chunk" | "asset";
  fileName: string;
  modules?: Record<string, { renderedLength: number }>;
};

/**
 * A build report of the browser's JavaScript (docs/performance.md, "page JavaScript"): with
 * `PORTAL_BUNDLE_REPORT=<file>` set, each build appends one JSON line per chunk to that file,
 * `{ "chunk": file name, "bytes": rendered bytes, "modules": [[module id, rendered bytes], …] }`
 * (largest first), so the modules behind a chunk `page-js.ts` names can be weighed. Without the
 * variable it does nothing.
 */
export function bundleReport() {
  const target = process.env.PORTAL_BUNDLE_REPORT;
  return {
    name: "portal-bundle-report",
    apply: "build" as const,
    generateBundle(_options: unknown, bundle: Record<string, ReportedChunk>) {
      if (!target) return;
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules = Object.entries(output.modules ?? {})
          .map(
            ([id, module]) =>
              [
                id.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, ""),
                module.renderedLength,
              ] as const,
          )
          .filter(([, bytes]) => bytes > 0)
          .sort((a, b) => b[1] - a[1]);
        const bytes = modules.reduce((sum, [, size]) => sum + size, 0);
        appendFileSync(target, `${JSON.stringify({ chunk: output.fileName, bytes, modules })}\n`);
      }
    },
  };
}

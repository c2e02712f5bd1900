import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

/**
 * Packages left outside the bundle, loaded by Node from node_modules at run time: PGlite finds its
 * WebAssembly and data files beside its own module, and pg's optional native binding is not
 * installed (pg falls back to JavaScript when the import fails).
 */
export const SERVER_EXTERNALS: readonly string[] = ["@electric-sql/pglite", "pg-native"];

/**
 * Keeps `import.meta.url` of every bundled source file of the workspace (not of node_modules) the
 * address of that file, written relative to the bundle: whatever the server reads beside its own
 * code (the migrations folder, the sheet parser's worker script, the repository root it searches
 * from) is then found where it lies in the repository, as when run from source.
 */
function sourceUrlsOf(workspaceRoot: string, outDir: string): Plugin {
  const inWorkspace = (file: string) =>
    file.startsWith(workspaceRoot + path.sep) && !file.split(path.sep).includes("node_modules");
  return {
    name: "portal-source-urls",
    setup(b) {
      b.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
        if (!inWorkspace(args.path)) return undefined;
        const source = await readFile(args.path, "utf8");
        if (!source.includes("import.meta.url")) return undefined;
        const relative = path.relative(outDir, args.path).split(path.sep).join("/");
        const loader = (path.extname(args.path).slice(1).replace(/^m/, "") || "js") as "ts" | "tsx" | "js";
        return {
          contents: source.replaceAll(
            "import.meta.url",
            `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
          ),
          loader,
        };
      });
    },
  };
}

/**
 * Builds the portal's Node entry `entry` (server.ts with its node/ modules and the API of
 * @portal/server and their packages) into one ESM file `outfile`, which `pnpm start` runs with
 * plain `node`: no TypeScript loader, no module resolution at run time beyond Node's own. Packages
 * in {@link SERVER_EXTERNALS} stay imports. The Astro page handler (dist/server/entry.mjs) is
 * imported by path at run time, as from source. CommonJS packages get a `require` made by
 * `createRequire`. Resolves with the output's size in bytes; throws (esbuild's errors) when the
 * entry does not bundle.
 */
export async function bundleServer(options: {
  entry: string;
  outfile: string;
  workspaceRoot: string;
}): Promise<number> {
  const outDir = path.dirname(options.outfile);
  const result = await build({
    entryPoints: [options.entry],
    outfile: options.outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    external: [...SERVER_EXTERNALS],
    // Some packages (pg, nodemailer, compression) are CommonJS and `require` Node's modules.
    banner: {
      js: 'import { createRequire as __portalCreateRequire } from "node:module"; const require = __portalCreateRequire(import.meta.url);',
    },
    // Bundled code reads NODE_ENV when it runs, as from source.
    define: {},
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
    plugins: [sourceUrlsOf(path.resolve(options.workspaceRoot), path.resolve(outDir))],
  });
  const output = result.metafile.outputs[path.relative(process.cwd(), options.outfile)];
  return output?.bytes ?? 0;
}

/** The address of the built server file for `node` (a file URL). */
export function bundleUrl(outfile: string): string {
  return pathToFileURL(outfile).href;
}

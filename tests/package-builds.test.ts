import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { pnpmCommand } from "../scripts/pack-packages.ts";

/**
 * The built packages match their source (docs/architecture.md "Built packages"): for every entry of
 * `publishConfig.exports` (what an install sees), the built JavaScript exports exactly the values
 * the source entry exports, its declarations exactly the names (values and types), and the build
 * imports no package an install would not have. A package whose dist/ is missing or older than its
 * source is built first (`pnpm build` in the package).
 */
const root = resolve(import.meta.dirname, "..");

type Manifest = {
  exports: Record<string, string>;
  publishConfig: { exports: Record<string, string | { types: string; default: string }> };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** Every file under `dir` (absolute paths). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** True when dist/ is missing or some source or build setting changed after it was built. */
function isStale(dir: string): boolean {
  const built = join(dir, "dist", "index.js");
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const inputs = [...filesUnder(join(dir, "src")), join(dir, "package.json"), join(dir, "build.config.ts")];
  return inputs.some((file) => statSync(file).mtimeMs > builtAt);
}

/** Names a module exports, from the type checker: all of them, or only values (what runs). */
function exportedNames(
  files: string[],
  options: ts.CompilerOptions,
): Map<string, { all: string[]; values: string[] }> {
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const names = new Map<string, { all: string[]; values: string[] }>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${file} is not a module`);
    const symbols = checker.getExportsOfModule(moduleSymbol);
    const isValue = (symbol: ts.Symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const typeOnly = symbol.declarations?.some((d) => ts.isTypeOnlyImportOrExportDeclaration(d)) ?? false;
      return !typeOnly && (target.flags & ts.SymbolFlags.Value) !== 0;
    };
    names.set(file, {
      all: symbols.map((s) => s.name).sort(),
      values: symbols
        .filter(isValue)
        .map((s) => s.name)
        .sort(),
    });
  }
  return names;
}

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  strict: true,
};

describe.each([["ui"], ["api-client"]])("packages/%s", (folder) => {
  const dir = join(root, "packages", folder);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
  const entries = Object.entries(manifest.publishConfig.exports).flatMap(([key, target]) =>
    typeof target === "string" || key === "./package.json"
      ? []
      : [{ key, ...target, source: manifest.exports[key] }],
  );

  beforeAll(() => {
    if (!isStale(dir)) return;
    const pnpm = pnpmCommand();
    execFileSync(pnpm.command, [...pnpm.args, "run", "build"], { cwd: dir, stdio: "inherit" });
  }, 300_000);

  it("publishes every source entry point (except test helpers) and nothing else", () => {
    const sourceKeys = Object.keys(manifest.exports).filter((key) => key !== "./test-setup");
    expect(entries.map((e) => e.key).sort()).toEqual(sourceKeys.sort());
    for (const entry of entries) expect(entry.source, entry.key).toMatch(/^\.\/src\//);
  });

  it("has declarations and JavaScript for every entry, exporting what the source exports", async () => {
    const sources = entries.map((e) => join(dir, e.source!));
    const declarations = entries.map((e) => join(dir, e.types));
    for (const file of [...declarations, ...entries.map((e) => join(dir, e.default))]) {
      expect(existsSync(file), file).toBe(true);
    }
    const fromSource = exportedNames(sources, compilerOptions);
    const fromDeclarations = exportedNames(declarations, compilerOptions);
    for (const [i, entry] of entries.entries()) {
      const expected = fromSource.get(sources[i]!)!;
      expect(fromDeclarations.get(declarations[i]!)!.all, `${entry.key} declarations`).toEqual(expected.all);
      const built = await import(join(dir, entry.default));
      expect(Object.keys(built).sort(), `${entry.key} JavaScript`).toEqual(expected.values);
    }
  }, 120_000);

  it("imports only its dependencies and peers: nothing of the workspace, no source file", () => {
    const allowed = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ];
    const files = filesUnder(join(dir, "dist")).filter((f) => /\.(js|d\.ts)$/.test(f));
    const bare = new Set<string>();
    for (const file of files) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      for (const { fileName: specifier } of importedFiles) {
        if (specifier.startsWith(".")) {
          expect(specifier, `${file} imports ${specifier}`).not.toMatch(/\.tsx?$/);
          expect(specifier, `${file} imports ${specifier}`).not.toMatch(/\/src\//);
        } else bare.add(specifier);
      }
    }
    const outside = [...bare].filter(
      (s) => !allowed.some((name) => s === name || s.startsWith(`${name}/`)) && !s.startsWith("node:"),
    );
    expect(outside).toEqual([]);
    expect([...bare].some((s) => s.startsWith("@portal/"))).toBe(false);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * A package's module graph as run-time imports see it: every `.ts` and `.tsx` file under a folder and the
 * files it imports by a relative specifier. A type-only import (`import type`, `export type ... from`)
 * is left out, since it is erased before the code runs; an import whose every name is marked `type`
 * stays in, because with `verbatimModuleSyntax` it is kept as `import {} from`, which still loads the
 * module. Dynamic `import("./x.ts")` calls with a literal specifier count as imports too.
 */
export type ImportGraph = Map<string, string[]>;

/** Folders never walked: installed packages and what tools generate (API types, messages, builds). */
const SKIPPED_FOLDERS = new Set(["node_modules", "generated", "paraglide", "dist", ".astro"]);

/** Every `.ts` and `.tsx` file under `dir` (absolute paths), `node_modules` and generated output left out. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : tsFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The relative specifiers `file` imports at run time, resolved to absolute paths. */
export function runtimeImports(file: string, text = readFileSync(file, "utf8")): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((s) => s.startsWith(".")).map((s) => path.resolve(path.dirname(file), s));
}

/** The run-time import graph of every `.ts` and `.tsx` file under `dir` (absolute paths). */
export function importGraph(dir: string): ImportGraph {
  return new Map(tsFiles(dir).map((file) => [file, runtimeImports(file)]));
}

/**
 * The import cycles of `graph`: each strongly connected component of more than one file, or a file
 * that imports itself, as its files in sorted order (Tarjan's algorithm, iterative over the files).
 */
export function importCycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      component.push(top);
      if (top === file) break;
    }
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return cycles;
}

/**
 * Writes src/auth/operation-roles.generated.ts from the `x-roles` of openapi/*.yaml (run by
 * `pnpm gen`, so `pnpm build`, `pnpm typecheck` and `pnpm test:unit` regenerate it). Fails, naming
 * the operation, when an operation declares no valid `x-roles`.
 *
 *   tsx src/cli/gen-operation-roles.ts           write the file
 *   tsx src/cli/gen-operation-roles.ts --check   exit 1 when the file is out of date
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { generatedOperationRoles } from "../auth/roles-description.ts";

const target = fileURLToPath(new URL("../auth/operation-roles.generated.ts", import.meta.url));

async function main(): Promise<void> {
  const text = await generatedOperationRoles();
  const current = await readFile(target, "utf8").catch(() => "");
  if (process.argv.includes("--check")) {
    if (current !== text) {
      console.error(`${target} is out of date: run pnpm gen`);
      process.exitCode = 1;
    }
    return;
  }
  if (current !== text) await writeFile(target, text);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});

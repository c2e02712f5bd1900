/**
 * Reads the repository's OpenAPI description (bundled and dereferenced with @redocly/openapi-core,
 * as the contract tests do) for the role table generator and its tests. Not imported by the server
 * at run time.
 */
import path from "node:path";
import { bundle, createConfig } from "@redocly/openapi-core";
import { findRepoRoot } from "../config.ts";
import { type DescriptionPaths, operationRoleTable, renderOperationRoles } from "./roles-table.ts";

/** The bundled description of openapi/openapi.yaml; throws on bundling errors. */
export async function loadDescription(): Promise<DescriptionPaths> {
  const ref = path.join(findRepoRoot(), "openapi", "openapi.yaml");
  const result = await bundle({ ref, config: await createConfig({}), dereference: true });
  const problems = result.problems.filter((p) => p.severity === "error");
  if (problems.length > 0) throw new Error(`openapi bundle: ${problems.map((p) => p.message).join("; ")}`);
  return result.bundle.parsed as DescriptionPaths;
}

/** The text operation-roles.generated.ts must have for the current description. */
export async function generatedOperationRoles(): Promise<string> {
  return renderOperationRoles(operationRoleTable(await loadDescription()));
}

/**
 * The OpenAPI description as the contract check reads it: openapi/openapi.yaml bundled and
 * dereferenced with @redocly/openapi-core (it follows the area files' `$ref`s), its operations, and a
 * checker of one answer against the operation's documented responses with Ajv (JSON Schema 2020-12,
 * the dialect of OpenAPI 3.1) and ajv-formats (uuid, date, date-time, email, ...).
 */
import { fileURLToPath } from "node:url";
import { bundle, createConfig } from "@redocly/openapi-core";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsImport from "ajv-formats";

type Schema = Record<string, unknown>;
type MediaObject = { schema?: Schema };
type ResponseObject = { content?: Record<string, MediaObject> };
type ParameterObject = { name: string; in: string; required?: boolean; schema?: Schema };

/** One operation of the description. */
export type Operation = {
  operationId: string;
  /** Lower-case method, e.g. `get`. */
  method: string;
  /** Path template relative to the API base, e.g. `/sf/exam/questionPaper/{id}`. */
  template: string;
  /** `x-roles`: `public`, `routed`, or the role names (empty: any signed-in user). */
  roles: "public" | "routed" | string[];
  parameters: ParameterObject[];
  responses: Record<string, ResponseObject>;
};

/** The description's operations and the checker of answers. */
export type Description = {
  operations: Operation[];
  byId: ReadonlyMap<string, Operation>;
  /**
   * The problems of one answer of `operation` (empty when it is documented and valid): an
   * undocumented status, an undocumented content type, or a JSON body that does not match the schema.
   */
  check(operation: Operation, status: number, contentType: string | null, body: unknown): string[];
};

/** The repository's description (tests/contract/ → openapi/openapi.yaml). */
export const REPOSITORY_DESCRIPTION = fileURLToPath(new URL("../../openapi/openapi.yaml", import.meta.url));

const METHODS = ["get", "put", "post", "patch", "delete"] as const;

// ajv-formats is CommonJS with a default export; under Node's ESM loader it arrives as the module object.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ??
  addFormatsImport) as unknown as (ajv: Ajv2020) => Ajv2020;

/** Loads, bundles and dereferences the description at `ref` (a file path or URL). */
export async function loadDescription(ref = REPOSITORY_DESCRIPTION): Promise<Description> {
  const result = await bundle({ ref, config: await createConfig({}), dereference: true });
  const errors = result.problems.filter((p) => p.severity === "error");
  if (errors.length > 0)
    throw new Error(`The description does not bundle: ${errors.map((p) => p.message).join("; ")}`);
  const doc = result.bundle.parsed as {
    paths: Record<string, Record<string, unknown> & { parameters?: ParameterObject[] }>;
  };

  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as
        | {
            operationId: string;
            "x-roles"?: Operation["roles"];
            parameters?: ParameterObject[];
            responses?: Record<string, ResponseObject>;
          }
        | undefined;
      if (!op) continue;
      operations.push({
        operationId: op.operationId,
        method,
        template,
        roles: op["x-roles"] ?? [],
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])],
        responses: op.responses ?? {},
      });
    }
  }

  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  const compiled = new WeakMap<object, ValidateFunction>();

  return {
    operations,
    byId: new Map(operations.map((op) => [op.operationId, op])),
    check(operation, status, contentType, body) {
      const name = `${operation.method.toUpperCase()} ${operation.template} ${status}`;
      const response = operation.responses[String(status)] ?? operation.responses.default;
      if (!response) {
        const documented = Object.keys(operation.responses).join(", ");
        return [`${name}: undocumented status (documented: ${documented})`];
      }
      if (!response.content) return [];
      const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      const media = response.content[type];
      if (!media) {
        const documented = Object.keys(response.content).join(", ");
        return [`${name}: undocumented content type "${type}" (documented: ${documented})`];
      }
      if (!type.includes("json") || !media.schema) return [];
      let validate = compiled.get(media.schema);
      if (!validate) {
        validate = ajv.compile(media.schema);
        compiled.set(media.schema, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).slice(0, 5).map((e) => `${name}: body${e.instancePath} ${e.message}`);
    },
  };
}

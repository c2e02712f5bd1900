/**
 * Test helper: validates API answers against openapi/openapi.yaml. The description is bundled and
 * dereferenced with @redocly/openapi-core; a JSON body is checked against the response schema of the
 * matched operation and status with Ajv (JSON Schema 2020-12). An undocumented path, method or
 * status is an error.
 */
import path from "node:path";
import { bundle, createConfig } from "@redocly/openapi-core";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { findRepoRoot } from "../config.ts";

type JsonObject = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: JsonObject }> }> };

export type OpenApiValidator = {
  /**
   * Throws when the answer is not described: `method` and `pathname` (with /api and query) of the
   * request, the status, content type and parsed body (JSON, or null for other types).
   */
  check(method: string, url: string, status: number, contentType: string | null, body: unknown): void;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let cached: Promise<OpenApiValidator> | undefined;

/** The validator of the repository's description (bundled once per test process). */
export function loadOpenApiValidator(): Promise<OpenApiValidator> {
  cached ??= build();
  return cached;
}

async function build(): Promise<OpenApiValidator> {
  const ref = path.join(findRepoRoot(), "openapi", "openapi.yaml");
  const result = await bundle({ ref, config: await createConfig({}), dereference: true });
  const problems = result.problems.filter((p) => p.severity === "error");
  if (problems.length > 0) throw new Error(`openapi bundle: ${problems.map((p) => p.message).join("; ")}`);
  const doc = result.bundle.parsed as { paths: Record<string, Record<string, Operation>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat("uuid", UUID);
  ajv.addFormat("date", (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)));
  ajv.addFormat("date-time", (v: string) => !Number.isNaN(Date.parse(v)) && /T/.test(v));
  const compiled = new WeakMap<object, ValidateFunction>();

  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    literal: !template.includes("{"),
    regex: new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, "[^/]+")}$`,
    ),
  }));

  const match = (pathname: string) =>
    templates.find((t) => t.literal && t.template === pathname) ??
    templates.find((t) => t.regex.test(pathname));

  return {
    check(method, url, status, contentType, body) {
      const parsed = new URL(url, "http://localhost");
      let pathname = parsed.pathname.replace(/^\/api(?=\/)/, "");
      // The legacy form answers exactly as the routed operation (openapi: legacySalesforce).
      if (pathname === "/salesforce" && parsed.searchParams.get("endpoint") && status !== 404) {
        pathname = `/salesforce/${parsed.searchParams.get("endpoint")}`;
      }
      const entry = match(pathname);
      if (!entry) throw new Error(`undocumented path ${pathname}`);
      const operation = doc.paths[entry.template]?.[method.toLowerCase()];
      if (!operation) throw new Error(`undocumented method ${method} ${entry.template}`);
      const response = operation.responses?.[String(status)] ?? operation.responses?.default;
      if (!response) throw new Error(`undocumented status ${status} for ${method} ${entry.template}`);
      if (!response.content) return;
      const type = (contentType ?? "").split(";")[0]?.trim() ?? "";
      const media = response.content[type];
      if (!media) {
        throw new Error(`undocumented content type "${type}" for ${status} ${method} ${entry.template}`);
      }
      if (!type.includes("json") || !media.schema) return;
      let validate = compiled.get(media.schema);
      if (!validate) {
        validate = ajv.compile(media.schema);
        compiled.set(media.schema, validate);
      }
      if (!validate(body)) {
        throw new Error(
          `${status} ${method} ${entry.template} does not match the description: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
        );
      }
    },
  };
}

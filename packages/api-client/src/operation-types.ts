import type { operations } from "./generated/schema.ts";

/** The JSON answer of an OpenAPI operation for one status (200 unless given). */
export type JsonAnswer<
  Op extends keyof operations,
  Status extends number = 200,
> = operations[Op]["responses"] extends {
  [S in Status]: { content: { "application/json": infer Body } };
}
  ? Body
  : never;

/** The JSON request body of an OpenAPI operation (never when it takes none). */
export type JsonBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : never;

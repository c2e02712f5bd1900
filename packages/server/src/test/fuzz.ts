/**
 * Test helper for the API fuzz test (fuzz.test.ts): the operations of openapi/openapi.yaml (bundled
 * and dereferenced with @redocly/openapi-core, as openapi.ts does), a plausible sample value for a
 * JSON schema, the hostile request cases of one operation (drawn with a seeded generator, so every
 * run sends the same requests), and a fingerprint of every table.
 */
import path from "node:path";
import { bundle, createConfig } from "@redocly/openapi-core";
import { sql } from "drizzle-orm";
import { findRepoRoot } from "../config.ts";
import type { Executor } from "../db/client.ts";
import type { Random } from "../demo/random.ts";

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
};
type Parameter = {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
};

/** One operation of the description: method, path template, parameters and JSON body schema. */
export type Operation = {
  method: string;
  template: string;
  parameters: Parameter[];
  body?: Schema;
};

/** The operations of the repository's description, in its order. */
export async function loadOperations(): Promise<Operation[]> {
  const ref = path.join(findRepoRoot(), "openapi", "openapi.yaml");
  const result = await bundle({ ref, config: await createConfig({}), dereference: true });
  const doc = result.bundle.parsed as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
      > & { parameters?: Parameter[] }
    >;
  };
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method];
      if (!op) continue;
      const body = op.requestBody?.content?.["application/json"]?.schema;
      operations.push({
        method: method.toUpperCase(),
        template,
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])],
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}

/** A random UUID drawn from `rng` (version 4 layout). */
export function randomUuid(rng: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${rng.pick(["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`;
}

const firstType = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type);

/** A value of the shape `schema` describes (required properties, one array item), with made-up ids. */
export function sampleValue(schema: Schema | undefined, rng: Random, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return sampleValue(variant, rng, depth + 1);
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((s) => sampleValue(s, rng, depth + 1) as object));
  }
  switch (firstType(schema) ?? (schema.properties ? "object" : undefined)) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng.next() < 0.5) out[key] = sampleValue(prop, rng, depth + 1);
      }
      return out;
    }
    case "array":
      return [sampleValue(schema.items, rng, depth + 1)];
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return true;
    case "string":
      if (schema.format === "uuid") return randomUuid(rng);
      if (schema.format === "date") return "2026-11-16";
      if (schema.format === "date-time") return "2026-11-16T09:00:00Z";
      if (schema.format === "email") return "someone@university.example";
      return "sample";
    default:
      return null;
  }
}

/** One hostile request: what it is (printed on failure), the URL and the raw body and headers. */
export type FuzzCase = {
  name: string;
  method: string;
  url: string;
  body?: string;
  contentType?: string;
};

/** Path-parameter values: traversal, control and malformed encodings, odd numbers, a long value. */
const PATH_VALUES = [
  "..%2F..%2Fetc%2Fpasswd",
  "..%2F..%2F..%2F..%2Fetc%2Fpasswd%00.json",
  "%2e%2e%2f%2e%2e%2f",
  "%00",
  "%ED%A0%80",
  "%E0%A4",
  "-1",
  "1e309",
  "NaN",
  "'%20or%201%3D1--",
  "x".repeat(4096),
];

/** Query values: wrong types, control characters, encodings, traversal, a long value, injection. */
const QUERY_VALUES = [
  "",
  "abc",
  "-1",
  "0",
  "1e309",
  "99999999999999999999999",
  "%00",
  "%ED%A0%80",
  "%FF",
  "..%2F..%2Fetc%2Fpasswd",
  "'%20or%201%3D1--",
  "%25",
  "y".repeat(8192),
];

/** Replacement values of the wrong type for a property of type `type`. */
function wrongTypes(type: string | undefined): unknown[] {
  const all: Record<string, unknown[]> = {
    string: [42, { a: 1 }, ["x"], true],
    integer: ["1", 1.5, -1, 1e308, { a: 1 }],
    number: ["1", { a: 1 }, [1]],
    boolean: ["true", 1, {}],
    array: [{ 0: "x" }, "x", 1],
    object: [["x"], "x", 1],
  };
  return [null, ...(all[type ?? ""] ?? ["x", 1, {}])];
}

/** A copy of `value` with the string at `key` (or a new key) set to `text`, as raw JSON with escapes kept. */
function withString(base: unknown, key: string | undefined, escaped: string): string {
  const marker = "__FUZZ_MARKER__";
  const copy = isObject(base)
    ? { ...base, [key ?? "extra"]: marker }
    : Array.isArray(base) && isObject(base[0])
      ? [{ ...base[0], [key ?? "extra"]: marker }]
      : marker;
  return JSON.stringify(copy).replace(`"${marker}"`, `"${escaped}"`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The object schema whose properties a body case edits: the body's own, or its array's items'. */
function objectSchemaOf(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  const s = schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema;
  if (firstType(s) === "array") return objectSchemaOf(s.items);
  return s.properties ? s : undefined;
}

/** Applies `edit` to the object the body's properties live in (the body, or its first item). */
function editTarget(sample: unknown, edit: (o: Record<string, unknown>) => void): unknown {
  const copy = structuredClone(sample);
  const target = isObject(copy) ? copy : Array.isArray(copy) && isObject(copy[0]) ? copy[0] : null;
  if (target) edit(target);
  return copy;
}

/** The big bodies, made once: a ~100 KB string field and a ~2 MB body. */
const HUNDRED_KB = "z".repeat(100 * 1024);
const TWO_MB = JSON.stringify({ pad: "w".repeat(2 * 1024 * 1024) });
const DEEP = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;

/**
 * The hostile cases of `op`: the path with sampled (or hostile) parameters, hostile query values,
 * and for operations with a JSON body: no body, wrong top-level types, each of a few required fields
 * missing, extra fields (including `__proto__`), wrong-typed fields, NUL and lone surrogates, a
 * 100 KB string, a 2 MB body, malformed and deeply nested JSON and wrong content types; for every
 * path also OPTIONS and DELETE. `perField` bounds how many properties get field-level cases.
 */
export function fuzzCases(op: Operation, rng: Random, perField = 3): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const fill = (override?: { name: string; raw: string }) =>
    `/api${op.template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
      override?.name === name
        ? override.raw
        : encodeURIComponent(
            String(sampleValue(pathParams.find((p) => p.name === name)?.schema, rng) ?? "x"),
          ),
    )}`;
  const sampleQuery = () => {
    const q = new URLSearchParams();
    for (const p of queryParams) {
      if (p.required || rng.next() < 0.3) q.set(p.name, String(sampleValue(p.schema, rng) ?? "x"));
    }
    return q.toString();
  };
  const withQuery = (pathname: string, query: string) => (query ? `${pathname}?${query}` : pathname);
  const base = () => withQuery(fill(), sampleQuery());
  const sample = sampleValue(op.body, rng);
  const sampleBody = op.body ? JSON.stringify(sample) : undefined;
  const add = (name: string, c: Omit<FuzzCase, "name" | "method"> & { method?: string }) =>
    cases.push({
      name,
      method: op.method,
      ...c,
      ...(c.body !== undefined && !c.contentType ? { contentType: "application/json" } : {}),
    });

  add("sample request", { url: base(), ...(sampleBody !== undefined ? { body: sampleBody } : {}) });
  for (const p of pathParams) {
    for (const raw of pickSome(PATH_VALUES, rng, 4)) {
      add(`path ${p.name}=${raw.slice(0, 40)}`, {
        url: withQuery(fill({ name: p.name, raw }), sampleQuery()),
        ...(sampleBody ? { body: sampleBody } : {}),
      });
    }
  }
  for (const p of pickSome(queryParams, rng, perField)) {
    for (const raw of pickSome(QUERY_VALUES, rng, 4)) {
      add(`query ${p.name}=${raw.slice(0, 40)}`, {
        url: withQuery(
          fill(),
          `${sampleQuery().replace(new RegExp(`(^|&)${p.name}=[^&]*`), "")}&${p.name}=${raw}`,
        ),
        ...(sampleBody ? { body: sampleBody } : {}),
      });
    }
    add(`query ${p.name} twice`, { url: withQuery(fill(), `${p.name}=1&${p.name}=2`) });
    add(`only query ${p.name}, with NUL`, { url: withQuery(fill(), `${p.name}=a%00b`) });
  }
  add("unknown query parameter", { url: withQuery(fill(), `${sampleQuery()}&__proto__=x&constructor=1`) });
  add("query with NUL in a parameter name", { url: withQuery(fill(), "a%00b=1") });

  if (op.body) {
    const url = base();
    const objectSchema = objectSchemaOf(op.body);
    const props = Object.entries(objectSchema?.properties ?? {});
    add("no body", { url });
    for (const raw of ["null", "42", '"x"', "true", "[]", "{}", "[null]", "[[]]", "[{}]"])
      add(`body ${raw}`, { url, body: raw });
    add("malformed JSON", { url, body: '{"a":' });
    add("trailing garbage", { url, body: `${sampleBody}}` });
    add("deep nesting", { url, body: DEEP });
    add("extra fields", {
      url,
      body: JSON.stringify(
        editTarget(sample, (o) => Object.assign(o, { extra: "x", constructor: {}, toString: 1 })),
      ),
    });
    add("__proto__ field", {
      url,
      body: withString(sample, "__proto__", "x").replace('"__proto__":"x"', '"__proto__":{"admin":true}'),
    });
    for (const key of pickSome(objectSchema?.required ?? [], rng, perField)) {
      add(`missing ${key}`, { url, body: JSON.stringify(editTarget(sample, (o) => delete o[key])) });
    }
    for (const [key, prop] of pickSome(props, rng, perField)) {
      for (const wrong of pickSome(wrongTypes(firstType(prop)), rng, 2)) {
        add(`${key} as ${JSON.stringify(wrong)}`, {
          url,
          body: JSON.stringify(
            editTarget(sample, (o) => {
              o[key] = wrong;
            }),
          ),
        });
      }
    }
    const stringKeys = props.filter(([, p]) => firstType(p) === "string").map(([k]) => k);
    const key = stringKeys.length ? rng.pick(stringKeys) : undefined;
    add(`NUL in ${key ?? "an extra field"}`, { url, body: withString(sample, key, "a\\u0000b") });
    add(`lone surrogate in ${key ?? "an extra field"}`, { url, body: withString(sample, key, "\\ud800x") });
    add(`escape character in ${key ?? "an extra field"}`, {
      url,
      body: withString(sample, key, "\\u001b[2J"),
    });
    // The same strings alone (the other fields absent): filters that are all optional reach the query.
    const bodyIsArray = firstType(op.body) === "array";
    const alone = (k: string, escaped: string) => {
      const body = `{${JSON.stringify(k)}:"${escaped}"}`;
      return bodyIsArray ? `[${body}]` : body;
    };
    for (const k of pickSome(stringKeys, rng, perField)) {
      add(`only ${k}, with NUL`, { url, body: alone(k, "a\\u0000b") });
      add(`only ${k}, with a lone surrogate`, { url, body: alone(k, "\\udc00") });
    }
    add(`100 KB string in ${key ?? "an extra field"}`, { url, body: withString(sample, key, HUNDRED_KB) });
    add("2 MB body", { url, body: TWO_MB });
    add("text/plain body", { url, body: sampleBody ?? "x", contentType: "text/plain" });
    add("form body", { url, body: "a=1&b=%00&course=x", contentType: "application/x-www-form-urlencoded" });
    add("multipart garbage", {
      url,
      body: '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--xx',
      contentType: "multipart/form-data; boundary=xx",
    });
    add("multipart without boundary", { url, body: "garbage", contentType: "multipart/form-data" });
  } else if (op.method !== "GET") {
    add("unexpected body", { url: base(), body: '{"a":"\\u0000"}' });
  }
  cases.push({ name: "OPTIONS", method: "OPTIONS", url: base() });
  cases.push({ name: "DELETE", method: "DELETE", url: base() });
  return cases;
}

/** A hostile value an error body must never echo (docs/security/hostile-input.md). */
export const ECHO_MARKER = "x' UNION SELECT zz9marker";
/** The part of {@link ECHO_MARKER} searched for in answers (any echo, whole or cut, contains it). */
export const ECHO_NEEDLE = "zz9marker";

/**
 * The echo cases of `op`: {@link ECHO_MARKER} in every path parameter, in every query parameter
 * (the others sampled), in every string property of its JSON body (the body's own, or its first
 * item's) and as the name of an extra body property, each as one request. An error answer to any of them must not contain {@link ECHO_NEEDLE}.
 */
export function echoCases(op: Operation, rng: Random): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const marker = encodeURIComponent(ECHO_MARKER);
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const sample = sampleValue(op.body, rng);
  const sampleBody = op.body ? JSON.stringify(sample) : undefined;
  const pathWith = (name?: string) =>
    `/api${op.template.replace(/\{([^}]+)\}/g, (_m, p: string) =>
      p === name || name === "*"
        ? marker
        : encodeURIComponent(String(sampleValue(pathParams.find((x) => x.name === p)?.schema, rng) ?? "x")),
    )}`;
  const queryWith = (name?: string) => {
    const q = new URLSearchParams();
    for (const p of queryParams) {
      if (p.name === name || name === "*") q.set(p.name, ECHO_MARKER);
      else if (p.required) q.set(p.name, String(sampleValue(p.schema, rng) ?? "x"));
    }
    const text = q.toString();
    return text ? `?${text}` : "";
  };
  const add = (name: string, url: string, body = sampleBody) =>
    cases.push({
      name,
      method: op.method,
      url,
      ...(body !== undefined ? { body, contentType: "application/json" } : {}),
    });
  for (const p of pathParams) add(`marker in path ${p.name}`, `${pathWith(p.name)}${queryWith()}`);
  for (const p of queryParams) add(`marker in query ${p.name}`, `${pathWith()}${queryWith(p.name)}`);
  if (queryParams.length > 1) add("marker in every query parameter", `${pathWith()}${queryWith("*")}`);
  const objectSchema = objectSchemaOf(op.body);
  for (const [key, prop] of Object.entries(objectSchema?.properties ?? {})) {
    if (firstType(prop) !== "string") continue;
    const body = JSON.stringify(
      editTarget(sample, (o) => {
        o[key] = ECHO_MARKER;
      }),
    );
    add(`marker in body ${key}`, `${pathWith()}${queryWith()}`, body);
  }
  if (objectSchema) {
    const body = JSON.stringify(
      editTarget(sample, (o) => {
        o[ECHO_MARKER] = "x";
      }),
    );
    add("marker as a body field name", `${pathWith()}${queryWith()}`, body);
    add(
      "marker as a body field name with a control character",
      `${pathWith()}${queryWith()}`,
      body.replace('"x"', '"a\\u0007b"'),
    );
  }
  return cases;
}

/** Up to `n` distinct items of `items`, drawn with `rng` (order kept). */
function pickSome<T>(items: readonly T[], rng: Random, n: number): T[] {
  if (items.length <= n) return [...items];
  const chosen = new Set<number>();
  while (chosen.size < n) chosen.add(rng.int(0, items.length - 1));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
}

/**
 * A fingerprint of every table of the public schema except `exclude`: row count and an md5 of its
 * rows in text form, read in one statement. Returns table name → "count:md5".
 */
export async function tableFingerprints(
  db: Executor,
  exclude: readonly string[],
): Promise<Record<string, string>> {
  const listed = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ name: string }> };
  const tables = listed.rows.map((r) => r.name).filter((n) => !exclude.includes(n));
  const parts = tables.map(
    (t) =>
      `select '${t}' as name, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '' order by x::text)), '') as print from "${t}" x`,
  );
  const result = (await db.execute(sql.raw(parts.join(" union all ")))) as unknown as {
    rows: Array<{ name: string; print: string }>;
  };
  return Object.fromEntries(result.rows.map((r) => [r.name, r.print]));
}

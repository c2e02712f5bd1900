import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { ROLE_ACADEMIC_OFFICE, ROLE_ADMIN, ROLE_EXAM_OFFICE, rolesAllow } from "@portal/domain";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../context.ts";
import { openDatabase } from "../db/client.ts";
import { adminUser, role, sessionFamily, userRole } from "../db/schema.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_ADMIN, DEMO_EXAM_OFFICE, DEMO_STAFF } from "../demo/seed.ts";
import { ApiError, sendError } from "../http/errors.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { authorize, operationMatcher } from "./roles.ts";
import { generatedOperationRoles, loadDescription } from "./roles-description.ts";
import { type DescriptionPaths, type OperationRoles, operationRoleTable } from "./roles-table.ts";
import { signAccessToken } from "./tokens.ts";

it("creates the three portal roles in a fresh database, without demo data", async () => {
  const handle = await openDatabase({ databaseUrl: null, pgliteDir: "memory://" });
  try {
    await handle.migrate();
    const names = (await handle.db.select({ name: role.name }).from(role)).map((r) => r.name).sort();
    expect(names).toEqual([ROLE_ACADEMIC_OFFICE, ROLE_ADMIN, ROLE_EXAM_OFFICE]);
  } finally {
    await handle.close();
  }
});

describe("operation role table", () => {
  it("is generated from the current description (run pnpm gen when this fails)", async () => {
    const file = await readFile(new URL("./operation-roles.generated.ts", import.meta.url), "utf8");
    expect(file).toBe(await generatedOperationRoles());
  });

  it.each([
    ["no x-roles", {}, /declares no x-roles/],
    ["an unknown role", { "x-roles": ["registrar"] }, /expected public, routed or role names/],
    ["a bare role name", { "x-roles": "exam_office" }, /expected public, routed or role names/],
  ])("refuses an operation with %s", (_, extra, message) => {
    const doc: DescriptionPaths = {
      paths: {
        "/ok": { get: { operationId: "ok", "x-roles": "public" } },
        "/bad/{id}": { post: { operationId: "bad", ...extra } },
      },
    };
    expect(() => operationRoleTable(doc)).toThrow(message);
    expect(() => operationRoleTable(doc)).toThrow(/POST \/bad\/\{id\} \(bad\)/);
  });

  it("keeps public, routed and role lists", () => {
    const doc: DescriptionPaths = {
      paths: {
        "/a": { get: { operationId: "a", "x-roles": "public" }, post: { operationId: "b", "x-roles": [] } },
        "/c": { patch: { operationId: "c", "x-roles": ["exam_office", "exam_office"] } },
        "/d": { get: { operationId: "d", "x-roles": "routed" } },
      },
    };
    expect(operationRoleTable(doc).map((r) => [r.method, r.path, r.roles])).toEqual([
      ["GET", "/a", "public"],
      ["POST", "/a", []],
      ["PATCH", "/c", ["exam_office"]],
      ["GET", "/d", "routed"],
    ]);
  });

  it("matches literal paths before templates, one segment per parameter, HEAD as GET", () => {
    const row = (method: string, path: string): OperationRoles => ({
      method,
      path,
      operationId: `${method} ${path}`,
      roles: [],
    });
    const find = operationMatcher([
      row("GET", "/x/{id}"),
      row("GET", "/x/special"),
      row("POST", "/x/{id}/y"),
    ]);
    expect(find("GET", "/x/special")?.path).toBe("/x/special");
    expect(find("HEAD", "/x/42")?.path).toBe("/x/{id}");
    expect(find("POST", "/x/42/y")?.path).toBe("/x/{id}/y");
    expect(find("POST", "/x/42")).toBeNull();
    expect(find("GET", "/x/4/2")).toBeNull();
    expect(find("GET", "/x/")).toBeNull();
    expect(find("DELETE", "/x/42")).toBeNull();
  });
});

type Caller = { label: string; roles: string[]; headers: Record<string, string> };

describe.each(testTargets())("roles on $name", (target) => {
  let api: TestApi;
  let doc: DescriptionPaths;
  let table: OperationRoles[];

  beforeAll(async () => {
    api = await createTestApi(target);
    doc = await loadDescription();
    table = operationRoleTable(doc);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** The URL of `row` with plausible path parameters, and a JSON body when it takes one. */
  function request(row: OperationRoles): { url: string; body?: unknown } {
    const url = `/api${row.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      name === "set" ? "1" : "6f1c2a9e-8d4b-4c3a-9e2f-1b7d5a0c4e31",
    )}`;
    const operation = doc.paths?.[row.path]?.[row.method.toLowerCase()] as
      | { requestBody?: { content?: Record<string, unknown> } }
      | undefined;
    return operation?.requestBody?.content?.["application/json"] ? { url, body: {} } : { url };
  }

  /** Calls every signed-in operation as `caller`; returns `METHOD path → status`. */
  async function walk(caller: Caller): Promise<Map<string, number>> {
    const statuses = new Map<string, number>();
    for (const row of table) {
      if (row.roles === "public" || row.roles === "routed") continue;
      const { url, body } = request(row);
      const res = await api.call(row.method, url, { headers: caller.headers, body });
      statuses.set(`${row.method} ${row.path}`, res.status);
      if (res.status === 403) expect(res.body).toMatchObject({ success: false, errorCode: "forbidden" });
      // The legacy single entry point answers exactly as the operation it routes to.
      if (row.path.startsWith("/salesforce/") && (row.method === "GET" || row.method === "POST")) {
        const endpoint = encodeURIComponent(row.path.slice("/salesforce/".length));
        const legacy = await api.call(row.method, `/api/salesforce?endpoint=${endpoint}`, {
          headers: caller.headers,
          body,
        });
        statuses.set(`${row.method} /salesforce?endpoint=${endpoint}`, legacy.status);
      }
    }
    return statuses;
  }

  it.each([
    [DEMO_ADMIN.email, [ROLE_ADMIN]],
    [DEMO_EXAM_OFFICE.email, [ROLE_EXAM_OFFICE]],
    [DEMO_ACADEMIC_OFFICE.email, [ROLE_ACADEMIC_OFFICE]],
  ])("walks every operation as %s: 403 exactly outside its x-roles", async (email, roles) => {
    const headers = await signInHeaders(api, email);
    const me = await api.call("GET", "/api/me", { headers });
    expect((me.body as { roles: string[] }).roles).toEqual(roles);
    const statuses = await walk({ label: email, roles, headers });
    const expected = new Map<string, boolean>();
    for (const row of table) {
      if (typeof row.roles === "string") continue;
      const forbidden = !rolesAllow(row.roles, roles);
      expected.set(`${row.method} ${row.path}`, forbidden);
      // The legacy entry point takes GET and POST only.
      if (row.path.startsWith("/salesforce/") && (row.method === "GET" || row.method === "POST")) {
        expected.set(
          `${row.method} /salesforce?endpoint=${encodeURIComponent(row.path.slice("/salesforce/".length))}`,
          forbidden,
        );
      }
    }
    const actual = new Map([...statuses].map(([key, status]) => [key, status === 403]));
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
    // Every operation answered something other than 401: the sign-in was accepted throughout.
    expect([...statuses.values()].filter((s) => s === 401)).toEqual([]);
  });

  it("refuses a user without a portal role everywhere (401 or 403), even with a validly signed token", async () => {
    const [staff] = await api.ctx.db
      .select({ id: adminUser.id, name: adminUser.name, email: adminUser.email })
      .from(adminUser)
      .where(eq(adminUser.email, DEMO_STAFF.email));
    // A live session of theirs, as if they had signed in when they still held a role.
    const sessionId = randomUUID();
    await api.ctx.db.insert(sessionFamily).values({ id: sessionId, userId: staff!.id });
    const token = await signAccessToken(
      { ...staff!, roles: [DEMO_STAFF.role] },
      sessionId,
      api.ctx.config.tokenSecret,
      api.ctx.now(),
    );
    const statuses = await walk({ label: "staff", roles: [], headers: { authorization: `Bearer ${token}` } });
    expect(statuses.size).toBeGreaterThan(40);
    for (const [key, status] of statuses) expect([key, [401, 403].includes(status)]).toEqual([key, true]);
  });

  it("lets one role be held at several scopes, and counts it once", async () => {
    const [academic] = await api.ctx.db
      .select({ id: adminUser.id })
      .from(adminUser)
      .where(eq(adminUser.email, DEMO_ACADEMIC_OFFICE.email));
    const [office] = await api.ctx.db
      .select({ id: role.id })
      .from(role)
      .where(eq(role.name, ROLE_ACADEMIC_OFFICE));
    const scoped = (scopeId: string) => ({
      userId: academic!.id,
      roleId: office!.id,
      scopeKind: "programme" as const,
      scopeId,
    });
    await api.ctx.db
      .insert(userRole)
      .values([
        scoped("0b7e0c52-0a35-4a39-9d1e-3b1f0f5a6c01"),
        scoped("0b7e0c52-0a35-4a39-9d1e-3b1f0f5a6c02"),
      ]);
    // The same assignment twice, and a scope kind without an id, are refused by the database.
    await expect(
      api.ctx.db.insert(userRole).values(scoped("0b7e0c52-0a35-4a39-9d1e-3b1f0f5a6c01")),
    ).rejects.toThrow();
    await expect(
      api.ctx.db.insert(userRole).values({ userId: academic!.id, roleId: office!.id }),
    ).rejects.toThrow();
    await expect(
      api.ctx.db
        .insert(userRole)
        .values({ ...scoped("0b7e0c52-0a35-4a39-9d1e-3b1f0f5a6c03"), scopeId: null }),
    ).rejects.toThrow();
    // Sign-in still sees one role, whatever the number of its scopes.
    const headers = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const me = await api.call("GET", "/api/me", { headers });
    expect(me.body).toMatchObject({ roles: [ROLE_ACADEMIC_OFFICE] });
  });

  it("refuses a route the role table does not list (404), and answers routes it lists", async () => {
    const app = new Hono<AppEnv>().basePath("/api");
    app.onError((err, c) => (err instanceof ApiError ? sendError(c, err) : c.text("boom", 500)));
    const rows: OperationRoles[] = [{ method: "GET", path: "/open", operationId: "open", roles: "public" }];
    app.use("*", authorize(api.ctx, rows));
    app.get("/open", (c) => c.json({ ok: true }));
    app.get("/unlisted", (c) => c.json({ ok: true }));
    expect((await app.request("/api/open")).status).toBe(200);
    const unlisted = await app.request("/api/unlisted");
    expect(unlisted.status).toBe(404);
    expect(await unlisted.json()).toMatchObject({ errorCode: "not_found" });
  });
});

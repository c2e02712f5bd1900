import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "../auth/sessions.ts";
import type { SessionUser } from "../context.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { pageReadState } from "./page-reads.ts";
import { setReadModelCache } from "./read-model-cache.ts";

/** The session user of a demo account, as the portal's session check makes it (with its role assignments). */
async function sessionUser(api: TestApi, email: string): Promise<SessionUser> {
  const headers = await signInHeaders(api, email);
  const user = await authenticate(api.ctx, (headers.authorization ?? "").replace(/^Bearer /, ""));
  if (!user) throw new Error(`no session user for ${email}`);
  return user;
}

describe.each(testTargets())("page read state on $name", (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("names the user's reach and the counters, which a write to a table behind the page moves", async () => {
    const admin = await sessionUser(api, "admin@university.example");
    const office = await sessionUser(api, "exams@university.example");
    const before = await pageReadState(api.ctx.db, admin, ["question_paper_list"]);
    expect(before?.reach).toMatch(/^[^,]*admin::/);
    expect(before?.versions).toMatch(/^\d+$/);
    // Another user's role assignments are another reach: their pages are kept apart.
    const officeState = await pageReadState(api.ctx.db, office, ["question_paper_list"]);
    expect(officeState?.reach).not.toBe(before?.reach);
    expect(officeState?.versions).toBe(before?.versions);

    // A committed write to a table of the list moves its counter, so a page kept before is not used.
    await api.ctx.db.execute(sql`update course set name = name where id = (select id from course limit 1)`);
    const after = await pageReadState(api.ctx.db, admin, ["question_paper_list"]);
    expect(after?.reach).toBe(before?.reach);
    expect(Number(after?.versions)).toBeGreaterThan(Number(before?.versions));
    // Several models: one counter each, in the order asked.
    const both = await pageReadState(api.ctx.db, admin, ["question_paper_list", "grading"]);
    expect(both?.versions.split(",")).toHaveLength(2);
    expect(both?.versions.split(",")[0]).toBe(after?.versions);
  });

  it("says a page may not be kept when the cache is off or the roles were not read with the session", async () => {
    const admin = await sessionUser(api, "admin@university.example");
    // A user object the session check did not make has no recorded role assignments.
    expect(await pageReadState(api.ctx.db, { ...admin }, ["question_paper_list"])).toBeNull();
    setReadModelCache(api.ctx.db, false);
    try {
      expect(await pageReadState(api.ctx.db, admin, ["question_paper_list"])).toBeNull();
    } finally {
      setReadModelCache(api.ctx.db, true);
    }
    expect(await pageReadState(api.ctx.db, admin, ["question_paper_list"])).not.toBeNull();
  });

  it("keeps users of different scopes apart, and never keeps for a role held at an institute", async () => {
    const grant = async (email: string, kind: "programme" | "institute") => {
      const table = kind === "programme" ? sql`academic_programme` : sql`institution`;
      await api.ctx.db.execute(sql`insert into admin_user (name, email) values (${email}, ${email})`);
      await api.ctx.db.execute(sql`insert into user_role (user_id, role_id, scope_kind, scope_id)
        select u.id, r.id, ${kind}, (select id from ${table} order by id limit 1)
        from admin_user u, role r where u.email = ${email} and r.name = 'exam_office'`);
    };
    await grant("scoped.programme@university.example", "programme");
    await grant("scoped.institute@university.example", "institute");
    const office = await sessionUser(api, "exams@university.example");
    const scoped = await sessionUser(api, "scoped.programme@university.example");
    const scopedState = await pageReadState(api.ctx.db, scoped, ["question_paper_list"]);
    expect(scopedState?.reach).toMatch(/^exam_office:programme:[0-9a-f-]{36}$/);
    expect(scopedState?.reach).not.toBe(
      (await pageReadState(api.ctx.db, office, ["question_paper_list"]))?.reach,
    );
    const institute = await sessionUser(api, "scoped.institute@university.example");
    expect(await pageReadState(api.ctx.db, institute, ["question_paper_list"])).toBeNull();
  });
});

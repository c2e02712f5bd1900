import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUser, role, userRole } from "../db/schema.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { AdminInputError, countSignInUsers, grantPortalAccess } from "./admins.ts";

describe.each(testTargets())("admin:add core on $name", (target) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("creates an administrator who can then sign in, and a second run changes nothing", async () => {
    const input = { email: "  Dean.Office@University.example ", name: "Meera  Iyer" };
    const first = await grantPortalAccess(api.ctx.db, input);
    expect(first).toMatchObject({
      action: "created",
      user: { email: "dean.office@university.example", name: "Meera Iyer", roles: ["admin"] },
      changes: [],
    });
    const second = await grantPortalAccess(api.ctx.db, input);
    expect(second).toMatchObject({ action: "unchanged", changes: [], user: { id: first.user.id } });
    const auth = await signInHeaders(api, "dean.office@university.example");
    const me = await api.call("GET", "/api/me", { headers: auth });
    expect(me.body).toMatchObject({ name: "Meera Iyer", roles: ["admin"] });
  });

  it("updates the name, adds a role, reactivates, and creates a missing role row", async () => {
    const created = await grantPortalAccess(api.ctx.db, {
      email: "exams@university.example",
      name: "Exam Desk",
    });
    await api.ctx.db.update(adminUser).set({ active: false }).where(eq(adminUser.id, created.user.id));
    await api.ctx.db.delete(role).where(eq(role.name, "academic_office"));
    const updated = await grantPortalAccess(api.ctx.db, {
      email: "exams@university.example",
      name: "Exam Office Desk",
      role: "academic_office",
    });
    expect(updated.action).toBe("updated");
    expect(updated.changes).toEqual([
      'name: "Exam Desk" -> "Exam Office Desk"',
      "reactivated",
      "role added: academic_office",
    ]);
    // The demo data made this user exam office; admin:add added admin, then academic office.
    expect(updated.user.roles).toEqual(["academic_office", "admin", "exam_office"]);
    const [row] = await api.ctx.db.select().from(adminUser).where(eq(adminUser.id, created.user.id));
    expect(row).toMatchObject({ name: "Exam Office Desk", active: true });
  });

  it.each([
    [{ email: "not-an-email", name: "X" }, /--email/],
    [{ email: "", name: "X" }, /--email/],
    [{ email: "a@university.example", name: "   " }, /--name/],
    [{ email: "a@university.example", name: "x".repeat(201) }, /--name/],
    [{ email: "a@university.example", name: "X", role: "superuser" }, /--role/],
  ])("refuses %o, writing nothing", async (input, message) => {
    const before = (await api.ctx.db.select().from(adminUser)).length;
    await expect(grantPortalAccess(api.ctx.db, input)).rejects.toThrow(AdminInputError);
    await expect(grantPortalAccess(api.ctx.db, input)).rejects.toThrow(message);
    expect((await api.ctx.db.select().from(adminUser)).length).toBe(before);
  });

  it("counts the active users who may sign in", async () => {
    const before = await countSignInUsers(api.ctx.db);
    expect(before).toBeGreaterThan(0);
    await api.ctx.db.update(adminUser).set({ active: false });
    expect(await countSignInUsers(api.ctx.db)).toBe(0);
    await api.ctx.db.update(adminUser).set({ active: true });
    await api.ctx.db.delete(userRole);
    expect(await countSignInUsers(api.ctx.db)).toBe(0);
    await grantPortalAccess(api.ctx.db, { email: "first@university.example", name: "First Admin" });
    expect(await countSignInUsers(api.ctx.db)).toBe(1);
  });
});

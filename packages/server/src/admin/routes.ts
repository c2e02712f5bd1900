import { ZAssignRole, ZContactSearchQuery, ZId, ZUserListQuery } from "@portal/domain";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import {
  listInstituteProgrammes,
  listInstitutes,
  listPlanClassSections,
  listProgrammePlans,
  searchContacts,
} from "./options.ts";
import { adminOverview } from "./overview.ts";
import { assignRole, listRoleTypes, listUsers, removeRoleAssignment } from "./users.ts";

/**
 * Routes of the admin URL (`adminUrl` `/api/admin`, spec §3, §6, §7 "Calls on the admin URL"):
 * institutes, role types, academic programmes, programme plans and class sections to scope a role by,
 * contacts, assign and remove a role, the users list and the admin management counts
 * (openapi/admin.yaml). Administrator only, by the generated role table.
 */
export function adminRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const query = <S extends z.ZodType>(c: { req: { query: () => Record<string, string> } }, schema: S) =>
    parseOrThrow(schema, c.req.query());

  app.get("/admin/institutes", async (c) =>
    c.json({ success: true as const, options: await listInstitutes(ctx.db) }),
  );
  app.get("/admin/roleTypes", async (c) =>
    c.json({ success: true as const, roleTypes: await listRoleTypes(ctx.db) }),
  );
  app.get("/admin/academicPrograms", async (c) => {
    const q = query(c, z.object({ instituteId: ZId }));
    return c.json({ success: true as const, options: await listInstituteProgrammes(ctx.db, q.instituteId) });
  });
  app.get("/admin/programPlans", async (c) => {
    const q = query(c, z.object({ academicProgramId: ZId }));
    return c.json({ success: true as const, options: await listProgrammePlans(ctx.db, q.academicProgramId) });
  });
  app.get("/admin/classSections", async (c) => {
    const q = query(c, z.object({ programPlanId: ZId }));
    return c.json({ success: true as const, options: await listPlanClassSections(ctx.db, q.programPlanId) });
  });
  app.get("/admin/contacts", async (c) => {
    const q = query(c, ZContactSearchQuery);
    return c.json({ success: true as const, contacts: await searchContacts(ctx.db, q.search) });
  });
  app.post("/admin/assignRole", async (c) => {
    const input = parseOrThrow(ZAssignRole, await readJson(c));
    return c.json({ success: true as const, assignment: await assignRole(ctx, c.get("user"), input) }, 201);
  });
  app.delete("/admin/roles/:id", async (c) => {
    const { id } = parseOrThrow(z.object({ id: ZId }), { id: c.req.param("id") });
    await removeRoleAssignment(ctx, c.get("user"), id);
    return c.json({ success: true as const });
  });
  app.get("/admin/users", async (c) => {
    const q = query(c, ZUserListQuery);
    return c.json({ success: true as const, ...(await listUsers(ctx.db, q)) });
  });
  app.get("/admin/overview", async (c) => c.json({ success: true as const, ...(await adminOverview(ctx)) }));
  return app;
}

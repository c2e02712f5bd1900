import { ZDepartmentInput, ZEventInput, ZEventListQuery, ZId, ZScheduleItemInput } from "@portal/domain";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { zVersion } from "../http/versions.ts";
import { createDepartment, listDepartments, updateDepartment } from "./departments.ts";
import {
  createEvent,
  createScheduleItem,
  deleteEvent,
  deleteScheduleItem,
  listEventCampuses,
  listEvents,
  updateEvent,
  updateScheduleItem,
} from "./events.ts";

const ZVersioned = z.object({ version: zVersion() });
const ZVersionQuery = z.object({ version: z.coerce.number().pipe(zVersion()) });
const ZPage = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce
    .number()
    .pipe(z.union([z.literal(10), z.literal(25), z.literal(50)], { error: "count must be 10, 25 or 50" }))
    .default(25),
});

/**
 * Routes of events, their schedule and the department master on the admin URL (`/api/admin`, spec
 * §7 "Calls on the admin URL: events, schedule"; openapi/administration.yaml). Roles come from the
 * generated role table: events and schedule for the academic office, departments for the
 * administrator.
 */
export function administrationRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idParam = (raw: string) => parseOrThrow(z.object({ id: ZId }), { id: raw }).id;

  app.get("/admin/departments", async (c) =>
    c.json({ success: true as const, departments: await listDepartments(ctx) }),
  );
  app.post("/admin/departments", async (c) => {
    const input = parseOrThrow(ZDepartmentInput, await readJson(c));
    return c.json(
      { success: true as const, department: await createDepartment(ctx, c.get("user"), input) },
      201,
    );
  });
  app.put("/admin/departments/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const input = parseOrThrow(ZDepartmentInput.extend(ZVersioned.shape), await readJson(c));
    return c.json({
      success: true as const,
      department: await updateDepartment(ctx, c.get("user"), id, input),
    });
  });

  app.get("/admin/eventCampuses", async (c) =>
    c.json({ success: true as const, campuses: await listEventCampuses(ctx) }),
  );
  app.get("/admin/events", async (c) => {
    const raw = c.req.query();
    const { pageNo, count, ...rest } = raw;
    const q = parseOrThrow(ZEventListQuery, rest);
    const page = parseOrThrow(ZPage, { pageNo, count });
    return c.json({ success: true as const, ...(await listEvents(ctx, { ...q, ...page })) });
  });
  app.post("/admin/events", async (c) => {
    const input = parseOrThrow(ZEventInput, await readJson(c));
    return c.json({ success: true as const, event: await createEvent(ctx, c.get("user"), input) }, 201);
  });
  app.put("/admin/events/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const body = await readJson(c);
    const { version } = parseOrThrow(ZVersioned, body);
    const input = parseOrThrow(ZEventInput, withoutVersion(body));
    return c.json({
      success: true as const,
      event: await updateEvent(ctx, c.get("user"), id, { ...input, version }),
    });
  });
  app.delete("/admin/events/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const { version } = parseOrThrow(ZVersionQuery, c.req.query());
    await deleteEvent(ctx, c.get("user"), id, version);
    return c.json({ success: true as const });
  });

  app.post("/admin/schedule", async (c) => {
    const input = parseOrThrow(ZScheduleItemInput, await readJson(c));
    return c.json({ success: true as const, item: await createScheduleItem(ctx, c.get("user"), input) }, 201);
  });
  app.put("/admin/schedule/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const body = await readJson(c);
    const { version } = parseOrThrow(ZVersioned, body);
    const input = parseOrThrow(ZScheduleItemInput, withoutVersion(body));
    return c.json({
      success: true as const,
      item: await updateScheduleItem(ctx, c.get("user"), id, { ...input, version }),
    });
  });
  app.delete("/admin/schedule/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const { version } = parseOrThrow(ZVersionQuery, c.req.query());
    await deleteScheduleItem(ctx, c.get("user"), id, version);
    return c.json({ success: true as const });
  });
  return app;
}

/** A JSON object body without its `version` (the strict input schemas know no version). */
function withoutVersion(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const { version: _version, ...rest } = body as Record<string, unknown>;
  return rest;
}

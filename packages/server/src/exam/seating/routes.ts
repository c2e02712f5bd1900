import { ROLE_EXAM_OFFICE, SPEC_MESSAGES, TIMETABLE_PAGE_SIZES } from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { examWithinReach, listScopeOf } from "../../auth/public.ts";
import type { AppContext, AppEnv } from "../../context.ts";
import { notFound, parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/input.ts";
import { resolveAllRows, zPageCount } from "../../http/request-schemas.ts";
import { zVersion } from "../../http/versions.ts";
import {
  getInvigilatorList,
  listFacultyProctoring,
  listInvigilationNotifications,
  saveInvigilations,
  sendInvigilationNotifications,
} from "./invigilation.ts";
import { createRoom, listRooms, MAX_ROOM_CAPACITY } from "./rooms.ts";
import {
  generateSeatingPlan,
  loadExam,
  moveSeats,
  retrieveSeatingPlan,
  roomsWithSeated,
  seatingPlanDocument,
} from "./seating.ts";

export const DEFAULT_SEATING_PAGE_SIZE = 25;

const id = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(100);

const ZPage = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  count: zPageCount(TIMETABLE_PAGE_SIZES, DEFAULT_SEATING_PAGE_SIZE, true),
};

const ZExamQuery = z.object({ examId: id("examId") });
const ZRetrieveQuery = z.object({ examId: id("examId"), ...ZPage });
/** Body of SeatingDetails (spec §7): the exam's id as `id`, and the page. */
const ZSeatingDetailsBody = z.object({ id: id("id"), ...ZPage });
/** Body of InvigilatorDetails (spec §7 Invigilation fetch `{id: exam id}`). */
const ZInvigilatorDetailsBody = z.object({ id: id("id") });
const ZRoomsQuery = z.object({ campus: z.string().trim().max(200).optional() });
const ZNewRoom = z.object({
  code: z
    .string({ error: "code is required" })
    .trim()
    .min(1, { error: "code is required" })
    .max(40)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, {
      error: "code may hold letters, digits, spaces and . _ / - and starts with a letter or digit",
    }),
  name: z.string({ error: "name is required" }).trim().min(1, { error: "name is required" }).max(200),
  capacity: z
    .number({ error: "capacity must be a whole number" })
    .int({ error: "capacity must be a whole number" })
    .min(1, { error: `capacity must be 1 to ${MAX_ROOM_CAPACITY}` })
    .max(MAX_ROOM_CAPACITY, { error: `capacity must be 1 to ${MAX_ROOM_CAPACITY}` }),
  campusId: id("campusId"),
});
const ZGenerate = z.object({ examId: id("examId") });
const ZSave = z.object({
  examId: id("examId"),
  version: zVersion(),
  seats: z
    .array(
      z.object({
        studentId: id("studentId"),
        roomId: id("roomId"),
        seatNumber: z
          .number({ error: "seatNumber must be a whole number" })
          .int({ error: "seatNumber must be a whole number" })
          .min(1, { error: "seatNumber starts at 1" })
          .max(100_000),
      }),
      { error: "seats must be a list of moves" },
    )
    .min(1, { error: "Send at least one move" })
    .max(500, { error: "At most 500 moves per request" }),
});
const ZInvigilationItems = z
  .array(
    z
      .object({
        facultyId: id("facultyId"),
        roomNo: z.string().trim().max(200).default(""),
        examId: id("examId"),
        facEmail: z.string().max(254).optional(),
        subject: z.string().max(2000).optional(),
        isAllocated: z.enum(["Assigned", "Not Assigned"], {
          error: 'isAllocated must be "Assigned" or "Not Assigned"',
        }),
        sendEmail: z.boolean().default(false),
        version: zVersion(),
      })
      .refine((item) => item.isAllocated !== "Assigned" || item.roomNo !== "", {
        error: "roomNo is required to assign a room",
        path: ["roomNo"],
      }),
    { error: "The body must be a list of invigilation items" },
  )
  .min(1, { error: "Send at least one item" })
  .max(200, { error: "At most 200 items per request" });
/** An exam cycle (id or name) and a page: the faculty proctoring query. */
const ZFacultyProctoringQuery = z.object({
  examCycle: z
    .string({ error: "examCycle is required" })
    .trim()
    .min(1, { error: "examCycle is required" })
    .max(200),
  ...ZPage,
});
const ZNotificationsQuery = ZFacultyProctoringQuery.extend({
  notified: z.enum(["true", "false"], { error: "notified must be true or false" }).optional(),
});
const ZSendNotifications = z.object({
  ids: z
    .array(id("id"), { error: "ids must be a list of assignment ids" })
    .min(1, { error: "Send at least one id" })
    .max(200, { error: "At most 200 ids per request" }),
});

/**
 * Seating plan, room and invigilation routes (spec Invigilation and proctoring; §3, §4, §7
 * seatingPlan retrieve/save, FacilityData, /sf/exam/facilities, /sf/exam/invigilatorList/{id},
 * /sf/exam/update/invigilation; openapi/seating-invigilation.yaml). Signed-in only: createApi
 * puts /sf/* and /salesforce/* behind sign-in.
 */
export function seatingRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /** 404 "No such exam" (field `field`) for an exam outside the caller's exam office scopes. */
  const withinReach = async (c: Context<AppEnv>, examId: string, field = "examId") => {
    if (!(await examWithinReach(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE], examId))) {
      throw notFound("No such exam", field);
    }
  };
  app.get("/sf/exam/facilities", async (c) => {
    const { examId } = parseOrThrow(ZExamQuery, c.req.query());
    await withinReach(c, examId);
    const info = await loadExam(ctx.db, examId);
    const rooms = await roomsWithSeated(ctx.db, info.campusId, info.periodId);
    return c.json({ success: true as const, facilities: rooms });
  });

  app.get("/salesforce/FacilityData", async (c) => {
    const { campus } = parseOrThrow(ZRoomsQuery, c.req.query());
    return c.json({ success: true as const, ...(await listRooms(ctx.db, campus ? { campus } : {})) });
  });

  app.post("/salesforce/FacilityData", async (c) => {
    const room = parseOrThrow(ZNewRoom, await readJson(c));
    const facility = await createRoom(ctx, c.get("user"), room);
    return c.json({ success: true as const, message: "Room created", facility }, 201);
  });

  app.get("/salesforce/seatingPlan/retrieve", async (c) => {
    const { examId, pageNo, count } = resolveAllRows(parseOrThrow(ZRetrieveQuery, c.req.query()));
    await withinReach(c, examId);
    return c.json({
      success: true as const,
      ...(await retrieveSeatingPlan(ctx.db, examId, { pageNo, count })),
    });
  });

  app.get("/salesforce/seatingPlan/document", async (c) => {
    const { examId } = parseOrThrow(ZExamQuery, c.req.query());
    await withinReach(c, examId);
    const doc = await seatingPlanDocument(ctx.db, examId);
    return c.body(doc.text, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${doc.fileName}"`,
    });
  });

  app.post("/salesforce/seatingPlan/generate", async (c) => {
    const { examId } = parseOrThrow(ZGenerate, await readJson(c));
    // An exam outside the caller's reach is refused as an unknown one, in the write's transaction.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const result = await generateSeatingPlan(ctx, c.get("user"), examId, scope);
    return c.json({ success: true as const, ...result });
  });

  app.post("/salesforce/seatingPlan/save", async (c) => {
    const { examId, seats, version } = parseOrThrow(ZSave, await readJson(c));
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const { moved } = await moveSeats(ctx, c.get("user"), examId, seats, version, scope);
    return c.json({ success: true as const, message: "Seating plan saved", moved });
  });

  app.get("/sf/exam/invigilatorList/:id", async (c) => {
    await withinReach(c, c.req.param("id"), "id");
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const list = await getInvigilatorList(ctx.db, c.req.param("id"), scope);
    return c.json({ success: true as const, data: [list] });
  });

  // InvigilatorDetails (spec §7): the same answer, the exam's id in the body.
  app.post("/salesforce/InvigilatorDetails", async (c) => {
    const { id: examId } = parseOrThrow(ZInvigilatorDetailsBody, await readJson(c));
    await withinReach(c, examId, "id");
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const list = await getInvigilatorList(ctx.db, examId, scope);
    return c.json({ success: true as const, data: [list] });
  });

  // SeatingDetails (spec §7): seatingPlan/retrieve's answer, the exam's id and page in the body.
  app.post("/salesforce/SeatingDetails", async (c) => {
    const {
      id: examId,
      pageNo,
      count,
    } = resolveAllRows(parseOrThrow(ZSeatingDetailsBody, await readJson(c)));
    await withinReach(c, examId, "id");
    return c.json({
      success: true as const,
      ...(await retrieveSeatingPlan(ctx.db, examId, { pageNo, count })),
    });
  });

  app.patch("/sf/exam/update/invigilation", async (c) => {
    const items = parseOrThrow(ZInvigilationItems, await readJson(c));
    // An exam outside the caller's reach is refused as an unknown one (in the save's transaction);
    // a double-booking refusal names the other exam only when it lies within the reach.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const assignments = await saveInvigilations(ctx, c.get("user"), items, scope);
    return c.json({ success: true as const, message: "Invigilation saved", assignments });
  });

  app.get("/sf/exam/invigilationNotifications", async (c) => {
    const { examCycle, notified, pageNo, count } = resolveAllRows(
      parseOrThrow(ZNotificationsQuery, c.req.query()),
    );
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const answer = await listInvigilationNotifications(
      ctx.db,
      { examCycle, ...(notified ? { notified: notified === "true" } : {}), pageNo, count },
      scope,
    );
    return c.json({ success: true as const, ...answer });
  });

  app.get("/sf/exam/facultyProctoring", async (c) => {
    const { examCycle, pageNo, count } = resolveAllRows(parseOrThrow(ZFacultyProctoringQuery, c.req.query()));
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const answer = await listFacultyProctoring(ctx.db, { examCycle, pageNo, count }, scope);
    return c.json({ success: true as const, ...answer });
  });

  app.post("/sf/exam/invigilationNotifications/send", async (c) => {
    const { ids } = parseOrThrow(ZSendNotifications, await readJson(c));
    const notifications = await sendInvigilationNotifications(ctx, c.get("user"), ids);
    return c.json({ success: true as const, message: SPEC_MESSAGES.mailSent, notifications });
  });

  return app;
}

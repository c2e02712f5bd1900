import {
  DEFAULT_GRID_PAGE_SIZE,
  EXAM_DATA_SORT_COLUMNS,
  ROLE_EXAM_OFFICE,
  SORT_DIRECTIONS,
  TIMETABLE_PAGE_SIZES,
  todayIn,
  ZExamPeriodScheme,
  ZExamTimetableItem,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { listScopeOf } from "../../auth/public.ts";
import type { AppContext, AppEnv } from "../../context.ts";
import { examCycle } from "../../db/schema.ts";
import { notFound, parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/input.ts";
import { keptReadModelResponse } from "../../http/kept-json.ts";
import { isUuid } from "../../http/request.ts";
import { resolveAllRows, zPageCount } from "../../http/request-schemas.ts";
import { zVersion } from "../../http/versions.ts";
import { CLASH_REPORT_MAX_ITEMS, firstClashes, keptClashReport } from "./clash-report.ts";
import { currentExamCycle, getExamDashboard, listExamCycles } from "./dashboard.ts";
import { listCampusOptions, listFacultyOptions } from "./exam-options.ts";
import { getPeriodScheme, savePeriodScheme } from "./period-scheme.ts";
import { getExamTimetableRow, listExamData, listExamTimetable, saveExamTimetable } from "./timetable.ts";

/** Paging of the exam grids: the domain's timetable sizes (spec §9 grid 10, 25, 50, and 100, All as 0). */
const ZPage = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  count: zPageCount(TIMETABLE_PAGE_SIZES, DEFAULT_GRID_PAGE_SIZE, true),
};
const cycleId = z.string().trim().max(100).default("");

const ZTimetableQuery = z.object({
  examCycleId: cycleId,
  course: z.string().trim().max(200).default(""),
  ...ZPage,
});
const ZExamDataBody = z
  .object({
    dueDays: z.number().int().min(0).max(366).optional(),
    completedIn: z.number().int().min(1).max(3660).optional(),
    examCycleId: cycleId,
    ...ZPage,
    sortBy: z
      .enum(EXAM_DATA_SORT_COLUMNS, { error: `sortBy must be one of ${EXAM_DATA_SORT_COLUMNS.join(", ")}` })
      .optional(),
    sortDirection: z.enum(SORT_DIRECTIONS, { error: "sortDirection must be asc or desc" }).default("asc"),
  })
  .refine((b) => b.dueDays === undefined || b.completedIn === undefined, {
    error: "Give dueDays (upcoming exams) or completedIn (completed exams), not both",
    path: ["completedIn"],
  });
const ZClashQuery = z.object({
  examCycleId: z.string().trim().min(1, { error: "examCycleId is required" }).max(100),
  limit: z.coerce.number().int().min(0).max(CLASH_REPORT_MAX_ITEMS).default(100),
});
const ZTimetableSave = z.array(z.unknown()).min(1, { error: "Send at least one row" }).max(200);
/** A timetable row to save: the domain's item plus the version of the exam the client read. */
const ZTimetableSaveItem = ZExamTimetableItem.extend({ version: zVersion() });
/** Built once: zod 4 compiles a schema on first use, which cost 5 % of the dashboard call's CPU per request. */
const ZDashboardQuery = z.object({ examCycleId: cycleId });
/** A period scheme to save: the domain's scheme plus the version read (0 when none was saved). */
const ZPeriodSchemeSave = ZExamPeriodScheme.extend({ version: zVersion() });

/**
 * Exam cycle, dashboard, clash report, ExamData (Upcoming, completedExams) and exam timetable routes
 * (spec §2 exam routes, §3 exam timetable row and exam info, §7 ExamData, TimeTable get/save,
 * /sf/exam/update/exam, /sf/exam/getExamSetupSPJ/{id}); signed-in only.
 */
export function examScheduleRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/sf/exam/getCampusFilter", async (c) =>
    c.json({ success: true as const, campus: await listCampusOptions(ctx.db) }),
  );

  app.get("/sf/exam/facultyData", async (c) =>
    c.json({ success: true as const, data: await listFacultyOptions(ctx.db) }),
  );

  app.get("/sf/exam/examCycles", async (c) => {
    // A user whose exam office role is held only at scopes sees the cycles holding exams within them.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const examCycles = await listExamCycles(ctx.db, scope);
    const current = await currentExamCycle(ctx.db, todayIn(ctx.now()), examCycles, scope);
    return c.json({ success: true as const, examCycles, defaultExamCycleId: current?.id ?? null });
  });

  // The cycle's period scheme and timetabling rules (exam-schedule.yaml periodScheme).
  app.get("/sf/exam/examCycles/:id/periodScheme", async (c) =>
    c.json({ success: true as const, scheme: await getPeriodScheme(ctx.db, c.req.param("id")) }),
  );
  app.put("/sf/exam/examCycles/:id/periodScheme", async (c) => {
    const input = parseOrThrow(ZPeriodSchemeSave, await readJson(c));
    const scheme = await savePeriodScheme(ctx, c.get("user"), c.req.param("id"), input);
    return c.json({ success: true as const, scheme });
  });

  app.get("/sf/exam/examDashboard", async (c) => {
    const { examCycleId } = parseOrThrow(ZDashboardQuery, c.req.query());
    // The figures count the exams within the caller's scopes.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({
      success: true as const,
      ...(await getExamDashboard(ctx.db, ctx.now(), examCycleId, scope)),
    });
  });

  app.get("/sf/exam/clashReport", async (c) => {
    const { examCycleId, limit } = parseOrThrow(ZClashQuery, c.req.query());
    const noSuchCycle = () => notFound("No such exam cycle", "examCycleId");
    if (!isUuid(examCycleId)) throw noSuchCycle();
    // Kept behind the exam_operations counter, which every table the report reads bumps (migrations
    // 0002, 0009, 0017), as the answer's bytes (http/kept-json.ts); an unknown cycle is not kept.
    // Every limit is cut from the one report kept per cycle, which the dashboard's counts share.
    // Narrowed to the exams within the caller's scopes; the reach is part of the key.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const key = `clash|${examCycleId}|${limit}|${scope?.key ?? ""}`;
    return keptReadModelResponse(c, ctx.db, "exam_operations", key, async () => {
      const [cycle] = await ctx.db
        .select({ id: examCycle.id, name: examCycle.name })
        .from(examCycle)
        .where(eq(examCycle.id, examCycleId));
      if (!cycle) throw noSuchCycle();
      return {
        success: true as const,
        examCycleId: cycle.id,
        examCycle: cycle.name,
        ...firstClashes(await keptClashReport(ctx.db, cycle.id, scope), limit),
      };
    });
  });

  app.post("/salesforce/ExamData", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZExamDataBody, (await readJson(c, { required: false })) ?? {}));
    // A user whose exam office role is held only at scopes sees the exams within them.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({ success: true as const, ...(await listExamData(ctx.db, ctx.now(), q, scope)) });
  });

  app.get("/salesforce/TimeTable", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZTimetableQuery, c.req.query()));
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({ success: true as const, ...(await listExamTimetable(ctx.db, q, scope)) });
  });

  app.get("/sf/exam/getExamSetupSPJ/:id", async (c) => {
    // An exam outside the caller's scopes answers the 404 of an unknown one.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const row = await getExamTimetableRow(ctx.db, c.req.param("id"), scope);
    return c.json({ success: true as const, exam: row });
  });

  const save = async (c: Context<AppEnv>) => {
    const raw = parseOrThrow(ZTimetableSave, await readJson(c));
    const items = raw.map((item, i) => parseOrThrow(ZTimetableSaveItem, item, String(i)));
    const result = await saveExamTimetable(ctx, c.get("user"), items);
    return c.json({ success: true as const, ...result });
  };
  app.post("/salesforce/TimeTable", save);
  app.patch("/sf/exam/update/exam", save);

  return app;
}

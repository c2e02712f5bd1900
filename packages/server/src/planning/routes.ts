import {
  ALL_ROWS_COUNT,
  ATTACHMENT_MAX_BYTES,
  FACULTY_SORT_COLUMNS,
  INTAKE_MONTHS,
  PROGRAMME_TYPES,
  SORT_DIRECTIONS,
  ZActivityOperation,
  ZAddTermSubject,
  ZBatchListQuery,
  ZCalendarEntry,
  ZCampusHoliday,
  ZCreateIntake,
  ZCreateSpecialization,
  ZId,
  ZIntakeRef,
  ZInvitation,
  ZIsoDate,
  ZPlannerActivity,
  ZPlannerClone,
  ZSectionFaculty,
  ZSectionOperation,
  ZSectionRoom,
  ZTermDates,
} from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { resolveAllRows } from "../http/request-schemas.ts";
import { zVersion } from "../http/versions.ts";
import { batchFilterOptions, createIntake, listBatches, setupOptions } from "./batches.ts";
import {
  addCampusHoliday,
  deleteCalendarEntry,
  getAcademicCalendar,
  listCampusHolidays,
  saveCalendarEntry,
  updateTermDates,
} from "./calendar.ts";
import { currentProgrammeDetails, listCurrentProgrammes } from "./current.ts";
import { listFaculty, listInvitations, sendInvitation } from "./faculty.ts";
import {
  clonePlanner,
  getPlanner,
  importMasterPlanner,
  masterPlanner,
  savePlannerActivity,
  saveSectionActivity,
} from "./planner.ts";
import { recessRecords, specializationsOfProgramme } from "./recess.ts";
import { createSpecialization } from "./specializations.ts";
import {
  deleteTermSubject,
  importMasterSubjects,
  listIntakeRooms,
  listSections,
  listTermSubjects,
  masterCurriculum,
  saveSection,
  saveTermSubject,
  setSectionFaculty,
  setSectionRoom,
} from "./subjects.ts";

const program = z.string().trim().min(1, { error: "programName is required" }).max(200);
const optionalMonth = z.union([z.literal(""), z.enum(INTAKE_MONTHS)]).optional();
const optionalYear = z.union([z.literal(""), z.coerce.number().int().min(1900).max(2100)]).optional();
const ZSubjectsQuery = z.object({ programName: program, intake: optionalMonth, year: optionalYear });
const ZPlannerQuery = ZSubjectsQuery.extend({ termName: z.string().trim().max(100).optional() });
const ZCourseVersionQuery = z.object({ courseVersionId: ZId });
const ZDeleteQuery = (idField: string) =>
  z.object({ [idField]: ZId, version: z.coerce.number().pipe(zVersion()) });
const ZProgrammeQuery = z.object({ academicProgramId: z.string().trim().min(1).max(200) });
const ZSaveSubject = z.object({
  CourseVersion: z.object({ courseVersionId: ZId.nullish(), version: zVersion().optional() }).loose(),
});
const ZFacultyQuery = z.object({
  search: z.string().trim().max(200).default(""),
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  count: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50, 1000, ALL_ROWS_COUNT].includes(n), {
      error: "count must be one of 10, 25, 50, 1000 (All) or 0 (All, capped)",
    })
    .default(25),
  sortBy: z
    .enum(FACULTY_SORT_COLUMNS, { error: `sortBy must be one of ${FACULTY_SORT_COLUMNS.join(", ")}` })
    .optional(),
  sortDirection: z.enum(SORT_DIRECTIONS, { error: "sortDirection must be asc or desc" }).default("asc"),
});
const ZInvitationBody = z.object({
  kind: z.unknown().optional(),
  facultyIds: z.unknown(),
  subject: z.unknown(),
  body: z.unknown().optional(),
  attachment: z.object(
    {
      fileName: z.string().max(200),
      contentBase64: z.string().max(Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 8, {
        error: "The attachment is too large",
      }),
    },
    { error: "Attachment is required" },
  ),
});
const ZCurrentQuery = z.object({
  program: z.string().trim().max(200).default(""),
  type: z.union([z.literal(""), z.enum(PROGRAMME_TYPES)]).default(""),
  campus: z.string().trim().max(200).default(""),
  semester: z.union([z.literal(""), z.coerce.number().int().min(1).max(12)]).optional(),
  startDate: z.union([z.literal(""), ZIsoDate]).optional(),
  endDate: z.union([z.literal(""), ZIsoDate]).optional(),
});
const ZCalendarQuery = z.object({ intakeId: ZId });
const ZRecessQuery = z.object({ intakeId: ZId, termId: ZId.optional() });
const ZSpecializationsQuery = z.object({ academicProgramId: ZId });
const ZHolidayQuery = z.object({
  campusId: z.union([z.literal(""), ZId]).default(""),
  year: z.union([z.literal(""), z.coerce.number().int().min(1900).max(2100)]).optional(),
});
const ZIdParam = z.object({ id: ZId });

/** "" or undefined as undefined (optional query fields). */
const given = <T>(v: T | "" | undefined): T | undefined => (v === "" ? undefined : v);

/**
 * Academic planning routes (spec, Academic planning §2 "Screens and routes", §7; spec, Exam management §7
 * "The calls it makes", service paths): batches and intakes, term subjects and sections, faculty per section
 * and faculty invitation, the term planner and its master import and clone, section activities, current
 * programmes, the academic calendar and campus holidays. Roles: admin and academic office
 * (openapi/planning.yaml). Every write is one transaction with audit rows; editable rows carry versions.
 */
export function planningRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const body = async <S extends z.ZodType>(c: Context<AppEnv>, schema: S) =>
    parseOrThrow(schema, await readJson(c));

  app.get("/salesforce/CurrentPageFilter", async (c) =>
    c.json({ success: true as const, ...(await batchFilterOptions(ctx.db)) }),
  );
  app.post("/salesforce/CurrentPageFilter", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZBatchListQuery, (await readJson(c, { required: false })) ?? {}));
    return c.json({ success: true as const, ...(await listBatches(ctx, q, c.get("user"))) });
  });
  app.get("/salesforce/AcademicProgramsName", async (c) =>
    c.json({ success: true as const, ...(await setupOptions(ctx.db)) }),
  );
  app.post("/salesforce/createProgramBatchSpecialization", async (c) => {
    const input = await body(c, ZCreateIntake);
    return c.json({ success: true as const, ...(await createIntake(ctx, c.get("user"), input)) }, 201);
  });

  app.get("/salesforce/CourseVersionData", async (c) => {
    const q = parseOrThrow(ZSubjectsQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await listTermSubjects(ctx.db, q.programName, given(q.intake), given(q.year))),
    });
  });
  app.delete("/salesforce/CourseVersionData", async (c) => {
    const q = parseOrThrow(ZDeleteQuery("courseVersionId"), c.req.query()) as {
      courseVersionId: string;
      version: number;
    };
    return c.json({
      success: true as const,
      ...(await deleteTermSubject(ctx, c.get("user"), q.courseVersionId, q.version)),
    });
  });
  app.post("/salesforce/createCourseVersion", async (c) => {
    const raw = await readJson(c);
    const head = parseOrThrow(ZSaveSubject, raw).CourseVersion;
    const input = parseOrThrow(ZAddTermSubject, {
      CourseVersion: { ...(raw as { CourseVersion: object }).CourseVersion, courseVersionId: null },
    });
    const update = head.courseVersionId
      ? { id: head.courseVersionId, version: parseOrThrow(zVersion(), head.version, "CourseVersion.version") }
      : undefined;
    return c.json({ success: true as const, ...(await saveTermSubject(ctx, c.get("user"), input, update)) });
  });

  app.get("/salesforce/CourseOfferingData", async (c) => {
    const { courseVersionId } = parseOrThrow(ZCourseVersionQuery, c.req.query());
    return c.json({ success: true as const, ...(await listSections(ctx.db, courseVersionId)) });
  });
  app.post("/salesforce/CourseOfferingData", async (c) => {
    const input = await body(c, ZSectionOperation);
    return c.json({ success: true as const, ...(await saveSection(ctx, c.get("user"), input)) });
  });
  app.post("/salesforce/FacultyCourseAssociation", async (c) => {
    const input = await body(c, ZSectionFaculty);
    return c.json({ success: true as const, ...(await setSectionFaculty(ctx, c.get("user"), input)) });
  });

  app.get("/salesforce/ClassRooms", async (c) => {
    const { intakeId } = parseOrThrow(ZCalendarQuery, c.req.query());
    return c.json({ success: true as const, ...(await listIntakeRooms(ctx.db, intakeId)) });
  });
  app.post("/salesforce/ClassRoomAssociation", async (c) => {
    const input = await body(c, ZSectionRoom);
    return c.json({ success: true as const, ...(await setSectionRoom(ctx, c.get("user"), input)) });
  });

  app.get("/salesforce/MasterSubjects", async (c) => {
    const { academicProgramId } = parseOrThrow(ZProgrammeQuery, c.req.query());
    return c.json({ success: true as const, ...(await masterCurriculum(ctx.db, academicProgramId)) });
  });
  app.post("/salesforce/MasterSubjects", async (c) => {
    const input = await body(c, ZIntakeRef);
    return c.json({ success: true as const, ...(await importMasterSubjects(ctx, c.get("user"), input)) });
  });

  app.get("/salesforce/FacultyList", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZFacultyQuery, c.req.query()));
    return c.json({ success: true as const, ...(await listFaculty(ctx.db, q)) });
  });
  app.get("/salesforce/facultyOnboarding/invitations", async (c) =>
    c.json({ success: true as const, invitations: await listInvitations(ctx.db) }),
  );
  app.post("/salesforce/facultyOnboarding/sendEmail", async (c) => {
    const raw = parseOrThrow(ZInvitationBody, await readJson(c));
    const input = parseOrThrow(ZInvitation, { ...raw, attachmentName: raw.attachment.fileName });
    const result = await sendInvitation(
      ctx,
      c.get("user"),
      input,
      raw.attachment.contentBase64,
      ATTACHMENT_MAX_BYTES,
    );
    return c.json({ success: true as const, ...result });
  });

  app.get("/salesforce/AcademicPlannerData", async (c) => {
    const q = parseOrThrow(ZPlannerQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await getPlanner(ctx.db, {
        programName: q.programName,
        termName: q.termName || undefined,
        intake: given(q.intake),
        year: given(q.year),
      })),
    });
  });
  app.post("/salesforce/createAcademicPlannerActivity", async (c) => {
    const input = await body(c, ZPlannerActivity);
    return c.json({ success: true as const, ...(await savePlannerActivity(ctx, c.get("user"), input)) });
  });
  app.get("/salesforce/ActivitiesData", async (c) => {
    const { academicProgramId } = parseOrThrow(ZProgrammeQuery, c.req.query());
    return c.json({ success: true as const, ...(await masterPlanner(ctx.db, academicProgramId)) });
  });
  app.post("/salesforce/ActivitiesData", async (c) => {
    const input = await body(c, ZPlannerClone);
    return c.json({ success: true as const, ...(await clonePlanner(ctx, c.get("user"), input)) });
  });
  app.post("/salesforce/importTermActivity", async (c) => {
    const input = await body(c, ZIntakeRef);
    return c.json({ success: true as const, ...(await importMasterPlanner(ctx, c.get("user"), input)) });
  });
  app.post("/salesforce/createActivities", async (c) => {
    const input = await body(c, ZActivityOperation);
    return c.json({ success: true as const, ...(await saveSectionActivity(ctx, c.get("user"), input)) });
  });

  app.get("/salesforce/CurrentProgrammes", async (c) => {
    const q = parseOrThrow(ZCurrentQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await listCurrentProgrammes(ctx, {
        program: q.program,
        type: q.type,
        campus: q.campus,
        semester: given(q.semester),
        startDate: given(q.startDate),
        endDate: given(q.endDate),
      })),
    });
  });
  app.get("/salesforce/CurrentProgrammeDetails", async (c) => {
    const { id } = parseOrThrow(ZIdParam, c.req.query());
    return c.json({ success: true as const, ...(await currentProgrammeDetails(ctx, id)) });
  });

  app.get("/salesforce/recessRecords", async (c) => {
    const q = parseOrThrow(ZRecessQuery, c.req.query());
    return c.json({ success: true as const, ...(await recessRecords(ctx.db, q)) });
  });
  app.get("/salesforce/SpecializationsByProgram", async (c) => {
    const { academicProgramId } = parseOrThrow(ZSpecializationsQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await specializationsOfProgramme(ctx.db, academicProgramId)),
    });
  });
  app.post("/salesforce/SpecializationsByProgram", async (c) => {
    const input = await body(c, ZCreateSpecialization);
    return c.json(
      { success: true as const, ...(await createSpecialization(ctx, c.get("user"), input)) },
      201,
    );
  });
  app.get("/salesforce/AcademicCalendar", async (c) => {
    const { intakeId } = parseOrThrow(ZCalendarQuery, c.req.query());
    return c.json({ success: true as const, ...(await getAcademicCalendar(ctx.db, intakeId)) });
  });
  app.post("/salesforce/AcademicCalendar", async (c) => {
    const input = await body(c, ZCalendarEntry);
    return c.json({ success: true as const, ...(await saveCalendarEntry(ctx, c.get("user"), input)) });
  });
  app.delete("/salesforce/AcademicCalendar", async (c) => {
    const q = parseOrThrow(ZDeleteQuery("id"), c.req.query()) as { id: string; version: number };
    return c.json({
      success: true as const,
      ...(await deleteCalendarEntry(ctx, c.get("user"), q.id, q.version)),
    });
  });
  app.post("/salesforce/TermDatesUpdate", async (c) => {
    const input = await body(c, ZTermDates);
    return c.json({ success: true as const, ...(await updateTermDates(ctx, c.get("user"), input)) });
  });
  app.post("/salesforce/campusHolidays", async (c) => {
    const input = await body(c, ZCampusHoliday);
    return c.json({ success: true as const, ...(await addCampusHoliday(ctx, c.get("user"), input)) });
  });
  app.get("/salesforce/CampusHolidayFetching", async (c) => {
    const q = parseOrThrow(ZHolidayQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await listCampusHolidays(ctx.db, q.campusId, given(q.year))),
    });
  });

  return app;
}

import {
  GRADE_STUDENT_SORT_COLUMNS,
  GRADE_TABLE_PAGE_SIZES,
  GRADING_COURSE_SORT_COLUMNS,
  GRADING_TYPES,
  type GradeBand,
  type GradingType,
  MAX_SHEET_BYTES,
  ROLE_EXAM_OFFICE,
  SHEET_FORMATS,
  SORT_DIRECTIONS,
  ZComponent,
  ZDowngradingRule,
  ZGradeBand,
  ZGradeBands,
  ZGradeLetter,
  ZMark,
  ZMarksSendState,
  ZPromotionCriteria,
  ZStudentGradeSave,
} from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { listScopeOf, offeringWithinReach } from "../auth/public.ts";
import type { AppContext, AppEnv } from "../context.ts";
import { badRequest, notFound, parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { resolveAllRows, zItemList, zPageCount } from "../http/request-schemas.ts";
import { zVersion } from "../http/versions.ts";
import { listGradingAudit } from "./audit.ts";
import { deleteDowngradingRule, saveDowngradingRule } from "./downgrading.ts";
import { listDowngradingRules } from "./downgrading-rules.ts";
import {
  deleteComponentPart,
  getComponentMarks,
  getComponents,
  getGradeRanges,
  getSubjectScores,
  listGradingCourses,
  saveComponents,
  saveGradeRanges,
  saveStudentGrades,
  sendOrPublish,
  writeMarks,
} from "./grading.ts";
import { evaluatePromotion, listCriteria, saveCriteria } from "./promotion.ts";
import { downloadSheet, uploadSheet } from "./spreadsheet.ts";

/** Most items one marks or grades request takes. */
export const MAX_GRADING_ITEMS = 2000;
/** spec §9 student grade table paging, plus the list sizes of the grading course list. */
const COURSE_PAGE_SIZES = [5, 10, 25, 50, 100, "all"] as const;

const id = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(100, { error: `${name} is too long` });
const optionalText = (name: string, max = 200) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} has at most ${max} characters` })
    .default("");
const reason = optionalText("reason", 500);
/** A body that is a list of 1 to `max` items of `what`. */
const list = (what: string, max = MAX_GRADING_ITEMS) => zItemList(what, max);

const ZCourseQuery = z.object({
  course: optionalText("course"),
  term: optionalText("term"),
  batch: optionalText("batch"),
  examCycle: optionalText("examCycle"),
  campus: optionalText("campus"),
  status: z
    .union([z.enum(["Draft", "Acknowledged", "Published"]), z.literal("")], {
      error: "status must be Draft, Acknowledged or Published",
    })
    .default(""),
  pageNo: z.number({ error: "pageNo must be a whole number from 1" }).int().min(1).max(1_000_000).default(1),
  count: zPageCount(COURSE_PAGE_SIZES, 25, false),
  sortBy: z
    .enum(GRADING_COURSE_SORT_COLUMNS, {
      error: `sortBy must be one of ${GRADING_COURSE_SORT_COLUMNS.join(", ")}`,
    })
    .optional(),
  sortDirection: z.enum(SORT_DIRECTIONS, { error: "sortDirection must be asc or desc" }).default("asc"),
});
/** spec §9 student grade table: the domain's 5, 10, 25 or All, All sent as count 0. */
const SCORE_PAGE_SIZES: readonly number[] = GRADE_TABLE_PAGE_SIZES.map((n) => (n === "all" ? 0 : n));
const ZGradingId = z.object(
  {
    gradingId: id("gradingId"),
    pageNo: z
      .number({ error: "pageNo must be a whole number from 1" })
      .int()
      .min(1)
      .max(1_000_000)
      .default(1),
    count: z
      .number({ error: "count must be 5, 10, 25 or 0 (All)" })
      .int()
      .refine((n) => SCORE_PAGE_SIZES.includes(n), { error: "count must be 5, 10, 25 or 0 (All)" })
      .default(0),
    studentId: id("studentId").optional(),
    roster: z.boolean({ error: "roster must be true or false" }).optional(),
    subComponentIds: z
      .array(id("subComponentIds item"), { error: "subComponentIds must be a list of sub-component ids" })
      .max(64, { error: "subComponentIds lists at most 64 sub-components" })
      .optional(),
    sortBy: z
      .enum(GRADE_STUDENT_SORT_COLUMNS, {
        error: `sortBy must be one of ${GRADE_STUDENT_SORT_COLUMNS.join(", ")}`,
      })
      .optional(),
    sortDirection: z.enum(SORT_DIRECTIONS, { error: "sortDirection must be asc or desc" }).default("asc"),
  },
  { error: "The body must be an object { gradingId }" },
);
const ZOfferingQuery = z.object({ courseOfferingId: id("courseOfferingId") });

/** A grade range save item (spec §7): percentage limits for Absolute, percentile limits for Relative. */
const ZRangeItem = z.object({
  recordId: z.unknown().optional(),
  typeOfGrading: z.enum(GRADING_TYPES, { error: "typeOfGrading must be Absolute or Relative" }),
  letterGrade: ZGradeLetter,
  gradePoint: ZGradeBand.shape.gradePoint,
  lowerPercentageLimit: z.number().nullish(),
  upperPercentageLimit: z.number().nullish(),
  lowerPercentileLimit: z.number().nullish(),
  upperPercentileLimit: z.number().nullish(),
});
const ZRangesBody = z.object(
  {
    courseOfferingId: id("courseOfferingId"),
    typeOfGrading: z.enum(GRADING_TYPES, { error: "typeOfGrading must be Absolute or Relative" }),
    version: zVersion(),
    reason,
    gradeRanges: z
      .array(z.unknown(), { error: "gradeRanges must be a list" })
      .max(8, { error: "At most 8 grade ranges" }),
  },
  { error: "The body must be an object { courseOfferingId, typeOfGrading, version, gradeRanges }" },
);

const ZSubWire = z.object({
  subComponentid: z.string().max(100).nullish(),
  subComponentName: z.unknown(),
  subcompWeightageCompPercent: z.unknown(),
  totalMarks: z.unknown().optional(),
});
const ZComponentWire = z.object({
  componentId: z.string().max(100).nullish(),
  componentName: z.unknown(),
  weightagePercent: z.unknown(),
  subComponents: z.array(ZSubWire, { error: "subComponents must be a list" }).max(50),
});
const ZComponentsBody = z.object(
  {
    courseOfferingId: id("courseOfferingId"),
    version: zVersion(),
    reason,
    components: z.array(ZComponentWire, { error: "components must be a list" }).max(50),
  },
  { error: "The body must be an object { courseOfferingId, version, components }" },
);
const ZDeleteBody = z.object(
  { id: id("id"), version: zVersion(), reason },
  { error: "The body must be an object { id, version }" },
);

const ZMarksQuery = z.object({
  studentId: optionalText("studentId", 100),
  componentName: optionalText("componentName"),
});
const ZMarkItem = z.object({
  id: z.string({ error: "id must be text" }).max(100).nullish(),
  studentId: z.string({ error: "studentId must be text" }).max(100).nullish(),
  subComponentId: z.string({ error: "subComponentId must be text" }).max(100).nullish(),
  MarksObtined: z.number({ error: "MarksObtined must be a number" }),
  TotalMarks: z.number({ error: "TotalMarks must be a number" }),
  version: zVersion(),
  reason,
});

const ZGradeItem = z.object({
  id: id("id"),
  CalculatedGrade: ZGradeLetter,
  penality: ZStudentGradeSave.shape.penalty.default(""),
  finalGrade: ZGradeLetter,
  version: zVersion(),
  reason,
});

const ZSendBody = z.object(
  { gradingId: id("gradingId"), state: ZMarksSendState, comState: ZMarksSendState, version: zVersion() },
  { error: "The body must be an object { gradingId, state, comState, version }" },
);
const ZPublishItem = z.object({
  id: id("id"),
  sendEmail: z.boolean({ error: "sendEmail must be true or false" }).default(false),
  version: zVersion(),
});

const ZCriteriaFilter = z.object({
  recordType: z
    .union([z.enum(["Master", "Default"]), z.literal("")], { error: "recordType must be Master or Default" })
    .default(""),
  criteriaType: z
    .union([ZPromotionCriteria.shape.criteriaType, z.literal("")], {
      error: "criteriaType must be Promotion or Probation",
    })
    .default(""),
});
const ZCriteriaBody = ZPromotionCriteria.extend({
  id: z.string({ error: "id must be text" }).max(100).nullish(),
  version: zVersion().default(0),
  programmeId: z
    .string({ error: "programmeId must be text" })
    .uuid({ error: "programmeId must be a programme's id" })
    .nullish(),
});
const ZPromotionBody = z.object({
  criteriaId: optionalText("criteriaId", 100),
  intakeId: optionalText("intakeId", 100),
  status: z
    .union([z.enum(["Promoted", "At Risk", "Not Promoted"]), z.literal("")], {
      error: "status must be Promoted, At Risk or Not Promoted",
    })
    .default(""),
});

// Largest uploaded sheet, after base64 decoding: MAX_SHEET_BYTES (700 KB; the request body limit is 1 MB).
const ZUploadBody = z.object(
  {
    courseOfferingId: id("courseOfferingId"),
    fileName: id("fileName"),
    content: z
      .string({ error: "content must be the file in base64" })
      .max(Math.ceil(MAX_SHEET_BYTES / 3) * 4 + 4, { error: "The file is larger than 700 KB" })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "content must be the file in base64" }),
    apply: z.boolean({ error: "apply must be true or false" }).default(false),
    reason,
  },
  { error: "The body must be an object { courseOfferingId, fileName, content, apply }" },
);
const ZSheetQuery = z.object({
  format: z.enum(SHEET_FORMATS, { error: "format must be csv or xlsx" }).default("csv"),
});

/** Converts the wire components to domain components, validating each with the domain's ZComponent. */
function componentsFromWire(components: z.output<typeof ZComponentWire>[]) {
  return components.map((c, ci) => {
    const parsed = parseOrThrow(
      ZComponent,
      {
        componentName: c.componentName,
        weightagePercent: c.weightagePercent,
        subComponents: c.subComponents.map((s) => ({
          subComponentName: s.subComponentName,
          weightagePercent: s.subcompWeightageCompPercent,
          ...(s.totalMarks === undefined ? {} : { totalMarks: s.totalMarks }),
        })),
      },
      `components.${ci}`,
    );
    return {
      ...parsed,
      componentId: c.componentId || null,
      subComponentIds: c.subComponents.map((s) => s.subComponentid || null),
    };
  });
}

/** Groups the grade range items by type into domain bands, validated by the domain's ZGradeBands rules. */
function bandsFromWire(items: unknown[]): Partial<Record<GradingType, GradeBand[]>> {
  const bands: Partial<Record<GradingType, GradeBand[]>> = {};
  items.forEach((raw, i) => {
    const item = parseOrThrow(ZRangeItem, raw, `gradeRanges.${i}`);
    const [lower, upper] =
      item.typeOfGrading === "Absolute"
        ? [item.lowerPercentageLimit, item.upperPercentageLimit]
        : [item.lowerPercentileLimit, item.upperPercentileLimit];
    const band = parseOrThrow(
      ZGradeBand,
      { letterGrade: item.letterGrade, gradePoint: item.gradePoint, lower: lower ?? 0, upper: upper ?? 0 },
      `gradeRanges.${i}`,
    );
    const own = bands[item.typeOfGrading] ?? [];
    own.push(band);
    bands[item.typeOfGrading] = own;
  });
  return bands;
}

/** The rule a DownGradingRulesSetup post changes: `id` and its `version` (both or neither). */
const ZRuleRef = z
  .object({
    id: z.string({ error: "id must be text" }).trim().max(100, { error: "id is too long" }).optional(),
    version: zVersion().optional(),
  })
  .refine((v) => !v.id || v.version !== undefined, {
    error: "version is required with id",
    path: ["version"],
  });
const ZRuleDeleteQuery = z.object({ id: id("id"), version: z.coerce.number().pipe(zVersion()) });

/**
 * Grading and results routes (spec §2 Grading, Student components page; §3, §4, §5, §7 grading calls;
 * openapi/grading.yaml). Signed-in only, roles from x-roles ([admin, exam_office]).
 */
export function gradingRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /**
   * The grading pages of one course offering outside the caller's exam office scopes answer the 404
   * of an unknown offering (`message`, `field`: what that read answers; docs/security/roles.md).
   * Checked before the read, since a class's results are kept per offering for every reach: one
   * statement for a scoped user, none for an unscoped one (offeringWithinReach).
   */
  const withinReach = async (
    c: Context<AppEnv>,
    offeringId: string,
    field: string,
    message = "No such course offering",
  ) => {
    if (!(await offeringWithinReach(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE], offeringId))) {
      throw notFound(message, field);
    }
  };

  app.post("/salesforce/GradingCourseDetails", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZCourseQuery, (await readJson(c, { required: false })) ?? {}));
    // A user whose exam office role is held only at scopes sees the course offerings within them.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({ success: true as const, ...(await listGradingCourses(ctx.db, q, scope)) });
  });

  app.post("/salesforce/SubjectScores", async (c) => {
    const { gradingId, ...page } = parseOrThrow(ZGradingId, await readJson(c));
    await withinReach(c, gradingId, "gradingId");
    return c.json({ success: true as const, ...(await getSubjectScores(ctx.db, gradingId, page)) });
  });

  // GradePointsSetup (spec §7): the grade point table is the grade ranges' gradePoint column.
  app.on("GET", ["/salesforce/CreateDefaultGradeRange", "/salesforce/GradePointsSetup"], async (c) => {
    const { courseOfferingId } = parseOrThrow(ZOfferingQuery, c.req.query());
    await withinReach(c, courseOfferingId, "courseOfferingId");
    return c.json({ success: true as const, ...(await getGradeRanges(ctx.db, courseOfferingId)) });
  });

  app.on("POST", ["/salesforce/CreateDefaultGradeRange", "/salesforce/GradePointsSetup"], async (c) => {
    const body = parseOrThrow(ZRangesBody, await readJson(c));
    const bands = bandsFromWire(body.gradeRanges);
    // The whole-list rules (letters, overlaps, gaps) are the domain's, checked per type.
    for (const [type, list] of Object.entries(bands)) parseOrThrow(ZGradeBands, list, `gradeRanges.${type}`);
    const saved = await saveGradeRanges(ctx, c.get("user"), { ...body, bands });
    return c.json({ success: true as const, ...saved });
  });

  // EvaluationComponentSettings and ExamModuleList (spec §7): the offering's components.
  const componentPaths = [
    "/salesforce/CourseEvaluationComponentSubcomponent",
    "/salesforce/EvaluationComponentSettings",
    "/salesforce/ExamModuleList",
  ];
  app.on("GET", componentPaths, async (c) => {
    const { courseOfferingId } = parseOrThrow(ZOfferingQuery, c.req.query());
    await withinReach(c, courseOfferingId, "courseOfferingId");
    return c.json({ success: true as const, ...(await getComponents(ctx.db, courseOfferingId)) });
  });

  app.post("/salesforce/CourseEvaluationComponentSubcomponent", async (c) => {
    const body = parseOrThrow(ZComponentsBody, await readJson(c));
    const components = componentsFromWire(body.components);
    const saved = await saveComponents(ctx, c.get("user"), { ...body, components });
    return c.json({ success: true as const, ...saved });
  });

  app.post("/salesforce/CourseEvaluationComponentSubcomponent/delete", async (c) => {
    const body = parseOrThrow(ZDeleteBody, await readJson(c));
    return c.json({
      success: true as const,
      ...(await deleteComponentPart(ctx, c.get("user"), "component", body)),
    });
  });

  app.post("/sf/exam/delete/subcomponent", async (c) => {
    const body = parseOrThrow(ZDeleteBody, await readJson(c));
    return c.json({
      success: true as const,
      ...(await deleteComponentPart(ctx, c.get("user"), "subComponent", body)),
    });
  });

  app.get("/sf/exam/coursecomponent/:id", async (c) => {
    const filter = parseOrThrow(ZMarksQuery, c.req.query());
    await withinReach(c, c.req.param("id"), "id");
    return c.json({
      success: true as const,
      ...(await getComponentMarks(ctx.db, c.req.param("id"), filter)),
    });
  });

  app.post("/sf/exam/admin/cousesubcomponet", async (c) => {
    const raw = parseOrThrow(list("marks"), await readJson(c));
    const items = raw.map((r, i) => {
      const item = parseOrThrow(ZMarkItem, r, String(i));
      const mark = parseOrThrow(
        ZMark,
        { marksObtained: item.MarksObtined, totalMarks: item.TotalMarks },
        String(i),
      );
      return {
        id: item.id || null,
        studentId: item.studentId || null,
        subComponentId: item.subComponentId || null,
        marksObtained: mark.marksObtained,
        totalMarks: mark.totalMarks,
        version: item.version,
        reason: item.reason,
      };
    });
    const result = await writeMarks(ctx, c.get("user"), items, "entry");
    return c.json({
      success: true as const,
      message: "Marks saved",
      changed: result.changed,
      unchanged: result.unchanged,
    });
  });

  app.post("/salesforce/GradeAllocationSetup", async (c) => {
    const raw = parseOrThrow(list("student grades"), await readJson(c));
    const items = raw.map((r, i) => {
      const item = parseOrThrow(ZGradeItem, r, String(i));
      return {
        id: item.id,
        calculatedGrade: item.CalculatedGrade,
        penalty: item.penality,
        finalGrade: item.finalGrade,
        version: item.version,
        reason: item.reason,
      };
    });
    return c.json({ success: true as const, grades: await saveStudentGrades(ctx, c.get("user"), items) });
  });

  // DownGradingRulesSetup (spec §7 get/post/delete; designed here, grading.yaml).
  app.get("/salesforce/DownGradingRulesSetup", async (c) =>
    c.json({ success: true as const, rules: await listDowngradingRules(ctx.db) }),
  );
  app.post("/salesforce/DownGradingRulesSetup", async (c) => {
    const raw = await readJson(c);
    const { id, version } = parseOrThrow(ZRuleRef, raw);
    const rule = parseOrThrow(ZDowngradingRule, raw);
    const saved = await saveDowngradingRule(ctx, c.get("user"), {
      ...rule,
      ...(id ? { id, version: version ?? -1 } : {}),
    });
    return c.json({ success: true as const, ...saved });
  });
  app.delete("/salesforce/DownGradingRulesSetup", async (c) => {
    const { id, version } = parseOrThrow(ZRuleDeleteQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await deleteDowngradingRule(ctx, c.get("user"), id, version)),
    });
  });

  app.post("/salesforce/SendEmailForMarks", async (c) => {
    const body = parseOrThrow(ZSendBody, await readJson(c));
    const result = await sendOrPublish(ctx, c.get("user"), {
      courseOfferingId: body.gradingId,
      version: body.version,
      publish: body.state === "Publish",
      mail: body.comState,
    });
    return c.json({ success: true as const, ...result });
  });

  app.patch("/sf/exam/update/publish", async (c) => {
    const raw = parseOrThrow(list("publish items", 50), await readJson(c));
    const items = raw.map((r, i) => parseOrThrow(ZPublishItem, r, String(i)));
    const results = [];
    for (const [i, item] of items.entries()) {
      results.push(
        await sendOrPublish(
          ctx,
          c.get("user"),
          {
            courseOfferingId: item.id,
            version: item.version,
            publish: true,
            mail: item.sendEmail ? "Publish" : null,
          },
          `${i}.id`,
        ),
      );
    }
    return c.json({ success: true as const, results });
  });

  app.post("/salesforce/CriteriaWithFilterData", async (c) => {
    const filter = parseOrThrow(ZCriteriaFilter, (await readJson(c, { required: false })) ?? {});
    return c.json({ success: true as const, criteria: await listCriteria(ctx.db, filter) });
  });

  app.post("/salesforce/createCriteriaWithFilter", async (c) => {
    const body = parseOrThrow(ZCriteriaBody, await readJson(c));
    const saved = await saveCriteria(ctx, c.get("user"), {
      ...body,
      id: body.id || null,
      programmeId: body.programmeId ?? null,
    });
    return c.json({ success: true as const, criteria: saved });
  });

  app.post("/salesforce/PromotionCriteriaData", async (c) => {
    const q = parseOrThrow(ZPromotionBody, (await readJson(c, { required: false })) ?? {});
    return c.json({ success: true as const, ...(await evaluatePromotion(ctx.db, q)) });
  });

  app.post("/sf/exam/grading/marksUpload", async (c) => {
    const body = parseOrThrow(ZUploadBody, await readJson(c));
    const bytes = Uint8Array.from(Buffer.from(body.content, "base64"));
    if (bytes.byteLength > MAX_SHEET_BYTES) {
      throw badRequest("The file is larger than 700 KB", "content", "max");
    }
    const result = await uploadSheet(ctx, c.get("user"), { ...body, bytes });
    return c.json({ success: true as const, ...result });
  });

  app.get("/sf/exam/grading/marksSheet/:id", async (c) => {
    const { format } = parseOrThrow(ZSheetQuery, c.req.query());
    await withinReach(c, c.req.param("id"), "id");
    const file = await downloadSheet(ctx.db, c.req.param("id"), format);
    return c.body(file.bytes.slice().buffer as ArrayBuffer, 200, {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
    });
  });

  app.get("/sf/exam/grading/audit/:id", async (c) => {
    await withinReach(c, c.req.param("id"), "id", "Data not found");
    return c.json({ success: true as const, ...(await listGradingAudit(ctx.db, c.req.param("id"))) });
  });

  return app;
}

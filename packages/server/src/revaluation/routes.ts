import {
  ANSWER_SHEET_MAX_BYTES,
  base64Length,
  DEFAULT_LIST_PAGE_SIZE,
  kilobytes,
  LIST_PAGE_SIZES,
  REQUEST_LIST_SORT_COLUMNS,
  RETEST_ACCEPT_LABELS,
  REVALUATION_ACCEPT_LABELS,
  REVALUATION_STATUS_LABELS,
  ROLE_EXAM_OFFICE,
  SORT_DIRECTIONS,
  ZRetestExam,
  zModerationAdjustment,
} from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { examWithinReach, listScopeOf, offeringWithinReach } from "../auth/public.ts";
import type { AppContext, AppEnv } from "../context.ts";
import { contentDisposition } from "../files/upload-check.ts";
import { badRequest, notFound, parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { zItemList } from "../http/request-schemas.ts";
import { zVersion } from "../http/versions.ts";
import {
  ANSWER_SHEET_NOT_AVAILABLE,
  getAnswerSheetFile,
  requestAnswer,
  uploadAnswerSheet,
} from "./answer-sheets.ts";
import { getModeration, moderate } from "./moderation.ts";
import {
  createRetestRequest,
  createRevaluationRequest,
  getRequestStudents,
  listRequests,
  listRevaluationEvaluators,
  updateRetests,
  updateRevaluations,
} from "./requests.ts";
import { createRetestExam, getRetestFormOptions } from "./retest-exam.ts";

/** Most items one update request takes. */
const MAX_ITEMS = 500;

const id = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(100, { error: `${name} is too long` });
const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} has at most ${max} characters` });
/** A body that is a list of 1 to `max` items of `what`. */
const list = (what: string, max = MAX_ITEMS) => zItemList(what, max);
const type = z.enum(["Revaluation", "Retest"], { error: "type must be Revaluation or Retest" });

const ZListBody = z.object(
  {
    type,
    pageNo: z
      .number({ error: "pageNo must be a whole number from 1" })
      .int()
      .min(1)
      .max(1_000_000)
      .default(1),
    count: z
      .number({ error: `count must be one of ${LIST_PAGE_SIZES.join(", ")}` })
      .int()
      .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), {
        error: `count must be one of ${LIST_PAGE_SIZES.join(", ")}`,
      })
      .default(DEFAULT_LIST_PAGE_SIZE),
    sortBy: z
      .enum(REQUEST_LIST_SORT_COLUMNS, {
        error: `sortBy must be one of ${REQUEST_LIST_SORT_COLUMNS.join(", ")}`,
      })
      .optional(),
    sortDirection: z.enum(SORT_DIRECTIONS, { error: "sortDirection must be asc or desc" }).default("asc"),
  },
  { error: "The body must be an object { type, pageNo, count, sortBy, sortDirection }" },
);
const ZStudentsBody = z.object(
  { CourseId: id("CourseId"), type },
  { error: "The body must be an object { CourseId, type }" },
);
const nullable = <T extends z.ZodType>(schema: T) => schema.nullish();
const ZRevaluationItem = z.object({
  id: id("id"),
  RevalAccept: nullable(z.enum(REVALUATION_ACCEPT_LABELS, { error: "RevalAccept must be Accept or Reject" })),
  RevaluationRequestStatus: nullable(
    z.enum(REVALUATION_ACCEPT_LABELS, { error: "RevaluationRequestStatus must be Accept or Reject" }),
  ),
  EvaluatorAssignedID: nullable(z.string({ error: "EvaluatorAssignedID must be text" }).max(100)),
  RevalutionStatus: nullable(
    z.enum(REVALUATION_STATUS_LABELS, { error: "RevalutionStatus must be Completed or Pending" }),
  ),
  revisedMarks: z.number({ error: "revisedMarks must be a number" }).optional(),
  reason: text("reason", 500).default(""),
  version: zVersion(),
});
const ZRetestItem = z.object({
  id: id("id"),
  RevalAccept: z.enum(RETEST_ACCEPT_LABELS, { error: "RevalAccept must be Accept, Pending or Reject" }),
  version: zVersion(),
});
const ZRetestCreateItem = ZRetestExam.extend({
  requestIds: z
    .array(id("requestIds"), { error: "requestIds must be a list of ids" })
    .min(1)
    .max(MAX_ITEMS)
    .optional(),
});
const ZRequestAnswer = z.object({ id: id("id") }, { error: "The body must be an object { id }" });
const ZRevaluationRequest = z.object(
  {
    examId: id("examId"),
    studentId: id("studentId"),
    subComponentId: id("subComponentId"),
    reason: text("reason", 500).min(1, { error: "reason is required" }),
    feesStatus: z
      .enum(["Paid", "Unpaid", "Waived"], { error: "feesStatus must be Paid, Unpaid or Waived" })
      .default("Unpaid"),
    answerSheetType: z
      .enum(["Set 1", "Set 2"], { error: "answerSheetType must be Set 1 or Set 2" })
      .default("Set 1"),
  },
  { error: "The body must be an object { examId, studentId, subComponentId, reason }" },
);
const ZRetestRequest = z.object(
  {
    examId: id("examId"),
    studentId: id("studentId"),
    reason: text("reason", 500).min(1, { error: "reason is required" }),
  },
  { error: "The body must be an object { examId, studentId, reason }" },
);
/** Base64 of at most 700 KB decoded. */
const ZAnswerSheet = z.object(
  {
    examId: id("examId"),
    studentId: id("studentId"),
    fileName: id("fileName").max(300, { error: "fileName has at most 300 characters" }),
    content: z
      .string({ error: "content must be the file in base64" })
      .max(base64Length(ANSWER_SHEET_MAX_BYTES), {
        error: `The answer sheet is larger than ${kilobytes(ANSWER_SHEET_MAX_BYTES)} KB`,
      })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "content must be the file in base64" }),
    version: zVersion(),
  },
  { error: "The body must be an object { examId, studentId, fileName, content, version }" },
);
const ZModerationQuery = z.object({ subComponentId: id("subComponentId") });
const ZModerationBody = z.object(
  {
    courseOfferingId: id("courseOfferingId"),
    subComponentId: id("subComponentId"),
    adjustment: z.unknown(),
    apply: z.boolean({ error: "apply must be true or false" }).default(false),
    reason: text("reason", 500).default(""),
    marksVersion: text("marksVersion", 64).default(""),
  },
  { error: "The body must be an object { courseOfferingId, subComponentId, adjustment }" },
);

/**
 * Revaluation, retest, answer sheet and moderation routes (spec §2 Revaluation list, Retest list,
 * student lists, requests; §3; §4; §7 RetestRevaluationDetails, CreateRetest, ReetstData,
 * RequestAnswer, the revaluation and retest updates; §8; §9; openapi/revaluation.yaml). Roles from
 * x-roles ([exam_office]); the legacy `/salesforce?endpoint=` form reaches the salesforce paths.
 */
export function revaluationRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /** Whether exam `examId` lies within the caller's exam office scopes (examWithinReach). */
  const withinReach = (c: Context<AppEnv>, examId: string) =>
    examWithinReach(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE], examId);

  app.post("/salesforce/RetestRevaluationDetails", async (c) => {
    const q = parseOrThrow(ZListBody, await readJson(c));
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({ success: true as const, type: q.type, ...(await listRequests(ctx.db, q, scope)) });
  });

  app.post("/salesforce/ReetstData", async (c) => {
    const q = parseOrThrow(ZStudentsBody, await readJson(c));
    if (!(await withinReach(c, q.CourseId))) throw notFound("No such exam", "CourseId");
    return c.json(await getRequestStudents(ctx.db, q.CourseId, q.type));
  });

  app.get("/sf/exam/revaluationEvaluators/:id", async (c) => {
    if (!(await withinReach(c, c.req.param("id")))) throw notFound("No such exam", "id");
    return c.json(await listRevaluationEvaluators(ctx.db, c.req.param("id")));
  });

  app.patch("/sf/exam/update/revaluation", async (c) => {
    const raw = parseOrThrow(list("revaluation update items"), await readJson(c));
    const items = raw.map((r, i) => {
      const item = parseOrThrow(ZRevaluationItem, r, String(i));
      if (
        item.RevalAccept &&
        item.RevaluationRequestStatus &&
        item.RevalAccept !== item.RevaluationRequestStatus
      ) {
        throw badRequest(
          "RevalAccept and RevaluationRequestStatus disagree",
          `${i}.RevaluationRequestStatus`,
          "consistent",
        );
      }
      return {
        id: item.id,
        accept: item.RevalAccept ?? item.RevaluationRequestStatus,
        evaluatorId: item.EvaluatorAssignedID === "" ? undefined : item.EvaluatorAssignedID,
        status: item.RevalutionStatus,
        revisedMarks: item.revisedMarks,
        reason: item.reason,
        version: item.version,
      };
    });
    // A request on an exam outside the caller's scopes is refused as an unknown one, in the transaction.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({
      success: true as const,
      requests: await updateRevaluations(ctx, c.get("user"), items, scope),
    });
  });

  app.patch("/sf/exam/update/retest", async (c) => {
    const raw = parseOrThrow(list("retest update items"), await readJson(c));
    const items = raw.map((r, i) => {
      const item = parseOrThrow(ZRetestItem, r, String(i));
      return { id: item.id, accept: item.RevalAccept, version: item.version };
    });
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({
      success: true as const,
      requests: await updateRetests(ctx, c.get("user"), items, scope),
    });
  });

  app.get("/salesforce/CreateRetest", async (c) => {
    // The options of the accepted requests on exams within the caller's scopes.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json(await getRetestFormOptions(ctx.db, scope));
  });

  app.post("/salesforce/CreateRetest", async (c) => {
    const [raw] = parseOrThrow(list("retest exam items", 1), await readJson(c));
    const item = parseOrThrow(ZRetestCreateItem, raw, "0");
    // A term outside the caller's scopes is refused as an unknown one; only requests within them are scheduled.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json(await createRetestExam(ctx, c.get("user"), item, scope));
  });

  app.post("/salesforce/RequestAnswer", async (c) => {
    const { id: requestId } = parseOrThrow(ZRequestAnswer, await readJson(c));
    return c.json(await requestAnswer(ctx.db, requestId));
  });

  app.post("/sf/exam/revaluationRequest", async (c) => {
    const body = parseOrThrow(ZRevaluationRequest, await readJson(c));
    return c.json(
      { success: true as const, request: await createRevaluationRequest(ctx, c.get("user"), body) },
      201,
    );
  });

  app.post("/sf/exam/retestRequest", async (c) => {
    const body = parseOrThrow(ZRetestRequest, await readJson(c));
    return c.json(
      { success: true as const, request: await createRetestRequest(ctx, c.get("user"), body) },
      201,
    );
  });

  app.post("/sf/exam/answerSheet", async (c) => {
    const body = parseOrThrow(ZAnswerSheet, await readJson(c));
    return c.json({ success: true as const, answerSheet: await uploadAnswerSheet(ctx, c.get("user"), body) });
  });

  app.get("/sf/exam/answerSheet/:examId/:studentId", async (c) => {
    const examId = c.req.param("examId");
    const studentId = c.req.param("studentId");
    if (!(await withinReach(c, examId))) throw notFound(ANSWER_SHEET_NOT_AVAILABLE);
    const sheet = await getAnswerSheetFile(ctx.db, examId, studentId);
    const file = sheet ? await ctx.files.stream(sheet.key) : null;
    if (!sheet || !file) throw notFound(ANSWER_SHEET_NOT_AVAILABLE);
    return c.body(file.body, 200, {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition("inline", sheet.fileName),
      "Cache-Control": "private, no-store",
    });
  });

  app.get("/sf/exam/moderation/:id", async (c) => {
    const { subComponentId } = parseOrThrow(ZModerationQuery, c.req.query());
    if (!(await offeringWithinReach(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE], c.req.param("id")))) {
      throw notFound("No such course offering", "courseOfferingId");
    }
    return c.json(await getModeration(ctx.db, c.req.param("id"), subComponentId));
  });

  app.post("/sf/exam/moderation", async (c) => {
    const body = parseOrThrow(ZModerationBody, await readJson(c));
    if (body.apply && body.reason === "") {
      throw badRequest("Say why the marks are moderated (reason)", "reason", "required");
    }
    if (body.apply && body.marksVersion === "") {
      throw badRequest(
        "marksVersion is required: send the marksVersion of the preview you read",
        "marksVersion",
        "required",
      );
    }
    // The adjustment's bounds depend on the sub-component's total marks, read by moderate().
    const total = await totalMarksFor(body.courseOfferingId, body.subComponentId);
    const adjustment = parseOrThrow(zModerationAdjustment(total), body.adjustment, "adjustment");
    return c.json(await moderate(ctx, c.get("user"), { ...body, adjustment }));
  });

  async function totalMarksFor(offeringId: string, subId: string): Promise<number> {
    const m = await getModeration(ctx.db, offeringId, subId);
    return m.subComponent.totalMarks;
  }

  return app;
}

import {
  DEFAULT_GRID_PAGE_SIZE,
  EVALUATOR_STATUSES,
  GRID_PAGE_SIZES,
  isIsoDate,
  MAX_EVALUATOR_ITEMS,
  ROLE_EXAM_OFFICE,
  ZEvaluatorAssignmentItem,
  ZEvaluatorResponseItem,
} from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { examWithinReach, listScopeOf } from "../../auth/public.ts";
import type { AppContext, AppEnv } from "../../context.ts";
import { notFound, parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/input.ts";
import {
  resolveAllRows,
  ZItemVersion,
  zItemList,
  zOptionalId,
  zPageCount,
  zQueryPageNo,
  zRequiredId,
  zSearch,
} from "../../http/request-schemas.ts";
import { zVersion } from "../../http/versions.ts";
import {
  getEvaluationOverview,
  getEvaluationRooms,
  getEvaluatorList,
  listCourseSections,
  listEvaluationAssignments,
  listEvaluatorCandidates,
  recordEvaluatorResponses,
  saveEvaluatorAssignments,
  setEvaluationDeadline,
} from "./evaluation.ts";

/** An evaluator assignment item: the version is required when it changes an assignment (`id`). */
const ZAssignmentVersion = z
  .object({ id: z.unknown().optional(), version: zVersion().optional() })
  .refine((item) => !item.id || item.version !== undefined, {
    error: "version is required to change an assignment: send the version of the row you read",
    path: ["version"],
  });

/** Paging of the evaluation lists in a query string (spec §9 grid 10, 25, 50, All as 0). */
const ZEvaluationQueryPage = {
  pageNo: zQueryPageNo,
  count: zPageCount(GRID_PAGE_SIZES, DEFAULT_GRID_PAGE_SIZE, true),
};
const dateError = (name: string) => ({ error: `${name} must be a date written YYYY-MM-DD` });
/** A YYYY-MM-DD filter; "" (or absent) keeps everything. */
const dateFilter = (name: string) =>
  z
    .string(dateError(name))
    .trim()
    .refine((v) => v === "" || isIsoDate(v), dateError(name))
    .default("");
const ZAssignmentsQuery = z.object({
  examCycleId: zOptionalId,
  dateOfExam: dateFilter("dateOfExam"),
  deadline: dateFilter("deadline"),
  subjectFaculty: z.string({ error: "subjectFaculty must be text" }).trim().max(200).default(""),
  allocatedTo: z.string({ error: "allocatedTo must be text" }).trim().max(200).default(""),
  status: z
    .union([z.enum(EVALUATOR_STATUSES), z.literal("")], {
      error: `status must be one of ${EVALUATOR_STATUSES.join(", ")}`,
    })
    .default(""),
  ...ZEvaluationQueryPage,
});
const ZOverviewQuery = z.object({ examCycleId: zOptionalId, ...ZEvaluationQueryPage });
const ZDeadlineBody = z.object(
  {
    examId: zRequiredId("examId"),
    deadline: z
      .string({ error: "deadline must be a date written YYYY-MM-DD, or null to clear it" })
      .trim()
      .refine(isIsoDate, dateError("deadline"))
      .nullable(),
    version: zVersion(),
  },
  { error: "The body must be an object { examId, deadline, version }" },
);
const ZExamQuery = z.object({ examId: zRequiredId("examId") });
const ZCandidatesQuery = z.object({ examId: zRequiredId("examId"), search: zSearch });

/**
 * Evaluation routes (spec Evaluation page; §3 evaluator assignment, exam row fields; §4 evaluator
 * status; §5 Add Evaluator; §7 /sf/exam/evaluatorList/{id},
 * EvaluatorDetails, EvaluationDetails get/post, /sf/exam/section/{a}/{b}, /sf/exam/update/evaluation;
 * §3 evaluation filters: /sf/exam/evaluationAssignments, /sf/exam/evaluationOverview; §3 Exam info
 * Deadline: /sf/exam/update/evaluationDeadline; openapi/evaluation.yaml). Signed-in only: createApi puts /sf/* and /salesforce/* behind sign-in.
 */
export function evaluationRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /** 404 "No such exam" (field `field`) for an exam outside the caller's exam office scopes. */
  const withinReach = async (c: Context<AppEnv>, examId: string, field = "examId") => {
    if (!(await examWithinReach(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE], examId))) {
      throw notFound("No such exam", field);
    }
  };
  const scopeOf = (c: Context<AppEnv>) => listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);

  app.get("/sf/exam/evaluatorList/:id", async (c) => {
    await withinReach(c, c.req.param("id"), "id");
    return c.json({
      success: true as const,
      ...(await getEvaluatorList(ctx.db, ctx.now(), c.req.param("id"))),
    });
  });

  app.get("/sf/exam/evaluationAssignments", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZAssignmentsQuery, c.req.query()));
    const scope = await scopeOf(c);
    return c.json({ success: true as const, ...(await listEvaluationAssignments(ctx.db, q, scope)) });
  });

  app.get("/sf/exam/evaluationOverview", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZOverviewQuery, c.req.query()));
    const scope = await scopeOf(c);
    return c.json({ success: true as const, ...(await getEvaluationOverview(ctx.db, ctx.now(), q, scope)) });
  });

  app.patch("/sf/exam/update/evaluationDeadline", async (c) => {
    const item = parseOrThrow(ZDeadlineBody, await readJson(c));
    // An exam outside the caller's scopes is refused as an unknown one, in the write's transaction.
    const { exam } = await setEvaluationDeadline(ctx, c.get("user"), item, await scopeOf(c));
    const message = item.deadline === null ? "Evaluation deadline cleared" : "Evaluation deadline saved";
    return c.json({ success: true as const, message, exam });
  });

  app.get("/salesforce/EvaluatorDetails", async (c) => {
    const { examId, search } = parseOrThrow(ZCandidatesQuery, c.req.query());
    await withinReach(c, examId);
    const data = await listEvaluatorCandidates(ctx.db, ctx.now(), examId, search);
    return c.json({ success: true as const, data });
  });

  app.get("/salesforce/EvaluationDetails", async (c) => {
    const { examId } = parseOrThrow(ZExamQuery, c.req.query());
    await withinReach(c, examId);
    return c.json({ success: true as const, ...(await getEvaluationRooms(ctx.db, ctx.now(), examId)) });
  });

  app.post("/salesforce/EvaluationDetails", async (c) => {
    const raw = parseOrThrow(zItemList("evaluator assignments", MAX_EVALUATOR_ITEMS), await readJson(c));
    const items = raw.map((item, i) => ({
      ...parseOrThrow(ZEvaluatorAssignmentItem, item, String(i)),
      version: parseOrThrow(ZAssignmentVersion, item, String(i)).version,
    }));
    const data = await saveEvaluatorAssignments(ctx, c.get("user"), items, await scopeOf(c));
    return c.json({ success: true as const, message: "Evaluators saved", data });
  });

  app.get("/sf/exam/section/:courseId/:termId", async (c) => {
    // A term outside the caller's scopes answers the 404 of an unknown one; the sections narrow.
    const scope = await scopeOf(c);
    return c.json({
      success: true as const,
      ...(await listCourseSections(ctx.db, c.req.param("courseId"), c.req.param("termId"), scope)),
    });
  });

  app.patch("/sf/exam/update/evaluation", async (c) => {
    const raw = parseOrThrow(zItemList("evaluator answers", MAX_EVALUATOR_ITEMS), await readJson(c));
    const items = raw.map((item, i) => ({
      ...parseOrThrow(ZEvaluatorResponseItem, item, String(i)),
      ...parseOrThrow(ZItemVersion, item, String(i)),
    }));
    const answer = await recordEvaluatorResponses(ctx, c.get("user"), items);
    return c.json({ success: true as const, message: "Evaluator answers saved", ...answer });
  });

  return app;
}

import {
  ELIGIBILITY_STATUSES,
  EVALUATOR_STATUSES,
  isIsoDate,
  MAX_EVALUATOR_ITEMS,
  ZEligibilityUpdateItem,
  ZEvaluatorAssignmentItem,
  ZEvaluatorResponseItem,
} from "@portal/domain";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow, readJson } from "../http/errors.ts";
import {
  DEFAULT_ELIGIBILITY_PAGE_SIZE,
  ELIGIBILITY_PAGE_SIZES,
  getStudentRiskData,
  getStudentStatus,
  listStudentEligibility,
  updateEligibility,
} from "./eligibility.ts";
import {
  DEFAULT_EVALUATION_PAGE_SIZE,
  EVALUATION_PAGE_SIZES,
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
import { zVersion } from "./versions.ts";

/** The version part of an update item (parsed beside the domain's item schema). */
const ZItemVersion = z.object({ version: zVersion() });
/** An evaluator assignment item: the version is required when it changes an assignment (`id`). */
const ZAssignmentVersion = z
  .object({ id: z.unknown().optional(), version: zVersion().optional() })
  .refine((item) => !item.id || item.version !== undefined, {
    error: "version is required to change an assignment: send the version of the row you read",
    path: ["version"],
  });

/** Most eligibility decisions one PATCH /sf/exam/update/eligibily takes. */
export const MAX_ELIGIBILITY_ITEMS = 500;

const pageSize = (n: number) => (ELIGIBILITY_PAGE_SIZES as readonly number[]).includes(n);
const pageSizeError = { error: `count must be one of ${ELIGIBILITY_PAGE_SIZES.join(", ")}` };
/** Paging in a query string (numbers as text). */
const ZQueryPage = {
  pageNo: z.coerce
    .number({ error: "pageNo must be a whole number from 1" })
    .int({ error: "pageNo must be a whole number from 1" })
    .min(1, { error: "pageNo must be a whole number from 1" })
    .max(1_000_000)
    .default(1),
  count: z.coerce.number().int().refine(pageSize, pageSizeError).default(DEFAULT_ELIGIBILITY_PAGE_SIZE),
};
/** Paging in a JSON body. */
const ZBodyPage = {
  pageNo: z
    .number({ error: "pageNo must be a whole number from 1" })
    .int({ error: "pageNo must be a whole number from 1" })
    .min(1, { error: "pageNo must be a whole number from 1" })
    .max(1_000_000)
    .default(1),
  count: z
    .number({ error: pageSizeError.error })
    .int()
    .refine(pageSize, pageSizeError)
    .default(DEFAULT_ELIGIBILITY_PAGE_SIZE),
};
const search = z.string({ error: "search must be text" }).trim().max(200).default("");
const eligibilityFilter = z
  .union([z.enum(ELIGIBILITY_STATUSES), z.literal("")], {
    error: `eligibility must be one of ${ELIGIBILITY_STATUSES.join(", ")}`,
  })
  .default("");
const optionalId = z.string({ error: "must be text" }).trim().max(100).default("");
const requiredId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(100);

const ZStudentStatusQuery = z.object({ search, eligibility: eligibilityFilter, ...ZQueryPage });
const ZRiskBody = z.object({ examCycleId: optionalId, search, ...ZBodyPage });
const ZStudentDataBody = z.object({
  examCycleId: optionalId,
  examId: optionalId,
  eligibility: eligibilityFilter,
  search,
  ...ZBodyPage,
});
const ZExamQuery = z.object({ examId: requiredId("examId") });

/** Paging of the evaluation lists in a query string (spec §9 grid 10, 25, 50). */
const ZEvaluationQueryPage = {
  pageNo: ZQueryPage.pageNo,
  count: z.coerce
    .number()
    .int()
    .refine((n) => (EVALUATION_PAGE_SIZES as readonly number[]).includes(n), {
      error: `count must be one of ${EVALUATION_PAGE_SIZES.join(", ")}`,
    })
    .default(DEFAULT_EVALUATION_PAGE_SIZE),
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
  examCycleId: optionalId,
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
const ZOverviewQuery = z.object({ examCycleId: optionalId, ...ZEvaluationQueryPage });
const ZDeadlineBody = z.object(
  {
    examId: requiredId("examId"),
    deadline: z
      .string({ error: "deadline must be a date written YYYY-MM-DD, or null to clear it" })
      .trim()
      .refine(isIsoDate, dateError("deadline"))
      .nullable(),
    version: zVersion(),
  },
  { error: "The body must be an object { examId, deadline, version }" },
);
const ZCandidatesQuery = z.object({ examId: requiredId("examId"), search });

const list = (what: string, max: number) =>
  z
    .array(z.unknown(), { error: `The body must be a list of ${what}` })
    .min(1, { error: "Send at least one item" })
    .max(max, { error: `At most ${max} items per request` });

/**
 * Eligibility and evaluation routes (spec Evaluation page; §3 evaluator assignment, exam row fields;
 * §4 evaluator status and eligibility labels; §5 Add Evaluator; §7 /sf/exam/studentStatus/{id},
 * /sf/exam/update/eligibily, StudentRiskData, StudentData, /sf/exam/evaluatorList/{id},
 * EvaluatorDetails, EvaluationDetails get/post, /sf/exam/section/{a}/{b}, /sf/exam/update/evaluation;
 * §3 evaluation filters: /sf/exam/evaluationAssignments, /sf/exam/evaluationOverview; §3 Exam info
 * Deadline: /sf/exam/update/evaluationDeadline; openapi/evaluation.yaml). Signed-in only: createApi puts /sf/* and /salesforce/* behind sign-in.
 */
export function evaluationRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/sf/exam/studentStatus/:id", async (c) => {
    const { search, eligibility, pageNo, count } = parseOrThrow(ZStudentStatusQuery, c.req.query());
    const answer = await getStudentStatus(
      ctx.db,
      ctx.now(),
      c.req.param("id"),
      { search, eligibility },
      {
        pageNo,
        count,
      },
    );
    return c.json({ success: true as const, ...answer });
  });

  app.patch("/sf/exam/update/eligibily", async (c) => {
    const raw = parseOrThrow(list("eligibility items", MAX_ELIGIBILITY_ITEMS), await readJson(c));
    const items = raw.map((item, i) => ({
      ...parseOrThrow(ZEligibilityUpdateItem, item, String(i)),
      ...parseOrThrow(ZItemVersion, item, String(i)),
    }));
    const students = await updateEligibility(ctx, c.get("user"), items);
    return c.json({ success: true as const, message: "Eligibility saved", students });
  });

  app.post("/salesforce/StudentRiskData", async (c) => {
    const q = parseOrThrow(ZRiskBody, (await readJson(c, { required: false })) ?? {});
    return c.json({ success: true as const, ...(await getStudentRiskData(ctx.db, ctx.now(), q)) });
  });

  app.post("/salesforce/StudentData", async (c) => {
    const q = parseOrThrow(ZStudentDataBody, (await readJson(c, { required: false })) ?? {});
    return c.json({ success: true as const, ...(await listStudentEligibility(ctx.db, ctx.now(), q)) });
  });

  app.get("/sf/exam/evaluatorList/:id", async (c) =>
    c.json({ success: true as const, ...(await getEvaluatorList(ctx.db, ctx.now(), c.req.param("id"))) }),
  );

  app.get("/sf/exam/evaluationAssignments", async (c) => {
    const q = parseOrThrow(ZAssignmentsQuery, c.req.query());
    return c.json({ success: true as const, ...(await listEvaluationAssignments(ctx.db, q)) });
  });

  app.get("/sf/exam/evaluationOverview", async (c) => {
    const q = parseOrThrow(ZOverviewQuery, c.req.query());
    return c.json({ success: true as const, ...(await getEvaluationOverview(ctx.db, ctx.now(), q)) });
  });

  app.patch("/sf/exam/update/evaluationDeadline", async (c) => {
    const item = parseOrThrow(ZDeadlineBody, await readJson(c));
    const { exam } = await setEvaluationDeadline(ctx, c.get("user"), item);
    const message = item.deadline === null ? "Evaluation deadline cleared" : "Evaluation deadline saved";
    return c.json({ success: true as const, message, exam });
  });

  app.get("/salesforce/EvaluatorDetails", async (c) => {
    const { examId, search } = parseOrThrow(ZCandidatesQuery, c.req.query());
    const data = await listEvaluatorCandidates(ctx.db, ctx.now(), examId, search);
    return c.json({ success: true as const, data });
  });

  app.get("/salesforce/EvaluationDetails", async (c) => {
    const { examId } = parseOrThrow(ZExamQuery, c.req.query());
    return c.json({ success: true as const, ...(await getEvaluationRooms(ctx.db, ctx.now(), examId)) });
  });

  app.post("/salesforce/EvaluationDetails", async (c) => {
    const raw = parseOrThrow(list("evaluator assignments", MAX_EVALUATOR_ITEMS), await readJson(c));
    const items = raw.map((item, i) => ({
      ...parseOrThrow(ZEvaluatorAssignmentItem, item, String(i)),
      version: parseOrThrow(ZAssignmentVersion, item, String(i)).version,
    }));
    const data = await saveEvaluatorAssignments(ctx, c.get("user"), items);
    return c.json({ success: true as const, message: "Evaluators saved", data });
  });

  app.get("/sf/exam/section/:courseId/:termId", async (c) =>
    c.json({
      success: true as const,
      ...(await listCourseSections(ctx.db, c.req.param("courseId"), c.req.param("termId"))),
    }),
  );

  app.patch("/sf/exam/update/evaluation", async (c) => {
    const raw = parseOrThrow(list("evaluator answers", MAX_EVALUATOR_ITEMS), await readJson(c));
    const items = raw.map((item, i) => ({
      ...parseOrThrow(ZEvaluatorResponseItem, item, String(i)),
      ...parseOrThrow(ZItemVersion, item, String(i)),
    }));
    const answer = await recordEvaluatorResponses(ctx, c.get("user"), items);
    return c.json({ success: true as const, message: "Evaluator answers saved", ...answer });
  });

  return app;
}

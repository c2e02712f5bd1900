import {
  ZFeedbackAnswerInput,
  ZFeedbackAnswerQuery,
  ZFeedbackFormInput,
  ZFeedbackFormListQuery,
  ZFeedbackFormUpdate,
  ZFeedbackLinksInput,
  ZFeedbackOfferingQuery,
  ZId,
} from "@portal/domain";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { getFeedbackAnswerForm, submitFeedbackAnswer } from "./answer.ts";
import {
  createFeedbackForm,
  getFeedbackResults,
  listFeedbackForms,
  listFeedbackOfferings,
  updateFeedbackForm,
} from "./forms.ts";
import { issueFeedbackLinks, listFeedbackStudents } from "./links.ts";

/**
 * Routes of course feedback (openapi/feedback.yaml): the staff calls under `/feedback/forms` and
 * `/feedback/courseOfferings` (academic office, by the generated role table, narrowed to the
 * offerings within the user's scope) and the public answer calls `/feedback/answer` (no sign-in; the
 * link's token is the only key).
 */
export function feedbackRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idParam = (raw: string) => parseOrThrow(z.object({ id: ZId }), { id: raw }).id;

  app.get("/feedback/courseOfferings", async (c) => {
    const { search } = parseOrThrow(ZFeedbackOfferingQuery, c.req.query());
    return c.json({
      success: true as const,
      courseOfferings: await listFeedbackOfferings(ctx, c.get("user"), search),
    });
  });
  app.get("/feedback/forms", async (c) => {
    const query = parseOrThrow(ZFeedbackFormListQuery, c.req.query());
    return c.json({ success: true as const, ...(await listFeedbackForms(ctx, c.get("user"), query)) });
  });
  app.post("/feedback/forms", async (c) => {
    const input = parseOrThrow(ZFeedbackFormInput, await readJson(c));
    return c.json({ success: true as const, form: await createFeedbackForm(ctx, c.get("user"), input) }, 201);
  });
  app.get("/feedback/forms/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    return c.json({ success: true as const, ...(await getFeedbackResults(ctx, c.get("user"), id)) });
  });
  app.put("/feedback/forms/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const input = parseOrThrow(ZFeedbackFormUpdate, await readJson(c));
    return c.json({ success: true as const, form: await updateFeedbackForm(ctx, c.get("user"), id, input) });
  });
  app.get("/feedback/forms/:id/students", async (c) => {
    const id = idParam(c.req.param("id"));
    return c.json({ success: true as const, ...(await listFeedbackStudents(ctx, c.get("user"), id)) });
  });
  app.post("/feedback/forms/:id/links", async (c) => {
    const id = idParam(c.req.param("id"));
    const { studentIds } = parseOrThrow(ZFeedbackLinksInput, await readJson(c));
    return c.json({
      success: true as const,
      ...(await issueFeedbackLinks(ctx, c.get("user"), id, studentIds)),
    });
  });

  app.get("/feedback/answer", async (c) => {
    const { token } = parseOrThrow(ZFeedbackAnswerQuery, c.req.query());
    return c.json({ success: true as const, form: await getFeedbackAnswerForm(ctx, token) });
  });
  app.post("/feedback/answer", async (c) => {
    const input = parseOrThrow(ZFeedbackAnswerInput, await readJson(c));
    await submitFeedbackAnswer(ctx, input);
    return c.json({ success: true as const });
  });
  return app;
}

import {
  FEEDBACK_MESSAGES,
  type FeedbackAnswerInput,
  type FeedbackQuestionKind,
  feedbackFormStatus,
} from "@portal/domain";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import type { Executor } from "../db/client.ts";
import {
  campus,
  course,
  courseOffering,
  feedbackAnswer,
  feedbackForm,
  feedbackInvitation,
  feedbackQuestion,
  feedbackResponse,
  intake,
  term,
} from "../db/schema.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { campusToday } from "./forms.ts";
import { hashFeedbackToken } from "./links.ts";

/*
 * The student's answer (public, no sign-in; the page /feedback/answer?token=...;
 * openapi/feedback.yaml): the token of a single-use link opens its form while the form is open and
 * the link unused; the answers are stored without the student and the link is marked used in the
 * same transaction, so a link used twice, an unknown token or a closed form change nothing.
 */

/** The form a link opens, as the answer page shows it. */
export type FeedbackAnswerForm = {
  title: string;
  courseCode: string;
  courseName: string;
  section: string;
  termName: string;
  closesOn: string;
  questions: { id: string; kind: FeedbackQuestionKind; prompt: string }[];
};

/**
 * The invitation and form of `token`, refused as the answer calls refuse: 404 `bad_token` for an
 * unknown token, 409 `used_token` for a used one, 409 `form_not_open` before the opening day and
 * 409 `form_closed` after the closing day (days at the course offering's campus).
 */
async function openInvitation(ctx: AppContext, db: Executor, token: string) {
  const [found] = await db
    .select({
      invitationId: feedbackInvitation.id,
      answeredAt: feedbackInvitation.answeredAt,
      form: feedbackForm,
      courseCode: course.code,
      courseName: course.name,
      section: courseOffering.section,
      termName: term.name,
      timeZone: campus.timeZone,
    })
    .from(feedbackInvitation)
    .innerJoin(feedbackForm, eq(feedbackForm.id, feedbackInvitation.formId))
    .innerJoin(courseOffering, eq(courseOffering.id, feedbackForm.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .innerJoin(campus, eq(campus.id, intake.campusId))
    .where(eq(feedbackInvitation.tokenHash, hashFeedbackToken(token)));
  if (!found) throw new ApiError(404, FEEDBACK_MESSAGES.badToken, { errorCode: "bad_token", field: "token" });
  if (found.answeredAt)
    throw new ApiError(409, FEEDBACK_MESSAGES.usedToken, { errorCode: "used_token", field: "token" });
  const today = campusToday(ctx, found.timeZone);
  const status = feedbackFormStatus(found.form.opensOn, found.form.closesOn, today);
  if (status === "closed")
    throw new ApiError(409, FEEDBACK_MESSAGES.formClosed, { errorCode: "form_closed" });
  if (status === "scheduled")
    throw new ApiError(409, FEEDBACK_MESSAGES.formNotOpen, { errorCode: "form_not_open" });
  const questions = await db
    .select({ id: feedbackQuestion.id, kind: feedbackQuestion.kind, prompt: feedbackQuestion.prompt })
    .from(feedbackQuestion)
    .where(eq(feedbackQuestion.formId, found.form.id))
    .orderBy(asc(feedbackQuestion.position));
  return { ...found, today, questions };
}

/** The form the link `token` opens (refusals as {@link openInvitation}). Public. */
export async function getFeedbackAnswerForm(ctx: AppContext, token: string): Promise<FeedbackAnswerForm> {
  const found = await openInvitation(ctx, ctx.db, token);
  return {
    title: found.form.title,
    courseCode: found.courseCode,
    courseName: found.courseName,
    section: found.section,
    termName: found.termName,
    closesOn: found.form.closesOn,
    questions: found.questions,
  };
}

/**
 * Stores the answers given through link `input.token` and marks the link used, in one transaction.
 * Every rating question needs a rating (1-5; 400 rule `required` at `answers`); a text question
 * takes a text (empty means not answered); a rating on a text question, a text on a rating question
 * or a question of another form is 400. Refusals of the token and form as {@link openInvitation};
 * of two concurrent uses of one link exactly one stores its answers. Public.
 */
export async function submitFeedbackAnswer(ctx: AppContext, input: FeedbackAnswerInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const found = await openInvitation(ctx, tx, input.token);
    const byId = new Map(found.questions.map((q) => [q.id, q]));
    const given = new Map<string, { rating: number | null; text: string | null }>();
    for (const [i, a] of input.answers.entries()) {
      const question = byId.get(a.questionId);
      if (!question || given.has(a.questionId))
        throw badRequest(FEEDBACK_MESSAGES.unknownQuestion, `answers.${i}.questionId`, "question");
      if (question.kind === "rating") {
        if (a.text !== undefined || a.rating === undefined)
          throw badRequest(FEEDBACK_MESSAGES.ratingRange, `answers.${i}.rating`, "rating");
        given.set(a.questionId, { rating: a.rating, text: null });
      } else {
        if (a.rating !== undefined)
          throw badRequest(FEEDBACK_MESSAGES.unknownQuestion, `answers.${i}.rating`, "question");
        if (a.text) given.set(a.questionId, { rating: null, text: a.text });
      }
    }
    if (found.questions.some((q) => q.kind === "rating" && !given.has(q.id)))
      throw badRequest(FEEDBACK_MESSAGES.answerRequired, "answers", "required");
    const [used] = await tx
      .update(feedbackInvitation)
      .set({ answeredAt: new Date(ctx.now()) })
      .where(and(eq(feedbackInvitation.id, found.invitationId), isNull(feedbackInvitation.answeredAt)))
      .returning({ id: feedbackInvitation.id });
    if (!used)
      throw new ApiError(409, FEEDBACK_MESSAGES.usedToken, { errorCode: "used_token", field: "token" });
    const [response] = await tx
      .insert(feedbackResponse)
      .values({ formId: found.form.id, submittedOn: found.today })
      .returning({ id: feedbackResponse.id });
    if (!response) throw new Error("feedback response insert returned nothing");
    if (given.size > 0)
      await tx
        .insert(feedbackAnswer)
        .values([...given].map(([questionId, a]) => ({ responseId: response.id, questionId, ...a })));
  });
}

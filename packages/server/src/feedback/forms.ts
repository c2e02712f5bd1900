import {
  FEEDBACK_MESSAGES,
  type FeedbackFormInput,
  type FeedbackFormStatus,
  type FeedbackFormUpdate,
  type FeedbackQuestionKind,
  feedbackFormStatus,
  ROLE_ACADEMIC_OFFICE,
  sameFeedbackQuestions,
  todayIn,
} from "@portal/domain";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import { listScopeOf, offeringIdInListScope, offeringWithinReach } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import {
  campus,
  course,
  courseOffering,
  feedbackAnswer,
  feedbackForm,
  feedbackQuestion,
  feedbackResponse,
  intake,
  term,
} from "../db/schema.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { ApiError, notFound } from "../http/errors.ts";

/*
 * Feedback forms (/app/feedback/feedback-setup and feedback-list; openapi/feedback.yaml): setting up
 * a course offering's form, the paged list with response counts, and the results per question.
 * Staff reach only the course offerings within their academic-office scope (auth/scopes.ts); a form
 * outside it reads as unknown (404).
 */

/** The roles whose scopes bound what a feedback call reaches. */
export const FEEDBACK_ROLES = [ROLE_ACADEMIC_OFFICE] as const;

/** A question as answered: id, position (0-based), kind and text. */
export type FeedbackQuestionRow = {
  id: string;
  position: number;
  kind: FeedbackQuestionKind;
  prompt: string;
};

/** A form as the setup screen reads it (dates YYYY-MM-DD; `status` on the campus's today). */
export type FeedbackFormRow = {
  id: string;
  courseOfferingId: string;
  courseCode: string;
  courseName: string;
  section: string;
  termName: string;
  batch: string;
  title: string;
  opensOn: string;
  closesOn: string;
  status: FeedbackFormStatus;
  questions: FeedbackQuestionRow[];
  responses: number;
  invited: number;
  version: number;
};

/** The course offering's header columns and its campus's time zone, joined from the offering. */
const headerColumns = {
  courseCode: course.code,
  courseName: course.name,
  section: courseOffering.section,
  termName: term.name,
  batch: intake.name,
  timeZone: campus.timeZone,
};

const responseCount = sql<number>`(select count(*)::int from feedback_response r where r.form_id = ${feedbackForm.id})`;
const invitedCount = sql<number>`(select count(*)::int from feedback_invitation i where i.form_id = ${feedbackForm.id})`;

/** Today (YYYY-MM-DD) at a campus in `timeZone`, by the server's clock. */
export const campusToday = (ctx: AppContext, timeZone: string) => todayIn(ctx.now(), timeZone);

async function questionsOf(db: Executor, formId: string): Promise<FeedbackQuestionRow[]> {
  return db
    .select({
      id: feedbackQuestion.id,
      position: feedbackQuestion.position,
      kind: feedbackQuestion.kind,
      prompt: feedbackQuestion.prompt,
    })
    .from(feedbackQuestion)
    .where(eq(feedbackQuestion.formId, formId))
    .orderBy(asc(feedbackQuestion.position));
}

/**
 * Form `id` with its header, questions and counts, or a 404 when it is unknown or its course
 * offering lies outside the user's reach.
 */
export async function getFeedbackForm(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  db: Executor = ctx.db,
): Promise<FeedbackFormRow> {
  const [row] = await db
    .select({ form: feedbackForm, ...headerColumns, responses: responseCount, invited: invitedCount })
    .from(feedbackForm)
    .innerJoin(courseOffering, eq(courseOffering.id, feedbackForm.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .innerJoin(campus, eq(campus.id, intake.campusId))
    .where(eq(feedbackForm.id, id));
  if (!row || !(await offeringWithinReach(db, user, FEEDBACK_ROLES, row.form.courseOfferingId)))
    throw notFound(FEEDBACK_MESSAGES.noSuchForm, "id");
  return {
    id: row.form.id,
    courseOfferingId: row.form.courseOfferingId,
    courseCode: row.courseCode,
    courseName: row.courseName,
    section: row.section,
    termName: row.termName,
    batch: row.batch,
    title: row.form.title,
    opensOn: row.form.opensOn,
    closesOn: row.form.closesOn,
    status: feedbackFormStatus(row.form.opensOn, row.form.closesOn, campusToday(ctx, row.timeZone)),
    questions: await questionsOf(db, id),
    responses: row.responses,
    invited: row.invited,
    version: row.form.version,
  };
}

/** One row of the paged list: the form without its questions, with counts. */
export type FeedbackFormListRow = Omit<FeedbackFormRow, "questions"> & { questionCount: number };

/**
 * One page of the forms within the user's reach, latest closing date first (then title, id), with
 * the total in `noOfRecords`. Paged and counted in SQL.
 */
export async function listFeedbackForms(
  ctx: AppContext,
  user: SessionUser,
  query: { pageNo: number; count: number },
): Promise<{ forms: FeedbackFormListRow[]; noOfRecords: number }> {
  const scope = await listScopeOf(ctx.db, user, FEEDBACK_ROLES);
  const where = offeringIdInListScope(feedbackForm.courseOfferingId, scope);
  const [total] = await ctx.db.select({ n: count() }).from(feedbackForm).where(where);
  const rows = await ctx.db
    .select({
      form: feedbackForm,
      ...headerColumns,
      responses: responseCount,
      invited: invitedCount,
      questionCount: sql<number>`(select count(*)::int from feedback_question q where q.form_id = ${feedbackForm.id})`,
    })
    .from(feedbackForm)
    .innerJoin(courseOffering, eq(courseOffering.id, feedbackForm.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .innerJoin(campus, eq(campus.id, intake.campusId))
    .where(where)
    .orderBy(desc(feedbackForm.closesOn), asc(feedbackForm.title), asc(feedbackForm.id))
    .limit(query.count)
    .offset((query.pageNo - 1) * query.count);
  return {
    noOfRecords: total?.n ?? 0,
    forms: rows.map((r) => ({
      id: r.form.id,
      courseOfferingId: r.form.courseOfferingId,
      courseCode: r.courseCode,
      courseName: r.courseName,
      section: r.section,
      termName: r.termName,
      batch: r.batch,
      title: r.form.title,
      opensOn: r.form.opensOn,
      closesOn: r.form.closesOn,
      status: feedbackFormStatus(r.form.opensOn, r.form.closesOn, campusToday(ctx, r.timeZone)),
      responses: r.responses,
      invited: r.invited,
      questionCount: r.questionCount,
      version: r.form.version,
    })),
  };
}

/**
 * Course offerings within the user's reach whose course code or name contains `search`, by code,
 * section and term, at most 50: the setup form's choice.
 */
export async function listFeedbackOfferings(ctx: AppContext, user: SessionUser, search: string) {
  const scope = await listScopeOf(ctx.db, user, FEEDBACK_ROLES);
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions: SQL[] = [offeringIdInListScope(courseOffering.id, scope)];
  if (search) conditions.push(or(ilike(course.code, like), ilike(course.name, like)) as SQL);
  return ctx.db
    .select({
      courseOfferingId: courseOffering.id,
      courseCode: course.code,
      courseName: course.name,
      section: courseOffering.section,
      termName: term.name,
      batch: intake.name,
    })
    .from(courseOffering)
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .where(and(...conditions))
    .orderBy(asc(course.code), asc(courseOffering.section), asc(term.name), asc(courseOffering.id))
    .limit(50);
}

const auditView = (
  f: { title: string; opensOn: string; closesOn: string },
  questions: { kind: string; prompt: string }[],
) => ({
  title: f.title,
  opensOn: f.opensOn,
  closesOn: f.closesOn,
  questions: questions.map((q) => `${q.kind}: ${q.prompt}`),
});

/**
 * Creates a form for a course offering with its questions, in one transaction, audited. 404 (field
 * `courseOfferingId`) for an offering unknown or outside the user's reach.
 */
export async function createFeedbackForm(
  ctx: AppContext,
  user: SessionUser,
  input: FeedbackFormInput,
): Promise<FeedbackFormRow> {
  const at = new Date(ctx.now());
  const id = await ctx.db.transaction(async (tx) => {
    const [offering] = await tx
      .select({ id: courseOffering.id })
      .from(courseOffering)
      .where(eq(courseOffering.id, input.courseOfferingId));
    if (!offering || !(await offeringWithinReach(tx, user, FEEDBACK_ROLES, offering.id)))
      throw notFound(FEEDBACK_MESSAGES.noSuchOffering, "courseOfferingId");
    const [form] = await tx
      .insert(feedbackForm)
      .values({
        courseOfferingId: input.courseOfferingId,
        title: input.title,
        opensOn: input.opensOn,
        closesOn: input.closesOn,
        createdBy: user.email,
        createdAt: at,
      })
      .returning({ id: feedbackForm.id });
    if (!form) throw new Error("feedback form insert returned nothing");
    await tx
      .insert(feedbackQuestion)
      .values(input.questions.map((q, position) => ({ formId: form.id, position, ...q })));
    await writeAudit(
      tx,
      user,
      [
        {
          action: "create",
          entity: "feedback_form",
          entityId: form.id,
          before: null,
          after: auditView(input, input.questions),
        },
      ],
      at,
    );
    return form.id;
  });
  return getFeedbackForm(ctx, user, id);
}

/**
 * Changes a form's title, dates and questions at the version read (409 `version_conflict` when
 * stale). Questions that differ from the stored ones once any answer exists are refused with 409
 * errorCode `questions_locked` (field `questions`) and nothing changes. Audited.
 */
export async function updateFeedbackForm(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: FeedbackFormUpdate,
): Promise<FeedbackFormRow> {
  const at = new Date(ctx.now());
  await ctx.db.transaction(async (tx) => {
    const before = await getFeedbackForm(ctx, user, id, tx);
    const questionsChange = !sameFeedbackQuestions(before.questions, input.questions);
    if (questionsChange) {
      const [answered] = await tx
        .select({ n: count() })
        .from(feedbackResponse)
        .where(eq(feedbackResponse.formId, id));
      if ((answered?.n ?? 0) > 0)
        throw new ApiError(409, FEEDBACK_MESSAGES.questionsLocked, {
          errorCode: "questions_locked",
          field: "questions",
        });
    }
    await updateVersioned(
      tx,
      feedbackForm,
      { id, version: input.version },
      { title: input.title, opensOn: input.opensOn, closesOn: input.closesOn },
      { what: "This feedback form", field: "version" },
    );
    if (questionsChange) {
      // No answer exists (checked above), so no answer names the questions replaced.
      await tx.delete(feedbackQuestion).where(eq(feedbackQuestion.formId, id));
      await tx
        .insert(feedbackQuestion)
        .values(input.questions.map((q, position) => ({ formId: id, position, ...q })));
    }
    await writeAudit(
      tx,
      user,
      [
        {
          action: "update",
          entity: "feedback_form",
          entityId: id,
          before: auditView(before, before.questions),
          after: auditView(input, input.questions),
        },
      ],
      at,
    );
  });
  return getFeedbackForm(ctx, user, id);
}

/** The results of one question: answers counted, the average of a rating (null without answers), a text's answers. */
export type FeedbackQuestionResult = FeedbackQuestionRow & {
  answers: number;
  average: number | null;
  distribution: number[];
  texts: string[];
};

/**
 * Form `id` with the results of each question: for a rating the number of answers, their average
 * (rounded to 2 decimals) and how many gave 1..5; for a text the number of answers and the texts,
 * oldest response first. 404 as {@link getFeedbackForm}.
 */
export async function getFeedbackResults(ctx: AppContext, user: SessionUser, id: string) {
  const form = await getFeedbackForm(ctx, user, id);
  const ratings = await ctx.db
    .select({ questionId: feedbackAnswer.questionId, rating: feedbackAnswer.rating, n: count() })
    .from(feedbackAnswer)
    .innerJoin(feedbackQuestion, eq(feedbackQuestion.id, feedbackAnswer.questionId))
    .where(and(eq(feedbackQuestion.formId, id), sql`${feedbackAnswer.rating} is not null`))
    .groupBy(feedbackAnswer.questionId, feedbackAnswer.rating);
  const texts = await ctx.db
    .select({ questionId: feedbackAnswer.questionId, text: feedbackAnswer.text })
    .from(feedbackAnswer)
    .innerJoin(feedbackQuestion, eq(feedbackQuestion.id, feedbackAnswer.questionId))
    .innerJoin(feedbackResponse, eq(feedbackResponse.id, feedbackAnswer.responseId))
    .where(and(eq(feedbackQuestion.formId, id), sql`${feedbackAnswer.text} is not null`))
    .orderBy(asc(feedbackResponse.submittedOn), asc(feedbackAnswer.id));
  const results: FeedbackQuestionResult[] = form.questions.map((q) => {
    const distribution = [1, 2, 3, 4, 5].map(
      (r) => ratings.find((x) => x.questionId === q.id && x.rating === r)?.n ?? 0,
    );
    const given = texts.filter((t) => t.questionId === q.id).map((t) => t.text ?? "");
    const answers = q.kind === "rating" ? distribution.reduce((a, b) => a + b, 0) : given.length;
    const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
    return {
      ...q,
      answers,
      average: q.kind === "rating" && answers > 0 ? Math.round((sum / answers) * 100) / 100 : null,
      distribution: q.kind === "rating" ? distribution : [],
      texts: given,
    };
  });
  return { form, results };
}

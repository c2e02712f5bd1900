import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import {
  FEEDBACK_MAX_QUESTIONS,
  FEEDBACK_MAX_TEXT,
  FEEDBACK_MESSAGES,
  FEEDBACK_QUESTION_KINDS,
  FEEDBACK_RATING_MAX,
  FEEDBACK_RATING_MIN,
} from "./feedback.ts";
import { ZId } from "./planning-input.ts";

/*
 * The zod schemas of the feedback calls (rules and texts in feedback.ts), apart so that a screen
 * showing only labels and statuses loads neither zod nor Temporal (docs/performance.md, "Page
 * JavaScript: rules apart from schemas").
 */

/** A calendar date YYYY-MM-DD that exists. */
export const ZFeedbackDate = z
  .string({ error: FEEDBACK_MESSAGES.dateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FEEDBACK_MESSAGES.dateFormat })
  .refine(
    (v) => {
      try {
        Temporal.PlainDate.from(v, { overflow: "reject" });
        return true;
      } catch {
        return false;
      }
    },
    { error: FEEDBACK_MESSAGES.dateFormat },
  );

/** One question of a form as the setup form sends it: its kind and its text. */
export const ZFeedbackQuestion = z.strictObject({
  kind: z.enum(FEEDBACK_QUESTION_KINDS, { error: FEEDBACK_MESSAGES.kindRequired }),
  prompt: z
    .string({ error: FEEDBACK_MESSAGES.promptRequired })
    .trim()
    .min(1, { error: FEEDBACK_MESSAGES.promptRequired })
    .max(500, { error: "At most 500 characters" }),
});
export type FeedbackQuestionInput = z.output<typeof ZFeedbackQuestion>;

const formFields = {
  title: z
    .string({ error: FEEDBACK_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: FEEDBACK_MESSAGES.titleRequired })
    .max(200, { error: "At most 200 characters" }),
  opensOn: ZFeedbackDate,
  closesOn: ZFeedbackDate,
  questions: z
    .array(ZFeedbackQuestion, { error: FEEDBACK_MESSAGES.questionsRequired })
    .min(1, { error: FEEDBACK_MESSAGES.questionsRequired })
    .max(FEEDBACK_MAX_QUESTIONS, { error: FEEDBACK_MESSAGES.tooManyQuestions }),
};

const closesAfterOpen = <T extends { opensOn: string; closesOn: string }>(v: T, ctx: z.RefinementCtx) => {
  if (
    ZFeedbackDate.safeParse(v.opensOn).success &&
    ZFeedbackDate.safeParse(v.closesOn).success &&
    Temporal.PlainDate.compare(v.closesOn, v.opensOn) < 0
  )
    ctx.addIssue({ code: "custom", path: ["closesOn"], message: FEEDBACK_MESSAGES.closeBeforeOpen });
};

/**
 * Body of POST /feedback/forms: the course offering, a title, opening and closing dates (inclusive,
 * closing not before opening) and 1 to 30 questions. The setup form validates with the same schema.
 */
export const ZFeedbackFormInput = z
  .strictObject({
    courseOfferingId: z.uuid({ error: FEEDBACK_MESSAGES.offeringRequired }),
    ...formFields,
  })
  .superRefine(closesAfterOpen);
export type FeedbackFormInput = z.output<typeof ZFeedbackFormInput>;

/**
 * Body of PUT /feedback/forms/{id}: title, dates and questions with the version read. The course
 * offering does not change. Questions that differ from the stored ones are refused once answers exist.
 */
export const ZFeedbackFormUpdate = z
  .strictObject({ ...formFields, version: z.number().int().min(0) })
  .superRefine(closesAfterOpen);
export type FeedbackFormUpdate = z.output<typeof ZFeedbackFormUpdate>;

/** Query of GET /feedback/forms: one page (sizes of LIST_PAGE_SIZES), newest closing date first. */
export const ZFeedbackFormListQuery = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  count: z.coerce
    .number()
    .pipe(z.union([z.literal(25), z.literal(50), z.literal(100)], { error: "count must be 25, 50 or 100" }))
    .default(25),
});

/** Query of GET /feedback/courseOfferings: text in the course code or name (may be empty). */
export const ZFeedbackOfferingQuery = z.strictObject({
  search: z.string().trim().max(100, { error: "At most 100 characters" }).default(""),
});

/** Body of POST /feedback/forms/{id}/links: the students to mail (all who have not answered when absent). */
export const ZFeedbackLinksInput = z.strictObject({
  studentIds: z.array(ZId).max(5000).optional(),
});

/** A single-use link's token: 43 characters of base64url (256 random bits). */
export const ZFeedbackToken = z
  .string({ error: FEEDBACK_MESSAGES.badToken })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: FEEDBACK_MESSAGES.badToken });

/** Query of GET /feedback/answer: the link's token. */
export const ZFeedbackAnswerQuery = z.strictObject({ token: ZFeedbackToken });

/**
 * Body of POST /feedback/answer: the token and one answer per question answered. A rating is an
 * integer 1 to 5; a text at most 2,000 characters (an empty text counts as not answered).
 */
export const ZFeedbackAnswerInput = z.strictObject({
  token: ZFeedbackToken,
  answers: z
    .array(
      z.strictObject({
        questionId: ZId,
        rating: z
          .number({ error: FEEDBACK_MESSAGES.ratingRange })
          .int({ error: FEEDBACK_MESSAGES.ratingRange })
          .min(FEEDBACK_RATING_MIN, { error: FEEDBACK_MESSAGES.ratingRange })
          .max(FEEDBACK_RATING_MAX, { error: FEEDBACK_MESSAGES.ratingRange })
          .optional(),
        text: z.string().trim().max(FEEDBACK_MAX_TEXT, { error: FEEDBACK_MESSAGES.textTooLong }).optional(),
      }),
    )
    .max(FEEDBACK_MAX_QUESTIONS),
});
export type FeedbackAnswerInput = z.output<typeof ZFeedbackAnswerInput>;

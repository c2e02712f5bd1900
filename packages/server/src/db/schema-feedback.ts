/**
 * Course feedback (/app/feedback/...; openapi/feedback.yaml): forms of course offerings, their
 * questions, the single-use links issued to enrolled students and the answers, kept without the
 * student. Re-exported by schema.ts; imports only schema-core.ts.
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { contact, courseOffering } from "./schema-core.ts";

/**
 * A feedback form of a course offering: its title, the days it is open (inclusive, at the course
 * offering's campus), who made it and when, and its row version.
 */
export const feedbackForm = pgTable(
  "feedback_form",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    title: text("title").notNull(),
    opensOn: date("opens_on").notNull(),
    closesOn: date("closes_on").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("feedback_form_offering_idx").on(t.courseOfferingId),
    index("feedback_form_closes_idx").on(t.closesOn),
    check("feedback_form_dates_ck", sql`${t.closesOn} >= ${t.opensOn}`),
  ],
);

/** A question of a form, at its position (0-based): a rating 1-5 or free text. */
export const feedbackQuestion = pgTable(
  "feedback_question",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => feedbackForm.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    kind: text("kind", { enum: ["rating", "text"] }).notNull(),
    prompt: text("prompt").notNull(),
  },
  (t) => [
    uniqueIndex("feedback_question_position_uq").on(t.formId, t.position),
    check("feedback_question_kind_ck", sql`${t.kind} in ('rating', 'text')`),
  ],
);

/**
 * A student's single-use link to a form: the SHA-256 (hex) of its random token, when it was last
 * issued, and when it was used (null until then). Issuing again replaces the hash, so an earlier
 * mail's link dies. The answers it gave are not linked to it.
 */
export const feedbackInvitation = pgTable(
  "feedback_invitation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => feedbackForm.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => contact.id),
    tokenHash: text("token_hash").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("feedback_invitation_student_uq").on(t.formId, t.studentId),
    uniqueIndex("feedback_invitation_token_uq").on(t.tokenHash),
  ],
);

/** One submitted answer sheet of a form (anonymous: no student, no link). */
export const feedbackResponse = pgTable(
  "feedback_response",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => feedbackForm.id, { onDelete: "cascade" }),
    submittedOn: date("submitted_on").notNull(),
  },
  (t) => [index("feedback_response_form_idx").on(t.formId)],
);

/** The answer of a response to one question: a rating 1-5 or a text. */
export const feedbackAnswer = pgTable(
  "feedback_answer",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    responseId: uuid("response_id")
      .notNull()
      .references(() => feedbackResponse.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => feedbackQuestion.id),
    rating: smallint("rating"),
    text: text("text"),
  },
  (t) => [
    uniqueIndex("feedback_answer_uq").on(t.responseId, t.questionId),
    index("feedback_answer_question_idx").on(t.questionId),
    check("feedback_answer_rating_ck", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check("feedback_answer_one_ck", sql`(${t.rating} is null) <> (${t.text} is null)`),
  ],
);

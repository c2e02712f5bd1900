import { createHash, randomBytes } from "node:crypto";
import { FEEDBACK_MESSAGES } from "@portal/domain";
import { and, asc, eq, isNull } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import { contact, enrolment, feedbackInvitation } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { getFeedbackForm } from "./forms.ts";

/*
 * The students of a form (/app/feedback/Student-list; openapi/feedback.yaml): who is enrolled in the
 * form's course offering, whether their link was issued and whether they answered, and issuing the
 * single-use links by mail through the outbox (queued in the same transaction, sent after commit).
 */

/** A new link token: 256 random bits, base64url (43 characters). */
export const newFeedbackToken = () => randomBytes(32).toString("base64url");

/** How a token is stored: SHA-256, hex. The token itself is only in the mail. */
export const hashFeedbackToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** One enrolled student of a form's course offering and where their link stands. */
export type FeedbackStudentRow = {
  studentId: string;
  name: string;
  code: string | null;
  email: string;
  linkIssuedAt: string | null;
  answered: boolean;
};

async function enrolledStudents(db: Executor, courseOfferingId: string, formId: string) {
  return db
    .select({
      studentId: contact.id,
      name: personName(contact),
      code: contact.code,
      email: contact.email,
      issuedAt: feedbackInvitation.issuedAt,
      answeredAt: feedbackInvitation.answeredAt,
    })
    .from(enrolment)
    .innerJoin(contact, eq(contact.id, enrolment.studentId))
    .leftJoin(
      feedbackInvitation,
      and(eq(feedbackInvitation.studentId, contact.id), eq(feedbackInvitation.formId, formId)),
    )
    .where(eq(enrolment.courseOfferingId, courseOfferingId))
    .orderBy(asc(contact.lastName), asc(contact.firstName), asc(contact.id));
}

/**
 * The students enrolled in form `formId`'s course offering, by last and first name, each with when
 * their link was last issued and whether they answered. 404 as getFeedbackForm.
 */
export async function listFeedbackStudents(ctx: AppContext, user: SessionUser, formId: string) {
  const form = await getFeedbackForm(ctx, user, formId);
  const students = await enrolledStudents(ctx.db, form.courseOfferingId, formId);
  return {
    form,
    students: students.map(
      (s): FeedbackStudentRow => ({
        studentId: s.studentId,
        name: s.name,
        code: s.code,
        email: s.email,
        linkIssuedAt: s.issuedAt ? s.issuedAt.toISOString() : null,
        answered: s.answeredAt !== null,
      }),
    ),
  };
}

/**
 * Issues links to the enrolled students of form `formId` who have not answered (only those of
 * `studentIds` when given; others named there are left out): a fresh token for each, its hash
 * stored (replacing an earlier one, whose link then dies), and one mail per student queued in the
 * outbox with source `feedback.links:<formId>`, all in one transaction. A closed form is refused
 * (409 errorCode `form_closed`). Audited. Answers how many links were issued.
 */
export async function issueFeedbackLinks(
  ctx: AppContext,
  user: SessionUser,
  formId: string,
  studentIds: readonly string[] | undefined,
): Promise<{ issued: number }> {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const form = await getFeedbackForm(ctx, user, formId, tx);
    if (form.status === "closed")
      throw new ApiError(409, FEEDBACK_MESSAGES.formClosed, { errorCode: "form_closed" });
    const wanted = studentIds ? new Set(studentIds) : null;
    const students = (await enrolledStudents(tx, form.courseOfferingId, formId)).filter(
      (s) => s.answeredAt === null && (!wanted || wanted.has(s.studentId)),
    );
    for (const s of students) {
      const token = newFeedbackToken();
      const tokenHash = hashFeedbackToken(token);
      if (s.issuedAt) {
        await tx
          .update(feedbackInvitation)
          .set({ tokenHash, issuedAt: at })
          .where(
            and(
              eq(feedbackInvitation.formId, formId),
              eq(feedbackInvitation.studentId, s.studentId),
              isNull(feedbackInvitation.answeredAt),
            ),
          );
      } else {
        await tx
          .insert(feedbackInvitation)
          .values({ formId, studentId: s.studentId, tokenHash, issuedAt: at });
      }
      const link = `${ctx.config.publicUrl}/feedback/answer?token=${encodeURIComponent(token)}`;
      await ctx.mailer.enqueue(tx, {
        to: [s.email],
        subject: `Feedback: ${form.courseCode} ${form.courseName} (${form.section})`,
        text: [
          `Dear ${s.name},`,
          "",
          `Please give your feedback on ${form.courseCode} ${form.courseName}, section ${form.section} (${form.termName}): "${form.title}".`,
          `The form is open from ${form.opensOn} to ${form.closesOn}. Your answers are anonymous.`,
          "",
          `Your personal link (it works once): ${link}`,
        ].join("\n"),
        source: `feedback.links:${formId}`,
      });
    }
    if (students.length > 0)
      await writeAudit(
        tx,
        user,
        [
          {
            action: "send_email",
            entity: "feedback_form",
            entityId: formId,
            before: null,
            after: { students: students.map((s) => s.studentId) },
          },
        ],
        at,
      );
    return { issued: students.length };
  });
}

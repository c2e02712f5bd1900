import { FEEDBACK_MESSAGES, type FeedbackFormStatus, type FeedbackQuestionKind } from "@portal/domain";
import type { Tone } from "@portal/ui";
import { m } from "../../lib/i18n.ts";
import type { MessageTranslations } from "../form-field.tsx";

/** The English messages of the feedback calls in the page's language. */
export const FEEDBACK_TRANSLATIONS: MessageTranslations = {
  [FEEDBACK_MESSAGES.titleRequired]: m.feedback_err_title_required,
  [FEEDBACK_MESSAGES.offeringRequired]: m.feedback_select_offering,
  [FEEDBACK_MESSAGES.promptRequired]: m.feedback_err_prompt_required,
  [FEEDBACK_MESSAGES.kindRequired]: m.feedback_err_kind_required,
  [FEEDBACK_MESSAGES.questionsRequired]: m.feedback_err_questions_required,
  [FEEDBACK_MESSAGES.tooManyQuestions]: m.feedback_err_too_many,
  [FEEDBACK_MESSAGES.dateFormat]: m.feedback_err_date,
  [FEEDBACK_MESSAGES.closeBeforeOpen]: m.feedback_err_close_before_open,
  [FEEDBACK_MESSAGES.noSuchOffering]: m.feedback_err_no_such_offering,
  [FEEDBACK_MESSAGES.noSuchForm]: m.feedback_err_no_such_form,
  [FEEDBACK_MESSAGES.questionsLocked]: m.feedback_err_questions_locked,
  [FEEDBACK_MESSAGES.formClosed]: m.feedback_err_form_closed,
};

/** A form status's label and tone. */
export function feedbackStatusLabel(status: FeedbackFormStatus): { label: string; tone: Tone } {
  return {
    scheduled: { label: m.feedback_status_scheduled(), tone: "info" as const },
    open: { label: m.feedback_status_open(), tone: "success" as const },
    closed: { label: m.feedback_status_closed(), tone: "neutral" as const },
  }[status];
}

/** A question kind's label. */
export function feedbackKindLabel(kind: FeedbackQuestionKind): string {
  return kind === "rating" ? m.feedback_kind_rating() : m.feedback_kind_text();
}

/** Addresses of the feedback screens (spec routes feedbackList, feedbackSetup, studentList). */
export const feedbackLinks = {
  list: (formId?: string) =>
    formId ? `/app/feedback/feedback-list?form=${encodeURIComponent(formId)}` : "/app/feedback/feedback-list",
  setup: (formId?: string) =>
    formId ? `/app/feedback/feedback-setup?id=${encodeURIComponent(formId)}` : "/app/feedback/feedback-setup",
  students: (formId: string) => `/app/feedback/Student-list?form=${encodeURIComponent(formId)}`,
};

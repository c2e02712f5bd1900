import { m } from "../../lib/i18n.ts";

/** What the API answered a call of the public answer page (GET or POST /api/feedback/answer). */
export type AnswerRefusal = { errorCode?: string; field?: string };

/**
 * Why the public answer page (/feedback/answer, pages/feedback/answer.astro) refuses, and the HTTP
 * status it answers with while it still renders the explaining page:
 * - 404: an unknown or malformed link (`bad_token`) and a link already used (`used_token`): the
 *   link leads nowhere any more, whatever the reason;
 * - 409: the form is closed (`form_closed`) or not open yet (`form_not_open`): the link is good,
 *   the form's dates refuse it;
 * - 422: the answers were refused (a rating missing or out of range, an unknown question): the form
 *   stays open with what was chosen;
 * - the API's own status from 500 on (503 when the API cannot be reached); 400 for anything else.
 * `text` is the page's words for it (the message catalogue).
 */
export function answerPageRefusal(
  apiStatus: number,
  answer: AnswerRefusal,
): { status: number; text: string } {
  switch (answer.errorCode) {
    case "bad_token":
      return { status: 404, text: m.feedback_answer_bad_token() };
    case "used_token":
      return { status: 404, text: m.feedback_answer_used() };
    case "form_closed":
      return { status: 409, text: m.feedback_err_form_closed() };
    case "form_not_open":
      return { status: 409, text: m.feedback_answer_not_open() };
  }
  if (answer.field === "token") return { status: 404, text: m.feedback_answer_bad_token() };
  if (answer.field === "answers" || answer.field?.endsWith(".rating"))
    return { status: 422, text: m.feedback_answer_rating_required() };
  if (answer.field?.startsWith("answers.")) return { status: 422, text: m.feedback_answer_failed() };
  return { status: apiStatus >= 500 ? apiStatus : 400, text: m.feedback_answer_failed() };
}

/** The refusal of a link whose token is not even shaped like one (never sent to the API): 404. */
export function malformedLinkRefusal(): { status: number; text: string } {
  return { status: 404, text: m.feedback_answer_bad_token() };
}

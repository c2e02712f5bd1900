import type { QuestionPaper, SendEmailItem } from "@portal/api-client";
import { isValidEmail, type QuestionPaperSet } from "@portal/domain";
import { m } from "../../../lib/i18n.ts";
import { displayValue } from "./labels.ts";

/**
 * The reminder mail of spec §7 ("Reminder mail": sendEmail true, subject, body, toAddresses = the
 * faculty's email) for one set of a paper, in the page's language, tagged with the paper's id so
 * the server records it in the paper's audit trail. Returns null when the paper has no valid
 * faculty email (the API answers "NA" for a missing one), so nothing is sent to nobody.
 */
export function buildReminder(paper: QuestionPaper, set: QuestionPaperSet): SendEmailItem | null {
  const to = paper.facultyEmail.trim();
  if (!isValidEmail(to)) return null;
  const course = displayValue(paper.courseName);
  return {
    sendEmail: true,
    subject: m.qp_remind_subject({ course }),
    body: m.qp_remind_body({
      faculty: displayValue(paper.faculty),
      set,
      course,
      term: displayValue(paper.term),
      examCycle: displayValue(paper.examCycle),
    }),
    toAddresses: to,
    questionPaperId: paper.id,
  };
}

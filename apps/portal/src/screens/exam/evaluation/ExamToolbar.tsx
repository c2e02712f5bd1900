import type { ReactNode } from "react";
import { m } from "../../../lib/i18n.ts";
import { displayDate } from "../../kit/display-date.ts";
import { MailStatus } from "../../kit/MailStatus.tsx";
import * as styles from "./evaluation.css.ts";

/**
 * The line naming an exam on the evaluation screens ("CODE Course (section), DD-MM-YYYY HH:MM",
 * Asia/Kolkata) with the screen's actions (e.g. Back) beside it, and the exam's evaluator mails
 * (requests and withdrawals: queued, sent, failed, Resend failed).
 */
export function ExamToolbar({
  exam,
  children,
}: {
  exam: {
    id: string;
    courseCode: string;
    courseName: string;
    section: string;
    dateOfExam: string;
    startTimeOfExam: string;
  };
  children?: ReactNode;
}) {
  return (
    <div className={styles.toolbar}>
      <p className={styles.muted}>
        {m.ev_exam_line({
          code: exam.courseCode,
          course: exam.courseName,
          section: exam.section,
          date: displayDate(exam.dateOfExam),
          time: exam.startTimeOfExam,
        })}
      </p>
      <MailStatus source={`evaluation:${exam.id}:`} />
      <div className={styles.actions}>{children}</div>
    </div>
  );
}

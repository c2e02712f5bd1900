import { z } from "zod";
import { normalizeTime24 } from "./exam-timetable.ts";
import { isIsoDate } from "./iso-date.ts";
import {
  REQUIRED,
  RETEST_DURATIONS,
  RETEST_EXAM_MODES,
  RETEST_EXAM_TYPE,
  RETEST_STUDENT_FACULTY_RATIO,
  RETEST_TIME_ZONE,
} from "./revaluation.ts";

/*
 * The zod schemas of revaluation.ts's rules: the Create Retest Exam form and a moderation
 * adjustment. Apart from the states, transitions and constants, which the screens show without them.
 */

const required = (field: string) =>
  z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(200, `${field} is too long`);

/**
 * The Create Retest Exam form and the CreateRetest item (spec §3 retest exam creation item, §5 "all
 * fields required", §9 constants): term (TermId), course (CourseId), batch (the intake's name),
 * examCycle (a name of ExamMonthList), dateOfExam YYYY-MM-DD, startTimeOfExam (normalised to HH:MM),
 * duration one of {@link RETEST_DURATIONS}, examType ReTest, examTimeZone Asia/Kolkata,
 * studentFacultyRatio 50:30, examMode online or offline (offline by default). Empty required fields
 * fail with "Required".
 */
export const ZRetestExam = z.object({
  term: required("term"),
  course: required("course"),
  batch: required("batch"),
  examCycle: required("examCycle"),
  dateOfExam: z
    .string({ error: REQUIRED })
    .min(1, { error: REQUIRED })
    .refine(isIsoDate, { error: "dateOfExam must be a date written YYYY-MM-DD" }),
  startTimeOfExam: z
    .string({ error: REQUIRED })
    .min(1, { error: REQUIRED })
    .transform((v, ctx) => {
      const t = normalizeTime24(v);
      if (t === null) {
        ctx.addIssue({ code: "custom", message: "startTimeOfExam must be a time such as 09:30 or 2:30 PM" });
        return z.NEVER;
      }
      return t;
    }),
  duration: z.number({ error: REQUIRED }).refine((n) => RETEST_DURATIONS.includes(n), {
    error: "duration must be 30 to 300 minutes in steps of 30",
  }),
  examType: z.literal(RETEST_EXAM_TYPE, { error: `examType must be ${RETEST_EXAM_TYPE}` }),
  examTimeZone: z.literal(RETEST_TIME_ZONE, { error: `examTimeZone must be ${RETEST_TIME_ZONE}` }),
  studentFacultyRatio: z.literal(RETEST_STUDENT_FACULTY_RATIO, {
    error: `studentFacultyRatio must be ${RETEST_STUDENT_FACULTY_RATIO}`,
  }),
  examMode: z.enum(RETEST_EXAM_MODES, { error: "examMode must be online or offline" }).default("offline"),
});
/** The zod schema of an adjustment; `total` bounds `add`, `offset` and individual marks. */
export function zModerationAdjustment(total: number) {
  return z.discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("add"),
        marks: z
          .number({ error: "marks must be a number" })
          .min(-total, { error: `marks must be between -${total} and ${total}` })
          .max(total, { error: `marks must be between -${total} and ${total}` }),
      }),
      z.object({
        kind: z.literal("scale"),
        factor: z
          .number({ error: "factor must be a number" })
          .gt(0, { error: "factor must be more than 0" })
          .max(2, { error: "factor must be at most 2" }),
        offset: z
          .number({ error: "offset must be a number" })
          .min(-total, { error: `offset must be between -${total} and ${total}` })
          .max(total, { error: `offset must be between -${total} and ${total}` })
          .default(0),
      }),
      z.object({
        kind: z.literal("individual"),
        marks: z
          .array(
            z.object({
              studentId: z.string({ error: "studentId is required" }).min(1).max(100),
              marks: z
                .number({ error: "marks must be a number" })
                .min(0, { error: "marks cannot be less than 0" })
                .max(total, { error: `marks cannot be more than the total marks (${total})` }),
            }),
            { error: "marks must be a list of { studentId, marks }" },
          )
          .min(1, { error: "Name at least one student" })
          .max(2000),
      }),
    ],
    { error: "kind must be add, scale or individual" },
  );
}

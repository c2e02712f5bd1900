import { z } from "zod";
import { isIsoDate } from "./iso-date.ts";

/** Exam types of exam planning (spec §9). */
export const EXAM_TYPES = ["MidTerm", "EndTerm", "Retest"] as const;
export type ExamType = (typeof EXAM_TYPES)[number];

/** Shortest and longest exam the timetable accepts, in minutes (the retest list runs 30 to 300). */
export const EXAM_DURATION_MIN_MINUTES = 15;
export const EXAM_DURATION_MAX_MINUTES = 600;

/** Students one invigilator supervises when the timetable says nothing (ratio "30:1"). */
export const DEFAULT_STUDENTS_PER_INVIGILATOR = 30;

/**
 * Normalises a time of day to 24-hour "HH:MM" (spec §5: times are normalised to 24-hour form).
 * Accepts "9:05", "09:05", "09:05:00", "9:05 am", "02:30 PM". Returns null for anything else.
 */
export function normalizeTime24(value: string): string | null {
  const match = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([aApP][mM])?\s*$/.exec(value);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const meridiem = match[4]?.toLowerCase();
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === "pm" ? 12 : 0);
  } else if (hours > 23) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** The spec's student to faculty ratio on the wire: "N:1" = one invigilator per N students. */
export function formatStudentFacultyRatio(studentsPerInvigilator: number): string {
  return `${studentsPerInvigilator}:1`;
}

/**
 * Reads a student to faculty ratio: "N:1", "N:M" (N students per M faculty; rounded down to whole
 * students per invigilator, at least 1) or a plain number of students. Null when unreadable.
 */
export function parseStudentFacultyRatio(value: string): number | null {
  const match = /^\s*(\d{1,4})\s*(?::\s*(\d{1,4}))?\s*$/.exec(value);
  if (!match) return null;
  const students = Number(match[1]);
  const faculty = match[2] === undefined ? 1 : Number(match[2]);
  if (students < 1 || faculty < 1) return null;
  return Math.max(1, Math.floor(students / faculty));
}

/**
 * One row of the exam timetable save call (spec §7 "Exam timetable get / save": id, duration,
 * dateOfExam, timeOfExam, examType, venue, sendEmail; plus the row's studentFacultyRatio of §3).
 * Duration in minutes; date YYYY-MM-DD; time normalised to 24-hour HH:MM (Asia/Kolkata).
 */
export const ZExamTimetableItem = z.object({
  id: z.string().trim().min(1).max(100),
  duration: z
    .number({ error: "duration must be a number of minutes" })
    .int({ error: "duration must be a whole number of minutes" })
    .min(EXAM_DURATION_MIN_MINUTES, {
      error: `duration must be at least ${EXAM_DURATION_MIN_MINUTES} minutes`,
    })
    .max(EXAM_DURATION_MAX_MINUTES, {
      error: `duration must be at most ${EXAM_DURATION_MAX_MINUTES} minutes`,
    }),
  dateOfExam: z.string().refine(isIsoDate, { error: "dateOfExam must be a date written YYYY-MM-DD" }),
  timeOfExam: z.string().transform((v, ctx) => {
    const time = normalizeTime24(v);
    if (time === null) {
      ctx.addIssue({ code: "custom", message: "timeOfExam must be a time such as 09:30 or 2:30 PM" });
      return z.NEVER;
    }
    return time;
  }),
  examType: z.enum(EXAM_TYPES, { error: `examType must be one of ${EXAM_TYPES.join(", ")}` }),
  venue: z.string().trim().max(200, { error: "venue is longer than 200 characters" }).default(""),
  studentFacultyRatio: z
    .string()
    .transform((v, ctx) => {
      const n = parseStudentFacultyRatio(v);
      if (n === null) {
        ctx.addIssue({ code: "custom", message: "studentFacultyRatio must look like 30:1" });
        return z.NEVER;
      }
      return n;
    })
    .optional(),
  sendEmail: z.boolean().default(false),
});
export type ExamTimetableItem = z.output<typeof ZExamTimetableItem>;

/**
 * Body of "lock an exam in its period" (PUT /sf/exam/exams/{id}/lock): `locked` true keeps the exam
 * where it is when the timetabling job improves the cycle (the job never moves it), false lets the
 * job move it again; `version` is the exam row's version the client read (409 when it changed since).
 */
export const ZExamLock = z.object({
  locked: z.boolean({ error: "locked must be true or false" }),
  version: z
    .number({ error: "version must be a whole number" })
    .int({ error: "version must be a whole number" })
    .min(0, { error: "version must be a whole number" }),
});
export type ExamLock = z.output<typeof ZExamLock>;

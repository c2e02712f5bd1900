/**
 * Addresses of the exam schedule screens (spec §2 exam routes). Ids and filter values are
 * URL-encoded; empty filters are left out so the plain screen has a plain address.
 */

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text === "" ? path : `${path}?${text}`;
}

export const examLinks = {
  /** The exam dashboard, optionally of one exam cycle (`?cycle=`). */
  dashboard: (cycle?: string) => withQuery("/app/exams/examDashboard", { cycle }),
  /** Upcoming exams, optionally of one exam cycle. */
  upcoming: (cycle?: string) => withQuery("/app/exams/Upcoming", { cycle }),
  /** Completed exams, optionally of one exam cycle. */
  completed: (cycle?: string) => withQuery("/app/exams/completedExams", { cycle }),
  /** The Exam Setup list, optionally of one exam cycle. */
  setup: (cycle?: string) => withQuery("/app/exams/ExamSetup", { cycle }),
  /** "Exam timetable and seating plan details" of one exam. */
  details: (examId: string) => withQuery("/app/exams/ExamSetup/ExamTimeTableDetails", { id: examId }),
  /** The exam timetable, optionally of one cycle and narrowed to a course (name or code). */
  timetable: (filter: { cycle?: string; course?: string } = {}) =>
    withQuery("/app/exam/examTimetable", { cycle: filter.cycle, course: filter.course }),
  /** The seating plan of an exam (spec §2 /app/exam/seatingPlan/{id}). */
  seatingPlan: (examId: string) => `/app/exam/seatingPlan/${encodeURIComponent(examId)}`,
};

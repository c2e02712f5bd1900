/** Addresses of the seating plan and invigilation screens (spec §2 exam routes); ids URL-encoded. */

const id = (value: string) => encodeURIComponent(value);

export const seatingLinks = {
  /** Exams of a cycle, each linking to its seating plan. */
  list: "/app/exams/seatingPlan",
  /** The seating plan of an exam (spec §2 /app/exam/seatingPlan/{id}). */
  plan: (examId: string) => `/app/exam/seatingPlan/${id(examId)}`,
  /** The same seating plan reached from Exam Setup. */
  arrangement: (examId: string) => `/app/exams/ExamSetup/seatingPlan/arrangement/${id(examId)}`,
  /** The Exam Setup list. */
  examSetup: "/app/exams/ExamSetup",
  /** Exams of a cycle with their invigilation status. */
  invigilationList: "/app/exams/invigilationProctoring",
  /** The spec's Back target of the assignment page (same list). */
  invigilationBack: "/app/exam/invigilationProctoring",
  /** The invigilation and proctoring assignment of an exam. */
  invigilationAssign: (examId: string) => `/app/exams/invigilationProctoring/${id(examId)}`,
  /** Invigilation duties of a cycle and their mail state. */
  notifications: "/app/exams/invigilationProctoringNotification",
  /** Duties grouped per faculty member. */
  facultyProctoring: "/app/exam/faculty-Proctoring",
};

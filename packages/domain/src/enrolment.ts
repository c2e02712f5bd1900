/*
 * The enrolment rules' texts, apart from their schemas (enrolment-input.ts), so the enrolment
 * screens show and translate them without loading zod.
 */

/** English texts of the enrolment rules (the spec shows none of its own); the portal translates them. */
export const ENROLMENT_MESSAGES = {
  selectTerm: "Please select a term",
  selectStudents: "Please select at least one student",
  selectCourses: "Please select at least one course offering",
  selectSection: "Please select a section",
  selectFaculty: "Please select a faculty member",
  oneSectionPerCourse: "Select only one section of each course",
} as const;

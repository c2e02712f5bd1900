/**
 * Addresses of the grading setup screens (spec §2 grading routes) and of the grading results screens
 * they link to (results-routes.ts; linked by path only). Ids are URL-encoded.
 */

const enc = encodeURIComponent;

export const gradingLinks = {
  /** The list of course offerings to grade (`/app/exams/grading`). */
  list: () => "/app/exams/grading",
  /** The grading page of a course offering (`/app/exams/grading/details/{id}`). */
  details: (courseOfferingId: string) => `/app/exams/grading/details/${enc(courseOfferingId)}`,
  /** The grading page reached from the exam routes (`/app/exam/grading?courseOfferingId=`). */
  examGrading: (courseOfferingId: string) => `/app/exam/grading?courseOfferingId=${enc(courseOfferingId)}`,
  /** The Grading Setting tabs of a course offering as a page (`/app/exams/grading/gradingSetting`). */
  setting: (courseOfferingId?: string) =>
    courseOfferingId
      ? `/app/exams/grading/gradingSetting?courseOfferingId=${enc(courseOfferingId)}`
      : "/app/exams/grading/gradingSetting",
  /** Grade range and component setup of a course offering (`/app/grading-setup`). */
  setup: (courseOfferingId?: string) =>
    courseOfferingId ? `/app/grading-setup?courseOfferingId=${enc(courseOfferingId)}` : "/app/grading-setup",
  /** Read-only view of the grading page (`/app/exams/GradingView`). */
  view: (courseOfferingId?: string) =>
    courseOfferingId
      ? `/app/exams/GradingView?courseOfferingId=${enc(courseOfferingId)}`
      : "/app/exams/GradingView",
  /** A student's grading details (grading results screens, spec §2 detail route). */
  studentDetails: (courseOfferingId: string, studentId: string) =>
    `/app/exam/grading/details/${enc(courseOfferingId)}/studentdetails/${enc(studentId)}`,
};

/** Where a row of the course offering list leads: the grading page, its setting page, setup or view. */
export type GradingTarget = "grading" | "setting" | "setup" | "view";

/** The address a course offering row opens for `target`. */
export function targetLink(target: GradingTarget, courseOfferingId: string): string {
  switch (target) {
    case "setting":
      return gradingLinks.setting(courseOfferingId);
    case "setup":
      return gradingLinks.setup(courseOfferingId);
    case "view":
      return gradingLinks.view(courseOfferingId);
    default:
      return gradingLinks.details(courseOfferingId);
  }
}

/** The course offering id of an address's `?courseOfferingId=` ("" when missing). */
export function courseOfferingIdOf(search: string): string {
  return (new URLSearchParams(search).get("courseOfferingId") ?? "").trim();
}

/**
 * Addresses of the marks and results screens (spec §2 route table and literal paths). The grading
 * course list and grading page are the grading setup screens (routes.ts); they are linked by path only.
 */
const q = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
};

export const gradingResultsLinks = {
  /** /app/exam/grading: the grading course list (routes.ts). */
  gradingList: () => "/app/exam/grading",
  /** /app/exams/grading/details/{id}: the grading page of a course offering (routes.ts). */
  gradingPage: (courseOfferingId: string) =>
    `/app/exams/grading/details/${encodeURIComponent(courseOfferingId)}`,
  /** Student components page (spec §2 Grading detail route). */
  studentDetails: (courseOfferingId: string, studentId: string) =>
    `/app/exam/grading/details/${encodeURIComponent(courseOfferingId)}/studentdetails/${encodeURIComponent(studentId)}`,
  /** Sub-component view of one component of a student. */
  studentComponent: (courseOfferingId: string, studentId: string, componentName: string) =>
    `${gradingResultsLinks.studentDetails(courseOfferingId, studentId)}/${encodeURIComponent(componentName)}`,
  gradeStudents: (courseOfferingId?: string) => `/app/gradeStudents${q({ courseOfferingId })}`,
  bySection: (courseOfferingId?: string) => `/app/grading/studentsBySection${q({ courseOfferingId })}`,
  byComponent: (courseOfferingId?: string, componentName?: string) =>
    `/app/grading/studentsByComponent${q({ courseOfferingId, componentName })}`,
  bySubComponent: (courseOfferingId?: string, subComponentId?: string) =>
    `/app/grading/studentsBySubComponent${q({ courseOfferingId, subComponentId })}`,
  studentReport: (courseOfferingId?: string, studentId?: string) =>
    `/app/grading/studentreport${q({ courseOfferingId, studentId })}`,
  promotionCriteria: () => "/app/exam/promotionCriteria",
};

/** The address state of the results screens: `?courseOfferingId=&studentId=&componentName=&subComponentId=&criteriaId=`. */
export type ResultsState = {
  courseOfferingId: string;
  studentId: string;
  componentName: string;
  subComponentId: string;
  criteriaId: string;
};

/** Reads {@link ResultsState} from a query string; unknown or overlong values are cut to 200 characters. */
export function parseResultsState(search: string): ResultsState {
  const params = new URLSearchParams(search);
  const read = (key: string) => (params.get(key) ?? "").trim().slice(0, 200);
  return {
    courseOfferingId: read("courseOfferingId"),
    studentId: read("studentId"),
    componentName: read("componentName"),
    subComponentId: read("subComponentId"),
    criteriaId: read("criteriaId"),
  };
}

/** The query string of {@link ResultsState} (empty values left out), for `useUrlState`. */
export function serializeResultsState(state: ResultsState): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * Routes of the academic planning screens (spec, Academic planning §2 "Screens and routes", literal paths), linked by
 * path. The spec names /app/add-program, /app/add-activity, /app/academicCalendar,
 * /app/faculty-management and /app/faculty-details; it names no route for the batches list, the
 * term-wise subject list and the faculty invitation, so: /app/batches (what /app/academics-planner
 * links to), /app/term-subjects, and the faculty invitation on /app/faculty-management.
 */
export const planningLinks = {
  landing: () => "/app/academics-planner",
  /** The Term Academic Planner, with its filters (program, intake, year) as the query; empty ones left out. */
  planner: (q: Record<string, string | undefined> = {}) => {
    const params = new URLSearchParams(Object.entries(q).filter(([, v]) => v) as Array<[string, string]>);
    const text = params.toString();
    return `/app/add-activity${text ? `?${text}` : ""}`;
  },
  currentProgrammes: () => "/app/current-programmes",
  programmeDetails: (intakeId: string) => `/app/current-programmes/${encodeURIComponent(intakeId)}/details`,
  /** The academic calendar, of one intake when given. */
  calendar: (intakeId?: string) =>
    intakeId ? `/app/academicCalendar?intakeId=${encodeURIComponent(intakeId)}` : "/app/academicCalendar",
  batches: () => "/app/batches",
  addProgram: () => "/app/add-program",
  termSubjects: (search = "") => `/app/term-subjects${search}`,
  /** The faculty invitation. */
  facultyManagement: () => "/app/faculty-management",
  facultyDetails: (id: string) => `/app/faculty-details?id=${encodeURIComponent(id)}`,
};

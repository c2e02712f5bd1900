/**
 * Routes of the planning screens, built here or by the term planner's screens (linked by path only).
 * The spec names /app/add-program, /app/add-activity, /app/academicCalendar, /app/faculty-management
 * and /app/faculty-details; it names no route for the batches list, the term-wise subject list and
 * the faculty invitation, so: /app/batches (what /app/academics-planner links to), /app/term-subjects,
 * and the faculty invitation on /app/faculty-management.
 */
export const planningLinks = {
  batches: () => "/app/batches",
  addProgram: () => "/app/add-program",
  termSubjects: (search = "") => `/app/term-subjects${search}`,
  /** The Term Academic Planner (another screen), with the filters as its query. */
  addActivity: (query: Record<string, string>) => {
    const q = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== "")).toString();
    return `/app/add-activity${q ? `?${q}` : ""}`;
  },
  /** The academic calendar of an intake (another screen). */
  academicCalendar: (intakeId: string) => `/app/academicCalendar?intakeId=${encodeURIComponent(intakeId)}`,
  facultyInvitation: () => "/app/faculty-management",
  facultyDetails: (id: string) => `/app/faculty-details?id=${encodeURIComponent(id)}`,
};

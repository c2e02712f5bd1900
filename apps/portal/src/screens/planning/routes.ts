/**
 * Routes of the academic planning screens (spec, Academic planning §2 "Screens and routes", literal paths),
 * including those built in screens/planning-intake (batches, add-program, faculty management): linked by
 * path.
 */
export const planningLinks = {
  landing: () => "/app/academics-planner",
  planner: (q: { program?: string; intake?: string; year?: string } = {}) => {
    const params = new URLSearchParams(Object.entries(q).filter(([, v]) => v) as Array<[string, string]>);
    const text = params.toString();
    return `/app/add-activity${text ? `?${text}` : ""}`;
  },
  currentProgrammes: () => "/app/current-programmes",
  programmeDetails: (intakeId: string) => `/app/current-programmes/${encodeURIComponent(intakeId)}/details`,
  calendar: (intakeId?: string) =>
    intakeId ? `/app/academicCalendar?intakeId=${encodeURIComponent(intakeId)}` : "/app/academicCalendar",
  batches: () => "/app/batches",
  addProgram: () => "/app/add-program",
  facultyManagement: () => "/app/faculty-management",
};

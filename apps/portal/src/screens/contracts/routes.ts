/** Addresses of the contract screens (shell/routes.ts has their route entries). */
export const contractLinks = {
  list: (state = "") =>
    state ? `/app/contract-management?state=${encodeURIComponent(state)}` : "/app/contract-management",
  view: (id: string) => `/app/ViewContract?id=${encodeURIComponent(id)}`,
  onboarding: () => "/app/FacultyOnBoarding",
  /** View Course: one course offering, or the list to pick one from without `id`. */
  course: (id?: string) => (id ? `/app/ViewCourse?id=${encodeURIComponent(id)}` : "/app/ViewCourse"),
  /** The sections a faculty member (a contact) teaches. */
  facultySections: (contactId: string) => `/app/facultySection?contactId=${encodeURIComponent(contactId)}`,
};

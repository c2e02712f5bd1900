/** Addresses of the contract screens (shell/routes.ts has their route entries). */
export const contractLinks = {
  list: (state = "") =>
    state ? `/app/contract-management?state=${encodeURIComponent(state)}` : "/app/contract-management",
  view: (id: string) => `/app/ViewContract?id=${encodeURIComponent(id)}`,
  onboarding: () => "/app/FacultyOnBoarding",
};

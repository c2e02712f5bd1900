/** Addresses of the 360 profile screens (apps/portal/src/shell/routes.ts names their routes). */
export const profileLinks = {
  my360: (contactId?: string) => (contactId ? `/app/my360/${encodeURIComponent(contactId)}` : "/app/my360"),
  students: () => "/app/studentProfile",
  student: (contactId: string) => `/app/studentProfile/${encodeURIComponent(contactId)}`,
  faculties: () => "/app/facultyProfile",
  faculty: (contactId: string) => `/app/facultyProfile/${encodeURIComponent(contactId)}`,
};

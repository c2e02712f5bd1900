/** Addresses of the users and roles screens (apps/portal/src/shell/routes.ts names their routes). */
export const adminLinks = {
  users: (search = "") => `/app/users${search ? `?search=${encodeURIComponent(search)}` : ""}`,
  assignRoles: () => "/app/assignRoles",
  management: () => "/app/admin-management",
  examManagement: () => "/app/admin-management/exam",
  bulkImport: () => "/app/admin-management/import",
};

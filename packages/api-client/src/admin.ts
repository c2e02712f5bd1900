import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { operations } from "./generated/schema.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/* Users and roles on the admin URL (`adminUrl`, /api/admin): openapi/admin.yaml. Administrator only. */

/** Query of GET /admin/users: search, roleType, pageNo, count (25, 50, 100). */
export type UserListQuery = NonNullable<operations["listUsers"]["parameters"]["query"]>;
/** One page of users with their role assignments, and the total. */
export type UserListPage = JsonAnswer<"listUsers">;
/** One user of the users list. */
export type UserRow = UserListPage["users"][number];
/** One role a user holds, everywhere (scopeKind null) or at one scope. */
export type RoleAssignmentRow = UserRow["roles"][number];
/** Body of POST /admin/assignRole. */
export type AssignRoleRequest = JsonBody<"assignRole">;
/** One choice of the Assign Roles form (id, name). */
export type AdminOption = JsonAnswer<"listInstitutes">["options"][number];
/** One contact of the contact search. */
export type ContactOption = JsonAnswer<"searchContacts">["contacts"][number];
/** Answer of GET /admin/overview: the admin management counts. */
export type AdminOverview = JsonAnswer<"adminOverview">;

/** The users list's query with its defaults filled in, so equal requests share a key. */
function normaliseUserListQuery(q: UserListQuery): Required<UserListQuery> {
  return { search: q.search ?? "", roleType: q.roleType ?? "", pageNo: q.pageNo ?? 1, count: q.count ?? 25 };
}

/** Query keys of the admin URL; invalidate `adminKeys.all` after an assignment or removal. */
export const adminKeys = {
  all: ["admin"] as const,
  users: (q: UserListQuery) => ["admin", "users", normaliseUserListQuery(q)] as const,
  roleTypes: () => ["admin", "roleTypes"] as const,
  institutes: () => ["admin", "institutes"] as const,
  programmes: (instituteId: string) => ["admin", "programmes", instituteId] as const,
  plans: (programmeId: string) => ["admin", "plans", programmeId] as const,
  classSections: (planId: string) => ["admin", "classSections", planId] as const,
  contacts: (search: string) => ["admin", "contacts", search] as const,
  overview: () => ["admin", "overview"] as const,
};

/** GET /admin/users: one page of users by name with their role assignments. */
export function userListQueryOptions(api: ApiClient, query: UserListQuery) {
  const q = normaliseUserListQuery(query);
  return queryOptions({
    queryKey: adminKeys.users(q),
    queryFn: async ({ signal }) => unwrap(await api.GET("/admin/users", { params: { query: q }, signal })),
  });
}

/** GET /admin/roleTypes: the role types with how many users hold each. */
export function roleTypesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.roleTypes(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/admin/roleTypes", { signal })),
  });
}

/** GET /admin/institutes. */
export function institutesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.institutes(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/admin/institutes", { signal })),
  });
}

/** GET /admin/academicPrograms?instituteId=: the institute's programmes (empty: 'No Programs Found'). */
export function instituteProgrammesQueryOptions(api: ApiClient, instituteId: string) {
  return queryOptions({
    queryKey: adminKeys.programmes(instituteId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/admin/academicPrograms", { params: { query: { instituteId } }, signal })),
    enabled: instituteId !== "",
  });
}

/** GET /admin/programPlans?academicProgramId=: the programme's plans. */
export function programmePlansQueryOptions(api: ApiClient, programmeId: string) {
  return queryOptions({
    queryKey: adminKeys.plans(programmeId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/admin/programPlans", {
          params: { query: { academicProgramId: programmeId } },
          signal,
        }),
      ),
    enabled: programmeId !== "",
  });
}

/** GET /admin/classSections?programPlanId=: the course offerings taught to the plan's intakes. */
export function planClassSectionsQueryOptions(api: ApiClient, planId: string) {
  return queryOptions({
    queryKey: adminKeys.classSections(planId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/admin/classSections", { params: { query: { programPlanId: planId } }, signal })),
    enabled: planId !== "",
  });
}

/** GET /admin/contacts?search=: at most 20 contacts matching the search. */
export function contactSearchQueryOptions(api: ApiClient, search: string) {
  return queryOptions({
    queryKey: adminKeys.contacts(search),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/admin/contacts", { params: { query: { search } }, signal })),
  });
}

/** GET /admin/overview: the admin management counts, read from the database. */
export function adminOverviewQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/admin/overview", { signal })),
  });
}

/** POST /admin/assignRole: ApiError 400 (field named), 404 unknown contact or institute, 409 duplicate_assignment. */
export function assignRoleMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["admin", "assignRole"],
    mutationFn: async (body: AssignRoleRequest) => unwrap(await api.POST("/admin/assignRole", { body })),
  });
}

/** DELETE /admin/roles/{id}: ApiError 404 unknown, 409 last_administrator. */
export function removeRoleAssignmentMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["admin", "removeRoleAssignment"],
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE("/admin/roles/{id}", { params: { path: { id } } })),
  });
}

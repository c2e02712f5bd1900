import {
  adminKeys,
  type RoleAssignmentRow,
  removeRoleAssignmentMutationOptions,
  type UserRow,
  userListQueryOptions,
} from "@portal/api-client";
import { PORTAL_ROLES, type RoleScope } from "@portal/domain";
import { Button, ButtonLink, type DataTableColumn, Select, useToast } from "@portal/ui";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import { SearchForm } from "../SearchForm.tsx";
import * as styles from "../screen.css.ts";
import { roleTypeLabel, scopeLabel } from "./labels.ts";
import { adminLinks } from "./routes.ts";
import {
  parseUserListState,
  serializeUserListState,
  toUserListQuery,
  type UserListState,
  type UserPageSize,
} from "./state.ts";

const PAGE_SIZES = [25, 50, 100] as const satisfies readonly UserPageSize[];

/** The users island (`/app/users?search=&role=&page=&pageSize=`). */
export default function UserList({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <UserListScreen search={search} />
    </IslandRoot>
  );
}

/** First query of the users list, run on the server: the address's page. */
export const userListFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  await fetch(userListQueryOptions(api, toUserListQuery(parseUserListState(search))));
};

/** One role assignment as a line: "Exam office · Programme: MBA (MBA)" with its Remove button. */
function AssignmentLine({ user, role }: { user: UserRow; role: RoleAssignmentRow }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation(removeRoleAssignmentMutationOptions(api));
  const scope = scopeLabel(role.scopeKind as RoleScope | null, role.scopeName);
  const label = `${roleTypeLabel(role.roleType)} · ${scope}`;
  return (
    <li>
      {label}{" "}
      <Button
        size="sm"
        variant="secondary"
        loading={remove.isPending}
        aria-label={m.admin_remove_role_of({ role: label, name: user.name })}
        onClick={async () => {
          try {
            await remove.mutateAsync(role.id);
            toast.success(m.admin_role_removed());
          } catch (error) {
            toast.error(readRefusal(error).message);
          } finally {
            await queryClient.invalidateQueries({ queryKey: adminKeys.all });
          }
        }}
      >
        {m.admin_remove_role()}
      </Button>
    </li>
  );
}

/** Columns of the users list, in the page's language. */
function userColumns(): DataTableColumn<UserRow>[] {
  return [
    { id: "name", header: m.admin_col_name(), cell: (u) => u.name, rowHeader: true },
    { id: "email", header: m.admin_col_email(), cell: (u) => u.email },
    {
      id: "status",
      header: m.admin_col_status(),
      cell: (u) => (u.active ? m.admin_active() : m.admin_inactive()),
    },
    {
      id: "roles",
      header: m.admin_col_roles(),
      cell: (u) =>
        u.roles.length === 0 ? (
          m.admin_no_role()
        ) : (
          <ul className={styles.cellList}>
            {u.roles.map((r) => (
              <AssignmentLine key={r.id} user={u} role={r} />
            ))}
          </ul>
        ),
    },
  ];
}

/**
 * Users (`/app/users`, spec route table; §6 roles by institute, programme, programme plan and class
 * section): the portal's users by name with every role they hold and its scope, paged on the server
 * (25, 50, 100), searched by name or e-mail and filtered by role type; each assignment has Remove
 * (the last administrator's is refused by the server, its message shown). 'Assign Role' leads to
 * /app/assignRoles. State lives in the address.
 */
export function UserListScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseUserListState, serializeUserListState);
  const list = useQuery({
    ...userListQueryOptions(api, toUserListQuery(state)),
    placeholderData: keepPreviousData,
  });
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{m.admin_users_title()}</h2>
        <ButtonLink variant="primary" href={adminLinks.assignRoles()}>
          {m.admin_assign_role()}
        </ButtonLink>
      </div>
      <SearchForm
        label={m.admin_search()}
        applied={state.search}
        onApply={(text) => navigate({ ...state, search: text, page: 1 })}
      />
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.admin_role_type()}
          placeholder={m.admin_all_roles()}
          placeholderSelectable
          options={PORTAL_ROLES.map((r) => ({ value: r, label: roleTypeLabel(r) }))}
          value={state.role}
          onChange={(role) => navigate({ ...state, role: role as UserListState["role"], page: 1 })}
        />
      </div>
      <PagedTable<NonNullable<typeof list.data>, UserRow, UserPageSize, UserListState>
        query={list}
        rows={(data) => data.users}
        state={state}
        navigate={navigate}
        pageSizes={PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={m.admin_users_title()}
        columns={userColumns()}
        getRowId={(u) => u.id}
        emptyText={m.admin_no_record()}
        loadingLabel={m.admin_loading()}
      />
    </div>
  );
}

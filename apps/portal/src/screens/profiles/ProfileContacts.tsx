import { type ProfileContactPage, profileContactsQueryOptions } from "@portal/api-client";
import { LIST_PAGE_SIZES, type ListPageSize } from "@portal/domain";
import type { DataTableColumn } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import { SearchForm } from "../SearchForm.tsx";
import * as screen from "../screen.css.ts";
import { profileLinks } from "./routes.ts";

/** Students or faculty: whose profiles the list opens. */
export type ProfileKind = "student" | "faculty";
/** The list's state in the address: `?search=&page=&pageSize=`. */
export type ProfileContactState = { search: string; page: number; pageSize: ListPageSize };
type ContactRow = ProfileContactPage["contacts"][number];

/** Reads the list's state from a query string; anything unknown falls back to the default. */
export function parseProfileContactState(search: string): ProfileContactState {
  const q = new URLSearchParams(search);
  const page = Number(q.get("page") ?? "1");
  const size = Number(q.get("pageSize") ?? String(LIST_PAGE_SIZES[0]));
  return {
    search: (q.get("search") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (LIST_PAGE_SIZES as readonly number[]).includes(size)
      ? (size as ListPageSize)
      : LIST_PAGE_SIZES[0],
  };
}

/** The query string of a state, defaults left out. */
export function serializeProfileContactState(state: ProfileContactState): string {
  const q = new URLSearchParams();
  if (state.search) q.set("search", state.search);
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== LIST_PAGE_SIZES[0]) q.set("pageSize", String(state.pageSize));
  const text = q.toString();
  return text ? `?${text}` : "";
}

const toQuery = (kind: ProfileKind, s: ProfileContactState) => ({
  kind,
  search: s.search,
  pageNo: s.page,
  count: s.pageSize,
});

/** The student or faculty list island (`/app/studentProfile`, `/app/facultyProfile`). */
export default function ProfileContacts({
  kind,
  search,
  ...root
}: ScreenIslandProps & { kind: ProfileKind }) {
  return (
    <IslandRoot {...root}>
      <ProfileContactsScreen kind={kind} search={search} />
    </IslandRoot>
  );
}

/** First query of the list, run on the server: the address's page. */
export function profileContactsFirstQuery(kind: ProfileKind): FirstQuery {
  return async ({ api, search, fetch }) => {
    await fetch(profileContactsQueryOptions(api, toQuery(kind, parseProfileContactState(search))));
  };
}

/**
 * Student Profile and Faculty Profile without a contact id: the students (or faculty) by name, paged
 * on the server (25, 50, 100) and searched by name, email or code; each name opens the person's 360.
 */
export function ProfileContactsScreen({ kind, search }: { kind: ProfileKind; search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseProfileContactState, serializeProfileContactState);
  const list = useQuery({
    ...profileContactsQueryOptions(api, toQuery(kind, state)),
    placeholderData: keepPreviousData,
  });
  const open = kind === "student" ? profileLinks.student : profileLinks.faculty;
  const columns: DataTableColumn<ContactRow>[] = [
    {
      id: "name",
      header: m.profile_col_name(),
      rowHeader: true,
      cell: (c) => (
        <a className={screen.link} href={open(c.contactId)}>
          {c.name}
        </a>
      ),
    },
    { id: "code", header: m.profile_col_code(), cell: (c) => c.code ?? "" },
    { id: "email", header: m.profile_field_email(), cell: (c) => c.email },
    kind === "student"
      ? { id: "intake", header: m.profile_col_intake(), cell: (c) => c.intakeName ?? "" }
      : { id: "type", header: m.profile_col_faculty_type(), cell: (c) => c.facultyType ?? "" },
  ];
  const caption = kind === "student" ? m.profile_student_title() : m.profile_faculty_title();
  return (
    <div className={screen.screen}>
      <SearchForm
        label={m.profile_search()}
        applied={state.search}
        onApply={(text) => navigate({ ...state, search: text, page: 1 })}
      />
      <PagedTable<NonNullable<typeof list.data>, ContactRow, ListPageSize, ProfileContactState>
        query={list}
        rows={(data) => data.contacts}
        state={state}
        navigate={navigate}
        pageSizes={LIST_PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={caption}
        columns={columns}
        getRowId={(c) => c.contactId}
        emptyText={m.profile_no_record()}
        loadingLabel={m.profile_loading()}
      />
    </div>
  );
}

import { type FacultyRow, facultyListQueryOptions, mailKeys } from "@portal/api-client";
import { GRID_PAGE_SIZES } from "@portal/domain";
import {
  Button,
  DataTable,
  type DataTableColumn,
  type DataTableRowSelection,
  type DataTableSorting,
  dataTableSelection,
  dataTableServerSorting,
} from "@portal/ui";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { MailStatus } from "../kit/MailStatus.tsx";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { selectionLabels } from "../kit/table-labels.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { ListPager, useLastPageWhenShrunk } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import type { Info } from "./FacultyInfo.tsx";
import {
  facultyListRequest,
  facultySortFrom,
  parseFacultyListState,
  serializeFacultyListState,
  sortingOf,
} from "./faculty-sort.ts";
import { planningLinks } from "./routes.ts";

/** The faculty table checks rows and sorts on the server from its headers. */
const FEATURES = [dataTableSelection, dataTableServerSorting];

/** The Faculty Invitation island (`/app/faculty-management?page=&pageSize=&sort=&direction=`). */
export default function FacultyInvitation({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <FacultyInvitationScreen search={search} />
    </IslandRoot>
  );
}

/** First query on the server: the address's page of the faculty table, in the address's sort. */
export const facultyInvitationFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  await fetch(facultyListQueryOptions(api, facultyListRequest(parseFacultyListState(search))));
};

/** Which of the three buttons opened the invitation dialog. */
export type InviteKind = "newInvite" | "invite" | "email";

/** The invitation dialog and the read-only faculty dialogs load when they open (lazyDialog). */
const InviteDialog = lazyDialog(() => import("./InviteDialog.tsx").then((module) => module.InviteDialog));
const FacultyInfoDialog = lazyDialog(() =>
  import("./FacultyInfo.tsx").then((module) => module.FacultyInfoDialog),
);

/**
 * Faculty Invitation (spec §2 Faculty Invitation, §3 faculty, §5 attachment rule): the faculty table
 * (photo and name, phone, email, location, association, availability, subjects, rating) with row
 * checkboxes (DataTable's selection, controlled here: checked rows stay checked across pages and
 * their records go to the invitation dialog), paged on the server; Send New Invite, Send Invite and Send Email open the invitation
 * dialog; a click on availability, subjects, rating or location opens its read-only dialog from the
 * stored data. The name, phone, email, location, association and rating headers sort on the server
 * (FACULTY_SORT_COLUMNS); a new sort starts again at page 1, checked rows stay checked. Page, page
 * size and sort live in the address (`?page=&pageSize=&sort=&direction=`, parseFacultyListState), so a
 * reload shows the same page and Back and Forward step through them; the checked rows are the
 * screen's own and last as long as it stays open. Names link to /app/faculty-details. Below the
 * buttons, the invitation mails (MailStatus: queued, sent, failed, Resend failed), read again whenever
 * the dialog closes.
 */
export function FacultyInvitationScreen({ search = "" }: { search?: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, navigate] = useUrlState(search, parseFacultyListState, serializeFacultyListState);
  // The checked rows by id, kept across pages (with their names, for the invitation dialog).
  const [checked, setChecked] = useState<ReadonlyMap<string, FacultyRow>>(() => new Map());
  const [invite, setInvite] = useState<InviteKind | null>(null);
  const [info, setInfo] = useState<Info>(null);
  const list = useQuery({
    ...facultyListQueryOptions(api, facultyListRequest(state)),
    placeholderData: keepPreviousData,
  });
  useLastPageWhenShrunk(list, state, navigate);
  const rows = list.data?.faculty ?? [];
  const sorting = useMemo(() => sortingOf(state.sort), [state.sort]);
  const onSortingChange = (next: DataTableSorting) =>
    navigate({ ...state, sort: facultySortFrom(next), page: 1 });
  const rowSelection = useMemo<DataTableRowSelection>(
    () => Object.fromEntries([...checked.keys()].map((id) => [id, true])),
    [checked],
  );
  // The table reports ids; the records come from the rows checked before or from this page.
  const onRowSelectionChange = (next: DataTableRowSelection) =>
    setChecked((now) => {
      const onPage = new Map(rows.map((f) => [f.id, f]));
      const kept = new Map<string, FacultyRow>();
      for (const [id, on] of Object.entries(next)) {
        const f = on ? (now.get(id) ?? onPage.get(id)) : undefined;
        if (f) kept.set(id, f);
      }
      return kept;
    });
  const cellButton = (f: FacultyRow, kind: NonNullable<Info>["kind"], text: string) => (
    <button type="button" className={styles.link} onClick={() => setInfo({ kind, faculty: f })}>
      {text || "-"}
    </button>
  );
  const columns: DataTableColumn<FacultyRow>[] = [
    {
      id: "name",
      header: m.intake_col_name(),
      rowHeader: true,
      sortable: true,
      cell: (f) => (
        <span className={styles.actions}>
          {f.photo && <img src={f.photo} alt="" width={32} height={32} />}
          <a className={styles.link} href={planningLinks.facultyDetails(f.email)}>
            {f.name}
          </a>
        </span>
      ),
    },
    { id: "phone", header: m.intake_col_phone(), cell: (f) => f.phone, sortable: true },
    { id: "email", header: m.intake_col_email(), cell: (f) => f.email, sortable: true },
    {
      id: "location",
      header: m.intake_col_location(),
      cell: (f) => cellButton(f, "location", f.location),
      sortable: true,
    },
    { id: "association", header: m.intake_col_association(), cell: (f) => f.association, sortable: true },
    {
      id: "availability",
      header: m.intake_col_availability(),
      cell: (f) => cellButton(f, "availability", f.availability),
    },
    { id: "subjects", header: m.intake_col_subjects(), cell: (f) => cellButton(f, "subjects", f.subjects) },
    {
      id: "rating",
      header: m.intake_col_rating(),
      cell: (f) => cellButton(f, "rating", f.rating === null ? "" : `${f.rating} / 5`),
      sortable: true,
    },
  ];
  return (
    <div className={styles.screen}>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => setInvite("newInvite")}>
          {m.intake_send_new_invite()}
        </Button>
        <Button variant="secondary" onClick={() => setInvite("invite")}>
          {m.intake_send_invite()}
        </Button>
        <Button variant="secondary" onClick={() => setInvite("email")}>
          {m.intake_send_email()}
        </Button>
      </div>
      <MailStatus source="planning.faculty_invitation:" />
      {list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <DataTable
            columns={columns}
            data={rows}
            getRowId={(f) => f.id}
            caption={m.intake_faculty_table()}
            captionHidden
            emptyText={m.intake_no_record()}
            loading={list.isPending || list.isPlaceholderData}
            loadingLabel={m.intake_loading()}
            features={FEATURES}
            sorting={sorting}
            onSortingChange={onSortingChange}
            manualSorting
            selection={selectionLabels<FacultyRow>((f) => m.intake_select_named({ name: f.name }))}
            rowSelection={rowSelection}
            onRowSelectionChange={onRowSelectionChange}
          />
          <ListPager
            query={list}
            state={state}
            navigate={navigate}
            pageSizes={GRID_PAGE_SIZES}
            labels={pagerLabels(m.exam_pager_nav())}
          />
        </>
      )}
      {invite && (
        <InviteDialog
          kind={invite}
          initial={[...checked.values()]}
          faculty={rows}
          onClose={() => {
            setInvite(null);
            void queryClient.invalidateQueries({ queryKey: mailKeys.all });
          }}
        />
      )}
      {info && <FacultyInfoDialog info={info} onClose={() => setInfo(null)} />}
    </div>
  );
}

import {
  type InvigilationNotification,
  invigilationNotificationsQueryOptions,
  seatingKeys,
  sendInvigilationNotificationsMutationOptions,
} from "@portal/api-client";
import { formatDisplayDate, GRID_PAGE_SIZES } from "@portal/domain";
import { Button, Checkbox, type DataTableColumn, Select, StatusChip, visuallyHidden } from "@portal/ui";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useMemo, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../../shell/IslandRoot.tsx";
import { useCellContext } from "../../cell-context.ts";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { errorText } from "../../kit/error-text.ts";
import { useExamCycleUrlState, withExamCycle } from "../../kit/exam-cycle.ts";
import { EXAM_DATE_GROUP_FEATURES, examDateGroups } from "../../kit/exam-date-groups.ts";
import { pluralCount } from "../../kit/format.ts";
import { pagerLabels } from "../../kit/pager-labels.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { PagedTable } from "../../PagedTable.tsx";
import { timeWithDuration } from "./common.tsx";
import {
  type DutyListState,
  type NotifiedFilter,
  parseDutyListState,
  serializeDutyListState,
  toNotificationsQuery,
} from "./notification-state.ts";
import * as styles from "./seating.css.ts";

/** The island's props; `search` is `?cycle=&notified=&page=&pageSize=`. */
export type InvigilationNotificationsProps = ScreenIslandProps;

/** The invigilation notification island (/app/exams/invigilationProctoringNotification). */
export default function InvigilationNotifications({ search, ...root }: InvigilationNotificationsProps) {
  return (
    <IslandRoot {...root}>
      <InvigilationNotificationsScreen search={search} />
    </IslandRoot>
  );
}

/**
 * The notification page's first query, run on the server by its page: the cycles and the address's
 * page of duties of the cycle shown (the address's, else the default one).
 */
export const invigilationNotificationsFirstQuery: FirstQuery = async (context) => {
  const state = parseDutyListState(context.search);
  await withExamCycle(context, state.cycle, (cycle) =>
    context.fetch(
      invigilationNotificationsQueryOptions(context.api, toNotificationsQuery({ ...state, cycle })),
    ),
  );
};

type Selection = {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  page: readonly InvigilationNotification[];
  togglePage: (on: boolean) => void;
  disabled: boolean;
};

const SelectionContext = createContext<Selection | null>(null);
const SelectionProvider = SelectionContext.Provider;
const useSelection = (): Selection => useCellContext(SelectionContext, "Selection");

/**
 * The invigilation duties of an exam cycle and their mail state (GET invigilationNotifications),
 * filtered to all, notified or not notified, server paged (10, 25, 50), in date order under a header
 * per exam date (the header of a date begun on the page before repeats, marked continued: the
 * answer's `firstDateContinued`). Rows are chosen with their
 * check boxes (or all of a page); Send notification mails the chosen duties (POST .../send, again for
 * duties already mailed), shows 'Mail Sent Successfully' and reloads. The choice is kept across pages
 * and cleared by another cycle or filter.
 */
export function InvigilationNotificationsScreen({ search }: { search: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [state, navigate] = useExamCycleUrlState(search, parseDutyListState, serializeDutyListState);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = useQuery({
    ...invigilationNotificationsQueryOptions(api, toNotificationsQuery(state)),
    enabled: state.cycle !== "",
    placeholderData: keepPreviousData,
  });
  const send = useMutation({
    ...sendInvigilationNotificationsMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.invig_mail_sent());
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: seatingKeys.invigilation() });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const refilter = useCallback(
    (next: DutyListState, replace = false) => {
      setSelected(new Set());
      navigate(next, replace);
    },
    [navigate],
  );
  const onCycle = useCallback((cycle: string) => refilter({ ...state, cycle, page: 1 }), [refilter, state]);
  const rows = list.data?.notifications ?? [];
  const selection = useMemo<Selection>(
    () => ({
      selected,
      page: rows,
      disabled: send.isPending,
      toggle: (id, on) =>
        setSelected((current) => {
          const next = new Set(current);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
      togglePage: (on) =>
        setSelected((current) => {
          const next = new Set(current);
          for (const row of rows) {
            if (on) next.add(row.id);
            else next.delete(row.id);
          }
          return next;
        }),
    }),
    [selected, rows, send.isPending],
  );
  const columns = useMemo(notificationColumns, []);
  const groups = useMemo(
    () => examDateGroups(list.data?.notifications, notificationDate, "asc", list.data?.firstDateContinued),
    [list.data],
  );
  const filterOptions: { value: NotifiedFilter; label: string }[] = [
    { value: "", label: m.invig_notify_all() },
    { value: "false", label: m.invig_notify_not_sent() },
    { value: "true", label: m.invig_notify_sent() },
  ];

  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <CycleSelect value={state.cycle} onChange={onCycle} />
        <Select
          className={styles.filterField}
          label={m.invig_notify_filter()}
          options={filterOptions}
          value={state.notified}
          onChange={(value) => refilter({ ...state, notified: value as NotifiedFilter, page: 1 })}
        />
      </div>
      <div className={styles.toolbar}>
        <p className={styles.muted} role="status">
          {list.data
            ? pluralCount(list.data.pending, m.invig_pending_count_one, m.invig_pending_count_other)
            : ""}
        </p>
        <span className={styles.actions}>
          <span className={styles.muted}>{m.invig_selected({ count: selected.size })}</span>
          <Button
            loading={send.isPending}
            disabled={selected.size === 0}
            onClick={() => send.mutate([...selected])}
          >
            {m.invig_send()}
          </Button>
        </span>
      </div>
      <SelectionProvider value={selection}>
        <PagedTable
          query={list}
          rows={(data) => data.notifications}
          state={state}
          navigate={navigate}
          pageSizes={GRID_PAGE_SIZES}
          pagerLabels={pagerLabels(m.seat_pager_nav())}
          errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
          caption={m.invig_notify_table()}
          columns={columns}
          getRowId={(r) => r.id}
          emptyText={m.seat_no_record()}
          loadingLabel={m.seat_loading()}
          features={EXAM_DATE_GROUP_FEATURES}
          groupByDate={groups}
        />
      </SelectionProvider>
    </div>
  );
}

/** A duty's exam date, YYYY-MM-DD at the exam's campus: the key of its date group. */
const notificationDate = (row: InvigilationNotification) => row.dateOfExam;

function notificationColumns(): DataTableColumn<InvigilationNotification>[] {
  return [
    { id: "select", header: <PageCheckbox />, cell: (r) => <RowCheckbox row={r} /> },
    {
      id: "exam",
      header: m.invig_col_exam(),
      cell: (r) => `${r.courseName} (${r.section})`,
      rowHeader: true,
    },
    { id: "date", header: m.seat_col_date(), cell: (r) => displayDate(r.dateOfExam) },
    { id: "time", header: m.seat_col_time(), cell: (r) => timeWithDuration(r.startTimeOfExam, r.duration) },
    { id: "room", header: m.seat_col_room(), cell: (r) => r.roomNo },
    { id: "faculty", header: m.invig_col_faculty(), cell: (r) => r.facultyName },
    { id: "email", header: m.invig_col_email(), cell: (r) => r.facEmail },
    {
      id: "notified",
      header: m.invig_col_notified(),
      cell: (r) =>
        r.notifiedAt ? (
          <StatusChip tone="success">
            {m.invig_notified_on({ date: formatDisplayDate(r.notifiedAt) })}
          </StatusChip>
        ) : (
          <StatusChip tone="warning">{m.invig_notify_not_sent()}</StatusChip>
        ),
    },
  ];
}

function PageCheckbox() {
  const selection = useSelection();
  const chosen = selection.page.filter((row) => selection.selected.has(row.id)).length;
  return (
    <Checkbox
      label={<span className={visuallyHidden}>{m.invig_select_page()}</span>}
      checked={selection.page.length > 0 && chosen === selection.page.length}
      indeterminate={chosen > 0 && chosen < selection.page.length}
      disabled={selection.disabled || selection.page.length === 0}
      onChange={selection.togglePage}
    />
  );
}

function RowCheckbox({ row }: { row: InvigilationNotification }) {
  const selection = useSelection();
  return (
    <Checkbox
      label={
        <span className={visuallyHidden}>
          {m.invig_select_row({ name: row.facultyName, room: row.roomNo, course: row.courseName })}
        </span>
      }
      checked={selection.selected.has(row.id)}
      disabled={selection.disabled}
      onChange={(on) => selection.toggle(row.id, on)}
    />
  );
}

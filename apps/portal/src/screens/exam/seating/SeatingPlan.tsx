import {
  ApiError,
  generateSeatingPlanMutationOptions,
  type SeatAssignment,
  type SeatingPlan as SeatingPlanAnswer,
  type SeatingRoomUse,
  type SeatingSection,
  saveSeatingPlanMutationOptions,
  seatingPlanQueryOptions,
} from "@portal/api-client";
import { GRID_PAGE_SIZES, type GridPageSize, pageSizeCount } from "@portal/domain";
import {
  Button,
  ButtonLink,
  DataTable,
  type DataTableColumn,
  Loader,
  RowEditActions,
  StatusChip,
} from "@portal/ui";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { createContext, type KeyboardEvent, useCallback, useMemo, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../../ConflictNotice.tsx";
import { useCellContext } from "../../cell-context.ts";
import { errorText } from "../../kit/error-text.ts";
import { formatNumber, plural, pluralCount } from "../../kit/format.ts";
import { pagerLabels } from "../../kit/pager-labels.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { useUrlState } from "../../kit/use-url-state.ts";
import { PagedTable, type Paging } from "../../PagedTable.tsx";
import { focusById, isVersionConflict, useStagedRowEdit } from "../../row-edit.ts";
import { ExamHeaderCard, parsePaging, writeQuery } from "./common.tsx";
import { useReloadExamPlans } from "./exam-plans.ts";
import {
  checkDraft,
  draftOf,
  isNoMove,
  moveOfError,
  type PendingMove,
  type SeatDraft,
  type SeatDraftErrors,
} from "./seat-edit.ts";
import * as styles from "./seating.css.ts";

/** The island's props; `search` is the arrangement's `?page=&pageSize=`. */
export type SeatingPlanProps = ScreenIslandProps & {
  /** The exam's id (route parameter). */
  examId: string;
  /** Where Back leads (the seating plan list or Exam Setup). */
  backHref: string;
};

/** The seating plan island (/app/exam/seatingPlan/{id} and its Exam Setup twin), inside its IslandRoot. */
export default function SeatingPlan({ examId, search, backHref, ...root }: SeatingPlanProps) {
  return (
    <IslandRoot {...root}>
      <SeatingPlanScreen examId={examId} search={search} backHref={backHref} />
    </IslandRoot>
  );
}

/**
 * The seating plan page's first query: the exam's plan at the arrangement page the address names
 * (the same parser as the screen's, so the keys match). Nothing for an empty id.
 */
export function seatingPlanFirstQuery(examId: string): FirstQuery {
  return async ({ api, search, fetch }) => {
    if (examId === "") return;
    const paging = parseArrangementPaging(search);
    await fetch(seatingPlanQueryOptions(api, examId, paging.page, pageSizeCount(paging.pageSize)));
  };
}

type ArrangementPaging = Paging<GridPageSize>;
const parseArrangementPaging = (search: string): ArrangementPaging =>
  parsePaging(new URLSearchParams(search));
const serializeArrangementPaging = (paging: ArrangementPaging): string =>
  writeQuery([
    ["page", paging.page > 1 ? paging.page : null],
    ["pageSize", paging.pageSize !== 10 ? paging.pageSize : null],
  ]);

/** What the arrangement's cells read: the row being edited, its draft, the pending moves, actions. */
type SeatEditor = {
  rooms: readonly SeatingRoomUse[];
  editingId: string | null;
  draft: SeatDraft | null;
  errors: SeatDraftErrors;
  pending: ReadonlyMap<string, PendingMove>;
  busy: boolean;
  startEdit: (row: SeatAssignment) => void;
  setDraft: (draft: SeatDraft) => void;
  done: (row: SeatAssignment) => void;
  revert: (row: SeatAssignment) => void;
};

const SeatEditorContext = createContext<SeatEditor | null>(null);
const SeatEditorProvider = SeatEditorContext.Provider;
const useSeatEditor = (): SeatEditor => useCellContext(SeatEditorContext, "Seat");

const roomInputId = (studentId: string) => `seat-${studentId}-room`;
const seatInputId = (studentId: string) => `seat-${studentId}-seat`;

/**
 * The seating plan of an exam (spec §2 seating plan routes, §7 seatingPlan retrieve and save): the
 * exam header; the rooms available with capacity and seats used in the period; the sections of the
 * period; Generate (POST generate, its message as a toast, a refusal such as too few seats as an error
 * toast); the CSV document; and the arrangement (student code, name, course, section, room, seat),
 * paged on the server. A row edits inline (spec §4): Edit gives a room choice and a seat number, Done
 * checks them (a room of the exam, seat 1..capacity) and keeps the move for Save (the row marked
 * "not saved"), Revert restores the row. Save sends every kept move in one call: the server's message
 * as a toast and the plan reloaded; on failure (the portal's rule, see useRowEdit) 'Failed to add.
 * Please try again.' with the server's reason, the moves kept and still marked "not saved": Edit
 * reopens a move, Revert drops it. A Save refused because someone else changed the period's seats
 * since the plan was read (409 version_conflict) shows the record-changed message with Reload instead:
 * Reload refetches the plan (its new version), the moves stay kept, and Save sends them over it.
 */
export function SeatingPlanScreen({
  examId,
  search,
  backHref,
}: {
  examId: string;
  search: string;
  backHref: string;
}) {
  const api = useApi();
  const toast = useToast();
  const [paging, navigate] = useUrlState(search, parseArrangementPaging, serializeArrangementPaging);
  const plan = useQuery({
    ...seatingPlanQueryOptions(api, examId, paging.page, pageSizeCount(paging.pageSize)),
    enabled: examId !== "",
    placeholderData: keepPreviousData,
  });
  const {
    editing,
    pending,
    open,
    setDraft: changeDraft,
    stage,
    revert: revertRow,
    close,
    clearPending,
  } = useStagedRowEdit<SeatDraft, SeatDraftErrors, PendingMove>();
  const [saveError, setSaveError] = useState<{ reason: string; student: string | null } | null>(null);
  // Save was refused as a version conflict: the notice with Reload shows until Reload or another Save.
  const [conflict, setConflict] = useState(false);
  const reload = useReloadExamPlans();
  const generate = useMutation({
    ...generateSeatingPlanMutationOptions(api),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      clearPending();
      close();
      setSaveError(null);
      setConflict(false);
      await reload();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const save = useMutation({
    ...saveSeatingPlanMutationOptions(api),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      clearPending();
      setSaveError(null);
      setConflict(false);
      await reload();
    },
    onError: (error) => {
      if (isVersionConflict(error)) {
        setConflict(true);
        return;
      }
      // The moves were sent in the order of `pending` (it does not change while saving).
      const move = moveOfError(error instanceof ApiError ? error.field : undefined, [...pending.values()]);
      setSaveError({ reason: errorText(error), student: move?.studentName ?? null });
    },
  });
  const busy = save.isPending || generate.isPending;
  const rooms = plan.data?.roomsAvailable ?? [];

  const startEdit = useCallback(
    (row: SeatAssignment) => {
      open(row.studentId, draftOf(row, pending.get(row.studentId)), {});
      focusById(roomInputId(row.studentId));
    },
    [open, pending],
  );
  const setDraft = useCallback((draft: SeatDraft) => changeDraft(draft, {}), [changeDraft]);
  const revert = useCallback((row: SeatAssignment) => revertRow(row.studentId), [revertRow]);
  const done = useCallback(
    (row: SeatAssignment) => {
      if (!editing || editing.id !== row.studentId) return;
      const result = checkDraft(row, editing.draft, rooms);
      if (!result.ok) {
        changeDraft(editing.draft, result.errors);
        focusById(result.errors.roomId ? roomInputId(row.studentId) : seatInputId(row.studentId));
        return;
      }
      stage(row.studentId, isNoMove(row, result.move) ? null : result.move);
    },
    [changeDraft, stage, editing, rooms],
  );
  const editor = useMemo<SeatEditor>(
    () => ({
      rooms,
      editingId: editing?.id ?? null,
      draft: editing?.draft ?? null,
      errors: editing?.errors ?? {},
      pending,
      busy,
      startEdit,
      setDraft,
      done,
      revert,
    }),
    [rooms, editing, pending, busy, startEdit, setDraft, done, revert],
  );
  // Another page or page size closes an open edit (kept moves stay for Save).
  const closeAndNavigate = useCallback(
    (next: ArrangementPaging, replace?: boolean) => {
      close();
      navigate(next, replace);
    },
    [close, navigate],
  );
  const columns = useMemo(arrangementColumns, []);
  const roomColumns = useMemo(roomUseColumns, []);
  const sectionColumns = useMemo(sectionsColumns, []);

  if (examId === "") return <p role="alert">{m.seat_missing_exam()}</p>;
  if (plan.isPending) return <Loader label={m.seat_loading()} variant="block" />;
  if (plan.isError && !plan.data)
    return <QueryError error={plan.error} onRetry={() => void plan.refetch()} />;
  const data: SeatingPlanAnswer = plan.data;
  const moves = [...pending.values()];

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <ButtonLink href={backHref} variant="secondary">
          {m.seat_back()}
        </ButtonLink>
        <span className={styles.actions}>
          <a className={styles.link} href={data.document.url} download={data.document.fileName}>
            {m.seat_document()}
          </a>
          <Button loading={generate.isPending} disabled={busy} onClick={() => generate.mutate(examId)}>
            {m.seat_generate()}
          </Button>
        </span>
      </div>
      <ExamHeaderCard exam={data.exam} />
      <div className={styles.twoColumns}>
        <section className={styles.section} aria-labelledby="seat-rooms-title">
          <h2 id="seat-rooms-title" className={styles.sectionTitle}>
            {m.seat_rooms_title()}
          </h2>
          <DataTable
            caption={m.seat_rooms_title()}
            captionHidden
            columns={roomColumns}
            data={data.roomsAvailable}
            getRowId={(r) => r.id}
            emptyText={m.seat_no_data()}
          />
        </section>
        <section className={styles.section} aria-labelledby="seat-sections-title">
          <h2 id="seat-sections-title" className={styles.sectionTitle}>
            {m.seat_sections_title()}
          </h2>
          <DataTable
            caption={m.seat_sections_title()}
            captionHidden
            columns={sectionColumns}
            data={data.sections}
            getRowId={(r) => r.examId}
            emptyText={m.seat_no_data()}
          />
        </section>
      </div>
      <section className={styles.section} aria-labelledby="seat-arrangement-title">
        <div className={styles.toolbar}>
          <h2 id="seat-arrangement-title" className={styles.sectionTitle}>
            {m.seat_arrangement_title()}
          </h2>
          <p className={styles.muted} role="status">
            {plural(data.noOfRecords, m.seat_summary_one, m.seat_summary_other, {
              seated: formatNumber(data.seated),
              unseated: formatNumber(data.unseated),
              total: formatNumber(data.noOfRecords),
            })}
          </p>
        </div>
        <div className={styles.toolbar}>
          <p className={styles.muted} aria-live="polite">
            {moves.length > 0 ? pluralCount(moves.length, m.seat_pending_one, m.seat_pending_other) : ""}
          </p>
          <span className={styles.actions}>
            <Button
              variant="secondary"
              disabled={moves.length === 0 || busy}
              onClick={() => {
                clearPending();
                setSaveError(null);
                setConflict(false);
              }}
            >
              {m.seat_discard()}
            </Button>
            <Button
              loading={save.isPending}
              disabled={moves.length === 0 || editing !== null || generate.isPending}
              onClick={() => {
                setSaveError(null);
                setConflict(false);
                save.mutate({
                  examId,
                  // The plan version the moves were made on: 409 when the period's seats changed since.
                  version: plan.data?.version ?? 0,
                  seats: moves.map(({ studentId, roomId, seatNumber }) => ({
                    studentId,
                    roomId,
                    seatNumber,
                  })),
                });
              }}
            >
              {m.seat_save()}
            </Button>
          </span>
        </div>
        {conflict ? (
          <ConflictNotice
            onReload={async () => {
              await reload();
              setConflict(false);
            }}
          />
        ) : null}
        {saveError ? (
          <div role="alert" className={styles.errorBox}>
            <p className={styles.errorText}>{m.seat_save_failed()}</p>
            <p className={styles.errorText}>
              {saveError.student
                ? m.seat_failed_item({ student: saveError.student, reason: saveError.reason })
                : saveError.reason}
            </p>
          </div>
        ) : null}
        <SeatEditorProvider value={editor}>
          <PagedTable
            query={plan}
            rows={(answer) => answer.seatingArrangement}
            state={paging}
            navigate={closeAndNavigate}
            pageSizes={GRID_PAGE_SIZES}
            pagerLabels={pagerLabels(m.seat_pager_nav())}
            caption={m.seat_arrangement_title()}
            columns={columns}
            getRowId={(r) => r.studentId}
            emptyText={m.seat_no_record()}
            loadingLabel={m.seat_loading()}
          />
        </SeatEditorProvider>
      </section>
    </div>
  );
}

function roomUseColumns(): DataTableColumn<SeatingRoomUse>[] {
  return [
    { id: "room", header: m.seat_col_room(), cell: (r) => r.name, rowHeader: true },
    { id: "code", header: m.seat_col_code(), cell: (r) => r.code },
    { id: "capacity", header: m.seat_col_capacity(), cell: (r) => formatNumber(r.capacity), align: "end" },
    { id: "seated", header: m.seat_col_seated(), cell: (r) => formatNumber(r.seated), align: "end" },
  ];
}

function sectionsColumns(): DataTableColumn<SeatingSection>[] {
  return [
    {
      id: "course",
      header: m.seat_col_course(),
      // An exam that needs rooms of its own (ITC2007 ROOM_EXCLUSIVE) says so: no one else sits there.
      cell: (r) =>
        r.roomExclusive ? (
          <>
            {r.courseName} <StatusChip tone="info">{m.seat_room_exclusive()}</StatusChip>
          </>
        ) : (
          r.courseName
        ),
      rowHeader: true,
    },
    { id: "section", header: m.seat_col_section(), cell: (r) => r.section },
    { id: "students", header: m.seat_col_students(), cell: (r) => formatNumber(r.students), align: "end" },
    { id: "seated", header: m.seat_col_seated(), cell: (r) => formatNumber(r.seated), align: "end" },
  ];
}

/** The arrangement columns (student code, name, course, section, room, seat, edit). */
function arrangementColumns(): DataTableColumn<SeatAssignment>[] {
  return [
    { id: "code", header: m.seat_col_student_code(), cell: (r) => r.studentCode ?? m.seat_na() },
    { id: "name", header: m.seat_col_student_name(), cell: (r) => r.studentName, rowHeader: true },
    { id: "course", header: m.seat_col_course(), cell: (r) => r.courseName },
    { id: "section", header: m.seat_col_section(), cell: (r) => r.section },
    { id: "room", header: m.seat_col_room(), cell: (r) => <RoomCell row={r} /> },
    { id: "seat", header: m.seat_col_seat(), cell: (r) => <SeatCell row={r} /> },
    { id: "edit", header: m.seat_col_edit(), cell: (r) => <EditCell row={r} /> },
  ];
}

function onEditKey(editor: SeatEditor, row: SeatAssignment) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      editor.done(row);
    } else if (event.key === "Escape") {
      event.preventDefault();
      editor.revert(row);
    }
  };
}

function RoomCell({ row }: { row: SeatAssignment }) {
  const editor = useSeatEditor();
  if (editor.editingId === row.studentId && editor.draft) {
    const draft = editor.draft;
    const error = editor.errors.roomId;
    const id = roomInputId(row.studentId);
    return (
      <div className={styles.cellField}>
        <select
          id={id}
          className={styles.cellInput}
          aria-label={m.seat_room_input({ student: row.studentName })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={draft.roomId}
          disabled={editor.busy}
          onChange={(event) => editor.setDraft({ ...draft, roomId: event.target.value })}
          onKeyDown={onEditKey(editor, row)}
        >
          <option value="" disabled>
            {m.seat_choose_room()}
          </option>
          {editor.rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {plural(room.capacity, m.seat_room_option_one, m.seat_room_option_other, {
                room: room.name,
                capacity: formatNumber(room.capacity),
              })}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-error`} role="alert" className={styles.cellError}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return <>{editor.pending.get(row.studentId)?.roomName ?? row.roomName ?? m.seat_not_seated()}</>;
}

function SeatCell({ row }: { row: SeatAssignment }) {
  const editor = useSeatEditor();
  if (editor.editingId === row.studentId && editor.draft) {
    const draft = editor.draft;
    const error = editor.errors.seat;
    const id = seatInputId(row.studentId);
    const room = editor.rooms.find((r) => r.id === draft.roomId);
    return (
      <div className={styles.cellField}>
        <input
          id={id}
          className={styles.cellInputNarrow}
          type="number"
          inputMode="numeric"
          min={1}
          max={room?.capacity}
          step={1}
          aria-label={m.seat_seat_input({ student: row.studentName })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={draft.seat}
          disabled={editor.busy}
          onChange={(event) => editor.setDraft({ ...draft, seat: event.target.value })}
          onKeyDown={onEditKey(editor, row)}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className={styles.cellError}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  const move = editor.pending.get(row.studentId);
  if (move) return <>{move.seatNumber}</>;
  return <>{row.seatNumber ?? m.seat_na()}</>;
}

function EditCell({ row }: { row: SeatAssignment }) {
  const editor = useSeatEditor();
  const student = row.studentName;
  return (
    <RowEditActions
      editing={editor.editingId === row.studentId}
      editDisabled={editor.editingId !== null || editor.busy || editor.rooms.length === 0}
      labels={{
        edit: m.seat_edit(),
        done: m.seat_done(),
        revert: m.seat_revert(),
        editName: m.seat_edit_label({ student }),
        doneName: m.seat_done_label({ student }),
        revertName: m.seat_revert_label({ student }),
      }}
      note={editor.pending.has(row.studentId) ? m.row_unsaved() : undefined}
      onEdit={() => editor.startEdit(row)}
      onDone={() => editor.done(row)}
      onRevert={() => editor.revert(row)}
    />
  );
}

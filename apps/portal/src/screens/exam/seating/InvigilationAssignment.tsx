import {
  ApiError,
  type InvigilationFacultyRow,
  type InvigilationRoom,
  invigilatorListQueryOptions,
  mailKeys,
  saveInvigilationMutationOptions,
} from "@portal/api-client";
import {
  Button,
  ButtonLink,
  Checkbox,
  DataTable,
  type DataTableColumn,
  Loader,
  RowEditActions,
  StatusChip,
} from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
import { displayDate } from "../../kit/display-date.ts";
import { errorText } from "../../kit/error-text.ts";
import { formatNumber, pluralCount } from "../../kit/format.ts";
import { MailStatus } from "../../kit/MailStatus.tsx";
import { QueryError } from "../../kit/QueryError.tsx";
import { focusById, isVersionConflict, useStagedRowEdit } from "../../row-edit.ts";
import { ExamHeaderCard } from "./common.tsx";
import { useReloadExamPlans } from "./exam-plans.ts";
import {
  changeOfError,
  currentRoom,
  isChange,
  type PendingAssignment,
  saveItems,
} from "./invigilation-edit.ts";
import { seatingLinks } from "./routes.ts";
import * as styles from "./seating.css.ts";

export type InvigilationAssignmentProps = Omit<ScreenIslandProps, "search"> & {
  /** The exam's id (route parameter, or `?examId=` of the invigilationAssign route). */
  examId: string;
  /** The request's query string; the screen reads the exam from `examId`, nothing else. */
  search?: string;
};

/** The invigilation and proctoring assignment island, inside its IslandRoot. */
export default function InvigilationAssignment({
  examId,
  search: _search,
  ...root
}: InvigilationAssignmentProps) {
  return (
    <IslandRoot {...root}>
      <InvigilationAssignmentScreen examId={examId} />
    </IslandRoot>
  );
}

/** The assignment page's first query: the exam's faculty and rooms. Nothing for an empty id. */
export function invigilationAssignmentFirstQuery(examId: string): FirstQuery {
  return async ({ api, fetch }) => {
    if (examId !== "") await fetch(invigilatorListQueryOptions(api, examId));
  };
}

type AssignEditor = {
  roomNames: readonly string[];
  editingId: string | null;
  draft: string;
  pending: ReadonlyMap<string, PendingAssignment>;
  busy: boolean;
  startEdit: (row: InvigilationFacultyRow) => void;
  setDraft: (roomNo: string) => void;
  done: (row: InvigilationFacultyRow) => void;
  revert: (row: InvigilationFacultyRow) => void;
};

const AssignEditorContext = createContext<AssignEditor | null>(null);
const AssignEditorProvider = AssignEditorContext.Provider;
const useAssignEditor = (): AssignEditor => useCellContext(AssignEditorContext, "Assignment");

const roomInputId = (facultyId: string) => `invig-${facultyId}-room`;

/**
 * The invigilation and proctoring assignment of an exam (spec §2, §3, §4, §7, §8): Back to the
 * invigilation list, the exam header, the exam's rooms with invigilators needed and assigned, and the
 * faculty table (invigilator name, faculty email, room allotment, assign to, edit; 'No Record' when
 * empty, a loader while loading). Edit turns "assign to" into a room choice (or Not Assigned); Done
 * keeps the change for Save (the row marked "not saved"), Revert restores the row. Save sends the
 * changed rows in one PATCH /sf/exam/update/invigilation with "Send notification mail" as sendEmail:
 * the server's message as a toast and the data reloaded; on failure (the portal's rule, see
 * useRowEdit) the alert 'Failed to add. Please try again.' with the server's reason (e.g. a double
 * booking), the changes kept and still marked "not saved": Edit reopens a change, Revert drops it.
 * A Save refused because someone else changed a duty since the list was read (409 version_conflict)
 * shows the record-changed message with Reload instead: Reload refetches the list (the rows' new
 * versions), the changes stay kept, and Save sends them over the fresh rows. The exam's invigilation
 * mails show below the toolbar (MailStatus: queued, sent, failed, Resend failed).
 */
export function InvigilationAssignmentScreen({ examId }: { examId: string }) {
  const api = useApi();
  const toast = useToast();
  const list = useQuery({ ...invigilatorListQueryOptions(api, examId), enabled: examId !== "" });
  const {
    editing,
    pending,
    open,
    setDraft: changeDraft,
    stage,
    revert: revertRow,
    clearPending,
  } = useStagedRowEdit<string, null, PendingAssignment>();
  const [sendEmail, setSendEmail] = useState(false);
  const [saveError, setSaveError] = useState<{ reason: string; name: string | null } | null>(null);
  // Save was refused as a version conflict: the notice with Reload shows until Reload or another Save.
  const [conflict, setConflict] = useState(false);
  const reload = useReloadExamPlans();
  const queryClient = useQueryClient();
  const save = useMutation({
    ...saveInvigilationMutationOptions(api),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      clearPending();
      setSaveError(null);
      setConflict(false);
      await reload();
      await queryClient.invalidateQueries({ queryKey: mailKeys.all });
    },
    onError: (error) => {
      if (isVersionConflict(error)) {
        setConflict(true);
        return;
      }
      // The items were sent in the order of `pending` (it does not change while saving).
      const change = changeOfError(error instanceof ApiError ? error.field : undefined, [
        ...pending.values(),
      ]);
      setSaveError({ reason: errorText(error), name: change?.name ?? null });
    },
  });
  const busy = save.isPending;
  const roomNames = list.data?.roomNo ?? [];

  const startEdit = useCallback(
    (row: InvigilationFacultyRow) => {
      open(row.id, pending.get(row.id)?.roomNo ?? currentRoom(row), null);
      focusById(roomInputId(row.id));
    },
    [open, pending],
  );
  const setDraft = useCallback((roomNo: string) => changeDraft(roomNo, null), [changeDraft]);
  const revert = useCallback((row: InvigilationFacultyRow) => revertRow(row.id), [revertRow]);
  const done = useCallback(
    (row: InvigilationFacultyRow) => {
      if (!editing || editing.id !== row.id) return;
      const roomNo = editing.draft;
      stage(row.id, isChange(row, roomNo) ? { facultyId: row.id, name: row.name, roomNo } : null);
    },
    [editing, stage],
  );
  const editor = useMemo<AssignEditor>(
    () => ({
      roomNames,
      editingId: editing?.id ?? null,
      draft: editing?.draft ?? "",
      pending,
      busy,
      startEdit,
      setDraft,
      done,
      revert,
    }),
    [roomNames, editing, pending, busy, startEdit, setDraft, done, revert],
  );
  const columns = useMemo(facultyColumns, []);
  const roomColumns = useMemo(invigilationRoomColumns, []);

  const back = (
    <ButtonLink href={seatingLinks.invigilationBack} variant="secondary">
      {m.invig_back()}
    </ButtonLink>
  );
  if (examId === "") {
    return (
      <div className={styles.screen}>
        <div className={styles.toolbar}>{back}</div>
        <p role="alert">{m.seat_missing_exam()}</p>
      </div>
    );
  }
  const changes = [...pending.values()];
  const data = list.data;

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        {back}
        <span className={styles.actions}>
          <Checkbox label={m.invig_send_mail()} checked={sendEmail} onChange={setSendEmail} disabled={busy} />
          <Button
            variant="secondary"
            disabled={changes.length === 0 || busy}
            onClick={() => {
              clearPending();
              setSaveError(null);
              setConflict(false);
            }}
          >
            {m.invig_discard()}
          </Button>
          <Button
            loading={busy}
            disabled={!data || changes.length === 0 || editing !== null}
            onClick={() => {
              if (!data) return;
              setSaveError(null);
              setConflict(false);
              save.mutate(saveItems(changes, data.facultyList, data.exam, sendEmail));
            }}
          >
            {m.invig_save()}
          </Button>
        </span>
      </div>
      <p className={styles.muted} aria-live="polite">
        {changes.length > 0 ? pluralCount(changes.length, m.invig_pending_one, m.invig_pending_other) : ""}
      </p>
      <MailStatus source={`invigilation:${examId}:`} />
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
          <p className={styles.errorText}>{m.invig_failed()}</p>
          <p className={styles.errorText}>
            {saveError.name ? `${saveError.name}: ${saveError.reason}` : saveError.reason}
          </p>
        </div>
      ) : null}
      {list.isError && !data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending || !data ? (
        <Loader label={m.seat_loading()} variant="block" />
      ) : (
        <>
          <ExamHeaderCard exam={data.exam} />
          <section className={styles.section} aria-labelledby="invig-rooms-title">
            <h2 id="invig-rooms-title" className={styles.sectionTitle}>
              {m.invig_rooms_title()}
            </h2>
            <DataTable
              caption={m.invig_rooms_table()}
              captionHidden
              columns={roomColumns}
              data={data.rooms}
              getRowId={(r) => r.id}
              emptyText={m.seat_no_data()}
            />
          </section>
          <AssignEditorProvider value={editor}>
            <DataTable
              caption={m.invig_faculty_table()}
              captionHidden
              columns={columns}
              data={data.facultyList}
              getRowId={(r) => r.id}
              emptyText={m.seat_no_record()}
              maxHeight="900px"
            />
          </AssignEditorProvider>
        </>
      )}
    </div>
  );
}

function invigilationRoomColumns(): DataTableColumn<InvigilationRoom>[] {
  return [
    { id: "room", header: m.seat_col_room(), cell: (r) => r.name, rowHeader: true },
    { id: "capacity", header: m.seat_col_capacity(), cell: (r) => formatNumber(r.capacity), align: "end" },
    { id: "seated", header: m.seat_col_seated(), cell: (r) => formatNumber(r.seated), align: "end" },
    {
      id: "needed",
      header: m.invig_col_needed(),
      cell: (r) => formatNumber(r.invigilatorsNeeded),
      align: "end",
    },
    {
      id: "assigned",
      header: m.invig_col_assigned(),
      cell: (r) => formatNumber(r.invigilatorsAssigned),
      align: "end",
    },
  ];
}

/** The faculty table's columns (spec §2: invigilator name, faculty email, room allotment, assign to, edit). */
function facultyColumns(): DataTableColumn<InvigilationFacultyRow>[] {
  return [
    { id: "name", header: m.invig_col_name(), cell: (r) => <NameCell row={r} />, rowHeader: true },
    { id: "email", header: m.invig_col_email(), cell: (r) => r.facEmail },
    { id: "room", header: m.invig_col_room(), cell: (r) => r.allocatedRoomNo ?? m.invig_not_assigned() },
    { id: "assign", header: m.invig_col_assign(), cell: (r) => <AssignCell row={r} /> },
    { id: "edit", header: m.invig_col_edit(), cell: (r) => <EditCell row={r} /> },
  ];
}

/** The faculty member's name, the courses they teach (spec §3 subjects) and any overlapping duty. */
function NameCell({ row }: { row: InvigilationFacultyRow }) {
  const duty = row.overlappingDuty;
  return (
    <span className={styles.cellStack}>
      {row.name}
      {row.subjects.length > 0 ? (
        <span className={styles.small}>
          {m.invig_teaches({ courses: row.subjects.map((s) => s.courseName).join(", ") })}
        </span>
      ) : null}
      {duty ? (
        <span className={styles.warning}>
          {m.invig_overlap({
            room: duty.roomNo,
            course: duty.courseName,
            date: displayDate(duty.dateOfExam),
            time: duty.startTimeOfExam,
          })}
        </span>
      ) : null}
    </span>
  );
}

function AssignCell({ row }: { row: InvigilationFacultyRow }) {
  const editor = useAssignEditor();
  if (editor.editingId === row.id) {
    const rooms = editor.roomNames.includes(currentRoom(row))
      ? editor.roomNames
      : [...editor.roomNames, currentRoom(row)].filter((name) => name !== "");
    const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
      if (event.key === "Enter") {
        event.preventDefault();
        editor.done(row);
      } else if (event.key === "Escape") {
        event.preventDefault();
        editor.revert(row);
      }
    };
    return (
      <select
        id={roomInputId(row.id)}
        className={styles.cellInput}
        aria-label={m.invig_assign_input({ name: row.name })}
        value={editor.draft}
        disabled={editor.busy}
        onChange={(event) => editor.setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      >
        <option value="">{m.invig_not_assigned()}</option>
        {rooms.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    );
  }
  const change = editor.pending.get(row.id);
  if (change) return <>{change.roomNo === "" ? m.invig_not_assigned() : change.roomNo}</>;
  return row.isAllocated === "Assigned" ? (
    <StatusChip tone="success">{m.invig_assigned()}</StatusChip>
  ) : (
    <StatusChip tone="neutral">{m.invig_not_assigned()}</StatusChip>
  );
}

function EditCell({ row }: { row: InvigilationFacultyRow }) {
  const editor = useAssignEditor();
  const name = row.name;
  return (
    <RowEditActions
      editing={editor.editingId === row.id}
      editDisabled={editor.editingId !== null || editor.busy}
      labels={{
        edit: m.invig_edit(),
        done: m.invig_done(),
        revert: m.invig_revert(),
        editName: m.invig_edit_label({ name }),
        doneName: m.invig_done_label({ name }),
        revertName: m.invig_revert_label({ name }),
      }}
      note={editor.pending.has(row.id) ? m.row_unsaved() : undefined}
      onEdit={() => editor.startEdit(row)}
      onDone={() => editor.done(row)}
      onRevert={() => editor.revert(row)}
    />
  );
}

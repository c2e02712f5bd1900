import {
  type RequestStudents,
  requestStudentsQueryOptions,
  revaluationKeys,
  updateRetestsMutationOptions,
} from "@portal/api-client";
import { RETEST_ACCEPT_LABELS, RETEST_TRANSITIONS, type RetestAcceptLabel } from "@portal/domain";
import { Button, ButtonLink, DataTable, type DataTableColumn, StatusChip } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { useCellContext } from "../cell-context.ts";
import { errorText } from "../kit/error-text.ts";
import { formatNumber, plural } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { isVersionConflict, type OpenDraft, useRowEdit } from "../row-edit.ts";
import * as styles from "../screen.css.ts";
import { decisionText, marksText } from "./labels.ts";
import { RequestEditActions } from "./RequestEditActions.tsx";
import { RequestHeader } from "./RevaluationStudents.tsx";
import { revaluationLinks } from "./routes.ts";
import { SaveNotice } from "./SaveNotice.tsx";

/** The Create Retest Exam dialog (TanStack Form, the domain's zod schema) loads when first opened. */
const CreateRetestDialog = lazyDialog(() =>
  import("./CreateRetestDialog.tsx").then((x) => x.CreateRetestDialog),
);

/** One retest request as the student list shows it. */
export type RetestRow = Extract<RequestStudents["StudentList"][number], { retestExamId: unknown }>;

export type RetestStudentsProps = ScreenIslandProps & { examId: string; backHref?: string };

/** The Retest student list island (/app/exam/retest/{id}). */
export default function RetestStudents({ examId, backHref, search: _search, ...root }: RetestStudentsProps) {
  return (
    <IslandRoot {...root}>
      <RetestStudentsScreen examId={examId} backHref={backHref ?? revaluationLinks.retestList()} />
    </IslandRoot>
  );
}

/** First query, run on the server: the exam's retest requests. */
export function retestStudentsFirstQuery(examId: string): FirstQuery {
  return async ({ api, fetch }) => {
    if (examId) await fetch(requestStudentsQueryOptions(api, examId, "Retest"));
  };
}

type Draft = { accept: RetestAcceptLabel };
type DraftError = string | null;

type Editor = {
  editing: OpenDraft<Draft, DraftError> | null;
  kept: ReadonlyMap<string, OpenDraft<Draft, DraftError>>;
  conflicts: ReadonlySet<string>;
  saving: boolean;
  selected: ReadonlySet<string>;
  toggle: (row: RetestRow, on: boolean) => void;
  start: (row: RetestRow) => void;
  setAccept: (accept: RetestAcceptLabel) => void;
  done: (row: RetestRow) => void;
  revert: () => void;
};

const EditorContext = createContext<Editor | null>(null);
const useEditor = (): Editor => useCellContext(EditorContext, "Retest student list");

function ActionCell({ row }: { row: RetestRow }) {
  const editor = useEditor();
  const open = editor.editing;
  if (open?.id === row.id) {
    const id = `retest-action-${row.id}`;
    return (
      <span className={styles.cellField}>
        <select
          id={id}
          className={styles.cellInput}
          aria-label={m.reval_action_of({ name: row.StudentName })}
          value={open.draft.accept}
          aria-invalid={open.errors ? true : undefined}
          onChange={(event) => editor.setAccept(event.target.value as RetestAcceptLabel)}
          onKeyDown={(event) => {
            if (event.key === "Escape") editor.revert();
          }}
        >
          {RETEST_ACCEPT_LABELS.map((v) => (
            <option key={v} value={v}>
              {decisionText(v)}
            </option>
          ))}
        </select>
        {open.errors ? (
          <span role="alert" className={styles.cellError}>
            {open.errors}
          </span>
        ) : null}
      </span>
    );
  }
  const accept = editor.kept.get(row.id)?.draft.accept ?? row.RevalAccept;
  return (
    <span className={styles.cellList}>
      <StatusChip tone={accept === "Accept" ? "success" : accept === "Reject" ? "danger" : "warning"}>
        {decisionText(accept)}
      </StatusChip>
      {row.state === "Scheduled" ? <span className={styles.muted}>{m.reval_scheduled()}</span> : null}
    </span>
  );
}

function SelectCell({ row }: { row: RetestRow }) {
  const editor = useEditor();
  if (row.state !== "Accept") return null;
  return (
    <input
      type="checkbox"
      aria-label={m.reval_select_student({ name: row.StudentName })}
      checked={editor.selected.has(row.id)}
      onChange={(event) => editor.toggle(row, event.target.checked)}
    />
  );
}

function EditCell({ row }: { row: RetestRow }) {
  return (
    <RequestEditActions editor={useEditor()} row={row} final={RETEST_TRANSITIONS[row.state].length === 0} />
  );
}

function retestColumns(): DataTableColumn<RetestRow>[] {
  return [
    { id: "select", header: m.reval_col_select(), cell: (r) => <SelectCell row={r} /> },
    { id: "name", header: m.reval_col_student_name(), cell: (r) => r.StudentName, rowHeader: true },
    { id: "marks", header: m.reval_col_marks(), cell: (r) => marksText(r.Marks, r.TotalMarks) },
    { id: "reason", header: m.reval_col_reason(), cell: (r) => r.Reason },
    { id: "action", header: m.reval_col_action(), cell: (r) => <ActionCell row={r} /> },
    { id: "edit", header: m.reval_col_edit(), cell: (r) => <EditCell row={r} /> },
  ];
}

/**
 * The Retest student list of one exam (spec §2, §3, §4 retest accept Accept/Pending/Reject; POST
 * ReetstData): 'Student List' with the count, course, term, program and batch, Back to the Retest
 * list; columns student name, marks, reason, action, edit. Inline edit of the action (Edit, then
 * Done or Revert; PATCH /sf/exam/update/retest with the row's version); a scheduled student (in a
 * retest exam) shows Accept and cannot be changed. Accepted students can be selected: Create Retest
 * Exam opens the dialog for them (all the course's accepted students when none is selected). The
 * same failed-save rule as the revaluation list: the row leaves edit mode, the message stays visible,
 * a stale version offers Reload.
 */
export function RetestStudentsScreen({ examId, backHref }: { examId: string; backHref: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const query = useQuery({ ...requestStudentsQueryOptions(api, examId, "Retest"), enabled: examId !== "" });
  const { editing, kept, conflicts, start, update, revert, saved, failed, reloaded } = useRowEdit<
    Draft,
    DraftError
  >();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate, isPending: saving } = useMutation(updateRetestsMutationOptions(api));
  const done = useCallback(
    (row: RetestRow) => {
      if (!editing || editing.id !== row.id || saving) return;
      if (editing.draft.accept === row.RevalAccept) {
        saved(row.id);
        return;
      }
      mutate([{ id: row.id, RevalAccept: editing.draft.accept, version: row.version }], {
        onSuccess: async () => {
          setFailure(null);
          toast.success(m.reval_saved({ name: row.StudentName }));
          saved(row.id);
          await queryClient.invalidateQueries({ queryKey: revaluationKeys.all });
        },
        onError: (error) => {
          const message = errorText(error);
          toast.error(message);
          setFailure(message);
          if (isVersionConflict(error)) failed(null, true);
          else failed(message);
        },
      });
    },
    [editing, saving, saved, mutate, toast, queryClient, failed],
  );
  const editor = useMemo<Editor>(
    () => ({
      editing,
      kept,
      conflicts,
      saving,
      selected,
      toggle: (row, on) =>
        setSelected((current) => {
          const next = new Set(current);
          if (on) next.add(row.id);
          else next.delete(row.id);
          return next;
        }),
      start: (row) => start(row.id, () => ({ id: row.id, draft: { accept: row.RevalAccept }, errors: null })),
      setAccept: (accept) => update((open) => ({ ...open, draft: { accept }, errors: null })),
      done,
      revert: () => {
        setFailure(null);
        revert();
      },
    }),
    [editing, kept, conflicts, saving, selected, start, update, done, revert],
  );
  const columns = useMemo(retestColumns, []);
  const reload = useCallback(async () => {
    const ids = [...conflicts];
    await query.refetch();
    for (const id of ids) reloaded(id);
    setFailure(null);
  }, [conflicts, query, reloaded]);

  const back = (
    <ButtonLink variant="secondary" href={backHref}>
      {m.ev_back()}
    </ButtonLink>
  );
  if (query.isError && !query.data) {
    return (
      <div className={styles.screen}>
        <div className={styles.actions}>{back}</div>
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const data = query.data;
  const rows = (data?.StudentList ?? []).filter((s): s is RetestRow => "retestExamId" in s);
  const accepted = rows.filter((r) => r.state === "Accept");
  const chosen = accepted.filter((r) => selected.has(r.id));
  const requestIds = (chosen.length > 0 ? chosen : accepted).map((r) => r.id);
  return (
    <div className={styles.screen}>
      <RequestHeader data={data} back={back} />
      <div className={styles.actions}>
        <Button variant="primary" disabled={accepted.length === 0} onClick={() => setCreating(true)}>
          {m.reval_create_retest_title()}
        </Button>
        <span className={styles.muted}>
          {plural(accepted.length, m.reval_selected_count_one, m.reval_selected_count_other, {
            count: formatNumber(chosen.length),
            accepted: formatNumber(accepted.length),
          })}
        </span>
      </div>
      <SaveNotice conflicted={conflicts.size > 0} failure={failure} onReload={reload} />
      <EditorContext.Provider value={editor}>
        <DataTable<RetestRow>
          caption={m.reval_students_table()}
          captionHidden
          columns={columns}
          data={rows}
          getRowId={(r) => r.id}
          emptyText={m.ev_no_record()}
          loading={query.isPending}
          loadingLabel={m.ev_loading()}
          maxHeight="900px"
        />
      </EditorContext.Provider>
      {creating && data ? (
        <CreateRetestDialog
          preset={{ courseName: data.CourseName, termName: data.Term, batch: data.Batch, requestIds }}
          onClose={() => {
            setCreating(false);
            setSelected(new Set());
          }}
        />
      ) : null}
    </div>
  );
}

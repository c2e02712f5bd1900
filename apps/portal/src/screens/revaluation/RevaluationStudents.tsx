import {
  gradingKeys,
  type RequestStudents,
  type RevaluationUpdateItem,
  requestStudentsQueryOptions,
  revaluationEvaluatorsQueryOptions,
  revaluationKeys,
  updateRevaluationsMutationOptions,
} from "@portal/api-client";
import {
  REVALUATION_ACCEPT_LABELS,
  REVALUATION_STATUS_LABELS,
  REVALUATION_TRANSITIONS,
} from "@portal/domain";
import { ButtonLink, DataTable, type DataTableCell, type DataTableColumn, StatusChip } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../shell/IslandRoot.tsx";
import { useCellContext } from "../cell-context.ts";
import { errorField } from "../exam/evaluation/labels.ts";
import { errorText } from "../kit/error-text.ts";
import { formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { isVersionConflict, type OpenDraft, useRowEdit } from "../row-edit.ts";
import * as styles from "../screen.css.ts";
import { decisionText, marksText } from "./labels.ts";
import { RequestEditActions } from "./RequestEditActions.tsx";
import { revaluationLinks } from "./routes.ts";
import { SaveNotice } from "./SaveNotice.tsx";

/** One revaluation request as the student list shows it. */
export type RevaluationRow = Extract<RequestStudents["StudentList"][number], { RevalutionStatus: unknown }>;

/**
 * Which variant of the Revaluation student list (spec §2): `exam` (the exam id as the 4th path
 * segment, /app/exam/revaluation/{id}: evaluator assigned, revaluation status, accept) or `request`
 * (the 5th path segment, /app/exams/requests/RevaluationView/{id}: answer type, fees status, mode of
 * exam, action).
 */
export type RevaluationVariant = "exam" | "request";

export type RevaluationStudentsProps = ScreenIslandProps & { examId: string; variant: RevaluationVariant };

/** The Revaluation student list island. */
export default function RevaluationStudents({
  examId,
  variant,
  search: _search,
  ...root
}: RevaluationStudentsProps) {
  return (
    <IslandRoot {...root}>
      <RevaluationStudentsScreen examId={examId} variant={variant} />
    </IslandRoot>
  );
}

/** First query, run on the server: the exam's revaluation requests and (first variant) its evaluator options. */
export function revaluationStudentsFirstQuery(examId: string, variant: RevaluationVariant): FirstQuery {
  return async ({ api, fetch }) => {
    if (!examId) return;
    await Promise.all([
      fetch(requestStudentsQueryOptions(api, examId, "Revaluation")),
      variant === "exam" ? fetch(revaluationEvaluatorsQueryOptions(api, examId)) : Promise.resolve(),
    ]);
  };
}

/** The open row's values: decision, evaluator, status and, to complete, the revised mark and its reason. */
export type RevaluationDraft = {
  accept: "" | "Accept" | "Reject";
  evaluatorId: string;
  status: "Completed" | "Pending";
  revisedMarks: string;
  reason: string;
};
export type RevaluationDraftError = { field: keyof RevaluationDraft; message: string } | null;

/** The draft a row starts editing with: its stored values. */
export function revaluationDraftOf(row: RevaluationRow): OpenDraft<RevaluationDraft, RevaluationDraftError> {
  return {
    id: row.id,
    draft: {
      accept: row.RevalAccept ?? "",
      evaluatorId: row.Evluaterid ?? "",
      status: row.RevalutionStatus,
      revisedMarks: row.revisedMarks === null ? "" : String(row.revisedMarks),
      reason: "",
    },
    errors: null,
  };
}

/**
 * The update item of a draft (spec §3 revaluation update item; the first variant sends RevalAccept,
 * EvaluatorAssignedID and RevalutionStatus, the second RevaluationRequestStatus), with only what
 * changed; or the problem the browser finds first (completing needs an evaluator, a revised mark
 * from 0 to the total and a reason); null when nothing changed.
 */
export function revaluationUpdateOf(
  row: RevaluationRow,
  draft: RevaluationDraft,
  variant: RevaluationVariant,
): { item: RevaluationUpdateItem } | { problem: NonNullable<RevaluationDraftError> } | null {
  const item: RevaluationUpdateItem = { id: row.id, version: row.version };
  let changed = false;
  if (draft.accept !== "" && draft.accept !== row.RevalAccept) {
    if (variant === "request") item.RevaluationRequestStatus = draft.accept;
    else item.RevalAccept = draft.accept;
    changed = true;
  }
  if (variant === "exam") {
    if (draft.evaluatorId !== "" && draft.evaluatorId !== row.Evluaterid) {
      item.EvaluatorAssignedID = draft.evaluatorId;
      changed = true;
    }
    if (draft.status === "Completed" && row.RevalutionStatus !== "Completed") {
      if (draft.evaluatorId === "") {
        return { problem: { field: "evaluatorId", message: m.reval_needs_evaluator() } };
      }
      const marks = Number(draft.revisedMarks);
      if (
        draft.revisedMarks.trim() === "" ||
        !Number.isFinite(marks) ||
        marks < 0 ||
        marks > row.TotalMarks
      ) {
        return {
          problem: {
            field: "revisedMarks",
            message: m.reval_revised_marks_rule({ total: formatNumber(row.TotalMarks) }),
          },
        };
      }
      if (draft.reason.trim() === "") {
        return { problem: { field: "reason", message: m.reval_reason_required() } };
      }
      item.RevalutionStatus = "Completed";
      item.revisedMarks = marks;
      item.reason = draft.reason.trim();
      changed = true;
    }
  }
  return changed ? { item } : null;
}

type Editor = {
  editing: OpenDraft<RevaluationDraft, RevaluationDraftError> | null;
  kept: ReadonlyMap<string, OpenDraft<RevaluationDraft, RevaluationDraftError>>;
  conflicts: ReadonlySet<string>;
  saving: boolean;
  evaluators: ReadonlyArray<{ facultyId: string; facultyName: string }>;
  start: (row: RevaluationRow) => void;
  setDraft: (change: Partial<RevaluationDraft>) => void;
  done: (row: RevaluationRow) => void;
  revert: () => void;
};

const EditorContext = createContext<Editor | null>(null);
const useEditor = (): Editor => useCellContext(EditorContext, "Revaluation student list");

/** The values a row shows: the typed ones of a failed save, else the stored ones. */
function shownDraft(editor: Editor, row: RevaluationRow): RevaluationDraft {
  return editor.kept.get(row.id)?.draft ?? revaluationDraftOf(row).draft;
}

function CellError({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <span id={id} role="alert" className={styles.cellError}>
      {message}
    </span>
  ) : null;
}

function DecisionSelect({
  id,
  label,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  error?: string | null | undefined;
}) {
  const editor = useEditor();
  return (
    <span className={styles.cellField}>
      <select
        id={id}
        className={styles.cellInput}
        aria-label={label}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") editor.revert();
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <CellError id={`${id}-error`} message={error} />
    </span>
  );
}

function AcceptCell({ row }: { row: RevaluationRow }) {
  const editor = useEditor();
  const open = editor.editing;
  if (open?.id === row.id) {
    return (
      <DecisionSelect
        id={`accept-${row.id}`}
        label={m.reval_action_of({ name: row.StudentName })}
        value={open.draft.accept}
        options={[
          ...(row.RevalAccept === null ? [{ value: "", label: m.reval_undecided() }] : []),
          ...REVALUATION_ACCEPT_LABELS.map((v) => ({ value: v, label: decisionText(v) })),
        ]}
        onChange={(value) => editor.setDraft({ accept: value as RevaluationDraft["accept"] })}
        error={open.errors?.field === "accept" ? open.errors.message : null}
      />
    );
  }
  const accept = shownDraft(editor, row).accept;
  return (
    <StatusChip tone={accept === "Accept" ? "success" : accept === "Reject" ? "danger" : "neutral"}>
      {decisionText(accept || null)}
    </StatusChip>
  );
}

function EvaluatorCell({ row }: { row: RevaluationRow }) {
  const editor = useEditor();
  const open = editor.editing;
  if (open?.id === row.id) {
    return (
      <DecisionSelect
        id={`evaluator-${row.id}`}
        label={m.reval_evaluator_of({ name: row.StudentName })}
        value={open.draft.evaluatorId}
        options={[
          { value: "", label: m.reval_not_assigned() },
          ...editor.evaluators.map((e) => ({ value: e.facultyId, label: e.facultyName })),
        ]}
        onChange={(value) => editor.setDraft({ evaluatorId: value })}
        error={open.errors?.field === "evaluatorId" ? open.errors.message : null}
      />
    );
  }
  const typed = editor.kept.get(row.id)?.draft.evaluatorId;
  if (typed !== undefined && typed !== (row.Evluaterid ?? "")) {
    return <>{editor.evaluators.find((e) => e.facultyId === typed)?.facultyName ?? m.reval_not_assigned()}</>;
  }
  return <>{row.EvaluatorAssigned ?? m.reval_not_assigned()}</>;
}

function StatusCell({ row }: { row: RevaluationRow }) {
  const editor = useEditor();
  const open = editor.editing;
  if (open?.id === row.id) {
    const err = (field: keyof RevaluationDraft) =>
      open.errors?.field === field ? open.errors.message : null;
    const completing = open.draft.status === "Completed" && row.RevalutionStatus !== "Completed";
    return (
      <span className={styles.cellList}>
        <DecisionSelect
          id={`status-${row.id}`}
          label={m.reval_status_of({ name: row.StudentName })}
          value={open.draft.status}
          options={REVALUATION_STATUS_LABELS.map((v) => ({ value: v, label: decisionText(v) }))}
          onChange={(value) => editor.setDraft({ status: value as RevaluationDraft["status"] })}
          error={err("status")}
        />
        {completing ? (
          <>
            <span className={styles.cellField}>
              <input
                id={`revised-${row.id}`}
                className={styles.cellInputNarrow}
                inputMode="decimal"
                aria-label={m.reval_revised_marks_of({
                  name: row.StudentName,
                  total: formatNumber(row.TotalMarks),
                })}
                placeholder={m.reval_revised_marks()}
                value={open.draft.revisedMarks}
                aria-invalid={err("revisedMarks") ? true : undefined}
                onChange={(event) => editor.setDraft({ revisedMarks: event.target.value })}
              />
              <CellError id={`revised-${row.id}-error`} message={err("revisedMarks")} />
            </span>
            <span className={styles.cellField}>
              <input
                id={`reason-${row.id}`}
                className={styles.cellInput}
                maxLength={500}
                aria-label={m.reval_change_reason_of({ name: row.StudentName })}
                placeholder={m.reval_change_reason()}
                value={open.draft.reason}
                aria-invalid={err("reason") ? true : undefined}
                onChange={(event) => editor.setDraft({ reason: event.target.value })}
              />
              <CellError id={`reason-${row.id}-error`} message={err("reason")} />
            </span>
          </>
        ) : null}
      </span>
    );
  }
  const status = shownDraft(editor, row).status;
  return (
    <StatusChip tone={status === "Completed" ? "success" : "warning"}>{decisionText(status)}</StatusChip>
  );
}

function EditCell({ row }: { row: RevaluationRow }) {
  return (
    <RequestEditActions
      editor={useEditor()}
      row={row}
      final={Object.keys(REVALUATION_TRANSITIONS[row.state]).length === 0}
    />
  );
}

function MarksCell({ row }: { row: RevaluationRow }) {
  if (row.revisedMarks !== null && row.revisedMarks !== row.previousMarks) {
    return (
      <span data-testid="revised-marks">
        {m.reval_marks_revised({
          marks: marksText(row.Marks, row.TotalMarks),
          previous: marksText(row.previousMarks),
        })}
      </span>
    );
  }
  return <>{marksText(row.Marks, row.TotalMarks)}</>;
}

function studentCell(row: RevaluationRow): DataTableCell {
  return (
    <span className={styles.cellList}>
      <span>{row.StudentName}</span>
      <span className={styles.muted}>{row.subComponentName}</span>
    </span>
  );
}

/** Columns of a variant (spec §2). Made once per screen; a row's edit state comes through context. */
function studentColumns(variant: RevaluationVariant): DataTableColumn<RevaluationRow>[] {
  if (variant === "exam") {
    return [
      { id: "name", header: m.reval_col_student_name(), cell: studentCell, rowHeader: true },
      { id: "marks", header: m.reval_col_marks(), cell: (r) => <MarksCell row={r} /> },
      { id: "evaluator", header: m.reval_col_evaluator(), cell: (r) => <EvaluatorCell row={r} /> },
      { id: "reason", header: m.reval_col_reason(), cell: (r) => r.ReasonForRevaluation },
      { id: "status", header: m.reval_col_revaluation_status(), cell: (r) => <StatusCell row={r} /> },
      { id: "action", header: m.reval_col_action(), cell: (r) => <AcceptCell row={r} /> },
      { id: "edit", header: m.reval_col_edit(), cell: (r) => <EditCell row={r} /> },
    ];
  }
  return [
    { id: "name", header: m.reval_col_student_name(), cell: studentCell, rowHeader: true },
    { id: "marks", header: m.reval_col_marks(), cell: (r) => <MarksCell row={r} /> },
    {
      id: "answerType",
      header: m.reval_col_answer_type(),
      cell: (r) => (
        <a
          className={styles.link}
          href={revaluationLinks.questionPaper(r.id)}
          aria-label={m.reval_answer_sheet_of({ name: r.StudentName })}
        >
          {r.AnswerSheetType}
        </a>
      ),
    },
    { id: "reason", header: m.reval_col_reason(), cell: (r) => r.Reason },
    { id: "fees", header: m.reval_col_fees_status(), cell: (r) => feesText(r.FeesStatus) },
    {
      id: "mode",
      header: m.reval_col_mode(),
      cell: (r) => (r.ModeOfExam === "online" ? m.reval_online() : m.reval_offline()),
    },
    { id: "action", header: m.reval_col_action(), cell: (r) => <AcceptCell row={r} /> },
    { id: "edit", header: m.reval_col_edit(), cell: (r) => <EditCell row={r} /> },
  ];
}

function feesText(status: string): string {
  if (status === "Paid") return m.reval_fees_paid();
  if (status === "Waived") return m.reval_fees_waived();
  return m.reval_fees_unpaid();
}

/**
 * The Revaluation student list of one exam (spec §2 both variants, §3 revaluation student, §4
 * revaluation status Completed/Pending and accept Accept/Reject; POST ReetstData with the exam id):
 * title 'Student List' with the count, course, term, program and batch, Back; the first variant's
 * columns student name, marks, evaluator assigned, reason, revaluation status, action, edit; the
 * second's student name, marks, answer type (to the question paper and answer sheet), reason, fees
 * status, mode of exam, action, edit. Inline edit (spec §4: Edit, then Done or Revert): the first
 * variant edits the decision, the evaluator (GET revaluationEvaluators: not the exam's own
 * evaluators) and the status, whose Completed asks for the revised mark and the reason of the
 * change; the second the decision. Done sends one update item (PATCH /sf/exam/update/revaluation)
 * with the row's version; the server takes the request along its transition table and, on
 * completion, writes the revised mark. Saved: toast, read mode, reload. Refused (spec §4, §8 and
 * useRowEdit): the row leaves edit mode marked "not saved", the server's message stays above the
 * table and under the field it names; a stale version shows ConflictNotice with Reload.
 */
export function RevaluationStudentsScreen({
  examId,
  variant,
}: {
  examId: string;
  variant: RevaluationVariant;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...requestStudentsQueryOptions(api, examId, "Revaluation"),
    enabled: examId !== "",
  });
  const evaluators = useQuery({
    ...revaluationEvaluatorsQueryOptions(api, examId),
    enabled: examId !== "" && variant === "exam",
  });
  const { editing, kept, conflicts, start, update, revert, saved, failed, reloaded } = useRowEdit<
    RevaluationDraft,
    RevaluationDraftError
  >();
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate, isPending: saving } = useMutation(updateRevaluationsMutationOptions(api));
  const done = useCallback(
    (row: RevaluationRow) => {
      if (!editing || editing.id !== row.id || saving) return;
      const plan = revaluationUpdateOf(row, editing.draft, variant);
      if (plan === null) {
        saved(row.id);
        return;
      }
      if ("problem" in plan) {
        update((open) => ({ ...open, errors: plan.problem }));
        return;
      }
      mutate([plan.item], {
        onSuccess: async () => {
          setFailure(null);
          toast.success(m.reval_saved({ name: row.StudentName }));
          saved(row.id);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: revaluationKeys.all }),
            queryClient.invalidateQueries({ queryKey: gradingKeys.all }),
          ]);
        },
        onError: (error) => {
          const message = errorText(error);
          toast.error(message);
          setFailure(message);
          if (isVersionConflict(error)) {
            failed(null, true);
            return;
          }
          const field = errorField(error);
          const draftField: keyof RevaluationDraft =
            field === "EvaluatorAssignedID"
              ? "evaluatorId"
              : field === "revisedMarks"
                ? "revisedMarks"
                : field === "reason"
                  ? "reason"
                  : field === "RevalutionStatus"
                    ? "status"
                    : "accept";
          failed({ field: draftField, message });
        },
      });
    },
    [editing, saving, variant, saved, update, mutate, toast, queryClient, failed],
  );
  const editor = useMemo<Editor>(
    () => ({
      editing,
      kept,
      conflicts,
      saving,
      evaluators: evaluators.data?.data ?? [],
      start: (row) => start(row.id, () => revaluationDraftOf(row)),
      setDraft: (change) =>
        update((open) => ({ ...open, draft: { ...open.draft, ...change }, errors: null })),
      done,
      revert: () => {
        setFailure(null);
        revert();
      },
    }),
    [editing, kept, conflicts, saving, evaluators.data, start, update, done, revert],
  );
  const columns = useMemo(() => studentColumns(variant), [variant]);
  const reload = useCallback(async () => {
    const ids = [...conflicts];
    await query.refetch();
    for (const id of ids) reloaded(id);
    setFailure(null);
  }, [conflicts, query, reloaded]);

  const back = (
    <ButtonLink
      variant="secondary"
      href={variant === "exam" ? revaluationLinks.revaluationList() : revaluationLinks.requestsRevaluation()}
    >
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
  const rows = (data?.StudentList ?? []).filter((s): s is RevaluationRow => "RevalutionStatus" in s);
  return (
    <div className={styles.screen}>
      <RequestHeader data={data} back={back} />
      {variant === "request" && data ? (
        <nav aria-label={m.reval_more_views()} className={styles.actions}>
          <a className={styles.link} href={revaluationLinks.requestsRevaluationAssign(data.examId)}>
            {m.reval_assign_title()}
          </a>
          <a className={styles.link} href={revaluationLinks.requestsAnswerSheets(data.examId)}>
            {m.reval_answer_sheets_title()}
          </a>
        </nav>
      ) : null}
      <SaveNotice conflicted={conflicts.size > 0} failure={failure} onReload={reload} />
      <EditorContext.Provider value={editor}>
        <DataTable<RevaluationRow>
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
    </div>
  );
}

/** The student lists' header (spec §2): 'Student List' with the count, course, term, program, batch, Back. */
export function RequestHeader({ data, back }: { data: RequestStudents | undefined; back: ReactNode }) {
  return (
    <div className={styles.toolbar}>
      <div>
        <h2 className={styles.sectionTitle}>
          {m.reval_student_list()} <span data-testid="student-count">({data ? data.Count : "…"})</span>
        </h2>
        {data ? (
          <dl className={styles.muted} data-testid="request-header">
            <div>
              <dt>{m.reval_course()}</dt>
              <dd>{m.reval_course_section({ course: data.CourseName, section: data.section })}</dd>
            </div>
            <div>
              <dt>{m.reval_term()}</dt>
              <dd>{data.Term}</dd>
            </div>
            <div>
              <dt>{m.reval_program()}</dt>
              <dd>{data.ProgrameName}</dd>
            </div>
            <div>
              <dt>{m.reval_batch()}</dt>
              <dd>{data.Batch}</dd>
            </div>
          </dl>
        ) : null}
      </div>
      <div className={styles.actions}>{back}</div>
    </div>
  );
}

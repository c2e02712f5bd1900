import {
  eligibilityKeys,
  type PublicConfig,
  type StudentStatusRow,
  studentStatusQueryOptions,
  updateEligibilityMutationOptions,
} from "@portal/api-client";
import {
  ELIGIBILITY_STATUSES,
  eligibilityNeedsReason,
  GRID_PAGE_SIZES,
  type Locale,
  pageSizeCount,
  REASON_MAX_LENGTH,
} from "@portal/domain";
import {
  ButtonLink,
  type DataTableColumn,
  RowEditActions,
  Select,
  StatTile,
  StatTileGroup,
  StatusChip,
} from "@portal/ui";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type KeyboardEvent, useCallback, useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { IslandRoot, type IslandRootProps, useApi, useToast } from "../../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../../ConflictNotice.tsx";
import { useCellContext } from "../../cell-context.ts";
import { displayDate } from "../../kit/display-date.ts";
import { errorText } from "../../kit/error-text.ts";
import { formatNumber } from "../../kit/format.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { useUrlState } from "../../kit/use-url-state.ts";
import { PagedTable } from "../../PagedTable.tsx";
import { isVersionConflict, type OpenDraft, unsavedNote, useRowEdit } from "../../row-edit.ts";
import { SearchForm } from "../../SearchForm.tsx";
import * as styles from "../evaluation/evaluation.css.ts";
import { errorField, evaluationPagerLabels, orNa } from "../evaluation/labels.ts";
import { evaluationLinks } from "../evaluation/routes.ts";
import { attendanceText, documentText, eligibilityText, eligibilityTone, progressText } from "./labels.ts";
import { eligibilityOverviewLink } from "./routes.ts";
import {
  COMPUTED_CHOICE,
  ELIGIBILITY_CHOICES,
  type EligibilityChoice,
  parseStudentStatusState,
  type StudentStatusState,
  serializeStudentStatusState,
} from "./state.ts";

export type StudentStatusProps = {
  locale: Locale;
  /** The request's query string (`?id=<exam>&eligibility=&search=&page=&pageSize=`). */
  search: string;
  config?: PublicConfig | null;
} & Pick<IslandRootProps, "fetch" | "navigate">;

/** The student status island (/app/exams/ExamSetup/student-status?id=), inside its IslandRoot. */
export default function StudentStatus({ locale, search, ...rest }: StudentStatusProps) {
  return (
    <IslandRoot locale={locale} {...rest}>
      <StudentStatusScreen search={search} />
    </IslandRoot>
  );
}

/** The row being edited: the chosen label (or the computed status) and the reason. */
type Draft = { choice: EligibilityChoice; reason: string };
type DraftError = { field: "choice" | "reason"; message: string } | null;

/** The draft a row starts editing with: its decision when there is one, else the computed status. */
export function draftOf(row: StudentStatusRow): OpenDraft<Draft, DraftError> {
  const draft: Draft = row.overridden
    ? { choice: row.eligibility_status, reason: row.reason }
    : { choice: COMPUTED_CHOICE, reason: "" };
  return { id: row.id, draft, errors: null };
}

/** The check before saving: "Not eligible" and "At Risk" need a reason (spec rule of the API). */
export function checkDraft(draft: Draft): DraftError {
  if (
    draft.choice !== COMPUTED_CHOICE &&
    eligibilityNeedsReason(draft.choice) &&
    draft.reason.trim() === ""
  ) {
    return { field: "reason", message: m.elig_reason_required() };
  }
  return null;
}

function choiceText(choice: EligibilityChoice, row: StudentStatusRow): string {
  return choice === COMPUTED_CHOICE
    ? m.elig_choice_computed({ status: eligibilityText(row.computedStatus) })
    : eligibilityText(choice);
}

/** What the editable cells read: the open draft, the drafts of failed saves, and the actions. */
type EligibilityEditor = {
  editing: OpenDraft<Draft, DraftError> | null;
  kept: ReadonlyMap<string, OpenDraft<Draft, DraftError>>;
  /** Rows whose kept draft was refused because someone else changed the decision (409). */
  conflicts: ReadonlySet<string>;
  saving: boolean;
  start: (row: StudentStatusRow) => void;
  setDraft: (change: Partial<Draft>) => void;
  done: (row: StudentStatusRow) => void;
  revert: () => void;
};

const EditorContext = createContext<EligibilityEditor | null>(null);
const EditorProvider = EditorContext.Provider;
const useEditor = (): EligibilityEditor => useCellContext(EditorContext, "Student status");

/**
 * The student columns (spec §2 student status). Made once per screen: the cells stay the same
 * components while a row is edited (typing keeps the focus), its state comes through context.
 */
function studentColumns(): DataTableColumn<StudentStatusRow>[] {
  return [
    { id: "code", header: m.elig_col_student_code(), cell: (r) => orNa(r.studentCode) },
    { id: "name", header: m.elig_col_name(), cell: (r) => r.name, rowHeader: true },
    {
      id: "attendance",
      header: m.elig_col_attendance(),
      cell: (r) => attendanceText(r.attendancePercent),
      align: "end",
    },
    { id: "eligibility", header: m.elig_col_eligibility(), cell: (r) => <EligibilityCell row={r} /> },
    { id: "reason", header: m.elig_col_reason(), cell: (r) => <ReasonCell row={r} /> },
    { id: "status", header: m.elig_col_status(), cell: (r) => progressText(r.status) },
    { id: "documents", header: m.elig_col_documents(), cell: (r) => documentText(r.document_submitted) },
    { id: "edit", header: m.elig_col_edit(), cell: (r) => <EditCell row={r} /> },
  ];
}

/** The label and reason a row shows: the typed ones of a failed save, else the stored ones. */
function shown(row: StudentStatusRow, typed: Draft | undefined) {
  if (!typed) {
    return {
      status: row.eligibility_status,
      reason: row.overridden ? row.reason || m.elig_decision() : null,
    };
  }
  return typed.choice === COMPUTED_CHOICE
    ? { status: row.computedStatus, reason: null }
    : { status: typed.choice, reason: typed.reason || m.elig_decision() };
}

function EligibilityCell({ row }: { row: StudentStatusRow }) {
  const editor = useEditor();
  const open = editor.editing;
  if (open?.id === row.id) {
    return (
      <ChoiceEditor
        row={row}
        draft={open.draft}
        error={open.errors?.field === "choice" ? open.errors.message : null}
        onChange={(choice) => editor.setDraft({ choice })}
        onEscape={editor.revert}
      />
    );
  }
  const { status } = shown(row, editor.kept.get(row.id)?.draft);
  return <StatusChip tone={eligibilityTone(status)}>{eligibilityText(status)}</StatusChip>;
}

function ReasonCell({ row }: { row: StudentStatusRow }) {
  const editor = useEditor();
  const open = editor.editing;
  if (open?.id === row.id) {
    return (
      <ReasonEditor
        row={row}
        draft={open.draft}
        error={open.errors?.field === "reason" ? open.errors.message : null}
        onChange={(reason) => editor.setDraft({ reason })}
        onEnter={() => editor.done(row)}
        onEscape={editor.revert}
      />
    );
  }
  return <>{shown(row, editor.kept.get(row.id)?.draft).reason ?? m.elig_computed()}</>;
}

function EditCell({ row }: { row: StudentStatusRow }) {
  const editor = useEditor();
  const name = row.name;
  return (
    <RowEditActions
      editing={editor.editing?.id === row.id}
      saving={editor.saving}
      editDisabled={editor.editing !== null}
      labels={{
        edit: m.elig_edit(),
        done: m.elig_done(),
        revert: m.elig_revert(),
        editName: m.elig_edit_label({ name }),
        doneName: m.elig_done_label({ name }),
        revertName: m.elig_revert_label({ name }),
      }}
      note={unsavedNote(editor, row.id)}
      onEdit={() => editor.start(row)}
      onDone={() => editor.done(row)}
      onRevert={editor.revert}
    />
  );
}

/**
 * The student status of an exam (spec §2 /app/exams/ExamSetup/student-status, §3 exam row fields,
 * §4 labels; GET /sf/exam/studentStatus/{id}): the exam, summary cards per eligibility label (over
 * all its students), a label filter and a search (name, code or e-mail), one server page of students
 * (student code, name, attendance, eligibility chip, reason, status Completed/Pending, documents
 * Submitted/Not Submitted) and an inline edit per row (spec §4: Edit, then Done or Revert): a
 * Select of the four labels or "Computed" (withdraws the office's decision) and a reason, required
 * for Not eligible and At Risk. Done saves through PATCH /sf/exam/update/eligibily, shows a toast,
 * leaves edit mode and reloads. A refused save (the portal's rule, see useRowEdit) shows the server's
 * message as an error toast and leaves edit mode too (spec §4), the row showing the typed choice and
 * reason marked "not saved"; Edit reopens them with the message under the field, Revert drops them.
 * A refusal because someone else changed the decision since it was read (409 version_conflict) marks
 * the row "not saved: changed by someone else" and shows the record-changed message with Reload
 * above the table: Reload refetches the rows (their new versions), the typed values stay, and the
 * next Done saves them over the fresh row.
 */
export function StudentStatusScreen({ search }: { search: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [state, navigate] = useUrlState(search, parseStudentStatusState, serializeStudentStatusState);
  const query = useQuery({
    ...studentStatusQueryOptions(api, state.examId, {
      eligibility: state.eligibility,
      search: state.search,
      pageNo: state.page,
      count: pageSizeCount(state.pageSize),
    }),
    enabled: state.examId !== "",
    placeholderData: keepPreviousData,
  });
  const { editing, kept, conflicts, start, update, revert, close, saved, failed, reloaded } = useRowEdit<
    Draft,
    DraftError
  >();
  const save = useMutation(updateEligibilityMutationOptions(api));
  // Another page, page size, label or search closes an open edit (its row may not be shown any more).
  const go = useCallback(
    (next: StudentStatusState) => {
      close();
      navigate(next);
    },
    [close, navigate],
  );
  const { mutate, isPending: saving } = save;
  const done = useCallback(
    (row: StudentStatusRow) => {
      if (!editing || editing.id !== row.id || saving) return;
      const problem = checkDraft(editing.draft);
      if (problem) {
        update((open) => ({ ...open, errors: problem }));
        return;
      }
      mutate(
        [
          {
            examId: state.examId,
            studentId: row.id,
            eligibility_status: editing.draft.choice === COMPUTED_CHOICE ? null : editing.draft.choice,
            reason: editing.draft.reason.trim(),
            version: row.version,
          },
        ],
        {
          onSuccess: async () => {
            toast.success(m.elig_saved_toast({ name: row.name }));
            saved(row.id);
            await queryClient.invalidateQueries({ queryKey: eligibilityKeys.all });
          },
          onError: (error) => {
            const message = errorText(error);
            toast.error(message);
            // Someone changed the decision since it was read: the typed choice stays, marked as
            // such, and the notice above the table offers Reload (see ConflictNotice).
            if (isVersionConflict(error)) failed(null, true);
            else failed({ field: errorField(error) === "reason" ? "reason" : "choice", message });
          },
        },
      );
    },
    [editing, saving, update, mutate, state.examId, toast, saved, queryClient, failed],
  );
  const editor = useMemo<EligibilityEditor>(
    () => ({
      editing,
      kept,
      conflicts,
      saving,
      start: (row) => start(row.id, () => draftOf(row)),
      setDraft: (change) =>
        update((open) => ({ ...open, draft: { ...open.draft, ...change }, errors: null })),
      done,
      revert,
    }),
    [editing, kept, conflicts, saving, start, update, done, revert],
  );
  const columns = useMemo(studentColumns, []);
  // Reload after a conflict: the fresh rows carry the new versions; the kept drafts stay for Done.
  const reload = useCallback(async () => {
    const ids = [...conflicts];
    await query.refetch();
    for (const id of ids) reloaded(id);
  }, [conflicts, query, reloaded]);

  const back = (
    <ButtonLink href={eligibilityOverviewLink()} variant="secondary">
      {m.ev_back()}
    </ButtonLink>
  );
  if (state.examId === "") {
    return (
      <div className={styles.screen}>
        <QueryError message={m.ev_no_exam()} />
        <div className={styles.actions}>{back}</div>
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className={styles.screen}>
        <div className={styles.actions}>{back}</div>
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const exam = query.data?.exam;
  const summary = query.data?.summary;
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <p className={styles.muted}>
          {exam
            ? m.ev_exam_line({
                code: exam.courseCode,
                course: exam.courseName,
                section: exam.section,
                date: displayDate(exam.dateOfExam),
                time: exam.startTimeOfExam,
              })
            : m.ev_loading()}
        </p>
        <div className={styles.actions}>
          {back}
          <ButtonLink href={evaluationLinks.exam(state.examId)} variant="secondary">
            {m.elig_evaluation_link()}
          </ButtonLink>
        </div>
      </div>
      {summary ? (
        <StatTileGroup>
          <StatTile label={m.elig_card_students()} value={formatNumber(summary.students)} />
          <StatTile label={eligibilityText("Eligible")} value={formatNumber(summary.eligible)} />
          <StatTile label={eligibilityText("Not eligible")} value={formatNumber(summary.notEligible)} />
          <StatTile label={eligibilityText("At Risk")} value={formatNumber(summary.atRisk)} />
          <StatTile label={eligibilityText("Under Review")} value={formatNumber(summary.underReview)} />
        </StatTileGroup>
      ) : null}
      <search aria-label={m.ev_filters()} className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.elig_col_eligibility()}
          options={ELIGIBILITY_STATUSES.map((s) => ({ value: s, label: eligibilityText(s) }))}
          value={state.eligibility}
          onChange={(value) => go({ ...state, eligibility: value as typeof state.eligibility, page: 1 })}
          placeholder={m.ev_all()}
        />
        <SearchForm
          label={m.elig_search()}
          placeholder={m.elig_search_hint()}
          key={state.search}
          applied={state.search}
          onApply={(text) => go({ ...state, search: text, page: 1 })}
        />
      </search>
      {conflicts.size > 0 ? <ConflictNotice onReload={reload} /> : null}
      <EditorProvider value={editor}>
        <PagedTable
          query={query}
          rows={(data) => data.students}
          state={state}
          navigate={go}
          pageSizes={GRID_PAGE_SIZES}
          pagerLabels={evaluationPagerLabels()}
          caption={m.elig_students_table()}
          columns={columns}
          getRowId={(r) => r.id}
          emptyText={m.ev_no_record()}
          loadingLabel={m.ev_loading()}
        />
      </EditorProvider>
    </div>
  );
}

function ChoiceEditor({
  row,
  draft,
  error,
  onChange,
  onEscape,
}: {
  row: StudentStatusRow;
  draft: Draft;
  error: string | null;
  onChange: (choice: EligibilityChoice) => void;
  onEscape: () => void;
}) {
  const id = `eligibility-${row.id}`;
  return (
    <span className={styles.cellField}>
      <select
        id={id}
        className={styles.cellInput}
        aria-label={m.elig_choice_label({ name: row.name })}
        value={draft.choice}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as EligibilityChoice)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === "Escape") onEscape();
        }}
      >
        {ELIGIBILITY_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choiceText(choice, row)}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-error`} role="alert" className={styles.cellError}>
          {error}
        </span>
      ) : null}
    </span>
  );
}

function ReasonEditor({
  row,
  draft,
  error,
  onChange,
  onEnter,
  onEscape,
}: {
  row: StudentStatusRow;
  draft: Draft;
  error: string | null;
  onChange: (reason: string) => void;
  onEnter: () => void;
  onEscape: () => void;
}) {
  const id = `reason-${row.id}`;
  const needed = draft.choice !== COMPUTED_CHOICE && eligibilityNeedsReason(draft.choice);
  return (
    <span className={styles.cellField}>
      <input
        id={id}
        className={styles.cellInput}
        aria-label={m.elig_reason_label({ name: row.name })}
        value={draft.reason}
        maxLength={REASON_MAX_LENGTH}
        required={needed}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === "Enter") {
            event.preventDefault();
            onEnter();
          } else if (event.key === "Escape") onEscape();
        }}
      />
      {error ? (
        <span id={`${id}-error`} role="alert" className={styles.cellError}>
          {error}
        </span>
      ) : null}
    </span>
  );
}

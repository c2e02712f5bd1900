import {
  eligibilityKeys,
  type PublicConfig,
  type StudentStatusRow,
  studentStatusQueryOptions,
  updateEligibilityMutationOptions,
} from "@portal/api-client";
import { ELIGIBILITY_STATUSES, eligibilityNeedsReason, type Locale, REASON_MAX_LENGTH } from "@portal/domain";
import {
  Button,
  ButtonLink,
  DataTable,
  type DataTableColumn,
  Pager,
  Select,
  StatTile,
  StatTileGroup,
  StatusChip,
  TextField,
} from "@portal/ui";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useEffect, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { IslandRoot, type IslandRootProps, useApi, useToast } from "../../shell/IslandRoot.tsx";
import * as styles from "../evaluation/evaluation.css.ts";
import { displayDate, errorField, errorText, orNa, pagerLabels } from "../evaluation/labels.ts";
import { QueryError } from "../evaluation/QueryError.tsx";
import { evaluationLinks } from "../evaluation/routes.ts";
import { useUrlState } from "../exams/use-url-state.ts";
import { attendanceText, documentText, eligibilityText, eligibilityTone, progressText } from "./labels.ts";
import { eligibilityOverviewLink } from "./routes.ts";
import {
  COMPUTED_CHOICE,
  ELIGIBILITY_CHOICES,
  ELIGIBILITY_PAGE_SIZES,
  type EligibilityChoice,
  type EligibilityPageSize,
  parseStudentStatusState,
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
type Draft = { studentId: string; choice: EligibilityChoice; reason: string };
type DraftError = { field: "choice" | "reason"; message: string } | null;

/** The draft a row starts editing with: its decision when there is one, else the computed status. */
export function draftOf(row: StudentStatusRow): Draft {
  return row.overridden
    ? { studentId: row.id, choice: row.eligibility_status, reason: row.reason }
    : { studentId: row.id, choice: COMPUTED_CHOICE, reason: "" };
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

/**
 * The student status of an exam (spec §2 /app/exams/ExamSetup/student-status, §3 exam row fields,
 * §4 labels; GET /sf/exam/studentStatus/{id}): the exam, summary cards per eligibility label (over
 * all its students), a label filter and a search (name, code or e-mail), one server page of students
 * (student code, name, attendance, eligibility chip, reason, status Completed/Pending, documents
 * Submitted/Not Submitted) and an inline edit per row (spec §4: Edit, then Done or Revert): a
 * Select of the four labels or "Computed" (withdraws the office's decision) and a reason, required
 * for Not eligible and At Risk. Done saves through PATCH /sf/exam/update/eligibily, shows a toast,
 * leaves edit mode and reloads; a refused save keeps the row in edit mode with the server's message
 * (toast and under the field), so nothing typed is lost.
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
      count: state.pageSize,
    }),
    enabled: state.examId !== "",
    placeholderData: keepPreviousData,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftError, setDraftError] = useState<DraftError>(null);
  const save = useMutation(updateEligibilityMutationOptions(api));
  const total = query.data?.noOfRecords ?? 0;
  useEffect(() => {
    const pages = Math.max(1, Math.ceil(total / state.pageSize));
    if (query.data && !query.isPlaceholderData && state.page > pages) navigate({ ...state, page: pages });
  }, [query.data, query.isPlaceholderData, total, state, navigate]);

  const revert = () => {
    setDraft(null);
    setDraftError(null);
  };
  const done = (row: StudentStatusRow) => {
    if (!draft || save.isPending) return;
    const problem = checkDraft(draft);
    if (problem) {
      setDraftError(problem);
      return;
    }
    save.mutate(
      [
        {
          examId: state.examId,
          studentId: row.id,
          eligibility_status: draft.choice === COMPUTED_CHOICE ? null : draft.choice,
          reason: draft.reason.trim(),
        },
      ],
      {
        onSuccess: async () => {
          toast.success(m.elig_saved_toast({ name: row.name }));
          revert();
          await queryClient.invalidateQueries({ queryKey: eligibilityKeys.all });
        },
        onError: (error) => {
          const message = errorText(error);
          toast.error(message);
          setDraftError({ field: errorField(error) === "reason" ? "reason" : "choice", message });
        },
      },
    );
  };

  const columns: DataTableColumn<StudentStatusRow>[] = [
    { id: "code", header: m.elig_col_student_code(), cell: (r) => orNa(r.studentCode) },
    { id: "name", header: m.elig_col_name(), cell: (r) => r.name, rowHeader: true },
    {
      id: "attendance",
      header: m.elig_col_attendance(),
      cell: (r) => attendanceText(r.attendancePercent),
      align: "end",
    },
    {
      id: "eligibility",
      header: m.elig_col_eligibility(),
      cell: (r) =>
        draft?.studentId === r.id ? (
          <ChoiceEditor
            row={r}
            draft={draft}
            error={draftError?.field === "choice" ? draftError.message : null}
            onChange={(choice) => {
              setDraft({ ...draft, choice });
              setDraftError(null);
            }}
            onEscape={revert}
          />
        ) : (
          <StatusChip tone={eligibilityTone(r.eligibility_status)}>
            {eligibilityText(r.eligibility_status)}
          </StatusChip>
        ),
    },
    {
      id: "reason",
      header: m.elig_col_reason(),
      cell: (r) =>
        draft?.studentId === r.id ? (
          <ReasonEditor
            row={r}
            draft={draft}
            error={draftError?.field === "reason" ? draftError.message : null}
            onChange={(reason) => {
              setDraft({ ...draft, reason });
              setDraftError(null);
            }}
            onEnter={() => done(r)}
            onEscape={revert}
          />
        ) : r.overridden ? (
          r.reason || m.elig_decision()
        ) : (
          m.elig_computed()
        ),
    },
    { id: "status", header: m.elig_col_status(), cell: (r) => progressText(r.status) },
    { id: "documents", header: m.elig_col_documents(), cell: (r) => documentText(r.document_submitted) },
    {
      id: "edit",
      header: m.elig_col_edit(),
      cell: (r) =>
        draft?.studentId === r.id ? (
          <span className={styles.editActions}>
            <Button
              size="sm"
              loading={save.isPending}
              aria-label={m.elig_done_label({ name: r.name })}
              onClick={() => done(r)}
            >
              {m.elig_done()}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={save.isPending}
              aria-label={m.elig_revert_label({ name: r.name })}
              onClick={revert}
            >
              {m.elig_revert()}
            </Button>
          </span>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={draft !== null}
            aria-label={m.elig_edit_label({ name: r.name })}
            onClick={() => {
              setDraft(draftOf(r));
              setDraftError(null);
            }}
          >
            {m.elig_edit()}
          </Button>
        ),
    },
  ];

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
        <QueryError message={errorText(query.error)} onRetry={() => void query.refetch()} />
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
          <StatTile label={m.elig_card_students()} value={summary.students} />
          <StatTile label={eligibilityText("Eligible")} value={summary.eligible} />
          <StatTile label={eligibilityText("Not eligible")} value={summary.notEligible} />
          <StatTile label={eligibilityText("At Risk")} value={summary.atRisk} />
          <StatTile label={eligibilityText("Under Review")} value={summary.underReview} />
        </StatTileGroup>
      ) : null}
      <search aria-label={m.ev_filters()} className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.elig_col_eligibility()}
          options={ELIGIBILITY_STATUSES.map((s) => ({ value: s, label: eligibilityText(s) }))}
          value={state.eligibility}
          onChange={(value) => {
            revert();
            navigate({ ...state, eligibility: value as typeof state.eligibility, page: 1 });
          }}
          placeholder={m.ev_all()}
        />
        <StudentSearch
          key={state.search}
          applied={state.search}
          onApply={(text) => {
            revert();
            navigate({ ...state, search: text, page: 1 });
          }}
        />
      </search>
      <DataTable
        caption={m.elig_students_table()}
        captionHidden
        columns={columns}
        data={query.data?.students ?? []}
        getRowId={(r) => r.id}
        emptyText={m.ev_no_record()}
        loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
        loadingLabel={m.ev_loading()}
        maxHeight="900px"
      />
      {query.data ? (
        <Pager<EligibilityPageSize>
          page={state.page}
          pageSize={state.pageSize}
          total={total}
          pageSizes={ELIGIBILITY_PAGE_SIZES}
          onPageChange={(page) => {
            revert();
            navigate({ ...state, page });
          }}
          onPageSizeChange={(pageSize) => {
            revert();
            navigate({ ...state, pageSize, page: 1 });
          }}
          labels={pagerLabels()}
          disabled={query.isFetching}
        />
      ) : null}
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

function StudentSearch({ applied, onApply }: { applied: string; onApply: (text: string) => void }) {
  const [text, setText] = useState(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(text.trim());
  };
  return (
    <form className={styles.filters} onSubmit={submit}>
      <TextField
        className={styles.filterField}
        label={m.elig_search()}
        type="search"
        value={text}
        onChange={setText}
        placeholder={m.elig_search_hint()}
        maxLength={200}
      />
      <Button type="submit" variant="secondary">
        {m.ev_search()}
      </Button>
      {applied !== "" ? (
        <Button variant="ghost" onClick={() => onApply("")}>
          {m.ev_clear()}
        </Button>
      ) : null}
    </form>
  );
}

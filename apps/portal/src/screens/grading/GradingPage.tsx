import {
  gradingKeys,
  type StudentGradeSaveItem,
  type StudentScoreRow,
  type SubjectScores,
  type SubjectScoresPage,
  saveStudentGradesMutationOptions,
  subjectScoresQueryOptions,
} from "@portal/api-client";
import {
  DEFAULT_GRADE_TABLE_PAGE_SIZE,
  GRADE_STUDENT_SORT_COLUMNS,
  GRADE_TABLE_PAGE_SIZES,
  type GradeBand,
  type GradeTablePageSize,
} from "@portal/domain";
import {
  Button,
  ButtonLink,
  DataTable,
  type DataTableColumn,
  Dialog,
  dataTableServerSorting,
  Pager,
  pageRange,
} from "@portal/ui";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { errorText } from "../kit/error-text.ts";
import { formatMarks } from "../kit/format.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlSort } from "../kit/use-url-sort.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { isVersionConflict, useStagedRowEdit } from "../row-edit.ts";
import * as screenStyles from "../screen.css.ts";
import { type GradeStudentsSort, gradePage } from "./grade-students-state.ts";
import * as styles from "./grading.css.ts";
import { MarkHistogram } from "./MarkHistogram.tsx";
import { courseOfferingIdOf, gradingLinks } from "./routes.ts";

// The grade dialog and the Grading Setting tabs (TanStack Form, the domain's zod schemas) load
// when first opened, so the page's first load carries neither (docs/performance.md).
const GradeDialog = lazyDialog(() => import("./GradeDialog.tsx").then((x) => x.GradeDialog));
const GradingSettingTabs = lazyDialog(() =>
  import("./GradingSettingTabs.tsx").then((x) => x.GradingSettingTabs),
);

/** spec §9: the student grade table's page sizes, 5, 10, 25 or All (default 5). */
export const STUDENT_PAGE_SIZES = GRADE_TABLE_PAGE_SIZES;
export type StudentPageSize = GradeTablePageSize;
/** The student table's page, size and header sort (null: the list's own order). */
export type StudentTableState = { page: number; pageSize: StudentPageSize; sort: GradeStudentsSort };

/** The headers sort on the server: the table keeps the sort's state, not sorted rows. */
const TABLE_FEATURES = [dataTableServerSorting];

/**
 * Reads `?page=&pageSize=&sort=&direction=` (pageSize 5, 10, 25 or all; anything else is the default
 * 5; an unknown sort column is no sort, any direction but desc is asc).
 */
export function parseStudentTableState(search: string): StudentTableState {
  const q = new URLSearchParams(search);
  const size = q.get("pageSize");
  const pageSize = (STUDENT_PAGE_SIZES as readonly (string | number)[]).includes(
    size === "all" ? "all" : Number(size),
  )
    ? ((size === "all" ? "all" : Number(size)) as StudentPageSize)
    : DEFAULT_GRADE_TABLE_PAGE_SIZE;
  const page = Math.max(1, Math.trunc(Number(q.get("page") ?? "1")) || 1);
  const column = GRADE_STUDENT_SORT_COLUMNS.find((name) => name === q.get("sort"));
  const sort = column
    ? ({ column, direction: q.get("direction") === "desc" ? "desc" : "asc" } as const)
    : null;
  return { page, pageSize, sort };
}

/** The SubjectScores page a table state asks the server for (All is count 0), in its sort. */
export function scoresPageOf(state: StudentTableState): SubjectScoresPage {
  return gradePage(state.page, state.pageSize, state.sort);
}

/** Writes the table state into the address, keeping `courseOfferingId` when the page has it. */
function serializeStudentTableState(state: StudentTableState): string {
  const q = new URLSearchParams(typeof window === "undefined" ? "" : window.location.search);
  for (const key of ["page", "pageSize", "sort", "direction"]) q.delete(key);
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== 5) q.set("pageSize", String(state.pageSize));
  if (state.sort) {
    q.set("sort", state.sort.column);
    if (state.sort.direction === "desc") q.set("direction", "desc");
  }
  const text = q.toString();
  return text === "" ? "" : `?${text}`;
}

export type GradingPageProps = ScreenIslandProps & {
  /** The course offering (grading id); "" reads it from `?courseOfferingId=`. */
  courseOfferingId?: string;
  /** GradingView: no Edit Grading Details, no Save, no Edit column. */
  readOnly?: boolean;
};

/** The grading page island (`/app/exams/grading/details/{id}`, `/app/exam/grading?courseOfferingId=`, GradingView). */
export default function GradingPage({
  courseOfferingId = "",
  readOnly = false,
  search,
  ...root
}: GradingPageProps) {
  return (
    <IslandRoot {...root}>
      <GradingPageScreen
        courseOfferingId={courseOfferingId || courseOfferingIdOf(search)}
        readOnly={readOnly}
        search={search}
      />
    </IslandRoot>
  );
}

/**
 * The first query of the grading page, run on the server: POST SubjectScores of the course offering
 * (the path's id, else `?courseOfferingId=`) for the address's page (`?page=&pageSize=`, default the
 * first 5): header, statistics, bands, the class's totals for the histogram and that page's students.
 */
export function gradingPageFirstQuery(courseOfferingId = ""): FirstQuery {
  return async ({ api, search, fetch }) => {
    const id = courseOfferingId || courseOfferingIdOf(search);
    if (id) await fetch(subjectScoresQueryOptions(api, id, scoresPageOf(parseStudentTableState(search))));
  };
}

/**
 * The component columns of the student table: one per master component of the offering, in its
 * order (the demo's Quiz, Mid Term Exam, End Term Exam), so the columns reconcile with the total;
 * the spec's Mid Term Exam and End Term Exam while the components are not yet read. The two names
 * the spec gives as columns are shown from the catalogue; any other is the component's own name.
 */
export function componentColumnNames(components: readonly { componentName: string }[] | undefined): string[] {
  return components && components.length > 0
    ? components.map((c) => c.componentName)
    : ["Mid Term Exam", "End Term Exam"];
}

/** The column header of component `name`: the catalogue's text for the spec's two columns. */
function componentHeader(name: string): string {
  if (name === "Mid Term Exam") return m.grading_col_mid_term();
  if (name === "End Term Exam") return m.grading_col_end_term();
  return name;
}

/** A component's own percent for a student (a component column), or "—" without it. */
export function componentCell(row: StudentScoreRow, componentName: string): string {
  const c = row.componentList.find((x) => x.ComponentName === componentName);
  return c ? formatMarks(c.marksObtained) : "—";
}

/** Grade changes made with Edit and kept until the header's Save, by student grade id. */
type StagedGrades = ReadonlyMap<string, StudentGradeSaveItem>;

/** A cell's value with its unsaved change: "B (not saved)" while a staged change differs from the stored one. */
function stagedCell(stored: string, staged: string | undefined): string {
  if (staged === undefined || staged === stored) return stored || "—";
  return m.grading_unsaved_value({ value: staged || "—" });
}

function studentColumns(
  courseOfferingId: string,
  readOnly: boolean,
  staged: StagedGrades,
  onEdit: (row: StudentScoreRow & { id: string }) => void,
  componentNames: readonly string[],
): DataTableColumn<StudentScoreRow>[] {
  const columns: DataTableColumn<StudentScoreRow>[] = [
    {
      id: "student",
      header: m.grading_col_student(),
      rowHeader: true,
      sortable: true,
      cell: (r) => (
        <a className={styles.link} href={gradingLinks.studentDetails(courseOfferingId, r.StudentId)}>
          {r.studentName}
        </a>
      ),
    },
    ...componentNames.map(
      (name): DataTableColumn<StudentScoreRow> => ({
        id: `component:${name}`,
        header: componentHeader(name),
        align: "end",
        cell: (r) => componentCell(r, name),
      }),
    ),
    {
      id: "total",
      header: m.grading_col_total(),
      align: "end",
      cell: (r) => formatMarks(r.TotalMarksObtained),
      sortable: true,
    },
    {
      id: "calculated",
      header: m.grading_col_calculated(),
      cell: (r) => r.CalculatedGrade,
      sortable: true,
    },
    {
      id: "penalty",
      header: m.grading_col_penalty(),
      cell: (r) => stagedCell(r.penality, r.id ? staged.get(r.id)?.penality : undefined),
      sortable: true,
    },
    {
      id: "final",
      header: m.grading_col_final(),
      cell: (r) => stagedCell(r.finalGrade, r.id ? staged.get(r.id)?.finalGrade : undefined),
      sortable: true,
    },
  ];
  if (!readOnly) {
    columns.push({
      id: "edit",
      header: m.grading_col_edit(),
      // A stored grade is edited here and saved with the header's Save; a student without one yet
      // (no marks stored) is edited on their own page.
      cell: (r) => {
        const id = r.id;
        return id ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={m.grading_edit_student({ name: r.studentName })}
            onClick={() => onEdit({ ...r, id })}
          >
            {m.grading_edit()}
          </Button>
        ) : (
          <a
            className={styles.link}
            href={gradingLinks.studentDetails(courseOfferingId, r.StudentId)}
            aria-label={m.grading_edit_student({ name: r.studentName })}
          >
            {m.grading_edit()}
          </a>
        );
      },
    });
  }
  return columns;
}

/**
 * The grading page of one course offering (spec §2 Grading): header Grading with the course, 'No of
 * student' count, Edit Grading Details (the Grading Setting modal), Back and Save; the class's real
 * statistics (mean, standard deviation, size, from SubjectScores) and its mark distribution with the
 * grade bands; the student table (student, Mid Term Exam, End Term Exam, Total Marks Obt,
 * Calculated Grade, Penalty, Final Grade, Edit) paged 5, 10, 25 or All (default 5, spec §9), each
 * student linking to their grading details. Saving the setting reloads the grades the server
 * recomputed. `readOnly` (GradingView) shows the same without the editing controls.
 */
export function GradingPageScreen({
  courseOfferingId,
  readOnly,
  search,
}: {
  courseOfferingId: string;
  readOnly: boolean;
  search: string;
}) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseStudentTableState, serializeStudentTableState);
  // The server pages the students; statistics and the histogram's totals are always the whole class's.
  const scores = useQuery({
    ...subjectScoresQueryOptions(api, courseOfferingId, scoresPageOf(state)),
    enabled: courseOfferingId !== "",
    placeholderData: keepPreviousData,
  });
  const [settingOpen, setSettingOpen] = useState(false);
  const grades = useStagedGrades(courseOfferingId);
  const { staged, edit } = grades;
  const componentKey = componentColumnNames(scores.data?.components).join("\n");
  const columns = useMemo(
    () => studentColumns(courseOfferingId, readOnly, staged, edit, componentKey.split("\n")),
    [courseOfferingId, readOnly, staged, edit, componentKey],
  );
  // The student, total, grade and penalty headers sort on the server; a new sort shows page 1.
  const { sorting, onSortingChange } = useUrlSort(GRADE_STUDENT_SORT_COLUMNS, state, navigate);

  if (courseOfferingId === "") {
    return (
      <p role="alert" className={styles.errorBox}>
        {m.grading_no_offering()}
      </p>
    );
  }
  if (scores.isError && !scores.data) {
    return <QueryError error={scores.error} onRetry={() => void scores.refetch()} />;
  }
  const data: SubjectScores | undefined = scores.data;
  const shown = data?.students ?? [];
  const total = data?.noOfRecords ?? 0;
  const { pageCount } = pageRange(state.page, state.pageSize, total);
  const page = Math.min(state.page, pageCount);
  const bands: GradeBand[] = (data?.gradeRanges ?? []) as GradeBand[];

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          {data ? (
            <p className={styles.muted} data-testid="grading-course">
              {m.grading_course_line({
                code: data.course.courseCode,
                name: data.course.courseName,
                section: data.course.section,
                term: data.course.term,
              })}
            </p>
          ) : null}
          <p>
            {m.grading_no_of_student()}:{" "}
            <strong data-testid="student-count">{data?.noOfRecords ?? "…"}</strong>
          </p>
        </div>
        <div className={styles.actions}>
          {readOnly ? null : (
            <Button onClick={() => setSettingOpen(true)} disabled={!data}>
              {m.grading_edit_details()}
            </Button>
          )}
          <ButtonLink href={gradingLinks.list()}>{m.grading_back()}</ButtonLink>
          {readOnly ? null : (
            <Button
              variant="secondary"
              disabled={grades.staged.size === 0}
              loading={grades.saving}
              aria-describedby="grading-save-note"
              onClick={grades.save}
            >
              {m.grading_save()}
            </Button>
          )}
        </div>
      </div>
      {readOnly ? (
        <p className={styles.muted}>{m.grading_read_only_note()}</p>
      ) : (
        <p id="grading-save-note" className={styles.muted} data-testid="grading-save-note">
          {grades.staged.size === 0
            ? m.grading_save_note()
            : m.grading_unsaved_count({ count: grades.staged.size })}
        </p>
      )}
      {grades.failure && isVersionConflict(grades.failure) ? (
        <ConflictNotice onReload={grades.reload} />
      ) : grades.failure ? (
        <div role="alert" className={screenStyles.errorBox}>
          <p className={screenStyles.errorText}>{m.gres_failed_to_add()}</p>
          <p className={screenStyles.errorText}>{errorText(grades.failure)}</p>
        </div>
      ) : null}
      {data ? (
        <>
          <ul className={styles.stats} aria-label={m.grading_statistics()}>
            <li className={styles.statCard}>
              <span className={styles.statLabel}>{m.grading_type_label()}</span>
              <span className={styles.statValue} data-testid="grading-type">
                {data.typeOfGrading === "Absolute" ? m.grading_type_absolute() : m.grading_type_relative()}
              </span>
            </li>
            <li className={styles.statCard}>
              <span className={styles.statLabel}>{m.grading_mean()}</span>
              <span className={styles.statValue} data-testid="grading-mean">
                {formatMarks(data.statistics.mean)}
              </span>
            </li>
            <li className={styles.statCard}>
              <span className={styles.statLabel}>{m.grading_standard_deviation()}</span>
              <span className={styles.statValue} data-testid="grading-sd">
                {formatMarks(data.statistics.standardDeviation)}
              </span>
            </li>
            <li className={styles.statCard}>
              <span className={styles.statLabel}>{m.grading_class_size()}</span>
              <span className={styles.statValue} data-testid="grading-size">
                {data.statistics.size}
              </span>
            </li>
            <li className={styles.statCard}>
              <span className={styles.statLabel}>{m.grading_status_label()}</span>
              <span className={styles.statValue}>{statusLabel(data.status)}</span>
            </li>
          </ul>
          <MarkHistogram totals={data.classTotals} bands={bands} typeOfGrading={data.typeOfGrading} />
        </>
      ) : null}
      <DataTable<StudentScoreRow>
        caption={m.grading_students_table()}
        captionHidden
        columns={columns}
        data={shown}
        getRowId={(r) => r.StudentId}
        emptyText={m.grading_no_data()}
        loading={scores.isPending || scores.isPlaceholderData}
        loadingLabel={m.grading_loading()}
        maxHeight="900px"
        features={TABLE_FEATURES}
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
      />
      {data ? (
        <Pager<StudentPageSize>
          page={page}
          pageSize={state.pageSize}
          total={total}
          pageSizes={STUDENT_PAGE_SIZES}
          onPageChange={(p) => navigate({ ...state, page: p })}
          onPageSizeChange={(pageSize) => navigate({ ...state, page: 1, pageSize })}
          labels={pagerLabels(m.exam_pager_nav())}
        />
      ) : null}
      {grades.editing ? (
        <GradeDialog
          courseOfferingId={courseOfferingId}
          row={grades.editing}
          staged={staged.get(grades.editing.id)}
          onDone={grades.stage}
          onClose={grades.close}
          onReload={() => scores.refetch()}
        />
      ) : null}
      {readOnly ? null : (
        <Dialog
          open={settingOpen}
          onOpenChange={setSettingOpen}
          title={m.grading_setting_title()}
          closeLabel={m.grading_close()}
          size="xl"
          closeOnInteractOutside={false}
        >
          {settingOpen ? (
            <GradingSettingTabs courseOfferingId={courseOfferingId} onSaved={() => setSettingOpen(false)} />
          ) : null}
        </Dialog>
      )}
    </div>
  );
}

/**
 * The grading page's unsaved grade changes (spec §2 Grading: Edit per student, one Save in the
 * header; §7 student grade save): `stage` keeps a checked change (the grade dialog's Done) across
 * pages until `save` sends every change in one GradeAllocationSetup call, which the server applies
 * in one transaction or not at all. A refused save keeps the changes and shows why; after a stale
 * version (409) `reload` takes every staged row's fresh version and calculated grade, so the next
 * Save sends what was typed over what is stored now. Leaving the page with unsaved changes asks first.
 */
function useStagedGrades(courseOfferingId: string) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  // The row open in the grade dialog is the edit's draft; Done's items are its pending changes.
  const rows = useStagedRowEdit<StudentScoreRow & { id: string }, null, StudentGradeSaveItem>();
  const staged: StagedGrades = rows.pending;
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = useMutation({
    ...saveStudentGradesMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.grading_grades_saved({ count: staged.size }));
      rows.clearPending();
      await queryClient.invalidateQueries({ queryKey: gradingKeys.offering(courseOfferingId) });
    },
    onError: setFailure,
  });
  useEffect(() => {
    if (staged.size === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [staged]);
  const { open } = rows;
  const edit = useCallback((row: StudentScoreRow & { id: string }) => open(row.id, row, null), [open]);
  return {
    staged,
    failure,
    saving: mutation.isPending,
    /** The row open in the grade dialog, or null. */
    editing: rows.editing?.draft ?? null,
    edit,
    close: rows.close,
    stage: (item: StudentGradeSaveItem) => {
      setFailure(null);
      rows.stage(item.id, item);
    },
    save: () => {
      setFailure(null);
      mutation.mutate([...staged.values()]);
    },
    reload: async () => {
      await queryClient.invalidateQueries({ queryKey: gradingKeys.offering(courseOfferingId) });
      const all = await queryClient.fetchQuery(subjectScoresQueryOptions(api, courseOfferingId));
      for (const [id, item] of staged) {
        const row = all.students.find((s) => s.id === id);
        if (row) rows.stage(id, { ...item, version: row.version, CalculatedGrade: row.CalculatedGrade });
      }
      setFailure(null);
    },
  };
}

/** The grading status in the page's language (Draft, Acknowledged, Published). */
export function statusLabel(status: string): string {
  if (status === "Published") return m.grading_status_published();
  if (status === "Acknowledged") return m.grading_status_acknowledged();
  return m.grading_status_draft();
}

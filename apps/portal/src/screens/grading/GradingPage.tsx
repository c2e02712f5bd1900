import { type StudentScoreRow, type SubjectScores, subjectScoresQueryOptions } from "@portal/api-client";
import type { GradeBand } from "@portal/domain";
import { Button, ButtonLink, DataTable, type DataTableColumn, Dialog, Pager, pageRange } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { pagerLabels } from "../exams/labels.ts";
import { QueryError } from "../exams/shared.tsx";
import { useUrlState } from "../exams/use-url-state.ts";
import { GradingSettingTabs } from "./GradingSettingTabs.tsx";
import * as styles from "./grading.css.ts";
import { MarkHistogram } from "./MarkHistogram.tsx";
import { courseOfferingIdOf, gradingLinks } from "./routes.ts";

/** spec §9: the student grade table's page sizes, 5, 10, 25 or All (default 5). */
export const STUDENT_PAGE_SIZES = [5, 10, 25, "all"] as const;
export type StudentPageSize = (typeof STUDENT_PAGE_SIZES)[number];
export type StudentTableState = { page: number; pageSize: StudentPageSize };

/** Reads `?page=&pageSize=` (pageSize 5, 10, 25 or all; anything else is the default 5). */
export function parseStudentTableState(search: string): StudentTableState {
  const q = new URLSearchParams(search);
  const size = q.get("pageSize");
  const pageSize = (STUDENT_PAGE_SIZES as readonly (string | number)[]).includes(
    size === "all" ? "all" : Number(size),
  )
    ? ((size === "all" ? "all" : Number(size)) as StudentPageSize)
    : 5;
  const page = Math.max(1, Math.trunc(Number(q.get("page") ?? "1")) || 1);
  return { page, pageSize };
}

/** Writes the table state into the address, keeping `courseOfferingId` when the page has it. */
function serializeStudentTableState(state: StudentTableState): string {
  const q = new URLSearchParams(typeof window === "undefined" ? "" : window.location.search);
  q.delete("page");
  q.delete("pageSize");
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== 5) q.set("pageSize", String(state.pageSize));
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
 * (the path's id, else `?courseOfferingId=`): header, statistics, bands and every student (the table
 * pages 5, 10, 25 or All in the browser; the histogram needs the whole class).
 */
export function gradingPageFirstQuery(courseOfferingId = ""): FirstQuery {
  return async ({ api, search, fetch }) => {
    const id = courseOfferingId || courseOfferingIdOf(search);
    if (id) await fetch(subjectScoresQueryOptions(api, id));
  };
}

const fixed2 = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/** A component's own percent for a student (Mid Term Exam, End Term Exam columns), or "—" without it. */
export function componentCell(row: StudentScoreRow, componentName: string): string {
  const c = row.componentList.find((x) => x.ComponentName === componentName);
  return c ? fixed2(c.marksObtained) : "—";
}

function studentColumns(courseOfferingId: string, readOnly: boolean): DataTableColumn<StudentScoreRow>[] {
  const columns: DataTableColumn<StudentScoreRow>[] = [
    {
      id: "student",
      header: m.grading_col_student(),
      rowHeader: true,
      cell: (r) => (
        <a className={styles.link} href={gradingLinks.studentDetails(courseOfferingId, r.StudentId)}>
          {r.studentName}
        </a>
      ),
    },
    {
      id: "mid",
      header: m.grading_col_mid_term(),
      align: "end",
      cell: (r) => componentCell(r, "Mid Term Exam"),
    },
    {
      id: "end",
      header: m.grading_col_end_term(),
      align: "end",
      cell: (r) => componentCell(r, "End Term Exam"),
    },
    { id: "total", header: m.grading_col_total(), align: "end", cell: (r) => fixed2(r.TotalMarksObtained) },
    { id: "calculated", header: m.grading_col_calculated(), cell: (r) => r.CalculatedGrade },
    { id: "penalty", header: m.grading_col_penalty(), cell: (r) => r.penality || "—" },
    { id: "final", header: m.grading_col_final(), cell: (r) => r.finalGrade },
  ];
  if (!readOnly) {
    columns.push({
      id: "edit",
      header: m.grading_col_edit(),
      cell: (r) => (
        <a
          className={styles.link}
          href={gradingLinks.studentDetails(courseOfferingId, r.StudentId)}
          aria-label={m.grading_edit_student({ name: r.studentName })}
        >
          {m.grading_edit()}
        </a>
      ),
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
  const scores = useQuery({
    ...subjectScoresQueryOptions(api, courseOfferingId),
    enabled: courseOfferingId !== "",
  });
  const [state, navigate] = useUrlState(search, parseStudentTableState, serializeStudentTableState);
  const [settingOpen, setSettingOpen] = useState(false);
  const columns = useMemo(() => studentColumns(courseOfferingId, readOnly), [courseOfferingId, readOnly]);

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
  const students = data?.students ?? [];
  const { pageCount } = pageRange(state.page, state.pageSize, students.length);
  const page = Math.min(state.page, pageCount);
  const shown =
    state.pageSize === "all" ? students : students.slice((page - 1) * state.pageSize, page * state.pageSize);
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
            <Button variant="secondary" disabled aria-describedby="grading-save-note">
              {m.grading_save()}
            </Button>
          )}
        </div>
      </div>
      {readOnly ? (
        <p className={styles.muted}>{m.grading_read_only_note()}</p>
      ) : (
        <p id="grading-save-note" className={styles.muted}>
          {m.grading_save_note()}
        </p>
      )}
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
                {fixed2(data.statistics.mean)}
              </span>
            </li>
            <li className={styles.statCard}>
              <span className={styles.statLabel}>{m.grading_standard_deviation()}</span>
              <span className={styles.statValue} data-testid="grading-sd">
                {fixed2(data.statistics.standardDeviation)}
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
          <MarkHistogram
            totals={students.map((s) => s.TotalMarksObtained)}
            bands={bands}
            typeOfGrading={data.typeOfGrading}
          />
        </>
      ) : null}
      <DataTable<StudentScoreRow>
        caption={m.grading_students_table()}
        captionHidden
        columns={columns}
        data={shown}
        getRowId={(r) => r.StudentId}
        emptyText={m.grading_no_data()}
        loading={scores.isPending}
        loadingLabel={m.grading_loading()}
        maxHeight="900px"
      />
      {data ? (
        <Pager<StudentPageSize>
          page={page}
          pageSize={state.pageSize}
          total={students.length}
          pageSizes={STUDENT_PAGE_SIZES}
          onPageChange={(p) => navigate({ ...state, page: p })}
          onPageSizeChange={(pageSize) => navigate({ page: 1, pageSize })}
          labels={pagerLabels()}
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
          <GradingSettingTabs courseOfferingId={courseOfferingId} onSaved={() => setSettingOpen(false)} />
        </Dialog>
      )}
    </div>
  );
}

/** The grading status in the page's language (Draft, Acknowledged, Published). */
export function statusLabel(status: string): string {
  if (status === "Published") return m.grading_status_published();
  if (status === "Acknowledged") return m.grading_status_acknowledged();
  return m.grading_status_draft();
}

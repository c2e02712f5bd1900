import { type StudentScoreRow, type SubjectScores, studentReportQueryOptions } from "@portal/api-client";
import { Button, Loader, Select } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import type { FirstQuery } from "../../shell/first-query-state.ts";
import { IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatMarks, formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import * as screenStyles from "../screen.css.ts";
import { statusLabel } from "./GradeStudents.tsx";
import * as print from "./report.css.ts";
import * as styles from "./results.css.ts";
import { parseResultsState, serializeResultsState } from "./results-routes.ts";
import { markText, OfferingSelect, offeringChoicesFirstQuery } from "./results-shared.tsx";

/** The /app/grading/studentreport island (`?courseOfferingId=&studentId=`), inside its IslandRoot. */
export default function StudentReport({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <StudentReportScreen search={search} />
    </IslandRoot>
  );
}

/**
 * First query of the student report: the offering choices and, for `?courseOfferingId=`, its roster
 * with the chosen student's row (`&studentId=`).
 */
export const studentReportFirstQuery: FirstQuery = async (context) => {
  const { courseOfferingId, studentId } = parseResultsState(context.search);
  await Promise.all([
    offeringChoicesFirstQuery(context),
    courseOfferingId
      ? context.fetch(studentReportQueryOptions(context.api, courseOfferingId, studentId))
      : null,
  ]);
};

/**
 * A student's report (spec §2 /app/grading/studentreport): course, section, term, programme and
 * batch, every component with its weight, sub-component marks and percent, the weighted total,
 * calculated grade, penalty, final grade and grade point, and whether the results are published.
 * Print prints the report alone (report.css.ts: a print stylesheet hides the shell and the controls).
 * Reads the class's roster and the chosen student's row only, never the whole class's marks.
 */
export function StudentReportScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseResultsState, serializeResultsState);
  const id = state.courseOfferingId;
  const scores = useQuery({
    ...studentReportQueryOptions(api, id, state.studentId),
    enabled: id !== "",
    // Another student of the same offering: keep the roster on screen while the row loads.
    placeholderData: (previous) => (previous?.course.id === id ? previous : undefined),
  });
  const row = scores.isPlaceholderData
    ? null
    : (scores.data?.students.find((s) => s.StudentId === state.studentId) ?? null);
  return (
    <div className={screenStyles.screen}>
      <div className={`${screenStyles.filters} ${print.noPrint}`}>
        <OfferingSelect
          value={id}
          onChange={(courseOfferingId) => navigate({ ...state, courseOfferingId, studentId: "" })}
        />
        {scores.data ? (
          <Select
            className={screenStyles.filterField}
            label={m.gres_col_student()}
            placeholder={m.gres_select_student()}
            options={(scores.data.roster ?? []).map((s) => ({ value: s.StudentId, label: s.studentName }))}
            value={state.studentId}
            onChange={(studentId) => navigate({ ...state, studentId })}
          />
        ) : null}
      </div>
      {id === "" ? (
        <p className={screenStyles.muted}>{m.gres_choose_offering()}</p>
      ) : scores.isPending || scores.isPlaceholderData ? (
        <Loader label={m.gres_loading()} />
      ) : scores.isError ? (
        <QueryError error={scores.error} onRetry={() => void scores.refetch()} />
      ) : row && scores.data ? (
        <Report data={scores.data} row={row} />
      ) : (
        <p className={screenStyles.muted}>{m.gres_select_student()}</p>
      )}
    </div>
  );
}

function Report({ data, row }: { data: SubjectScores; row: StudentScoreRow }) {
  const facts: Array<[string, string]> = [
    [m.gres_col_student(), row.studentCode ? `${row.studentName} (${row.studentCode})` : row.studentName],
    [m.gres_course(), `${data.course.courseCode} ${data.course.courseName}`],
    [m.gres_section(), data.course.section],
    [m.gres_term(), data.course.term],
    [m.gres_programme(), data.course.programme],
    [m.gres_batch(), data.course.batch],
    [m.gres_status(), statusLabel(data.status)],
  ];
  const results: Array<[string, string]> = [
    [m.gres_col_total(), formatMarks(row.TotalMarksObtained)],
    [m.gres_col_calculated(), row.CalculatedGrade],
    [m.gres_col_penalty(), row.penality || "—"],
    [m.gres_col_final(), row.finalGrade],
    [m.gres_grade_point(), formatMarks(row.gradePoint)],
  ];
  return (
    <article className={print.report} aria-labelledby="student-report-title">
      <div className={`${screenStyles.toolbar} ${print.noPrint}`}>
        <Button onClick={() => window.print()}>{m.gres_print()}</Button>
      </div>
      <h2 className={screenStyles.sectionTitle} id="student-report-title">
        {m.gres_report_heading({ name: row.studentName })}
      </h2>
      <dl className={styles.summary}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.summaryItem}>
            <dt className={styles.summaryLabel}>{label}</dt>
            <dd className={styles.summaryValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <table className={print.reportTable}>
        <caption>{m.gres_report_components()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.gres_col_component()}</th>
            <th scope="col">{m.gres_col_weight()}</th>
            <th scope="col">{m.gres_col_sub_component()}</th>
            <th scope="col">{m.gres_col_marks()}</th>
            <th scope="col">{m.gres_col_percent()}</th>
          </tr>
        </thead>
        <tbody>
          {row.componentList.map((c, ci) =>
            c.subCompList.map((s, si) => (
              <tr key={s.subComponentId}>
                {si === 0 ? (
                  <>
                    <th scope="rowgroup" rowSpan={c.subCompList.length}>
                      {c.ComponentName}
                    </th>
                    <td rowSpan={c.subCompList.length}>
                      {formatNumber(data.components[ci]?.weightagePercent ?? 0)}
                    </td>
                  </>
                ) : null}
                <td>{s.subComponentName}</td>
                <td>{markText(s.MarksObtined, s.TotalMarks)}</td>
                {si === 0 ? <td rowSpan={c.subCompList.length}>{formatMarks(c.marksObtained)}</td> : null}
              </tr>
            )),
          )}
        </tbody>
      </table>
      <dl className={styles.summary}>
        {results.map(([label, value]) => (
          <div key={label} className={styles.summaryItem}>
            <dt className={styles.summaryLabel}>{label}</dt>
            <dd className={styles.summaryValue}>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

import {
  marksByQueryOptions,
  SCORES_HEADER_PAGE,
  type StudentScoreRow,
  type SubjectScores,
  subjectScoresQueryOptions,
} from "@portal/api-client";
import { DataTable, type DataTableColumn, Loader, Select } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import type { FirstQuery } from "../../shell/first-query-state.ts";
import { IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatMarks, formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import * as screenStyles from "../screen.css.ts";
import {
  gradingResultsLinks,
  parseResultsState,
  type ResultsState,
  serializeResultsState,
} from "./results-routes.ts";
import { markText, OfferingFacts, OfferingSelect, offeringChoicesFirstQuery } from "./results-shared.tsx";

/** By section: every component of the offering; by component: one component's sub-components; by sub-component: one mark. */
export type MarksByMode = "section" | "component" | "subComponent";

export type MarksByProps = ScreenIslandProps & { mode: MarksByMode };

/** The marks-by island of /app/grading/studentsBySection, studentsByComponent, studentsBySubComponent. */
export default function MarksBy({ mode, search, ...root }: MarksByProps) {
  return (
    <IslandRoot {...root}>
      <MarksByScreen mode={mode} search={search} />
    </IslandRoot>
  );
}

/**
 * The sub-components whose marks a mode shows ([] by section: component percents only), or null
 * while they are not known (nothing chosen yet, or the components not yet read from `header`).
 */
export function marksWanted(
  mode: MarksByMode,
  state: ResultsState,
  header: Pick<SubjectScores, "components"> | undefined,
): string[] | null {
  if (mode === "section") return [];
  if (mode === "subComponent") return state.subComponentId === "" ? null : [state.subComponentId];
  if (state.componentName === "" || !header) return null;
  const component = header.components.find((c) => c.componentName === state.componentName);
  return component ? component.subComponents.map((s) => s.subComponentid) : null;
}

/**
 * First query of a marks-by page: the offering choices and, for `?courseOfferingId=`, its header
 * (the components) and the marks that `mode` shows.
 */
export function marksByFirstQuery(mode: MarksByMode): FirstQuery {
  return async (context) => {
    const state = parseResultsState(context.search);
    const id = state.courseOfferingId;
    const [, header] = await Promise.all([
      offeringChoicesFirstQuery(context),
      id ? context.fetch(subjectScoresQueryOptions(context.api, id, SCORES_HEADER_PAGE)) : undefined,
    ]);
    const wanted = id ? marksWanted(mode, state, header) : null;
    if (wanted) await context.fetch(marksByQueryOptions(context.api, id, wanted));
  };
}

const studentColumn: DataTableColumn<StudentScoreRow> = {
  id: "student",
  header: "",
  rowHeader: true,
  cell: (row) => (
    <a
      className={screenStyles.link}
      href={gradingResultsLinks.studentDetails(row.CourseOfferingId, row.StudentId)}
    >
      {row.studentName}
    </a>
  ),
};

/**
 * The columns of one mode: by section each component's percent, the total and the grades; by
 * component each sub-component's mark of `state.componentName` and the component's percent; by
 * sub-component the mark of `state.subComponentId` and its percent of the total marks.
 */
export function marksByColumns(
  mode: MarksByMode,
  data: SubjectScores,
  state: ResultsState,
): DataTableColumn<StudentScoreRow>[] {
  const student = { ...studentColumn, header: m.gres_col_student() };
  if (mode === "section") {
    return [
      student,
      ...data.components.map((c, ci) => ({
        id: `c-${c.componentId}`,
        header: m.gres_col_component_percent({
          name: c.componentName,
          weight: formatNumber(c.weightagePercent),
        }),
        align: "end" as const,
        cell: (row: StudentScoreRow) => formatMarks(row.componentList[ci]?.marksObtained ?? 0),
      })),
      {
        id: "total",
        header: m.gres_col_total(),
        align: "end",
        cell: (row) => formatMarks(row.TotalMarksObtained),
      },
      { id: "calculated", header: m.gres_col_calculated(), cell: (row) => row.CalculatedGrade },
      { id: "final", header: m.gres_col_final(), cell: (row) => row.finalGrade },
    ];
  }
  if (mode === "component") {
    const ci = data.components.findIndex((c) => c.componentName === state.componentName);
    const component = data.components[ci];
    if (!component) return [student];
    return [
      student,
      ...component.subComponents.map((s) => ({
        id: `s-${s.subComponentid}`,
        header: s.subComponentName,
        align: "end" as const,
        cell: (row: StudentScoreRow) => {
          const mark = row.componentList[ci]?.subCompList.find((x) => x.subComponentId === s.subComponentid);
          return mark ? markText(mark.MarksObtined, mark.TotalMarks) : "—";
        },
      })),
      {
        id: "percent",
        header: m.gres_col_percent(),
        align: "end",
        cell: (row) => formatMarks(row.componentList[ci]?.marksObtained ?? 0),
      },
    ];
  }
  const find = (row: StudentScoreRow) => {
    for (const c of row.componentList) {
      const mark = c.subCompList.find((s) => s.subComponentId === state.subComponentId);
      if (mark) return mark;
    }
    return null;
  };
  return [
    student,
    {
      id: "mark",
      header: m.gres_col_marks(),
      align: "end",
      cell: (row) => {
        const mark = find(row);
        return mark ? markText(mark.MarksObtined, mark.TotalMarks) : "—";
      },
    },
    {
      id: "percent",
      header: m.gres_col_percent(),
      align: "end",
      cell: (row) => {
        const mark = find(row);
        return mark && mark.MarksObtined !== null
          ? formatMarks((mark.MarksObtined / mark.TotalMarks) * 100)
          : "—";
      },
    },
  ];
}

/**
 * Marks of a course offering (spec §2 /app/grading/studentsBySection, studentsByComponent,
 * studentsBySubComponent): by section, each student's percent in every component, total and
 * grades; by component, each student's marks in the chosen component's sub-components; by
 * sub-component, each student's mark in the chosen sub-component. The chosen offering's course,
 * section, term and batch head the marks (OfferingFacts). State in the address
 * (`?courseOfferingId=&componentName=&subComponentId=`); 'No Data' for an offering without students.
 */
export function MarksByScreen({ mode, search }: { mode: MarksByMode; search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseResultsState, serializeResultsState);
  const id = state.courseOfferingId;
  // The header (components, shared with the offering choice), then only the marks the mode shows.
  const header = useQuery({ ...subjectScoresQueryOptions(api, id, SCORES_HEADER_PAGE), enabled: id !== "" });
  const wanted = marksWanted(mode, state, header.data);
  const scores = useQuery({
    ...marksByQueryOptions(api, id, wanted ?? []),
    enabled: id !== "" && wanted !== null,
  });
  const components = header.data;
  const data = scores.data;
  const subChoices = (components?.components ?? []).flatMap((c) =>
    c.subComponents.map((s) => ({
      value: s.subComponentid,
      label: `${c.componentName} / ${s.subComponentName}`,
    })),
  );
  const chosenMissing =
    (mode === "component" && state.componentName === "") ||
    (mode === "subComponent" && state.subComponentId === "");
  return (
    <div className={screenStyles.screen}>
      <div className={screenStyles.filters}>
        <OfferingSelect
          value={id}
          onChange={(courseOfferingId) =>
            navigate({ ...state, courseOfferingId, componentName: "", subComponentId: "" })
          }
        />
        {mode === "component" && components ? (
          <Select
            className={screenStyles.filterField}
            label={m.gres_col_component()}
            placeholder={m.gres_select_component()}
            options={components.components.map((c) => ({ value: c.componentName, label: c.componentName }))}
            value={state.componentName}
            onChange={(componentName) => navigate({ ...state, componentName })}
          />
        ) : null}
        {mode === "subComponent" && components ? (
          <Select
            className={screenStyles.filterField}
            label={m.gres_col_sub_component()}
            placeholder={m.gres_select_sub_component()}
            options={subChoices}
            value={state.subComponentId}
            onChange={(subComponentId) => navigate({ ...state, subComponentId })}
          />
        ) : null}
      </div>
      {id !== "" && components ? <OfferingFacts course={components.course} /> : null}
      {id === "" ? (
        <p className={screenStyles.muted}>{m.gres_choose_offering()}</p>
      ) : header.isError ? (
        <QueryError error={header.error} onRetry={() => void header.refetch()} />
      ) : components && chosenMissing ? (
        <p className={screenStyles.muted}>
          {mode === "component" ? m.gres_select_component() : m.gres_select_sub_component()}
        </p>
      ) : scores.isError ? (
        <QueryError error={scores.error} onRetry={() => void scores.refetch()} />
      ) : !data ? (
        <Loader label={m.gres_loading()} />
      ) : (
        <DataTable
          caption={
            mode === "section"
              ? m.gres_by_section_table({ section: data.course.section, course: data.course.courseName })
              : mode === "component"
                ? m.gres_by_component_table({ name: state.componentName })
                : m.gres_by_sub_component_table()
          }
          columns={marksByColumns(mode, data, state)}
          data={data.students}
          getRowId={(row) => row.id ?? row.StudentId}
          emptyText={m.gres_no_data()}
        />
      )}
    </div>
  );
}

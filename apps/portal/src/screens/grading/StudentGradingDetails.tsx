import { type ComponentMarks, componentMarksQueryOptions } from "@portal/api-client";
import { ButtonLink, DataTable, type DataTableColumn, Loader, RowEditActions } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import type { FirstQuery } from "../../shell/first-query-state.ts";
import { IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { formatMarks, formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import * as screenStyles from "../screen.css.ts";
import { gradingResultsLinks } from "./results-routes.ts";
import { markText } from "./results-shared.tsx";

/** A mark's inline editor loads when its Edit is first pressed (lazyDialog), with the form library. */
const MarkForm = lazyDialog(() => import("./MarkForm.tsx").then((module) => module.MarkForm));

export type StudentGradingDetailsProps = ScreenIslandProps & {
  courseOfferingId: string;
  studentId: string;
  /** The component of the sub-component view; "" for the student components page. */
  componentName: string;
};

/** One sub-component mark of the student, as the component marks call answers it. */
export type MarkRow = ComponentMarks["marks"][number];
type ComponentSum = ComponentMarks["components"][number];

/** The student components page / sub-component view island, inside its IslandRoot. */
export default function StudentGradingDetails({
  courseOfferingId,
  studentId,
  componentName,
  search: _search,
  ...root
}: StudentGradingDetailsProps) {
  return (
    <IslandRoot {...root}>
      <StudentGradingDetailsScreen
        courseOfferingId={courseOfferingId}
        studentId={studentId}
        componentName={componentName}
      />
    </IslandRoot>
  );
}

/** First query of the student grading detail routes: the student's marks (of one component, when named). */
export function studentGradingDetailsFirstQuery(
  courseOfferingId: string,
  studentId: string,
  componentName: string,
): FirstQuery {
  return async ({ api, fetch }) => {
    await fetch(componentMarksQueryOptions(api, courseOfferingId, { studentId, componentName }));
  };
}

/**
 * The student components page (spec §2 Grading detail route, "Student components page": components
 * table with component name (link), marks obtain, total marks) and, under `/{componentName}`, the
 * sub-component view of one component. Each sub-component's mark is entered or corrected inline
 * (spec §4 edit, done, revert): Done saves it at once (POST /sf/exam/admin/cousesubcomponet, the
 * server audits each change), a stale version shows ConflictNotice, Revert restores it.
 */
export function StudentGradingDetailsScreen({
  courseOfferingId,
  studentId,
  componentName,
}: {
  courseOfferingId: string;
  studentId: string;
  componentName: string;
}) {
  const api = useApi();
  const marks = useQuery(componentMarksQueryOptions(api, courseOfferingId, { studentId, componentName }));
  if (marks.isPending) return <Loader label={m.gres_loading()} />;
  if (marks.isError) return <QueryError error={marks.error} onRetry={() => void marks.refetch()} />;
  const data = marks.data;
  const studentName = data.marks[0]?.studentName ?? data.components[0]?.studentName ?? "";
  const back = componentName
    ? gradingResultsLinks.studentDetails(courseOfferingId, studentId)
    : gradingResultsLinks.gradeStudents(courseOfferingId);
  return (
    <div className={screenStyles.screen}>
      <div className={screenStyles.toolbar}>
        <ButtonLink href={back}>{m.gres_back()}</ButtonLink>
        <ButtonLink href={gradingResultsLinks.studentReport(courseOfferingId, studentId)}>
          {m.gres_report_title()}
        </ButtonLink>
      </div>
      <p className={screenStyles.muted}>
        {studentName ? m.gres_student_heading({ name: studentName }) : null}
        {componentName ? ` · ${componentName}` : null}
      </p>
      {componentName ? null : (
        <ComponentsTable courseOfferingId={courseOfferingId} studentId={studentId} sums={data.components} />
      )}
      <MarksEditor
        courseOfferingId={courseOfferingId}
        rows={data.marks}
        published={data.status === "Published"}
        onReload={() => marks.refetch()}
      />
    </div>
  );
}

function ComponentsTable({
  courseOfferingId,
  studentId,
  sums,
}: {
  courseOfferingId: string;
  studentId: string;
  sums: ComponentSum[];
}) {
  const columns = useMemo<DataTableColumn<ComponentSum>[]>(
    () => [
      {
        id: "name",
        header: m.gres_col_component_name(),
        rowHeader: true,
        cell: (c) => (
          <a
            className={screenStyles.link}
            href={gradingResultsLinks.studentComponent(courseOfferingId, studentId, c.ComponentName)}
          >
            {c.ComponentName}
          </a>
        ),
      },
      {
        id: "obtained",
        header: m.gres_col_marks_obtain(),
        align: "end",
        cell: (c) => formatMarks(c.MarksObtined),
      },
      {
        id: "total",
        header: m.gres_col_total_marks(),
        align: "end",
        cell: (c) => formatNumber(c.TotalMarks),
      },
    ],
    [courseOfferingId, studentId],
  );
  return (
    <DataTable
      caption={m.gres_components_table()}
      columns={columns}
      data={sums}
      getRowId={(c) => c.componentId}
      emptyText={m.gres_no_record()}
    />
  );
}

/** The sub-component marks of the student, each editable inline. */
function MarksEditor({
  courseOfferingId,
  rows,
  published,
  onReload,
}: {
  courseOfferingId: string;
  rows: MarkRow[];
  published: boolean;
  onReload: () => Promise<unknown>;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const columns: DataTableColumn<MarkRow>[] = [
    { id: "component", header: m.gres_col_component(), cell: (r) => r.ComponentName },
    { id: "sub", header: m.gres_col_sub_component(), cell: (r) => r.SubComponentName, rowHeader: true },
    {
      id: "marks",
      header: m.gres_col_marks(),
      cell: (r) =>
        editing === r.subComponentId ? (
          <MarkForm
            courseOfferingId={courseOfferingId}
            row={r}
            published={published}
            onDone={() => setEditing(null)}
            onReload={onReload}
          />
        ) : (
          <span>
            {markText(r.MarksObtined, r.TotalMarks)}{" "}
            <RowEditActions
              editing={false}
              editDisabled={editing !== null}
              labels={{
                edit: m.gres_col_edit(),
                done: m.gres_done(),
                revert: m.gres_revert(),
                editName: m.gres_edit_mark_of({ name: r.SubComponentName }),
              }}
              onEdit={() => setEditing(r.subComponentId)}
              onDone={() => undefined}
              onRevert={() => undefined}
            />
          </span>
        ),
    },
  ];
  return (
    <DataTable
      caption={m.gres_marks_table()}
      columns={columns}
      data={rows}
      getRowId={(r) => r.subComponentId}
      emptyText={m.gres_no_record()}
    />
  );
}

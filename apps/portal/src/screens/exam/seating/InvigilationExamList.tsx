import type { ExamTimetableRow } from "@portal/api-client";
import type { DataTableColumn } from "@portal/ui";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps } from "../../../shell/IslandRoot.tsx";
import { CycleExamList, cycleExamListFirstQuery } from "./CycleExamList.tsx";
import { seatingLinks } from "./routes.ts";
import * as styles from "./seating.css.ts";

/** The island's props; `search` is `?cycle=&page=&pageSize=`. */
export type InvigilationExamListProps = ScreenIslandProps;

/**
 * The invigilation list island (/app/exams/invigilationProctoring and /app/exam/invigilationProctoring):
 * the exams of a cycle with their invigilation status (invigilators assigned of those needed) and a
 * link to each exam's assignment page.
 */
export default function InvigilationExamList({ search, ...root }: InvigilationExamListProps) {
  return (
    <IslandRoot {...root}>
      <CycleExamList search={search} caption={m.invig_exams_table()} extraColumns={invigilationColumns} />
    </IslandRoot>
  );
}

function invigilationColumns(): DataTableColumn<ExamTimetableRow>[] {
  return [
    { id: "status", header: m.invig_col_status(), cell: (r) => <StatusCell row={r} /> },
    {
      id: "action",
      header: m.invig_col_action(),
      cell: (r) => (
        <a
          className={styles.link}
          href={seatingLinks.invigilationAssign(r.id)}
          aria-label={m.invig_assign_link_label({ course: r.course, section: r.section, batch: r.batch })}
        >
          {m.invig_assign_link()}
        </a>
      ),
    },
  ];
}

/**
 * An exam's invigilation status, from the figures the timetable row carries: "{assigned} of
 * {needed} assigned" over the exam's rooms (needed follows the seated students and the ratio).
 */
function StatusCell({ row }: { row: ExamTimetableRow }) {
  const assigned = row.invigilatorsAssigned;
  const needed = row.invigilatorsNeeded;
  return (
    <>{needed === 0 ? m.invig_status_unseated({ assigned }) : m.invig_status_value({ assigned, needed })}</>
  );
}

/** The invigilation list page's first query (the cycles and the first page of the cycle shown), run by its page. */
export const invigilationExamListFirstQuery: FirstQuery = cycleExamListFirstQuery;

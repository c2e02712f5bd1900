import type { ExamTimetableRow } from "@portal/api-client";
import type { DataTableColumn } from "@portal/ui";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps } from "../../../shell/IslandRoot.tsx";
import { CycleExamList, cycleExamListFirstQuery } from "./CycleExamList.tsx";
import { seatingLinks } from "./routes.ts";
import * as styles from "./seating.css.ts";

/** The island's props; `search` is `?cycle=&page=&pageSize=`. */
export type SeatingExamListProps = ScreenIslandProps;

/** The seating plan list island (/app/exams/seatingPlan), inside its IslandRoot. */
export default function SeatingExamList({ search, ...root }: SeatingExamListProps) {
  return (
    <IslandRoot {...root}>
      <CycleExamList search={search} caption={m.seat_exams_table()} extraColumns={seatingColumns} />
    </IslandRoot>
  );
}

/** The link column: each exam's seating plan. */
function seatingColumns(): DataTableColumn<ExamTimetableRow>[] {
  return [
    {
      id: "seating",
      header: m.seat_col_seating(),
      cell: (r) => (
        <a
          className={styles.link}
          href={seatingLinks.plan(r.id)}
          aria-label={m.seat_open_plan_label({ course: r.course, section: r.section, batch: r.batch })}
        >
          {m.seat_open_plan()}
        </a>
      ),
    },
  ];
}

/** The seating plan list page's first query (the cycles and the first page of the cycle shown), run by its page. */
export const seatingExamListFirstQuery: FirstQuery = cycleExamListFirstQuery;

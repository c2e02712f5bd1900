import type { ExamTimetableRow, PublicConfig } from "@portal/api-client";
import type { Locale } from "@portal/domain";
import type { DataTableColumn } from "@portal/ui";
import { m } from "../../lib/i18n.ts";
import { IslandRoot, type IslandRootProps } from "../../shell/IslandRoot.tsx";
import { CycleExamList } from "./CycleExamList.tsx";
import { seatingLinks } from "./routes.ts";
import * as styles from "./seating.css.ts";

export type SeatingExamListProps = {
  locale: Locale;
  /** The request's query string (`?cycle=&page=&pageSize=`). */
  search: string;
  config?: PublicConfig | null;
} & Pick<IslandRootProps, "fetch" | "navigate">;

/** The seating plan list island (/app/exams/seatingPlan), inside its IslandRoot. */
export default function SeatingExamList({ locale, search, ...rest }: SeatingExamListProps) {
  return (
    <IslandRoot locale={locale} {...rest}>
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

import type { EvaluationOverviewExam } from "@portal/api-client";
import type { DataTableColumn } from "@portal/ui";
import { useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps } from "../../../shell/IslandRoot.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { useExamCycleUrlState } from "../../kit/exam-cycle.ts";
import { formatNumber } from "../../kit/format.ts";
import { ExamPageGrid, examPageGridFirstQuery, openColumn } from "./ExamPageGrid.tsx";
import * as styles from "./evaluation.css.ts";
import { deadlineText, orNa } from "./labels.ts";
import { parseEvaluationListState, serializeEvaluationListState } from "./list-state.ts";
import { evaluationLinks } from "./routes.ts";

/** The island's props; `search` is `?cycle=&page=&pageSize=`. */
export type EvaluationExamListProps = ScreenIslandProps;

/** The evaluation list island (/app/exams/evaluation), inside its IslandRoot. */
export default function EvaluationExamList({ search, ...root }: EvaluationExamListProps) {
  return (
    <IslandRoot {...root}>
      <EvaluationExamListScreen search={search} />
    </IslandRoot>
  );
}

/** The evaluation list page's first query (its first page of exams and the cycles), run by its page. */
export const evaluationExamListFirstQuery: FirstQuery = examPageGridFirstQuery;

function listColumns(): DataTableColumn<EvaluationOverviewExam>[] {
  return [
    { id: "course", header: m.ev_col_course(), cell: (e) => e.courseName, rowHeader: true },
    { id: "courseCode", header: m.ev_col_course_code(), cell: (e) => e.courseCode },
    { id: "section", header: m.ev_col_section(), cell: (e) => e.section },
    { id: "batch", header: m.ev_col_batch(), cell: (e) => e.batch },
    { id: "date", header: m.ev_col_date_of_exam(), cell: (e) => displayDate(e.dateOfExam) },
    { id: "deadline", header: m.ev_col_deadline(), cell: (e) => deadlineText(e.deadline) },
    { id: "faculty", header: m.ev_col_subject_faculty(), cell: (e) => orNa(e.subjectFaculty) },
    {
      id: "evaluators",
      header: m.ev_card_evaluators(),
      align: "end",
      cell: (e) => formatNumber(e.summary.evaluators),
    },
    {
      id: "requested",
      header: m.ev_card_requested(),
      align: "end",
      cell: (e) => formatNumber(e.summary.requested),
    },
    {
      id: "accepted",
      header: m.ev_card_accepted(),
      align: "end",
      cell: (e) => formatNumber(e.summary.accepted),
    },
    {
      id: "rejected",
      header: m.ev_card_rejected(),
      align: "end",
      cell: (e) => formatNumber(e.summary.rejected),
    },
    openColumn((e: EvaluationOverviewExam) => e),
  ];
}

/**
 * The evaluation list (spec §2 /app/exams/evaluation, breadcrumb Exam > Evaluation): a cycle's exams
 * (cycle Select, all cycles allowed; 10, 25 or 50 a page) with their evaluation deadline, subject
 * faculty and evaluator counts per status (one GET /sf/exam/evaluationOverview per page) and a link
 * to each exam's Evaluation page; links to the evaluation table and plan of the same cycle.
 */
export function EvaluationExamListScreen({ search }: { search: string }) {
  const [state, navigate] = useExamCycleUrlState(
    search,
    parseEvaluationListState,
    serializeEvaluationListState,
  );
  const columns = useMemo(listColumns, []);
  return (
    <ExamPageGrid state={state} navigate={navigate} caption={m.ev_list_table()} columns={columns}>
      <nav aria-label={m.ev_more_views()} className={styles.actions}>
        <a className={styles.link} href={evaluationLinks.table(state.cycle)}>
          {m.ev_table_title()}
        </a>
        <a className={styles.link} href={evaluationLinks.plan(state.cycle)}>
          {m.ev_plan_title()}
        </a>
      </nav>
    </ExamPageGrid>
  );
}

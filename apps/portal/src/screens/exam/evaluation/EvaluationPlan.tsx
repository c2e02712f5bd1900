import type { EvaluationOverviewExam } from "@portal/api-client";
import type { DataTableColumn } from "@portal/ui";
import { useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps } from "../../../shell/IslandRoot.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { useExamCycleUrlState } from "../../kit/exam-cycle.ts";
import { formatNumber } from "../../kit/format.ts";
import { ExamPageGrid, examPageGridFirstQuery, openColumn } from "./ExamPageGrid.tsx";
import { deadlineText } from "./labels.ts";
import { parseEvaluationListState, serializeEvaluationListState } from "./list-state.ts";

/** The island's props; `search` is `?cycle=&page=&pageSize=`. */
export type EvaluationPlanProps = ScreenIslandProps;

/** The evaluation plan island (/app/exams/evaluvationPlan), inside its IslandRoot. */
export default function EvaluationPlan({ search, ...root }: EvaluationPlanProps) {
  return (
    <IslandRoot {...root}>
      <EvaluationPlanScreen search={search} />
    </IslandRoot>
  );
}

/** The evaluation plan page's first query (its first page of exams and the cycles), run by its page. */
export const evaluationPlanFirstQuery: FirstQuery = examPageGridFirstQuery;

/** Where an exam's plan stands: no active evaluator yet, waiting for answers, or ready (all accepted). */
function planText({ requested, accepted }: EvaluationOverviewExam["summary"]): string {
  if (requested + accepted === 0) return m.ev_plan_none();
  return requested > 0 ? m.ev_plan_waiting() : m.ev_plan_ready();
}

function planColumns(): DataTableColumn<EvaluationOverviewExam>[] {
  return [
    { id: "course", header: m.ev_col_course(), cell: (e) => e.courseName, rowHeader: true },
    { id: "section", header: m.ev_col_section(), cell: (e) => e.section },
    { id: "date", header: m.ev_col_date_of_exam(), cell: (e) => displayDate(e.dateOfExam) },
    { id: "deadline", header: m.ev_col_deadline(), cell: (e) => deadlineText(e.deadline) },
    {
      id: "answerSheets",
      header: m.ev_card_answer_sheets(),
      align: "end",
      cell: (e) => formatNumber(e.summary.answerSheets),
    },
    {
      id: "active",
      header: m.ev_col_active(),
      align: "end",
      cell: (e) => formatNumber(e.summary.requested + e.summary.accepted),
    },
    {
      id: "accepted",
      header: m.ev_card_accepted(),
      align: "end",
      cell: (e) => formatNumber(e.summary.accepted),
    },
    {
      id: "perEvaluator",
      header: m.ev_card_sheets_per_evaluator(),
      align: "end",
      cell: (e) =>
        e.summary.sheetsPerEvaluator === null ? m.ev_na() : formatNumber(e.summary.sheetsPerEvaluator),
    },
    { id: "plan", header: m.ev_col_plan(), cell: (e) => planText(e.summary) },
    openColumn((e: EvaluationOverviewExam) => e),
  ];
}

/**
 * The evaluation plan (spec §2 /app/exams/evaluvationPlan, spelled so): per exam of a cycle (a page
 * at a time), the answer sheets, the active evaluators (Requested or Accepted), those accepted and
 * the sheets per active evaluator, with where the plan stands: no evaluator yet, waiting for answers
 * (some still Requested), or ready (all active ones accepted); and each exam's evaluation deadline.
 * One GET /sf/exam/evaluationOverview per page.
 */
export function EvaluationPlanScreen({ search }: { search: string }) {
  const [state, navigate] = useExamCycleUrlState(
    search,
    parseEvaluationListState,
    serializeEvaluationListState,
  );
  const columns = useMemo(planColumns, []);
  return <ExamPageGrid state={state} navigate={navigate} caption={m.ev_plan_table()} columns={columns} />;
}

import type { PublicConfig } from "@portal/api-client";
import type { Locale } from "@portal/domain";
import type { DataTableColumn } from "@portal/ui";
import { useMemo } from "react";
import { m } from "../../lib/i18n.ts";
import { IslandRoot, type IslandRootProps } from "../../shell/IslandRoot.tsx";
import { useUrlState } from "../exams/use-url-state.ts";
import { ExamPageGrid, evaluationFigure } from "./ExamPageGrid.tsx";
import * as styles from "./evaluation.css.ts";
import { displayDate } from "./labels.ts";
import { parseEvaluationListState, serializeEvaluationListState } from "./list-state.ts";
import { evaluationLinks } from "./routes.ts";
import type { ExamWithEvaluators } from "./use-exam-evaluators.ts";

export type EvaluationPlanProps = {
  locale: Locale;
  /** The request's query string (`?cycle=&page=&pageSize=`). */
  search: string;
  config?: PublicConfig | null;
} & Pick<IslandRootProps, "fetch" | "navigate">;

/** The evaluation plan island (/app/exams/evaluvationPlan), inside its IslandRoot. */
export default function EvaluationPlan({ locale, search, ...rest }: EvaluationPlanProps) {
  return (
    <IslandRoot locale={locale} {...rest}>
      <EvaluationPlanScreen search={search} />
    </IslandRoot>
  );
}

function planColumns(): DataTableColumn<ExamWithEvaluators>[] {
  return [
    { id: "course", header: m.ev_col_course(), cell: (i) => i.exam.course, rowHeader: true },
    { id: "section", header: m.ev_col_section(), cell: (i) => i.exam.section },
    { id: "date", header: m.ev_col_date_of_exam(), cell: (i) => displayDate(i.exam.dateOfExam) },
    {
      id: "answerSheets",
      header: m.ev_card_answer_sheets(),
      align: "end",
      cell: (i) => evaluationFigure(i, (e) => e.summary.answerSheets),
    },
    {
      id: "active",
      header: m.ev_col_active(),
      align: "end",
      cell: (i) => evaluationFigure(i, (e) => e.summary.requested + e.summary.accepted),
    },
    {
      id: "accepted",
      header: m.ev_card_accepted(),
      align: "end",
      cell: (i) => evaluationFigure(i, (e) => e.summary.accepted),
    },
    {
      id: "perEvaluator",
      header: m.ev_card_sheets_per_evaluator(),
      align: "end",
      cell: (i) => evaluationFigure(i, (e) => e.summary.sheetsPerEvaluator ?? m.ev_na()),
    },
    {
      id: "plan",
      header: m.ev_col_plan(),
      cell: (i) =>
        evaluationFigure(i, (e) =>
          e.summary.requested + e.summary.accepted === 0
            ? m.ev_plan_none()
            : e.summary.requested > 0
              ? m.ev_plan_waiting()
              : m.ev_plan_ready(),
        ),
    },
    {
      id: "open",
      header: m.ev_col_evaluation(),
      cell: (i) => (
        <a
          className={styles.link}
          href={evaluationLinks.exam(i.exam.id)}
          aria-label={m.ev_open_label({ course: i.exam.course, section: i.exam.section })}
        >
          {m.ev_open()}
        </a>
      ),
    },
  ];
}

/**
 * The evaluation plan (spec §2 /app/exams/evaluvationPlan, spelled so): per exam of a cycle (a page
 * at a time), the answer sheets, the active evaluators (Requested or Accepted), those accepted and
 * the sheets per active evaluator, with where the plan stands: no evaluator yet, waiting for answers
 * (some still Requested), or ready (all active ones accepted). From GET /salesforce/TimeTable and one
 * GET /sf/exam/evaluatorList/{id} per exam of the page.
 */
export function EvaluationPlanScreen({ search }: { search: string }) {
  const [state, navigate] = useUrlState(search, parseEvaluationListState, serializeEvaluationListState);
  const columns = useMemo(planColumns, []);
  return <ExamPageGrid state={state} navigate={navigate} caption={m.ev_plan_table()} columns={columns} />;
}

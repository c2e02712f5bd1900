import { ButtonLink } from "@portal/ui";
import { m } from "../../lib/i18n.ts";
import { IslandRoot, type ScreenIslandProps } from "../../shell/IslandRoot.tsx";
import * as styles from "../screen.css.ts";
import { CountGroup, WithOverview } from "./Overview.tsx";
import { adminLinks } from "./routes.ts";

export { adminOverviewFirstQuery as adminExamManagementFirstQuery } from "./Overview.tsx";

/** The exam counts island (`/app/admin-management/exam`). */
export default function AdminExamManagement({ search: _search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <AdminExamManagementScreen />
    </IslandRoot>
  );
}

const EXAM_STATE_LABELS: Record<string, () => string> = {
  Upcoming: m.admin_exam_upcoming,
  Today: m.admin_exam_today,
  Held: m.admin_exam_held,
};

/**
 * Exam management counts (`/app/admin-management/exam`, spec route table): exams per state on the
 * server's today (Upcoming, Today, Held), question papers per status, evaluator assignments per
 * status, revaluation and retest requests per state, every count read from the database. Status
 * names are the records' own (spec §4 labels).
 */
export function AdminExamManagementScreen() {
  return (
    <WithOverview
      render={(o) => (
        <>
          <div className={styles.toolbar}>
            <ButtonLink variant="secondary" href={adminLinks.management()}>
              {m.admin_management_title()}
            </ButtonLink>
          </div>
          <CountGroup
            title={m.admin_exams_by_state()}
            counts={o.exams.byState}
            label={(n) => EXAM_STATE_LABELS[n]?.() ?? n}
          />
          <CountGroup title={m.admin_question_papers()} counts={o.exams.questionPapers} />
          <CountGroup title={m.admin_evaluators()} counts={o.exams.evaluators} />
          <CountGroup title={m.admin_revaluations()} counts={o.exams.revaluations} />
          <CountGroup title={m.admin_retests()} counts={o.exams.retests} />
        </>
      )}
    />
  );
}

import { questionPaperCountsQueryOptions } from "@portal/api-client";
import { type Locale, QUESTION_PAPER_STATUSES, type QuestionPaperStatus } from "@portal/domain";
import { Loader } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { IslandRoot, type IslandRootProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatNumber } from "../kit/format.ts";
import * as styles from "./dashboard.css.ts";

/** The dashboard island inside its IslandRoot. */
export default function DashboardIsland({
  locale,
  ...rest
}: { locale: Locale } & Pick<IslandRootProps, "config" | "fetch" | "navigate">) {
  return (
    <IslandRoot locale={locale} {...rest}>
      <DashboardScreen />
    </IslandRoot>
  );
}

/** Label of a question paper status in the page's language (the en text is the spec's, §4). */
export const STATUS_LABEL: Record<QuestionPaperStatus, () => string> = {
  "Not Submitted": m.dashboard_status_not_submitted,
  Submitted: m.dashboard_status_submitted,
  "Under Review": m.dashboard_status_under_review,
  Approved: m.dashboard_status_approved,
  "Request Sent": m.dashboard_status_request_sent,
};

/** Link to the question paper list filtered by `status` (all papers when null). */
export function questionPaperListHref(status: QuestionPaperStatus | null): string {
  return status ? `/app/exam/questionPaper?status=${encodeURIComponent(status)}` : "/app/exam/questionPaper";
}

const TILES: readonly (QuestionPaperStatus | null)[] = [null, ...QUESTION_PAPER_STATUSES];

/**
 * Question papers per status, counted by the API in one call (GET /sf/exam/questionPaperCounts);
 * each tile links to the list filtered by its status.
 */
export function DashboardScreen() {
  const api = useApi();
  const counts = useQuery(questionPaperCountsQueryOptions(api));
  const failed = counts.isError ? counts : undefined;
  return (
    <section aria-labelledby="dashboard-question-papers">
      <h2 className={styles.sectionTitle} id="dashboard-question-papers">
        {m.dashboard_question_papers()}
      </h2>
      {failed?.error ? (
        <p role="alert" className={styles.error}>
          {m.shell_error_fallback({ message: failed.error.message })}
        </p>
      ) : null}
      <ul className={styles.grid}>
        {TILES.map((status) => {
          const value = status
            ? counts.data?.statusCounts.find((s) => s.status === status)?.count
            : counts.data?.noOfRecords;
          const label = status ? STATUS_LABEL[status]() : m.dashboard_total();
          return (
            <li key={status ?? "all"}>
              <a
                className={status ? styles.tile : styles.totalTile}
                href={questionPaperListHref(status)}
                title={status ? m.dashboard_open_list({ status: label }) : m.dashboard_open_all()}
              >
                <span className={styles.tileLabel}>{label}</span>
                <span className={styles.tileValue}>
                  {value !== undefined ? (
                    formatNumber(value)
                  ) : counts.isError ? (
                    "–"
                  ) : (
                    <Loader size="sm" label={m.shell_loading()} />
                  )}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

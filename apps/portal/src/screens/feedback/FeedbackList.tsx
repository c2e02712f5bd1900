import {
  type FeedbackFormListRow,
  feedbackFormListQueryOptions,
  feedbackResultsQueryOptions,
} from "@portal/api-client";
import { Button, type DataTableColumn, StatusChip } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { displayDate } from "../kit/display-date.ts";
import { formatNumber, pluralCount } from "../kit/format.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { feedbackKindLabel, feedbackLinks, feedbackStatusLabel } from "./labels.ts";

/** A page size of the forms list (the domain's LIST_PAGE_SIZES). */
export type FeedbackPageSize = 25 | 50 | 100;
const PAGE_SIZES: readonly FeedbackPageSize[] = [25, 50, 100];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's state in the address: `?page=&pageSize=&form=` (form: the form whose results are open). */
export type FeedbackListState = { page: number; pageSize: FeedbackPageSize; form: string };

/** Reads the list's state from a query string; anything unknown falls back to the default. */
export function parseFeedbackListState(search: string): FeedbackListState {
  const q = new URLSearchParams(search);
  const page = Number(q.get("page") ?? "1");
  const size = Number(q.get("pageSize") ?? "25");
  const form = q.get("form") ?? "";
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as FeedbackPageSize) : 25,
    form: UUID.test(form) ? form : "",
  };
}

/** The query string of a list state, defaults left out. */
export function serializeFeedbackListState(state: FeedbackListState): string {
  const q = new URLSearchParams();
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== 25) q.set("pageSize", String(state.pageSize));
  if (state.form) q.set("form", state.form);
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** The feedback list island (`/app/feedback/feedback-list?page=&pageSize=&form=`). */
export default function FeedbackList({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <FeedbackListScreen search={search} />
    </IslandRoot>
  );
}

/** First queries, run on the server: the address's page of forms, and the open form's results. */
export const feedbackListFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseFeedbackListState(search);
  await fetch(feedbackFormListQueryOptions(api, { pageNo: state.page, count: state.pageSize }));
  if (state.form) await fetch(feedbackResultsQueryOptions(api, state.form));
};

/**
 * The results of form `formId`: per question its kind, how many answered, and for a rating the
 * average of 5 with the counts of 1 to 5; for free text the answers given. Nothing names a student.
 */
export function FeedbackResults({ formId, onClose }: { formId: string; onClose: () => void }) {
  const api = useApi();
  const results = useQuery(feedbackResultsQueryOptions(api, formId));
  if (results.isPending) return <p className={styles.muted}>{m.feedback_loading()}</p>;
  if (results.isError) return <QueryError error={results.error} onRetry={() => void results.refetch()} />;
  const { form } = results.data;
  const heading = m.feedback_results_of({ title: form.title });
  return (
    <section className={styles.screen} aria-label={heading}>
      <h2 className={styles.sectionTitle}>{heading}</h2>
      <p className={styles.muted}>
        {m.feedback_form_heading({
          title: form.title,
          code: form.courseCode,
          name: form.courseName,
          section: form.section,
        })}{" "}
        ·{" "}
        {m.feedback_responses_of({
          responses: formatNumber(form.responses),
          invited: formatNumber(form.invited),
        })}
      </p>
      <ol>
        {results.data.results.map((q) => (
          <li key={q.id}>
            <h3 className={styles.sectionTitle}>{q.prompt}</h3>
            <p className={styles.muted}>
              {feedbackKindLabel(q.kind)} ·{" "}
              {pluralCount(q.answers, m.feedback_answers_one, m.feedback_answers_other)}
            </p>
            {q.kind === "rating" && q.average !== null && (
              <p>
                {m.feedback_average({ average: formatNumber(q.average) })} ·{" "}
                {m.feedback_distribution({ counts: q.distribution.map((n) => formatNumber(n)).join(" / ") })}
              </p>
            )}
            {q.answers === 0 && <p className={styles.muted}>{m.feedback_no_answers()}</p>}
            {q.kind === "text" && q.texts.length > 0 && (
              <ul>
                {q.texts.map((text, i) => (
                  // Texts carry no id; their order is the server's and fixed.
                  // biome-ignore lint/suspicious/noArrayIndexKey: answers are anonymous and may repeat
                  <li key={i}>{text}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          {m.feedback_close_results()}
        </Button>
      </div>
    </section>
  );
}

/**
 * Feedback forms (`/app/feedback/feedback-list`, spec route feedbackList): the forms of the course
 * offerings within the user's scope, latest closing date first, paged on the server, with course,
 * section, term, batch, open days, status and responses of invited; per row Results (shown below
 * the list, kept in the address), Edit (feedbackSetup) and Students (studentList); New feedback form.
 */
export function FeedbackListScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseFeedbackListState, serializeFeedbackListState);
  const list = useQuery({
    ...feedbackFormListQueryOptions(api, { pageNo: state.page, count: state.pageSize }),
    placeholderData: keepPreviousData,
  });
  const columns: DataTableColumn<FeedbackFormListRow>[] = [
    { id: "title", header: m.feedback_col_title(), cell: (f) => f.title, rowHeader: true },
    { id: "course", header: m.feedback_col_course(), cell: (f) => `${f.courseCode} ${f.courseName}` },
    { id: "section", header: m.feedback_col_section(), cell: (f) => f.section },
    { id: "term", header: m.feedback_col_term(), cell: (f) => f.termName },
    { id: "batch", header: m.feedback_col_batch(), cell: (f) => f.batch },
    {
      id: "open",
      header: m.feedback_col_open(),
      cell: (f) => `${displayDate(f.opensOn)} – ${displayDate(f.closesOn)}`,
    },
    {
      id: "status",
      header: m.feedback_col_status(),
      cell: (f) => {
        const s = feedbackStatusLabel(f.status);
        return <StatusChip tone={s.tone}>{s.label}</StatusChip>;
      },
    },
    {
      id: "responses",
      header: m.feedback_col_responses(),
      cell: (f) =>
        m.feedback_responses_of({ responses: formatNumber(f.responses), invited: formatNumber(f.invited) }),
    },
    {
      id: "actions",
      header: m.feedback_col_actions(),
      cell: (f) => (
        <div className={styles.actions}>
          <Button
            size="sm"
            variant={state.form === f.id ? "primary" : "secondary"}
            aria-label={`${m.feedback_results()}: ${f.title}`}
            onClick={() => navigate({ ...state, form: f.id })}
          >
            {m.feedback_results()}
          </Button>
          <a
            className={styles.link}
            href={feedbackLinks.setup(f.id)}
            aria-label={`${m.feedback_edit()}: ${f.title}`}
          >
            {m.feedback_edit()}
          </a>
          <a
            className={styles.link}
            href={feedbackLinks.students(f.id)}
            aria-label={`${m.feedback_students()}: ${f.title}`}
          >
            {m.feedback_students()}
          </a>
        </div>
      ),
    },
  ];
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <a className={styles.link} href={feedbackLinks.setup()}>
          {m.feedback_new()}
        </a>
      </div>
      <PagedTable<NonNullable<typeof list.data>, FeedbackFormListRow, FeedbackPageSize, FeedbackListState>
        query={list}
        rows={(data) => data.forms}
        state={state}
        navigate={navigate}
        pageSizes={PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={m.feedback_list_title()}
        columns={columns}
        getRowId={(f) => f.id}
        emptyText={m.feedback_no_record()}
        loadingLabel={m.feedback_loading()}
      />
      {state.form && <FeedbackResults formId={state.form} onClose={() => navigate({ ...state, form: "" })} />}
    </div>
  );
}

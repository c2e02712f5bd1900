import {
  createEtlJobMutationOptions,
  type EtlErrorPage,
  type EtlJob,
  type EtlJobKind,
  etlJobErrorsQueryOptions,
  etlJobQueryOptions,
  etlJobsQueryOptions,
  etlKeys,
  isEtlJobActive,
} from "@portal/api-client";
import {
  ETL_COLUMNS,
  ETL_KINDS,
  ETL_MESSAGES,
  type EtlJobStatus,
  etlTemplate,
  MAX_ETL_BYTES,
  MAX_ETL_ROWS,
} from "@portal/domain";
import { Button, ButtonLink, type DataTableColumn, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { BoundSelect, type MessageTranslations } from "../form-field.tsx";
import { formatInstant, formatNumber } from "../kit/format.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { type EtlPageSize, type EtlState, parseEtlState, serializeEtlState } from "./etl-state.ts";
import { adminLinks } from "./routes.ts";

/** One bad row of a job's error log. */
type EtlErrorRow = EtlErrorPage["errors"][number];

const PAGE_SIZES = [10, 25, 50] as const satisfies readonly EtlPageSize[];
/** Jobs per page of the job list. */
const JOBS_PER_PAGE = 10;

/** The English messages of the upload in the page's language. */
const TRANSLATIONS: MessageTranslations = {
  [ETL_MESSAGES.chooseKind]: m.etl_err_choose_kind,
  [ETL_MESSAGES.chooseFile]: m.etl_err_choose_file,
  [ETL_MESSAGES.fileFormat]: m.etl_err_format,
  [ETL_MESSAGES.tooLarge]: m.etl_err_too_large,
};

/** A kind's label (Students, Faculty, Courses, Enrolments). */
export function etlKindLabel(kind: EtlJobKind): string {
  return {
    students: m.etl_kind_students,
    faculty: m.etl_kind_faculty,
    courses: m.etl_kind_courses,
    enrolments: m.etl_kind_enrolments,
  }[kind]();
}

/** A job status's label. */
export function etlStatusLabel(status: EtlJobStatus): string {
  return {
    queued: m.etl_status_queued,
    running: m.etl_status_running,
    done: m.etl_status_done,
    failed: m.etl_status_failed,
  }[status]();
}

/** The domain's upload form rule (ZEtlUploadForm), loaded after first paint (kit/lazy-schema.ts). */
const uploadSchema = lazySchema(() =>
  import("@portal/domain/etl-input").then((module) => module.ZEtlUploadForm),
);
type UploadValues = { kind: EtlJobKind | ""; file: File | null };

/** The bulk import island (`/app/admin-management/import?job=&page=&pageSize=&jobsPage=`). */
export default function BulkImport({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <BulkImportScreen search={search} />
    </IslandRoot>
  );
}

/** First query, run on the server: the first page of jobs and the job in the address with its errors. */
export const bulkImportFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseEtlState(search);
  await fetch(etlJobsQueryOptions(api, { pageNo: state.jobsPage, count: JOBS_PER_PAGE }));
  if (state.job) {
    await fetch(etlJobQueryOptions(api, state.job));
    await fetch(etlJobErrorsQueryOptions(api, state.job, { pageNo: state.page, count: state.pageSize }));
  }
};

/** The template of a kind as a file to download: its header line. */
function templateHref(kind: EtlJobKind): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(etlTemplate(kind))}`;
}

/** Choose what to import and the file; a refused upload shows the server's reason at the file. */
function UploadForm({ onQueued }: { onQueued: (job: EtlJob) => void }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const create = useMutation(createEtlJobMutationOptions(api));
  const validators = useSchemaValidators(uploadSchema);
  const form = useForm({
    defaultValues: { kind: "", file: null } as UploadValues,
    validators,
    onSubmit: async ({ value, formApi }) => {
      const { kind, file } = uploadSchema.parse(value);
      try {
        const job = await create.mutateAsync({ kind, file, fileName: file.name });
        toast.success(m.etl_uploaded());
        formApi.reset();
        onQueued(job);
      } catch (error) {
        const refusal = readRefusal(error, TRANSLATIONS);
        formApi.setFieldMeta("file", (meta) => ({
          ...meta,
          errorMap: { ...meta.errorMap, onServer: refusal.message },
        }));
      } finally {
        await queryClient.invalidateQueries({ queryKey: etlKeys.all });
      }
    },
  });
  return (
    <form
      aria-label={m.etl_upload_title()}
      noValidate
      className={styles.screen}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h2 className={styles.sectionTitle}>{m.etl_upload_title()}</h2>
      <p className={styles.muted}>
        {m.etl_limits({
          size: formatNumber(MAX_ETL_BYTES / 1024 / 1024),
          rows: formatNumber(MAX_ETL_ROWS - 1),
        })}
      </p>
      <div className={styles.filters}>
        <form.Field name="kind">
          {(field) => (
            <BoundSelect
              field={field}
              translations={TRANSLATIONS}
              className={styles.filterField}
              label={m.etl_kind()}
              placeholder={m.etl_select_kind()}
              options={ETL_KINDS.map((k) => ({ value: k, label: etlKindLabel(k) }))}
            />
          )}
        </form.Field>
        <form.Field name="file">
          {(field) => {
            const error = field.state.meta.errors[0];
            const text =
              typeof error === "string"
                ? error
                : error && typeof error === "object" && "message" in error
                  ? `${(error as { message: unknown }).message}`
                  : null;
            return (
              <label className={styles.filterField}>
                {m.etl_file()}
                <input
                  type="file"
                  name="file"
                  accept=".csv,.xlsx"
                  aria-invalid={text ? true : undefined}
                  onChange={(e) => {
                    field.setMeta((meta) => ({
                      ...meta,
                      errorMap: { ...meta.errorMap, onServer: undefined },
                    }));
                    field.handleChange(e.currentTarget.files?.[0] ?? null);
                  }}
                />
                {text && (
                  <span role="alert" className={styles.errorText}>
                    {TRANSLATIONS[text]?.() ?? text}
                  </span>
                )}
              </label>
            );
          }}
        </form.Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={create.isPending}>
          {m.etl_upload()}
        </Button>
      </div>
      <section aria-label={m.etl_templates()} className={styles.screen}>
        <h3 className={styles.sectionTitle}>{m.etl_templates()}</h3>
        <ul className={styles.cellList}>
          {ETL_KINDS.map((kind) => (
            <li key={kind}>
              <a className={styles.link} href={templateHref(kind)} download={`${kind}-template.csv`}>
                {m.etl_template_for({ kind: etlKindLabel(kind) })}
              </a>{" "}
              <span className={styles.muted}>{m.etl_columns({ columns: ETL_COLUMNS[kind].join(", ") })}</span>
            </li>
          ))}
        </ul>
      </section>
    </form>
  );
}

const when = (instant: string | null) => (instant ? formatInstant(instant) : m.etl_not_yet());

/** The job in the address: status, counts and a progress bar, polled while it runs; then its error log. */
function JobDetails({
  state,
  navigate,
}: {
  state: EtlState;
  navigate: (next: EtlState, replace?: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const job = useQuery(etlJobQueryOptions(api, state.job));
  const active = isEtlJobActive(job.data);
  const errors = useQuery({
    ...etlJobErrorsQueryOptions(api, state.job, { pageNo: state.page, count: state.pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: active ? 1000 : false,
  });
  // Once a job watched while it ran has finished, the list's row and the error log are read again.
  const wasActive = useRef(false);
  useEffect(() => {
    if (active) wasActive.current = true;
    else if (wasActive.current && job.data) {
      wasActive.current = false;
      void queryClient.invalidateQueries({ queryKey: ["etl", "jobs"] });
      void queryClient.invalidateQueries({ queryKey: ["etl", "errors", state.job] });
    }
  }, [active, job.data, queryClient, state.job]);
  if (job.isError) return <QueryError error={job.error} onRetry={() => void job.refetch()} />;
  if (job.isPending) return <p className={styles.muted}>{m.admin_loading()}</p>;
  const j = job.data;
  const errorColumns: DataTableColumn<EtlErrorRow>[] = [
    { id: "line", header: m.etl_col_line(), cell: (e) => formatNumber(e.line), rowHeader: true },
    { id: "field", header: m.etl_col_field(), cell: (e) => e.field ?? m.etl_whole_row() },
    { id: "reason", header: m.etl_col_reason(), cell: (e) => e.reason },
  ];
  return (
    <section className={styles.screen} aria-label={m.etl_job_title({ file: j.fileName })}>
      <h2 className={styles.sectionTitle}>{m.etl_job_title({ file: j.fileName })}</h2>
      <p aria-live="polite">
        {etlKindLabel(j.kind)} · {etlStatusLabel(j.status)} ·{" "}
        {m.etl_progress({ done: formatNumber(j.rowsDone), total: formatNumber(j.rowsTotal) })}
      </p>
      <progress
        aria-label={m.etl_col_progress()}
        max={Math.max(j.rowsTotal, 1)}
        value={j.status === "done" ? Math.max(j.rowsTotal, 1) : j.rowsDone}
      />
      <p className={styles.muted}>
        {m.etl_counts({
          imported: formatNumber(j.rowsImported),
          skipped: formatNumber(j.rowsSkipped),
          failed: formatNumber(j.rowsFailed),
        })}
      </p>
      <p className={styles.muted}>
        {m.etl_started()}: {when(j.startedAt)} · {m.etl_finished()}: {when(j.finishedAt)}
      </p>
      {j.message && (
        <p role="alert" className={styles.errorText}>
          {m.etl_job_message({ message: j.message })}
        </p>
      )}
      <h3 className={styles.sectionTitle}>{m.etl_errors()}</h3>
      <PagedTable<EtlErrorPage, EtlErrorRow, EtlPageSize, EtlState>
        query={errors}
        rows={(data) => data.errors}
        state={state}
        navigate={navigate}
        pageSizes={PAGE_SIZES}
        pagerLabels={pagerLabels(m.etl_errors())}
        errorView={<QueryError error={errors.error} onRetry={() => void errors.refetch()} />}
        caption={m.etl_errors()}
        columns={errorColumns}
        getRowId={(e) => `${e.line}-${e.field ?? ""}-${e.reason}`}
        emptyText={m.etl_no_errors()}
        loadingLabel={m.admin_loading()}
      />
    </section>
  );
}

/** The jobs, newest first, ten a page; View opens one (kept in the address). */
function JobList({
  state,
  navigate,
}: {
  state: EtlState;
  navigate: (next: EtlState, replace?: boolean) => void;
}) {
  const api = useApi();
  const jobs = useQuery({
    ...etlJobsQueryOptions(api, { pageNo: state.jobsPage, count: JOBS_PER_PAGE }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.jobs.some((j) => isEtlJobActive(j)) ? 2000 : false),
  });
  type ListState = { page: number; pageSize: 10 };
  const listState: ListState = { page: state.jobsPage, pageSize: JOBS_PER_PAGE };
  const columns: DataTableColumn<EtlJob>[] = [
    {
      id: "createdAt",
      header: m.etl_col_uploaded(),
      cell: (j) => formatInstant(j.createdAt),
      rowHeader: true,
    },
    { id: "kind", header: m.etl_col_kind(), cell: (j) => etlKindLabel(j.kind) },
    { id: "file", header: m.etl_col_file(), cell: (j) => j.fileName },
    { id: "status", header: m.etl_col_status(), cell: (j) => etlStatusLabel(j.status) },
    {
      id: "progress",
      header: m.etl_col_progress(),
      cell: (j) => m.etl_progress({ done: formatNumber(j.rowsDone), total: formatNumber(j.rowsTotal) }),
    },
    { id: "imported", header: m.etl_col_imported(), cell: (j) => formatNumber(j.rowsImported), align: "end" },
    { id: "skipped", header: m.etl_col_skipped(), cell: (j) => formatNumber(j.rowsSkipped), align: "end" },
    { id: "failed", header: m.etl_col_failed(), cell: (j) => formatNumber(j.rowsFailed), align: "end" },
    { id: "by", header: m.etl_col_by(), cell: (j) => j.createdBy },
    {
      id: "view",
      header: m.etl_view(),
      cell: (j) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={m.etl_view_job({ file: j.fileName })}
          onClick={() => navigate({ ...state, job: j.id, page: 1 })}
        >
          {m.etl_view()}
        </Button>
      ),
    },
  ];
  return (
    <section className={styles.screen} aria-label={m.etl_jobs()}>
      <h2 className={styles.sectionTitle}>{m.etl_jobs()}</h2>
      <PagedTable<NonNullable<typeof jobs.data>, EtlJob, 10, ListState>
        query={jobs}
        rows={(data) => data.jobs}
        state={listState}
        navigate={(next) => navigate({ ...state, jobsPage: next.page })}
        pageSizes={[JOBS_PER_PAGE]}
        pagerLabels={pagerLabels(m.etl_jobs())}
        errorView={<QueryError error={jobs.error} onRetry={() => void jobs.refetch()} />}
        caption={m.etl_jobs()}
        columns={columns}
        getRowId={(j) => j.id}
        emptyText={m.admin_no_record()}
        loadingLabel={m.admin_loading()}
      />
    </section>
  );
}

/**
 * Bulk import (`/app/admin-management/import`, linked from Admin Management; spec §3 etlBaseUrl,
 * §7 "ETL: job details get and post (multipart), error log"): choose what to import (students,
 * faculty, courses, enrolments) and a CSV or XLSX file; the job runs on the server while this screen
 * polls its progress; then its counts and the error log of bad rows (line, column, reason), paged.
 * A template (the header line) per kind; the jobs so far, newest first. The job shown, the error
 * log's page and the list's page live in the address.
 */
export function BulkImportScreen({ search }: { search: string }) {
  const [state, navigate] = useUrlState(search, parseEtlState, serializeEtlState);
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <ButtonLink variant="secondary" href={adminLinks.management()}>
          {m.admin_management_title()}
        </ButtonLink>
      </div>
      <UploadForm onQueued={(job) => navigate({ ...state, job: job.id, page: 1, jobsPage: 1 })} />
      {state.job && <JobDetails state={state} navigate={navigate} />}
      <JobList state={state} navigate={navigate} />
    </div>
  );
}

import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { JsonAnswer } from "./operation-types.ts";

/*
 * Bulk import on the ETL URL (`/api/etl`): openapi/etl.yaml. Administrator and academic office.
 */

/** An import job: status, row counts and times. */
export type EtlJob = JsonAnswer<"getEtlJob">["job"];
/** One page of jobs. */
export type EtlJobPage = JsonAnswer<"listEtlJobs">;
/** One page of a job's bad rows (line, field, reason). */
export type EtlErrorPage = JsonAnswer<"listEtlJobErrors">;
/** What a job imports. */
export type EtlJobKind = EtlJob["kind"];
/** A page of a list: pageNo from 1, count 10, 25 or 50. */
export type EtlPage = { pageNo?: number; count?: 10 | 25 | 50 };

const page = (q: EtlPage) => ({ pageNo: q.pageNo ?? 1, count: q.count ?? 25 });

/** Query keys; invalidate `etlKeys.all` after an upload. */
export const etlKeys = {
  all: ["etl"] as const,
  jobs: (q: EtlPage) => ["etl", "jobs", page(q)] as const,
  job: (id: string) => ["etl", "job", id] as const,
  errors: (id: string, q: EtlPage) => ["etl", "errors", id, page(q)] as const,
};

/** True while a job waits or runs (poll it). */
export function isEtlJobActive(job: Pick<EtlJob, "status"> | undefined): boolean {
  return job?.status === "queued" || job?.status === "running";
}

/** GET /etl/jobs: one page of jobs, newest first. */
export function etlJobsQueryOptions(api: ApiClient, query: EtlPage = {}) {
  const key = etlKeys.jobs(query);
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => unwrap(await api.GET("/etl/jobs", { params: { query: key[2] }, signal })),
  });
}

/**
 * GET /etl/jobs/{id}: the job; refetched every `pollMs` (default 1,000 ms) while it is queued or
 * running, so a screen shows its progress.
 */
export function etlJobQueryOptions(api: ApiClient, id: string, pollMs = 1000) {
  return queryOptions({
    queryKey: etlKeys.job(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/etl/jobs/{id}", { params: { path: { id } }, signal })).job,
    refetchInterval: (query) => (isEtlJobActive(query.state.data) ? pollMs : false),
  });
}

/** GET /etl/jobs/{id}/errors: one page of the job's bad rows by line. */
export function etlJobErrorsQueryOptions(api: ApiClient, id: string, query: EtlPage = {}) {
  const key = etlKeys.errors(id, query);
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/etl/jobs/{id}/errors", { params: { path: { id }, query: key[3] }, signal })),
  });
}

/**
 * POST /etl/jobs (multipart `kind`, `file`): answers the job, queued. ApiError 400 naming `kind`,
 * `file`, `fileName` or `content` with the rule (format, max, max_rows, max_cells), 413 too large.
 */
export function createEtlJobMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["etl", "createJob"],
    mutationFn: async ({ kind, file, fileName }: { kind: EtlJobKind; file: Blob; fileName: string }) =>
      unwrap(
        await api.POST("/etl/jobs", {
          body: { kind, file: "" },
          bodySerializer: () => {
            const form = new FormData();
            form.set("kind", kind);
            form.set("file", file, fileName);
            return form;
          },
        }),
      ).job,
  });
}

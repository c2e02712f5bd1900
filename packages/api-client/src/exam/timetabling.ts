import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../client.ts";
import { unwrap } from "../errors.ts";
import type { JsonAnswer } from "../operation-types.ts";

/*
 * The exam planner's timetabling job: openapi/timetabling.yaml. Exam office.
 */

/** A timetabling job: state, budgets, progress (iteration, elapsed ms) and penalties. */
export type TimetablingJob = JsonAnswer<"getTimetablingJob">["job"];
/** A job's proposal against the current timetable: moves, students affected, penalty before/after. */
export type TimetablingComparison = JsonAnswer<"compareTimetablingJob">;

/** Query keys; invalidate `timetablingKeys.all` after a start, stop, accept or discard. */
export const timetablingKeys = {
  all: ["timetabling"] as const,
  latest: (examCycleId: string) => ["timetabling", "latest", examCycleId] as const,
  comparison: (id: string) => ["timetabling", "comparison", id] as const,
};

/** The URL of a job's progress stream (server-sent events; each event's data is the job as JSON). */
export function timetablingEventsUrl(baseUrl: string, id: string): string {
  return `${baseUrl.replace(/\/$/, "")}/sf/exam/timetablingJobs/${encodeURIComponent(id)}/events`;
}

/** GET /sf/exam/timetablingJobs?examCycleId=: the cycle's latest job, or null. */
export function latestTimetablingJobQueryOptions(api: ApiClient, examCycleId: string) {
  return queryOptions({
    queryKey: timetablingKeys.latest(examCycleId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/timetablingJobs", { params: { query: { examCycleId } }, signal })).job,
  });
}

/** GET /sf/exam/timetablingJobs/{id}/comparison: the proposal against the timetable (409 no_proposal). */
export function timetablingComparisonQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: timetablingKeys.comparison(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/timetablingJobs/{id}/comparison", { params: { path: { id } }, signal })),
  });
}

/**
 * POST /sf/exam/timetablingJobs: starts a job (answers it, running). ApiError 400 naming the field,
 * 409 `job_running` or `clash`.
 */
export function startTimetablingJobMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["timetabling", "start"],
    mutationFn: async (body: { examCycleId: string; timeLimitSeconds: number; seed?: number }) =>
      unwrap(await api.POST("/sf/exam/timetablingJobs", { body })).job,
  });
}

/** POST .../stop, .../discard: the job as answered; .../accept: the job and the exams moved. */
export function timetablingActionMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["timetabling", "action"],
    mutationFn: async ({ id, action }: { id: string; action: "stop" | "accept" | "discard" }) => {
      const params = { params: { path: { id } } };
      if (action === "stop") return unwrap(await api.POST("/sf/exam/timetablingJobs/{id}/stop", params)).job;
      if (action === "discard")
        return unwrap(await api.POST("/sf/exam/timetablingJobs/{id}/discard", params)).job;
      return unwrap(await api.POST("/sf/exam/timetablingJobs/{id}/accept", params)).job;
    },
  });
}

/**
 * PUT /sf/exam/exams/{id}/lock: locks an exam in its period for timetabling jobs (or unlocks it);
 * answers its lock and new version. ApiError 404 unknown exam, 409 `version_conflict` when the exam
 * changed since it was read. Invalidate `examKeys.all` afterwards (the exam's version moved on).
 */
export function setExamLockMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["timetabling", "lock"],
    mutationFn: async ({ id, locked, version }: { id: string; locked: boolean; version: number }) =>
      unwrap(
        await api.PUT("/sf/exam/exams/{id}/lock", { params: { path: { id } }, body: { locked, version } }),
      ).exam,
  });
}

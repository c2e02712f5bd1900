/**
 * @portal/api-client: typed client of the portal API. `createApiClient` (openapi-fetch with the
 * bearer, time-out and refresh-and-retry rules), `ApiError` and `unwrap`, and TanStack Query option
 * factories per call. Generated types are under `@portal/api-client/schema`. See README.md.
 */

export * from "./auth.ts";
export { type ApiClient, type ApiClientOptions, createApiClient, type Tokens } from "./client.ts";
export { ApiError, type ApiErrorBody, toApiError, unwrap } from "./errors.ts";
export * from "./exam/eligibility.ts";
export * from "./exam/evaluation.ts";
export * from "./exam/question-papers.ts";
export * from "./exam/schedule.ts";
export * from "./exam/seating.ts";
export * from "./grading.ts";
export * from "./planning.ts";
export * from "./revaluation.ts";
export * from "./scheduling.ts";

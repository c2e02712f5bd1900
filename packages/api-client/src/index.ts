/**
 * @portal/api-client: typed client of the portal API. `createApiClient` (openapi-fetch with the
 * bearer, time-out and refresh-and-retry rules), `ApiError` and `unwrap`, and TanStack Query option
 * factories per call. Generated types are under `@portal/api-client/schema`. See README.md.
 */
export { type ApiClient, type ApiClientOptions, createApiClient, type Tokens } from "./client.ts";
export { ApiError, type ApiErrorBody, toApiError, unwrap } from "./errors.ts";
export * from "./evaluation-queries.ts";
export * from "./grading-queries.ts";
export * from "./planning-queries.ts";
export * from "./queries.ts";
export * from "./revaluation-queries.ts";
export * from "./scheduling-queries.ts";
export * from "./seating-queries.ts";

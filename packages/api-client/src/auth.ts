import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/*
 * Sign-in and the public configuration (openapi/auth.yaml, openapi/system.yaml): the calls every
 * screen needs before any area's own (spec §3 Configuration, §7 sign-in).
 */

/** Answer of GET /config. */
export type PublicConfig = JsonAnswer<"getConfig">;
/** Answer of GET /me. */
export type Me = JsonAnswer<"getMe">;
export type RequestOtpBody = JsonBody<"requestOtp">;
export type RequestOtpAnswer = JsonAnswer<"requestOtp">;
export type VerifyOtpBody = JsonBody<"verifyOtp">;
export type VerifyOtpAnswer = JsonAnswer<"verifyOtp">;
export type DevOutbox = JsonAnswer<"getDevOutbox">;

/** Query keys of the sign-in and configuration reads; each stands alone (no common prefix). */
export const authKeys = {
  config: () => ["config"] as const,
  me: () => ["me"] as const,
  devOutbox: (to: string | undefined) => ["devOutbox", to ?? ""] as const,
};

/** GET /config: the public configuration (spec §3 Configuration). Cached for the page's life. */
export function configQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: authKeys.config(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/config", { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /me: the signed-in user; throws ApiError 401 when signed out. */
export function meQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/me", { signal })),
    staleTime: 5 * 60_000,
  });
}

/** GET /dev/outbox: mails of the development outbox, newest first (only outside production). */
export function devOutboxQueryOptions(api: ApiClient, to?: string) {
  return queryOptions({
    queryKey: authKeys.devOutbox(to),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/dev/outbox", { params: { query: to ? { to } : {} }, signal })),
  });
}

/** POST /salesforce/AdminOtp/send: sends a sign-in code; answers the challenge id. */
export function requestOtpMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["auth", "requestOtp"],
    mutationFn: async (body: RequestOtpBody) => unwrap(await api.POST("/salesforce/AdminOtp/send", { body })),
  });
}

/** POST /salesforce/AdminOtp/verify: checks the code; answers tokens and the user's name. */
export function verifyOtpMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["auth", "verifyOtp"],
    mutationFn: async (body: VerifyOtpBody) =>
      unwrap(await api.POST("/salesforce/AdminOtp/verify", { body })),
  });
}

/** POST /logout: revokes the session and clears its cookies. */
export function logoutMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["auth", "logout"],
    mutationFn: async () => unwrap(await api.POST("/logout")),
  });
}

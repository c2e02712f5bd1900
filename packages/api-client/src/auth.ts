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
type RequestOtpBody = JsonBody<"requestOtp">;
type VerifyOtpBody = JsonBody<"verifyOtp">;

/** Query key of the configuration read, which stands alone (no area prefix). */
const authKeys = {
  config: () => ["config"] as const,
};

/** GET /config: the public configuration (spec §3 Configuration). Cached for the page's life. */
export function configQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: authKeys.config(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/config", { signal })),
    staleTime: Number.POSITIVE_INFINITY,
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

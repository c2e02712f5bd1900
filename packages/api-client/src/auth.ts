import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { getConfig, requestOtp, verifyOtp } from "./generated/operations.ts";
import { orThrow } from "./operation.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/*
 * Sign-in and the public configuration (openapi/auth.yaml, openapi/system.yaml): the calls every
 * screen needs before any area's own (spec §3 Configuration, §7 sign-in).
 *
 * These factories are built on the plain functions of the operations (`operation.ts`): the query or
 * mutation function is `orThrow(<operation>(api, init))`, so both styles send the same request and
 * fail with the same ApiError. New factories follow this pattern; older areas call `unwrap(api.GET)`,
 * which is equivalent.
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
    queryFn: ({ signal }) => orThrow(getConfig(api, { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /salesforce/AdminOtp/send: sends a sign-in code; answers the challenge id. */
export function requestOtpMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["auth", "requestOtp"],
    mutationFn: (body: RequestOtpBody) => orThrow(requestOtp(api, { body })),
  });
}

/** POST /salesforce/AdminOtp/verify: checks the code; answers tokens and the user's name. */
export function verifyOtpMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["auth", "verifyOtp"],
    mutationFn: (body: VerifyOtpBody) => orThrow(verifyOtp(api, { body })),
  });
}

import { type ApiError, toApiError } from "@portal/api-client";
import { SPEC_MESSAGES } from "@portal/domain";
import { m } from "../../lib/i18n.ts";

/** The countdown of sign-in step 1 as m:ss (spec §2 Login: 2 minutes, shown until 0:00). */
export { formatCountdown } from "../kit/format.ts";

/** Whole seconds left until `deadline` (epoch ms) at `now`, never below 0. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * A leading-edge debounce (spec §5: Request OTP and Enter are debounced for 1 second): the first
 * call runs at once; calls within `waitMs` of the previous call are dropped and push the quiet period
 * on. Returns whether the call ran. `now` is injectable for tests.
 */
export function createDebouncedAction<A extends unknown[]>(
  action: (...args: A) => void,
  waitMs: number,
  now: () => number = () => Date.now(),
): (...args: A) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (...args: A) => {
    const at = now();
    const quiet = at - last >= waitMs;
    last = at;
    if (quiet) action(...args);
    return quiet;
  };
}

const TRANSLATED: Record<string, () => string> = {
  [SPEC_MESSAGES.invalidEmail]: m.login_invalid_email,
  [SPEC_MESSAGES.userNotAdmin]: m.login_not_admin,
  [SPEC_MESSAGES.otpInvalid]: m.login_otp_invalid,
};

/**
 * The text to show for a failed sign-in call (spec §8: the server's errorMessage under the email
 * field and as a toast). Known spec messages are shown in the page's language; a rate limit gets a
 * clear sentence; anything else is the server's own text.
 */
export function signInErrorText(error: unknown): string {
  const apiError: ApiError = isApiErrorLike(error) ? error : toApiError(null, 0);
  const translated = TRANSLATED[apiError.errorMessage];
  if (translated) return translated();
  if (apiError.status === 429 || apiError.errorCode === "rate_limited") return m.login_too_many();
  return apiError.errorMessage || m.shell_something_went_wrong();
}

function isApiErrorLike(error: unknown): error is ApiError {
  return error instanceof Error && "errorMessage" in error && "status" in error;
}

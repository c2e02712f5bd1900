import { z } from "zod";
import { OTP_MAX_DIGITS } from "./constants.ts";

/**
 * One-time password input rule of sign-in step 1 (spec §5): digits only, at most 4.
 * `isOtpInputAllowed` decides whether a keystroke result may stay in the field (empty allowed);
 * `ZOtp` validates a submitted code (1 to 4 digits).
 */
export function isOtpInputAllowed(value: string): boolean {
  return value.length <= OTP_MAX_DIGITS && /^[0-9]*$/.test(value);
}

export const ZOtp = z
  .string()
  .regex(new RegExp(`^[0-9]{1,${OTP_MAX_DIGITS}}$`), { error: "OTP must be numeric, at most 4 digits" });

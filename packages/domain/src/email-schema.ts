import { z } from "zod";
import { EMAIL_PATTERN } from "./email.ts";
import { SPEC_MESSAGES } from "./messages.ts";

/** zod schema of an email field; the error message is the spec's 'Field should contain a valid e-mail'. */
export const ZEmail = z
  .string({ error: SPEC_MESSAGES.invalidEmail })
  .trim()
  .max(254, { error: SPEC_MESSAGES.invalidEmail })
  .regex(EMAIL_PATTERN, { error: SPEC_MESSAGES.invalidEmail })
  .transform((v) => v.toLowerCase());

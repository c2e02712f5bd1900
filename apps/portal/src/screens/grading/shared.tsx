import { ApiError } from "@portal/api-client";
import { m } from "../../lib/i18n.ts";

/** The text of a failed call: the API's errorMessage, an Error's message, else 'Something went wrong'. */
export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.errorMessage;
  if (error instanceof Error && error.message !== "") return error.message;
  return m.shell_something_went_wrong();
}

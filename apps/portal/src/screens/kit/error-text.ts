import { ApiError } from "@portal/api-client";
import { m } from "../../lib/i18n.ts";

/**
 * The text of a failed call for a toast or an error line: the server's errorMessage when it sent
 * one, else the Error's message, else 'Something went wrong' (spec §8).
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.errorMessage;
  if (error instanceof Error && error.message !== "") return error.message;
  return m.shell_something_went_wrong();
}

import { ApiError } from "@portal/api-client";
import { m } from "../../lib/i18n.ts";

/**
 * The text of a refused booking call: the catalogue's for a refusal the portal knows by its
 * errorCode (exam_in_use), otherwise the server's message; 'Error saving details' when no answer.
 */
export function refusalText(err: unknown): string {
  if (!(err instanceof ApiError)) return m.schedr_error_saving();
  return err.errorCode === "exam_in_use" ? m.schedr_exam_in_use() : err.errorMessage;
}

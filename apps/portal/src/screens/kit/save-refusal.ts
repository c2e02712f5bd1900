import { ApiError } from "@portal/api-client";
import type { MessageTranslations } from "../form-field.tsx";
import { isVersionConflict } from "../version-conflict.ts";
import { errorText, RULE_MESSAGES } from "./error-text.ts";

/**
 * What a refused save shows and where (docs/architecture.md "Saves"): the message in the page's
 * language, the field of the form or row it belongs to, and the row of a list the server named.
 */
export type SaveRefusal = {
  /** The message to show, translated; dates in it DD-MM-YYYY like the rest of the screen. */
  message: string;
  /**
   * The last named step of the server's field path (`endDate` of `CourseVersion.endDate`,
   * `dateOfExam` of `3.dateOfExam`), or null when the server named no field.
   */
  field: string | null;
  /** The list index the field path names (3 of `3.dateOfExam`), or null. */
  row: number | null;
  /** A stale version (409 `version_conflict`): the screen offers Reload and keeps what was typed. */
  conflict: boolean;
};

/**
 * The message of a failed save in the page's language: a rule the server sent with `params` in the
 * catalogue's words with its dates DD-MM-YYYY (errorText); else the screen's `translations` of the
 * server's English text (spec messages); else the server's text as sent.
 */
export function refusalMessage(error: unknown, translations: MessageTranslations = {}): string {
  if (error instanceof ApiError) {
    const worded = error.rule ? RULE_MESSAGES[error.rule]?.(error.params) : null;
    if (worded) return worded;
    const known = translations[error.errorMessage];
    if (known) return known();
  }
  return errorText(error);
}

/**
 * A failed save read for showing (docs/architecture.md "Saves"): the message ({@link refusalMessage})
 * and the field and row the server's dotted `field` path names. Any error is accepted; one that is
 * not an API answer names no field.
 */
export function readRefusal(error: unknown, translations: MessageTranslations = {}): SaveRefusal {
  const path = error instanceof ApiError && error.field ? error.field.split(".") : [];
  const named = path.filter((step) => !/^\d+$/.test(step) && step !== "?");
  const index = path.find((step) => /^\d+$/.test(step));
  return {
    message: refusalMessage(error, translations),
    field: named.at(-1) ?? null,
    row: index === undefined ? null : Number(index),
    conflict: isVersionConflict(error),
  };
}

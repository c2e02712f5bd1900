import { ApiError } from "@portal/api-client";
import { m } from "../../lib/i18n.ts";
import { displayDate } from "./display-date.ts";

type Params = Readonly<Record<string, string | number>>;

const date = (params: Params, key: string): string | null => {
  const value = params[key];
  return typeof value === "string" ? displayDate(value) : null;
};

/**
 * Rules whose message the server words from stored values it sends as `params` (openapi/common.yaml
 * Error.params): the text is the catalogue's, the dates formatted here. A rule whose params are
 * missing falls back to the server's own text.
 */
export const RULE_MESSAGES: Readonly<Record<string, (params: Params) => string | null>> = {
  term_end: (p) => {
    const max = date(p, "max");
    return max ? m.save_cannot_exceed({ date: max }) : null;
  },
  term_start: (p) => {
    const min = date(p, "min");
    return min ? m.save_cannot_be_before({ date: min }) : null;
  },
  row_start: (p) => {
    const min = date(p, "min");
    return min ? m.save_cannot_be_before({ date: min }) : null;
  },
  within_cycle: (p) => {
    const start = date(p, "min");
    const end = date(p, "max");
    return start && end ? m.save_within_cycle({ start, end }) : null;
  },
  exam_cycle: (p) => {
    const start = date(p, "min");
    const end = date(p, "max");
    const cycle = p.cycle;
    return start && end && typeof cycle === "string" ? m.save_exam_cycle({ cycle, start, end }) : null;
  },
  term: (p) => {
    const start = date(p, "min");
    const end = date(p, "max");
    return start && end ? m.save_within_term({ start, end }) : null;
  },
  holiday: (p) => {
    const day = date(p, "date");
    return day ? m.save_holiday({ date: day }) : null;
  },
};

/**
 * The text of a failed call for a toast or an error line: for a rule the server sent with its
 * `params`, the catalogue's words with the dates DD-MM-YYYY ({@link RULE_MESSAGES}); else the
 * server's errorMessage when it sent one, else the Error's message, else 'Something went wrong'
 * (spec §8).
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const worded = error.rule ? RULE_MESSAGES[error.rule]?.(error.params) : null;
    return worded ?? error.errorMessage;
  }
  if (error instanceof Error && error.message !== "") return error.message;
  return m.shell_something_went_wrong();
}

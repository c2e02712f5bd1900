import { formatDate } from "./format.ts";

/** A YYYY-MM-DD date as shown (spec §9 display date DD-MM-YYYY); anything else as sent. */
export function displayDate(isoDate: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? formatDate(isoDate) : isoDate;
}

/*
 * Kept apart from exam-timetable.ts, whose zod schemas and Temporal helpers are built when the
 * module loads: a screen that only shows dates then loads neither zod nor the Temporal polyfill
 * (docs/performance.md, list page JavaScript).
 */

/** "YYYY-MM-DD" shown as DD-MM-YYYY (spec §9 display date). */
export function formatIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}-${m}-${y}`;
}

import type { AcademicCalendar } from "@portal/api-client";
import { addDays, fromWireDate } from "@portal/domain";

/**
 * Date helpers of the planning screens (spec academic-planning.md §5, §9): the API speaks
 * DD/MM/YYYY, the browser's date fields YYYY-MM-DD, the screen shows DD-MM-YYYY.
 */

/** DD/MM/YYYY (the wire) as ISO, or "" when it is not a date. */
export function isoOf(wire: string): string {
  return fromWireDate(wire) ?? "";
}

/** DD/MM/YYYY (the wire) shown DD-MM-YYYY (§9 display format). */
export function displayWire(wire: string): string {
  return wire.replaceAll("/", "-");
}

/**
 * The holiday days (ISO) of an academic calendar: every day of each Holiday entry (the intake's own
 * and its campus's), the set the working-day end-date rule excludes (§5).
 */
export function holidayDays(calendar: Pick<AcademicCalendar, "entries"> | undefined): string[] {
  const days = new Set<string>();
  for (const entry of calendar?.entries ?? []) {
    if (entry.kind !== "Holiday") continue;
    const start = isoOf(entry.startDate);
    const end = isoOf(entry.endDate);
    if (!start || !end) continue;
    for (let day = start, i = 0; day <= end && i < 366; day = addDays(day, 1), i++) days.add(day);
  }
  return [...days].sort();
}

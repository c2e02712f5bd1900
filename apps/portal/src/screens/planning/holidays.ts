import type { AcademicCalendar } from "@portal/api-client";
import { addDays } from "@portal/domain";
import { isoOf } from "./dates.ts";

/*
 * Apart from dates.ts because it counts days with Temporal: the list screens format dates without
 * loading it, the activity dialog (loaded when it opens) takes the holidays from here.
 */

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

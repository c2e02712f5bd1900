import type { ExamTimetableRow } from "@portal/api-client";
import { type DataTableDateGroups, dataTableDateGrouping } from "@portal/ui";
import { m } from "../../lib/i18n.ts";
import { displayDate } from "./display-date.ts";
import { formatWeekday } from "./format.ts";

/**
 * The date groups of one page of an exam list (spec academic-planning.md, shared components: the
 * table groups rows by date; DataTable's `groupByDate` with `dataTableDateGrouping`): a header per
 * exam date, `dateOf` the row's exam date YYYY-MM-DD (its calendar date at the exam's campus, so
 * already in the campus's time zone), "Monday, 02-11-2026" through the one formatter, groups in the
 * list's date order `order`. Under server paging a date's exams may start on an earlier page: when
 * the server says so (`firstDateContinued` of the answer), the header of the page's first date
 * (`rows[0]`) repeats with "(continued)". For a list that is all on the page (no paging), leave
 * `firstDateContinued` out. Undefined when the list is not in date order (`order` null: another
 * column sorts it), since groups would break up that order; the rows then stand as sorted.
 */
export function examDateGroups<TRow>(
  rows: readonly TRow[] | undefined,
  dateOf: (row: TRow) => string,
  order: "asc" | "desc" | null,
  firstDateContinued?: boolean,
): DataTableDateGroups<TRow> | undefined {
  if (order === null) return undefined;
  const first = rows?.[0];
  const continued = firstDateContinued === true && first !== undefined ? dateOf(first) : undefined;
  return {
    dateKey: dateOf,
    label: (day) => {
      const date = { weekday: formatWeekday(day), date: displayDate(day) };
      return day === continued ? m.exam_date_group_continued(date) : m.exam_date_group(date);
    },
    order,
  };
}

/** The DataTable features of an exam list grouped by date (pass with `groupByDate`). */
export const EXAM_DATE_GROUP_FEATURES = [dataTableDateGrouping];

/**
 * The date groups of a page of GET /salesforce/TimeTable (the exam timetable, Exam Setup, seating
 * plan and invigilation lists): always in date order, soonest first, by each row's `dateOfExam`,
 * the first date's header marked continued when the answer says so.
 */
export function timetableDateGroups(
  page: { timetable: readonly ExamTimetableRow[]; firstDateContinued?: boolean } | undefined,
): DataTableDateGroups<ExamTimetableRow> | undefined {
  return examDateGroups(page?.timetable, timetableDate, "asc", page?.firstDateContinued);
}

const timetableDate = (row: ExamTimetableRow) => row.dateOfExam;

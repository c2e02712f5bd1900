import type { SeatingExamHeader } from "@portal/api-client";
import { DEFAULT_GRID_PAGE_SIZE, GRID_PAGE_SIZES, type GridPageSize, parsePageSize } from "@portal/domain";
import { m } from "../../../lib/i18n.ts";
import { displayDate } from "../../kit/display-date.ts";
import * as styles from "./seating.css.ts";

/*
 * Pieces shared by the seating plan and invigilation screens: list state kept in the address, the
 * default exam cycle, labels and the exam header.
 */

/** What a list of a cycle shows: exam cycle id ("" until chosen), 1-based page and page size. */
export type CycleListState = { cycle: string; page: number; pageSize: GridPageSize };

/** Reads the paging part of a query string (`?page=&pageSize=`); bad values fall back to the defaults. */
export function parsePaging(query: URLSearchParams): { page: number; pageSize: GridPageSize } {
  const pageText = query.get("page") ?? "";
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const pageSize = parsePageSize<GridPageSize>(
    query.get("pageSize"),
    GRID_PAGE_SIZES,
    DEFAULT_GRID_PAGE_SIZE,
  );
  return { page, pageSize };
}

/** Reads `?cycle=&page=&pageSize=` (a cycle id longer than 100 characters is ignored). */
export function parseCycleListState(search: string): CycleListState {
  const query = new URLSearchParams(search);
  const cycle = (query.get("cycle") ?? "").trim();
  return { cycle: cycle.length <= 100 ? cycle : "", ...parsePaging(query) };
}

/** Writes a query string ("" or "?...") from key, value pairs, leaving out the empty ones. */
export function writeQuery(entries: [string, string | number | null][]): string {
  const query = new URLSearchParams();
  for (const [key, value] of entries) if (value !== null && value !== "") query.set(key, String(value));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** Writes a cycle list state, leaving out page 1 and the default page size. */
export function serializeCycleListState(state: CycleListState): string {
  return writeQuery([
    ["cycle", state.cycle],
    ["page", state.page > 1 ? state.page : null],
    ["pageSize", state.pageSize !== DEFAULT_GRID_PAGE_SIZE ? state.pageSize : null],
  ]);
}

/** Start time (HH:MM, wall time at the exam's campus) and length in minutes, e.g. "10:00 (180 min)". */
export function timeWithDuration(startTime: string, minutes: number): string {
  return m.seat_time_with_duration({ time: startTime, minutes });
}

/** The exam a page is about: course and section, cycle, date (DD-MM-YYYY), start time, duration. */
export function ExamHeaderCard({ exam }: { exam: SeatingExamHeader }) {
  const items: [string, string][] = [
    [m.seat_header_course(), `${exam.courseName} (${exam.section})`],
    [m.seat_header_cycle(), exam.examCycle],
    [m.seat_header_date(), displayDate(exam.dateOfExam)],
    [m.seat_header_time(), exam.startTimeOfExam],
    [m.seat_header_duration(), m.seat_minutes({ minutes: exam.duration })],
  ];
  return (
    <dl className={styles.header} aria-label={m.seat_header_title()}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.headerItem}>
          <dt className={styles.headerLabel}>{label}</dt>
          <dd className={styles.headerValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

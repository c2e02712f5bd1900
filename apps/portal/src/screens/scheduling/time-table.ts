import type { CalendarEvent, TimeTableQuery } from "@portal/api-client";
import { allDaySpan, INTAKE_MONTHS, instantToLocal, isInvalidPeriod, weekOf } from "@portal/domain";
import { formatDate, formatTime } from "../kit/format.ts";

/**
 * What the time table's address names (`?program=&year=&intake=&date=&view=`): the programme (name,
 * code or id), the intake's year and month, a day of the week shown (YYYY-MM-DD; "" = today) and
 * the view (`week`, or `day` for the Today view). A reload shows the same.
 */
export type TimeTableAddress = {
  program: string;
  year: string;
  intake: string;
  date: string;
  view: "week" | "day";
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the address; unknown months, years, dates and views are dropped. */
export function parseTimeTableAddress(search: string): TimeTableAddress {
  const p = new URLSearchParams(search);
  const intake = (p.get("intake") ?? "").toUpperCase();
  const year = p.get("year") ?? "";
  const date = p.get("date") ?? "";
  return {
    program: (p.get("program") ?? p.get("programName") ?? "").trim().slice(0, 200),
    year: /^(19|20|21)\d\d$/.test(year) ? year : "",
    intake: (INTAKE_MONTHS as readonly string[]).includes(intake) ? intake : "",
    date: ISO_DATE.test(date) && !Number.isNaN(Date.parse(date)) ? date : "",
    view: p.get("view") === "day" ? "day" : "week",
  };
}

/** The query string of an address (empty fields and the default week view left out). */
export function serializeTimeTableAddress(a: TimeTableAddress): string {
  const p = new URLSearchParams();
  if (a.program) p.set("program", a.program);
  if (a.year) p.set("year", a.year);
  if (a.intake) p.set("intake", a.intake);
  if (a.date) p.set("date", a.date);
  if (a.view === "day") p.set("view", "day");
  const text = p.toString();
  return text ? `?${text}` : "";
}

/** The API query of an address; `today` (YYYY-MM-DD) stands in for an empty date. */
export function timeTableQueryOf(a: TimeTableAddress, today: string): TimeTableQuery {
  return { programName: a.program, intake: a.intake, year: a.year, date: a.date || today };
}

/**
 * The full calendar's address of the Edit button (spec, Academic planning §2 "Time Table": "passing
 * programName, intake, year, batchName and id"; id is the intake's id).
 */
export function fullCalendarHref(q: {
  programName: string;
  intake: string;
  year: string;
  batchName: string;
  id: string;
}): string {
  const p = new URLSearchParams({
    programName: q.programName,
    intake: q.intake,
    year: q.year,
    batchName: q.batchName,
    id: q.id,
  });
  return `/app/full-calendar?${p.toString()}`;
}

/**
 * A row of the grid: a period of the day (HH:MM, wall time at the intake's campus zone), or the
 * all-day row of references (`allDay`, start and end "").
 */
export type Period = { key: string; start: string; end: string; allDay?: true };

/** The key of the all-day row, drawn above the timed periods. */
export const ALL_DAY_PERIOD = "all-day";

/** The weekly grid: its days, its periods in time order, the events of each day and period, the bad rows. */
export type TimeTableGrid = {
  days: string[];
  periods: Period[];
  cell: (day: string, period: string) => CalendarEvent[];
  /** Events whose end is not after their start: shown as messages, not in the grid. */
  invalid: CalendarEvent[];
};

/**
 * Lays a week's events (or one day's, `view` day) out as a grid: one column per day (Monday to
 * Friday, plus Saturday and Sunday when they hold events; the one day in the day view), one row
 * per distinct start-end period of the shown days, at the wall time of `timeZone` (the intake's
 * campus zone, IANA; default Asia/Kolkata). References are all-day: one "All day" row above the
 * periods, in every day they cover, never a "05:30 - 24:00" period. Events with an end not after
 * the start go to `invalid`; the rest are still laid out.
 */
export function buildTimeTableGrid(
  events: readonly CalendarEvent[],
  date: string,
  view: "week" | "day",
  timeZone?: string,
): TimeTableGrid {
  const week = weekOf(date).days;
  const invalid: CalendarEvent[] = [];
  const byCell = new Map<string, CalendarEvent[]>();
  const periods = new Map<string, Period>();
  const usedDays = new Set<string>();
  const shown = view === "day" ? [date] : week;
  for (const e of events) {
    if (isInvalidPeriod(e.startDate, e.endDate)) {
      invalid.push(e);
      continue;
    }
    if (e.eventType === "reference") {
      const span = allDaySpan(e.startDate, e.endDate);
      const days = shown.filter((d) => d >= span.from && d <= span.to);
      if (days.length === 0) continue;
      periods.set(ALL_DAY_PERIOD, { key: ALL_DAY_PERIOD, start: "", end: "", allDay: true });
      for (const day of days) {
        usedDays.add(day);
        const k = `${day}|${ALL_DAY_PERIOD}`;
        byCell.set(k, [...(byCell.get(k) ?? []), e]);
      }
      continue;
    }
    const start = instantToLocal(e.startDate, timeZone);
    const end = instantToLocal(e.endDate, timeZone);
    if (!shown.includes(start.date)) continue;
    const period: Period = {
      key: `${start.time}-${end.date === start.date ? end.time : "24:00"}`,
      start: start.time,
      end: end.date === start.date ? end.time : "24:00",
    };
    periods.set(period.key, period);
    usedDays.add(start.date);
    const k = `${start.date}|${period.key}`;
    byCell.set(k, [...(byCell.get(k) ?? []), e]);
  }
  const days = view === "day" ? [date] : week.filter((d, i) => i < 5 || usedDays.has(d));
  return {
    days,
    periods: [...periods.values()].sort(
      (a, b) => Number(Boolean(b.allDay)) - Number(Boolean(a.allDay)) || a.key.localeCompare(b.key),
    ),
    cell: (day, period) => byCell.get(`${day}|${period}`) ?? [],
    invalid,
  };
}

/** "DD-MM-YYYY HH:MM - HH:MM" of an event, for the invalid-period message. */
export function periodLabel(e: CalendarEvent): string {
  const fmt = (instant: string) => {
    try {
      const l = instantToLocal(instant);
      return { date: formatDate(l.date), time: formatTime(l.time) };
    } catch {
      return { date: instant, time: "" };
    }
  };
  const s = fmt(e.startDate);
  const t = fmt(e.endDate);
  return `${e.courseName} - ${e.sessionName} (${s.date} ${s.time} - ${t.date === s.date ? "" : `${t.date} `}${t.time})`;
}

import type { CalendarEvent } from "@portal/api-client";
import { addDays, allDaySpan, instantToLocal, weekStart } from "@portal/domain";
import { vars } from "@portal/ui";

/** What the faculty calendar's address names: `?contactId=<faculty id>&date=<YYYY-MM-DD>`. */
export type FacultyCalendarAddress = { contactId: string; date: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads the address; a missing or malformed value is "" (contact, date). Without a date the
 * calendar opens on the server's today (the bookings answer's `today`), never the browser's clock.
 */
export function readAddress(search: string): FacultyCalendarAddress {
  const params = new URLSearchParams(search);
  const contactId = params.get("contactId") ?? "";
  const date = params.get("date") ?? "";
  return {
    contactId: UUID.test(contactId) ? contactId : "",
    date: ISO_DATE.test(date) && !Number.isNaN(Date.parse(date)) ? date : "",
  };
}

/** The Monday-to-Sunday range the calendar opens on (it starts in the week view, academic-planning §2). */
export function initialRange(date: string): { from: string; to: string } {
  const from = weekStart(date);
  return { from, to: addDays(from, 6) };
}

/**
 * The day range (YYYY-MM-DD) of the calendar's visible dates: FullCalendar's start and exclusive
 * end (ISO strings of the view, local wall time) as first and last day.
 */
export function visibleRange(startStr: string, endStr: string): { from: string; to: string } {
  return { from: startStr.slice(0, 10), to: addDays(endStr.slice(0, 10), -1) };
}

/**
 * An event for FullCalendar at its wall time in the calendar's zone (the campus's), whatever the
 * browser's zone; an all-day item (a reference) as whole days, `end` exclusive.
 */
export type CalendarInput = {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay?: true;
  extendedProps: { event: CalendarEvent };
};

/** Wall-time ISO ("YYYY-MM-DDTHH:MM:00") of an instant in `timeZone` (IANA, default Asia/Kolkata). */
export function wallTime(instant: string, timeZone?: string): string {
  const local = instantToLocal(instant, timeZone);
  return `${local.date}T${local.time}:00`;
}

/** True for an all-day calendar item: an exam reference (fixed midnights, spec §9), shown without times. */
export function isAllDay(event: Pick<CalendarEvent, "eventType">): boolean {
  return event.eventType === "reference";
}

/**
 * The calendar's events: title "course - session", times as wall time in `timeZone` (the calendar's
 * campus zone, IANA); a reference as an all-day item over its days, never "05:30 - 05:30".
 */
export function toCalendarInputs(events: readonly CalendarEvent[], timeZone?: string): CalendarInput[] {
  return events.map((e) => {
    const base = { id: e.id, title: `${e.courseName} - ${e.sessionName}`, extendedProps: { event: e } };
    if (!isAllDay(e))
      return { ...base, start: wallTime(e.startDate, timeZone), end: wallTime(e.endDate, timeZone) };
    const days = allDaySpan(e.startDate, e.endDate);
    return { ...base, start: days.from, end: addDays(days.to, 1), allDay: true as const };
  });
}

/** The class of a holiday's background event (styled in calendar.css.ts). */
export const HOLIDAY_EVENT_CLASS = "portal-holiday";

/** A holiday of the term (SchedulerData `holidays`): an ISO date and its name. */
export type Holiday = { date: string; name: string };

/**
 * The holidays as FullCalendar background events: each a whole day across every resource row,
 * named, of the class {@link HOLIDAY_EVENT_CLASS}, not selectable as an event. Its fill is the
 * theme's warning surface, given on the event (FullCalendar writes an event's colour inline, over
 * any class, and the calendar's `eventColor` would otherwise paint it like a session).
 */
export function holidayBackgroundEvents(holidays: readonly Holiday[]) {
  return holidays.map((h) => ({
    id: `holiday-${h.date}`,
    title: h.name,
    start: h.date,
    allDay: true,
    display: "background" as const,
    classNames: [HOLIDAY_EVENT_CLASS],
    backgroundColor: vars.color.warningSurface,
  }));
}

/**
 * Rules of scheduling and bookings (spec, Exam management §2 "Exam planning scheduler", §3
 * planner event and resources, §5 create exam / exam reference, §7 booking calls, §8 snackbars, §9;
 * spec, Academic planning §2 "Time Table", Faculty calendar, §3 calendar event, §4 week navigation): event
 * kinds, resource types, the spec's messages, Monday-based week navigation, the conversion between
 * local date-times and the instants ending in Z that the booking calls send. The zod schemas of the
 * booking calls are in scheduling-input.ts. Pure, no I/O.
 */
import { Temporal } from "temporal-polyfill";
import { EXAM_TIME_ZONE } from "./constants.ts";
import { isIsoDate } from "./iso-date.ts";
import type { SchedulerEventForm } from "./scheduling-input.ts";

/** Kinds of a scheduled event (spec §3 planner event eventType). */
export const EVENT_KINDS = ["session", "activity", "reference", "exam"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** Resource types of the scheduler's toggle (spec §9). */
export const RESOURCE_TYPES = ["faculty", "facility"] as const;
/** Event filters of the scheduler's toggle (spec §9: reference, session, all). */
export const EVENT_FILTERS = ["reference", "session", "all"] as const;
/** The tree's marker for events without a subject or section (spec §9). */
export const UNASSIGNED = "Unassigned";
/** At most three faculty per activity in the scheduler (spec §9). */
export const MAX_FACULTY_PER_EVENT = 3;
/** Exam types in planning (spec §9). */
export const PLANNING_EXAM_TYPES = ["MidTerm", "EndTerm", "Retest"] as const;
/** Longest range one read of events may span, in days (a term of 5,000 sessions stays fast). */
export const MAX_EVENT_RANGE_DAYS = 62;
/** Most occurrences one booking with selected weekdays may create. */
export const MAX_OCCURRENCES = 200;
/** Weekday names of `daySelected`, Monday first (ISO weekday 1..7). */
export const WEEKDAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/**
 * Texts of the scheduler (spec §5, §8), spelled exactly as written, and the ones the spec leaves
 * open (facility clash, capacity, term and holiday refusals), chosen here.
 */
export const SCHEDULING_MESSAGES = {
  /** §5 timetable swap; a faculty member booked twice in overlapping time. */
  facultyClash: "Faculty is allocated on another class on same time-slot",
  /** §5 timetable swap: the two sessions teach the same subject. */
  identicalSubjects: "Subjects are identical!",
  /** Not in the spec: a facility booked twice in overlapping time. */
  facilityClash: "Facility is booked for another class on same time-slot",
  /** §8 */
  deleted: "Deleted successfully",
  /** §8 */
  created: "Created Successfully",
  /** §8 */
  errorSaving: "Error saving details",
  /** §5, §8 */
  selectTerm: "Select term to create any activity",
  /** §5 faculty of one activity */
  tooManyFaculty: `At most ${MAX_FACULTY_PER_EVENT} faculty can be selected`,
  /** End not after start. */
  endBeforeStart: "End must be after start",
  /**
   * Not in the spec: a planner exam's delete, or an edit that must take it off its exam cycle's
   * timetable, refused because the exam office has worked on that exam.
   */
  examInUse:
    "This exam already has question papers, seating, invigilation, eligibility or evaluation in the exam office, so it stays in the exam timetable",
} as const;

/** Not in the spec: a room too small for the section (its strength, before anyone is enrolled). */
export function capacityMessage(facilityCapacity: number, sectionStrength: number): string {
  return `Facility capacity ${facilityCapacity} is less than the section strength ${sectionStrength}`;
}

/** Not in the spec: a room too small for the students enrolled in the section. */
export function enrolledCapacityMessage(facilityCapacity: number, enrolled: number): string {
  return `Facility capacity ${facilityCapacity} is less than the ${enrolled} students enrolled in the section`;
}
/** Not in the spec: a day outside the term (dates shown DD-MM-YYYY). */
export function outsideTermMessage(termStart: string, termEnd: string): string {
  return `Must be within the term (${displayDate(termStart)} to ${displayDate(termEnd)})`;
}
/** Not in the spec: a day that is a holiday of the intake or its campus. */
export function holidayMessage(isoDate: string): string {
  return `${displayDate(isoDate)} is a holiday`;
}
/** §5 delete confirmation 'Are you sure you want to delete {activity} ?' (space before '?' kept). */
export function deleteConfirmation(activity: string): string {
  return `Are you sure you want to delete ${activity} ?`;
}

function displayDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}-${m}-${y}`;
}

// ---------------------------------------------------------------------------------------------
// Week navigation (spec, Academic planning §4 "States and transitions": weeks are Monday based; moves by end
// or start of week ± 2 days)

/** Monday of the week of `isoDate`. */
export function weekStart(isoDate: string): string {
  const d = Temporal.PlainDate.from(isoDate);
  return d.subtract({ days: d.dayOfWeek - 1 }).toString();
}
/** Sunday of the week of `isoDate`. */
export function weekEnd(isoDate: string): string {
  return Temporal.PlainDate.from(weekStart(isoDate)).add({ days: 6 }).toString();
}
/** The week of `isoDate`: Monday to Sunday, and its seven days. */
export function weekOf(isoDate: string): { start: string; end: string; days: string[] } {
  const start = weekStart(isoDate);
  const first = Temporal.PlainDate.from(start);
  const days = Array.from({ length: 7 }, (_, i) => first.add({ days: i }).toString());
  return { start, end: days[6] as string, days };
}
/** Next week (its Monday): the end of this week plus 2 days, as the spec moves. */
export function nextWeek(isoDate: string): string {
  return weekStart(Temporal.PlainDate.from(weekEnd(isoDate)).add({ days: 2 }).toString());
}
/** Previous week (its Monday): the start of this week minus 2 days, as the spec moves. */
export function previousWeek(isoDate: string): string {
  return weekStart(Temporal.PlainDate.from(weekStart(isoDate)).subtract({ days: 2 }).toString());
}

// ---------------------------------------------------------------------------------------------
// Local date-times and instants ending in Z

/** True for "HH:MM" (00:00-23:59). */
export function isLocalTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/**
 * The instant (ISO string ending in Z, milliseconds included) of a local date (YYYY-MM-DD) and
 * time (HH:MM) in `timeZone` (default Asia/Kolkata, the institution's and the exams' zone). A time
 * skipped by a daylight-saving change is moved forward (Temporal's "compatible").
 */
export function localToInstant(isoDate: string, time: string, timeZone: string = EXAM_TIME_ZONE): string {
  const zdt = Temporal.PlainDateTime.from(`${isoDate}T${time}`).toZonedDateTime(timeZone);
  return zdt.toInstant().toString({ smallestUnit: "millisecond" });
}

/** The local date (YYYY-MM-DD) and time (HH:MM) in `timeZone` of an instant string (Z or offset). */
export function instantToLocal(
  instant: string,
  timeZone: string = EXAM_TIME_ZONE,
): { date: string; time: string } {
  const zdt = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone);
  return {
    date: zdt.toPlainDate().toString(),
    time: `${String(zdt.hour).padStart(2, "0")}:${String(zdt.minute).padStart(2, "0")}`,
  };
}

/** An instant string normalised to UTC with milliseconds ("...T04:30:00.000Z"). */
export function toZ(instant: string): string {
  return Temporal.Instant.from(instant).toString({ smallestUnit: "millisecond" });
}

/** Start of an exam on its date at its local start time in Asia/Kolkata (spec §9), as a Z instant. */
export function examStartInstant(examDate: string, startTime: string): string {
  return localToInstant(examDate, startTime, EXAM_TIME_ZONE);
}

/**
 * A reference activity's date as sent: the date at a fixed midnight, "YYYY-MM-DDT00:00:00.000Z"
 * (spec §9: exam dates for reference activities are sent at a fixed midnight time). The calendar
 * date is kept whatever the viewer's time zone.
 */
export function referenceMidnight(isoDate: string): string {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not a date: ${isoDate}`);
  return `${isoDate}T00:00:00.000Z`;
}

/** The local dates (YYYY-MM-DD, `timeZone`) an interval [start, end) touches, in order. */
export function datesTouched(start: string, end: string, timeZone: string = EXAM_TIME_ZONE): string[] {
  const first = Temporal.PlainDate.from(instantToLocal(start, timeZone).date);
  // The end is exclusive: an event ending at midnight does not touch the next day.
  const lastInstant = Temporal.Instant.from(end).subtract({ milliseconds: 1 });
  const last = Temporal.PlainDate.from(instantToLocal(lastInstant.toString(), timeZone).date);
  const days: string[] = [];
  for (let d = first; Temporal.PlainDate.compare(d, last) <= 0; d = d.add({ days: 1 })) {
    days.push(d.toString());
  }
  return days;
}

/**
 * The occurrences of a booking (spec §7 daySelected): without selected weekdays, the one interval
 * start..end; with them, one interval per local date from the start's date to the end's date whose
 * weekday is selected, each from the start's local time to the end's local time. Dates in `skip`
 * (holidays) are left out. Instants are Z strings.
 */
export function bookingOccurrences(
  start: string,
  end: string,
  weekdays: readonly number[],
  options: { timeZone?: string; skip?: ReadonlySet<string> } = {},
): Array<{ start: string; end: string }> {
  const tz = options.timeZone ?? EXAM_TIME_ZONE;
  if (weekdays.length === 0) return [{ start: toZ(start), end: toZ(end) }];
  const from = instantToLocal(start, tz);
  const to = instantToLocal(end, tz);
  const out: Array<{ start: string; end: string }> = [];
  const last = Temporal.PlainDate.from(to.date);
  for (
    let d = Temporal.PlainDate.from(from.date);
    Temporal.PlainDate.compare(d, last) <= 0;
    d = d.add({ days: 1 })
  ) {
    if (!weekdays.includes(d.dayOfWeek)) continue;
    const day = d.toString();
    if (options.skip?.has(day)) continue;
    out.push({ start: localToInstant(day, from.time, tz), end: localToInstant(day, to.time, tz) });
  }
  return out;
}

/**
 * True when a time table row cannot be drawn: its end is not after its start (academic-planning
 * §8 'Received invalid Start-End time for {period}'). Unparsable instants count as invalid.
 */
export function isInvalidPeriod(start: string, end: string): boolean {
  const s = Date.parse(start);
  const e = Date.parse(end);
  return Number.isNaN(s) || Number.isNaN(e) || e <= s;
}

// ---------------------------------------------------------------------------------------------
// The scheduler's create dialog (spec §5 create exam, exam reference dialog; §9 up to three faculty)

/** Kinds the scheduler's create dialog makes (a pending event's type, spec §4). */
export const SCHEDULER_FORM_KINDS = ["session", "activity", "reference", "exam"] as const;

/**
 * The booking call's FacilityFacultyBooking of a checked form (spec §7): times as instants ending
 * in Z of the form's wall times at `timeZone` (the term's campus zone, IANA; default Asia/Kolkata),
 * a reference from midnight of its start day to midnight after its end day (§9 fixed midnight, no
 * zone), faculty joined by ';', no weekdays selected.
 */
export function bookingOfForm(f: SchedulerEventForm, termId: string, timeZone: string = EXAM_TIME_ZONE) {
  const reference = f.kind === "reference";
  const [y, mo, d] = f.endDate.split("-").map(Number) as [number, number, number];
  const dayAfterEnd = Temporal.PlainDate.from({ year: y, month: mo, day: d }).add({ days: 1 }).toString();
  return {
    termId,
    facultyId: reference ? "" : [f.faculty1, f.faculty2, f.faculty3].filter(Boolean).join(";"),
    facilityId: reference ? null : f.facilityId || null,
    daySelected: "",
    courseVersionId: f.courseVersionId || null,
    courseOfferingId: reference ? null : f.courseOfferingId || null,
    academicPlannerActivityId: null,
    activityType: f.kind,
    sessionName: f.sessionName,
    ...(f.kind === "exam" && f.examType ? { examType: f.examType } : {}),
    startDate: reference
      ? referenceMidnight(f.startDate)
      : localToInstant(f.startDate, f.startTime, timeZone),
    endDate: reference ? referenceMidnight(dayAfterEnd) : localToInstant(f.endDate, f.endTime, timeZone),
  };
}

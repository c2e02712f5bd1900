import type { PlannerEvent, SchedulerData } from "@portal/api-client";
import { EVENT_FILTERS, INTAKE_MONTHS, instantToLocal, RESOURCE_TYPES, UNASSIGNED } from "@portal/domain";

/**
 * Rules of the scheduler island (spec, Exam management §2 "Exam planning scheduler", §4
 * scheduler transitions, §9; spec, Academic planning §3 "Entities and their fields", session-scheduler state,
 * §4): the selection in the address, the reset rules, which kind a selected range creates, the tree's filter
 * and the mapping of events onto resources. Pure, no I/O.
 */

/** The screens that share the scheduler island. */
export type SchedulerVariant = "scheduler" | "planner" | "old" | "full" | "exam";
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type EventFilter = (typeof EVENT_FILTERS)[number];

/** The scheduler's selection: filters, toggles and the calendar's date (YYYY-MM-DD). */
export type SchedulerSelection = {
  program: string;
  year: string;
  intake: string;
  term: string;
  resource: ResourceType;
  filter: EventFilter;
  date: string;
};

/** Years of the Year filter (spec §9: 2015-2040). */
export const SCHEDULER_YEARS = Array.from({ length: 26 }, (_, i) => String(2015 + i));

/** The event filter a screen starts with: references on the exam planner, everything elsewhere. */
export function defaultFilter(variant: SchedulerVariant): EventFilter {
  return variant === "exam" ? "reference" : "all";
}

/**
 * Reads the selection from the query string: `program` (or the time table's `programName`),
 * `year` (or `batchName` when it is a year), `intake` (JAN-DEC), `term` (or `id`, a term id),
 * `resource`, `filter`, `date`. Unknown values are dropped.
 */
export function parseSchedulerSelection(search: string, variant: SchedulerVariant): SchedulerSelection {
  const p = new URLSearchParams(search);
  const program = (p.get("program") ?? p.get("programName") ?? "").trim().slice(0, 200);
  const yearRaw = p.get("year") ?? p.get("batchName") ?? "";
  const intake = (p.get("intake") ?? "").toUpperCase();
  const term = (p.get("term") ?? p.get("id") ?? "").trim().slice(0, 60);
  const resource = p.get("resource");
  const filter = p.get("filter");
  const date = p.get("date") ?? "";
  return {
    program,
    year: SCHEDULER_YEARS.includes(yearRaw) ? yearRaw : "",
    intake: (INTAKE_MONTHS as readonly string[]).includes(intake) ? intake : "",
    term,
    resource: (RESOURCE_TYPES as readonly string[]).includes(resource ?? "")
      ? (resource as ResourceType)
      : "faculty",
    filter: (EVENT_FILTERS as readonly string[]).includes(filter ?? "")
      ? (filter as EventFilter)
      : defaultFilter(variant),
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "",
  };
}

/** The query string of a selection (defaults left out). */
export function serializeSchedulerSelection(s: SchedulerSelection, variant: SchedulerVariant): string {
  const p = new URLSearchParams();
  if (s.program) p.set("program", s.program);
  if (s.year) p.set("year", s.year);
  if (s.intake) p.set("intake", s.intake);
  if (s.term) p.set("term", s.term);
  if (s.resource !== "faculty") p.set("resource", s.resource);
  if (s.filter !== defaultFilter(variant)) p.set("filter", s.filter);
  if (s.date) p.set("date", s.date);
  const text = p.toString();
  return text ? `?${text}` : "";
}

/**
 * §4 reset rules: changing the program clears year, intake and term (and with the term the
 * events, activities, references and sessions, which belong to it); changing year or intake clears
 * the term; changing the term keeps the rest (its events are read afresh); changing the resource
 * type or the event filter only re-filters what is loaded. The calendar's date goes with the term.
 */
export function changeSchedulerSelection(
  s: SchedulerSelection,
  key: "program" | "year" | "intake" | "term" | "resource" | "filter",
  value: string,
): SchedulerSelection {
  if (s[key] === value) return s;
  switch (key) {
    case "program":
      return { ...s, program: value, year: "", intake: "", term: "", date: "" };
    case "year":
    case "intake":
      return { ...s, [key]: value, term: "", date: "" };
    case "term":
      return { ...s, term: value, date: "" };
    case "resource":
      return { ...s, resource: value as ResourceType };
    case "filter":
      return { ...s, filter: value as EventFilter };
  }
}

/**
 * The kind of event a selected range creates (§4): a session on the Sessions calendar (the
 * filter 'session'), a reference when the range is all-day, otherwise an activity. On the exam
 * planner a timed range (hours on the timeline) creates an exam at once, keeping the range, the
 * resource and the room, and an all-day range a reference; its dialog can switch between the two
 * without losing what was chosen. Null without a term: the screen says 'Select term to create any
 * activity' (§5, §8).
 */
export function pendingKind(
  variant: SchedulerVariant,
  filter: EventFilter,
  allDay: boolean,
  term: string,
): "session" | "activity" | "reference" | "exam" | null {
  if (!term) return null;
  if (variant === "exam") return allDay ? "reference" : "exam";
  if (filter === "session") return "session";
  return allDay ? "reference" : "activity";
}

/** The spec's N/A for a missing value (View Details). */
export function orNa(value: string | null | undefined, na: string): string {
  return value && value.trim() !== "" ? value : na;
}

/**
 * Whether View Details offers Edit (academic-planning §6, exam-management §6): only when the
 * event's date (its start day in `timeZone`, the term's campus zone; default Asia/Kolkata) is after
 * `today` (YYYY-MM-DD).
 */
export function canEdit(event: Pick<PlannerEvent, "startDate">, today: string, timeZone?: string): boolean {
  return instantToLocal(event.startDate, timeZone).date > today;
}

/** The events of the chosen kinds: references only, sessions (timed events, exams too), or all. */
export function byFilter(events: readonly PlannerEvent[], filter: EventFilter): PlannerEvent[] {
  if (filter === "all") return [...events];
  if (filter === "reference") return events.filter((e) => e.eventType === "reference");
  return events.filter((e) => e.eventType !== "reference");
}

/** The tree's choice: section ids and subject ids ticked, and whether 'Unassigned' is. */
export type TreeChoice = {
  sections: ReadonlySet<string>;
  subjects: ReadonlySet<string>;
  unassigned: boolean;
};

/** Every subject, section and 'Unassigned' ticked (Select All). */
export function allOfTree(tree: SchedulerData["tree"]): TreeChoice {
  return {
    subjects: new Set(tree.map((t) => t.courseVersionId)),
    sections: new Set(tree.flatMap((t) => t.courseOffering.map((o) => o.id))),
    unassigned: true,
  };
}

/**
 * The events the tree lets through: an event with a section shows when that section is ticked;
 * with only a subject, when the subject is; with neither, when 'Unassigned' is.
 */
export function byTree(events: readonly PlannerEvent[], choice: TreeChoice): PlannerEvent[] {
  return events.filter((e) => {
    if (e.courseOfferingId) return choice.sections.has(e.courseOfferingId);
    if (e.subjectId) return choice.subjects.has(e.subjectId);
    return choice.unassigned;
  });
}

/** The id of the timeline's row for events without a resource of the shown type. */
export const UNASSIGNED_RESOURCE = "unassigned";

/**
 * The timeline's rows of a resource type: faculty (by name) or facilities (name and capacity),
 * then an 'Unassigned' row for events that book none.
 */
export function resourcesOf(
  data: Pick<SchedulerData, "faculty" | "facilities">,
  type: ResourceType,
): Array<{ id: string; title: string }> {
  const rows =
    type === "faculty"
      ? data.faculty.map((f) => ({ id: f.id, title: f.facultyName }))
      : data.facilities.map((f) => ({ id: f.id, title: `${f.facilityName} (${f.facilityCapacity})` }));
  return [...rows, { id: UNASSIGNED_RESOURCE, title: UNASSIGNED }];
}

/** The rows an event sits on for a resource type: its faculty (up to three) or its facility. */
export function resourceIdsOf(e: PlannerEvent, type: ResourceType): string[] {
  const ids =
    type === "faculty"
      ? e.FacultyBooking.map((f) => f.facultyId)
      : e.FacilityBooking
        ? [e.FacilityBooking.facilityId]
        : [];
  return ids.length > 0 ? ids : [UNASSIGNED_RESOURCE];
}

/** An event's title on the calendar: subject and section, then the session name. */
export function eventTitle(e: PlannerEvent): string {
  const subject = e.SubjectPlanner.courseName;
  const section = e.SubjectPlanner.courseOfferingSectionId;
  const where =
    subject === UNASSIGNED ? "" : section === UNASSIGNED ? `${subject} - ` : `${subject} ${section} - `;
  return `${where}${e.activity}`;
}

/**
 * Rules of academic planning (spec, Academic planning): constants of §9, the batch filter reset
 * rules of §4, section letters (§5), the activity dialog's rules (§5) with its working-day end-date
 * rule, the attachment rule of the faculty invitation (§5), and the zod schemas of every planning
 * input (the browser's forms and the server's boundary use the same ones). Pure, no I/O.
 */
import { formatDate } from "./format.ts";
import { isIsoDate } from "./iso-date.ts";

/** Texts of the planning spec (§5, §8), spelled exactly as written. */
export const PLANNING_MESSAGES = {
  /** §5 required text input / select */
  fieldCannotBeEmpty: "Field cannot be empty.",
  /** §5 one faculty per section / activity */
  onlyOneFaculty: "Only 1 faculty can be selected",
  /** §5, §8 attachment type of the invite and email dialogs */
  attachmentType: "Please Select Only Doc ,Pdf and Image",
  /** §8 empty answer of the server */
  noDataFound: "No Data Found",
  /** §8 */
  failedToAdd: "Failed to add. Please try again.",
  /** §8 */
  noProgramsFound: "No Programs Found",
  /** §8 */
  noSectionsFound: "No Sections Found",
  /** §8 */
  provideAllDetails: "Please provide all the details",
  /** §8 */
  selectSectionFirst: "Please select a section before proceeding",
  /** §8 */
  selectTermFirst: "Select term to create any activity",
} as const;

/** §5 'Cannot exceed {date}' with the term end date shown DD-MM-YYYY. */
export function cannotExceedMessage(isoDate: string): string {
  return `Cannot exceed ${formatDisplayIsoDate(isoDate)}`;
}

// ---------------------------------------------------------------------------------------------
// §9 constants

/** Batch filter years (§9: 2024 to 2040). */
export const BATCH_YEARS: readonly number[] = Array.from({ length: 2040 - 2024 + 1 }, (_, i) => 2024 + i);
/** Planner years (§9: 2015 to 2040, default 2015). */
export const PLANNER_YEARS: readonly number[] = Array.from({ length: 2040 - 2015 + 1 }, (_, i) => 2015 + i);
export const DEFAULT_PLANNER_YEAR = 2015;
/** Intake months (§9: JAN to DEC, default JAN). */
export const INTAKE_MONTHS = [
  "JAN",
  "FEB",
  "MAR",
  "APR",
  "MAY",
  "JUN",
  "JUL",
  "AUG",
  "SEP",
  "OCT",
  "NOV",
  "DEC",
] as const;
export type IntakeMonth = (typeof INTAKE_MONTHS)[number];
export const DEFAULT_INTAKE_MONTH: IntakeMonth = "JAN";
/** An intake that exists: its programme's name and code, year and month (JAN-DEC). */
export type ExistingIntake = { program: string; code: string; year: number; month: string };

/**
 * The Year and Intake choices of a filter over existing data (batch list, planners, schedulers,
 * time table): only the years in which `program` (name or code; "" = any programme) has an intake,
 * ascending, and only the months of its intakes in the chosen `year` ("" = any year), JAN to DEC,
 * so staff are never offered a year or month with nothing in it. The chosen year and intake are
 * always offered (a link may name one that no longer exists). With no intake at all, the spec's
 * lists (`years`, default {@link PLANNER_YEARS}; {@link INTAKE_MONTHS}). Forms that create an intake
 * keep the spec's full lists.
 */
export function intakeChoices(
  intakes: readonly ExistingIntake[],
  chosen: { program: string; year: string; intake: string },
  years: readonly number[] = PLANNER_YEARS,
): { years: string[]; months: string[] } {
  const ofProgram = intakes.filter(
    (i) => chosen.program === "" || i.program === chosen.program || i.code === chosen.program,
  );
  const yearsFound = [...new Set(ofProgram.map((i) => i.year))].sort((a, b) => a - b).map(String);
  const ofYear = ofProgram.filter((i) => chosen.year === "" || String(i.year) === chosen.year);
  const monthsFound = INTAKE_MONTHS.filter((mo) => ofYear.some((i) => i.month === mo));
  const withChosen = (list: string[], value: string, order: (a: string, b: string) => number) =>
    value === "" || list.includes(value) ? list : [...list, value].sort(order);
  const monthOrder = (a: string, b: string) =>
    (INTAKE_MONTHS as readonly string[]).indexOf(a) - (INTAKE_MONTHS as readonly string[]).indexOf(b);
  return {
    years: withChosen(
      yearsFound.length > 0 ? yearsFound : years.map(String),
      chosen.year,
      (a, b) => Number(a) - Number(b),
    ),
    months: withChosen(monthsFound.length > 0 ? monthsFound : [...INTAKE_MONTHS], chosen.intake, monthOrder),
  };
}

/** Campus filter defaults (§9), "All" last. */
export const CAMPUS_FILTER_OPTIONS = ["Singapore", "Dubai", "Mumbai", "Sydney", "All"] as const;
/** Term status filter values before the server answers its own (§4). */
export const DEFAULT_TERM_STATUSES = ["Ongoing", "Upcoming", "All"] as const;
/** Term status of a term or batch computed from its dates and today (the values the server returns). */
export const TERM_STATUSES = ["Upcoming", "Ongoing", "Completed"] as const;
export type TermStatus = (typeof TERM_STATUSES)[number];
/** Activity types (§3 planner activity). */
export const ACTIVITY_TYPES = [
  "Lecture",
  "Exam",
  "Lab",
  "Tutorial",
  "Practical",
  "Workshop",
  "Travel",
  "Term Break",
  "Holiday",
  "Other",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** Semester options of the FILTER dialogs (§9: 1-4). */
export const SEMESTER_OPTIONS = [1, 2, 3, 4] as const;
/** Time zones of the schedule (§9). */
export const SCHEDULE_TIME_ZONES = [
  { label: "GMT", timeZone: "Europe/London" },
  { label: "CET", timeZone: "Europe/Berlin" },
] as const;
/** Faculty association (§3). */
export const FACULTY_ASSOCIATIONS = ["Internal", "Visiting"] as const;
/** Fixed availability of non-visiting faculty (§2 Faculty Invitation). */
export const INTERNAL_FACULTY_AVAILABILITY = "Monday-Friday 8:30 AM - 5:30 PM";
/** Section letters A..Z (§5, §9). */
export const SECTION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("") as readonly string[];
/** Duration and sessions: at most 3 characters (§5, §9). */
export const ACTIVITY_COUNT_MAX_LENGTH = 3;
/** Hours per session bounds (§5, §9). */
export const HOURS_PER_SESSION_MIN = 0.1;
export const HOURS_PER_SESSION_MAX = 24;
/** Attachment types of the invite and email dialogs (§5). */
export const ATTACHMENT_EXTENSIONS = ["doc", "docx", "pdf", "jpeg", "jpg", "png"] as const;
/** Largest attachment accepted, bytes (not shown by the spec; the API's body limit bounds it). */
export const ATTACHMENT_MAX_BYTES = 700 * 1024;

// ---------------------------------------------------------------------------------------------
// Dates

/** ISO `YYYY-MM-DD` shown DD-MM-YYYY (§9 display); the same as {@link formatDate}. */
export function formatDisplayIsoDate(isoDate: string): string {
  return formatDate(isoDate);
}

/** ISO `YYYY-MM-DD` written DD/MM/YYYY, the planner's wire format (§5). */
export function toWireDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}/${m}/${y}`;
}

/** DD/MM/YYYY (the wire) as ISO `YYYY-MM-DD`, or null when it is not a real calendar date. */
export function fromWireDate(wire: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(wire);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : null;
}

/** §5: 'Cannot exceed {date}' when `endDate` is after `termEndDate`, else null. */
export function endDateProblem(endDate: string, termEndDate: string): string | null {
  return endDate > termEndDate ? cannotExceedMessage(termEndDate) : null;
}

/** Status of a term (or batch) with these dates on `today` (all ISO). */
export function termStatusOn(startDate: string, endDate: string, today: string): TermStatus {
  if (today < startDate) return "Upcoming";
  if (today > endDate) return "Completed";
  return "Ongoing";
}

// ---------------------------------------------------------------------------------------------
// §4 filter reset rules

/** The batches list's five filters (§2, §7 Batch list): empty string means all. */
export type BatchFilters = {
  program: string;
  batch: string;
  intake: string;
  campus: string;
  termStatus: string;
};
export const EMPTY_BATCH_FILTERS: BatchFilters = {
  program: "",
  batch: "",
  intake: "",
  campus: "",
  termStatus: "",
};

/**
 * §4: changing the academic program resets the other filters; changing the batch resets intake,
 * campus and term status; changing the intake resets campus and term status. Campus and term status
 * reset nothing. Setting a filter to the value it has changes nothing.
 */
export function changeBatchFilter<K extends keyof BatchFilters>(
  filters: BatchFilters,
  key: K,
  value: string,
): BatchFilters {
  if (filters[key] === value) return filters;
  switch (key) {
    case "program":
      return { ...EMPTY_BATCH_FILTERS, program: value };
    case "batch":
      return { ...filters, batch: value, intake: "", campus: "", termStatus: "" };
    case "intake":
      return { ...filters, intake: value, campus: "", termStatus: "" };
    default:
      return { ...filters, [key]: value };
  }
}

/** Planner and subject-list selectors (§2, §4): program, year, intake, term. */
export type PlanningSelection = { program: string; year: string; intake: string; term: string };
export const EMPTY_PLANNING_SELECTION: PlanningSelection = { program: "", year: "", intake: "", term: "" };

/**
 * §4: changing the program resets year, intake and term (the scheduler clears its events too);
 * changing year or intake resets the term.
 */
export function changePlanningSelection<K extends keyof PlanningSelection>(
  selection: PlanningSelection,
  key: K,
  value: string,
): PlanningSelection {
  if (selection[key] === value) return selection;
  if (key === "program") return { ...EMPTY_PLANNING_SELECTION, program: value };
  if (key === "year" || key === "intake") return { ...selection, [key]: value, term: "" };
  return { ...selection, [key]: value };
}

/** §2, §4: Choose Curriculum Version, Master Term Import and Next need program, intake and year. */
export function isPlanningSelectionComplete(
  s: Pick<PlanningSelection, "program" | "intake" | "year">,
): boolean {
  return s.program !== "" && s.intake !== "" && s.year !== "";
}

// ---------------------------------------------------------------------------------------------
// §5 sections, faculty, attachments

/** The next section letter in order A..Z (the first one not in `existing`), or null after Z. */
export function nextSectionLetter(existing: Iterable<string>): string | null {
  const used = new Set(existing);
  return SECTION_LETTERS.find((l) => !used.has(l)) ?? null;
}

/** §4 faculty selection: duplicates removed, order kept. */
export function uniqueSelection<T>(ids: readonly T[]): T[] {
  return [...new Set(ids)];
}

/** §5: is `fileName`'s extension one of doc, docx, pdf, jpeg, jpg, png (any case)? */
export function isAllowedAttachment(fileName: string): boolean {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0 || dot === fileName.length - 1) return false;
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase());
}

/** The Type filter of Current Programmes (§2; §9 types Type 1, Type 2). */
export const PROGRAMME_TYPES = ["Type 1", "Type 2"] as const;
export type ProgrammeType = (typeof PROGRAMME_TYPES)[number];

/** The message of a section strength that is not a whole number 1..10000. */
export const SECTION_STRENGTH_MESSAGE = "Section strength must be a whole number from 1 to 10000";

/**
 * Columns the batches list (§7 Batch list `sortBy`) sorts by on the server: programme,
 * batch year, intake month (calendar order), first term start, last term end (no terms last in either
 * direction), number of terms, term status and campus. Ties fall back to the list's own order
 * (programme, year, intake month, campus, batch name), then the intake's id.
 */
export const BATCH_SORT_COLUMNS = [
  "program",
  "batch",
  "intake",
  "startDate",
  "endDate",
  "terms",
  "termStatus",
  "campus",
] as const;
export type BatchSortColumn = (typeof BATCH_SORT_COLUMNS)[number];

/**
 * Columns the faculty table (GET /salesforce/FacultyList `sortBy`; Faculty Invitation and the
 * section's faculty picker) sorts by on the server: name (first, then last name), phone, e-mail, type,
 * association (Internal or Visiting), location and rating (the mean of the subject ratings as shown,
 * rounded to a half star; unrated last in either direction). Ties fall back to the list's own order
 * (first name, last name), then the faculty member's id, so the pages of one sort hold each faculty
 * member exactly once.
 */
export const FACULTY_SORT_COLUMNS = [
  "name",
  "phone",
  "email",
  "type",
  "association",
  "location",
  "rating",
] as const;
export type FacultySortColumn = (typeof FACULTY_SORT_COLUMNS)[number];

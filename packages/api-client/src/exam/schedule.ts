import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../client.ts";
import { unwrap } from "../errors.ts";
import type { operations } from "../generated/schema.ts";
import type { JsonAnswer, JsonBody } from "../operation-types.ts";

/*
 * The exam schedule (openapi/exam-schedule.yaml): exam cycles, the exam dashboard, the clash report,
 * upcoming and completed exams (ExamData) and the exam timetable with its save.
 */

/**
 * Query keys of the exam schedule; `examKeys.all` prefixes every one (invalidate it after a
 * timetable save or a retest exam: a moved or added exam changes every exam schedule screen).
 */
export const examKeys = {
  all: ["exams"] as const,
  cycles: () => ["exams", "cycles"] as const,
  campusFilter: () => ["exams", "campusFilter"] as const,
  facultyData: () => ["exams", "facultyData"] as const,
  dashboard: (examCycleId: string) => ["exams", "dashboard", examCycleId] as const,
  clashReport: (examCycleId: string, limit: number) => ["exams", "clashReport", examCycleId, limit] as const,
  examData: (request: ExamDataRequest) => ["exams", "examData", normaliseExamDataRequest(request)] as const,
  timetable: (query: ExamTimetableQuery) => ["exams", "timetable", normaliseTimetableQuery(query)] as const,
  setup: (examId: string) => ["exams", "setup", examId] as const,
  periodScheme: (examCycleId: string) => ["exams", "periodScheme", examCycleId] as const,
};

/** An exam cycle (the filter of the exam screens), with its number of exams. */
export type ExamCycle = JsonAnswer<"listExamCycles">["examCycles"][number];
/** Answer of GET /sf/exam/examDashboard: the cycle, today (Asia/Kolkata), summary and clash counts. */
export type ExamDashboard = JsonAnswer<"getExamDashboard">;
/** Answer of GET /sf/exam/clashReport: totals and first items of the three clash lists. */
export type ClashReport = JsonAnswer<"getClashReport">;
/** Body of POST /salesforce/ExamData: `dueDays` (upcoming) or `completedIn` (completed), paged. */
type ExamDataRequest = JsonBody<"getExamData">;
/** One page of upcoming or completed exams and the total. */
type ExamDataPage = JsonAnswer<"getExamData">;
/** One exam of ExamData (spec §3 Exam info, wire names kept). */
export type ExamInfo = ExamDataPage["exams"][number];
/** Query of GET /salesforce/TimeTable: exam cycle, course text, page and page size. */
type ExamTimetableQuery = NonNullable<operations["listExamTimetable"]["parameters"]["query"]>;
/** One page of the exam timetable and the total. */
type ExamTimetablePage = JsonAnswer<"listExamTimetable">;
/** One row of the exam timetable (spec §3 Exam timetable row): date YYYY-MM-DD, time HH:MM, minutes. */
export type ExamTimetableRow = ExamTimetablePage["timetable"][number];
/** One item of the timetable save (spec §7: id, duration, dateOfExam, timeOfExam, examType, venue, sendEmail). */
export type ExamTimetableSaveItem = JsonBody<"saveExamTimetable">[number];
/**
 * An exam cycle's period scheme (GET/PUT /sf/exam/examCycles/{id}/periodScheme): the cycle's name
 * and dates, weekdays (ISO 1-7) and dates without exams, the slots of each exam day, the office's
 * timetabling rules, the version (0 before the first save) and the cycle's exam periods with the
 * exams each holds.
 */
export type PeriodScheme = JsonAnswer<"getPeriodScheme">["scheme"];
/** Body of the period scheme's save: the scheme and the version read. */
export type PeriodSchemeSave = JsonBody<"savePeriodScheme">;
/** A student clash a timetable save made: a moved exam, the exam it now overlaps, students sitting both. */
export type ExamOverlap = JsonAnswer<"saveExamTimetable">["clashes"][number];

/** Fills ExamData's defaults (page 1, 10 a page, every cycle; a sort asc) so equal requests share a query key. */
function normaliseExamDataRequest(request: ExamDataRequest): ExamDataRequest {
  return {
    ...(request.dueDays === undefined ? {} : { dueDays: request.dueDays }),
    ...(request.completedIn === undefined ? {} : { completedIn: request.completedIn }),
    examCycleId: request.examCycleId ?? "",
    pageNo: request.pageNo ?? 1,
    count: request.count ?? 10,
    // The header sort goes to the server (and into the key), asc unless told otherwise.
    ...(request.sortBy ? { sortBy: request.sortBy, sortDirection: request.sortDirection ?? "asc" } : {}),
  };
}

/** Fills the timetable query's defaults (every cycle, no course text, page 1, 10 a page). */
function normaliseTimetableQuery(query: ExamTimetableQuery): Required<ExamTimetableQuery> {
  return {
    examCycleId: query.examCycleId ?? "",
    course: query.course ?? "",
    pageNo: query.pageNo ?? 1,
    count: query.count ?? 10,
  };
}

/** One campus of the exam screens' campus filter: id, name and IANA time zone. */
export type CampusOption = JsonAnswer<"getCampusFilter">["campus"][number];
/** One faculty member offered by the exam screens: id, facultyName, facEmail. */
export type ExamFacultyOption = JsonAnswer<"getExamFacultyData">["data"][number];

/** GET /sf/exam/getCampusFilter: every campus by name (the exam screens' campus filter). */
export function campusFilterQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: examKeys.campusFilter(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/sf/exam/getCampusFilter", { signal })),
    staleTime: 5 * 60_000,
  });
}

/** GET /sf/exam/facultyData: every faculty member by name (spec §3 Resources faculty). */
export function examFacultyDataQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: examKeys.facultyData(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/sf/exam/facultyData", { signal })),
    staleTime: 5 * 60_000,
  });
}

/** GET /sf/exam/examCycles: every exam cycle, latest first. */
export function examCyclesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: examKeys.cycles(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/sf/exam/examCycles", { signal })),
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /sf/exam/examDashboard: figures of one exam cycle. With an empty `examCycleId` the server picks
 * the cycle holding the next exam (else the latest) and names it in the answer's `examCycle`.
 * ApiError 404 for an unknown cycle.
 */
export function examDashboardQueryOptions(api: ApiClient, examCycleId: string) {
  return queryOptions({
    queryKey: examKeys.dashboard(examCycleId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/examDashboard", {
          params: { query: examCycleId ? { examCycleId } : {} },
          signal,
        }),
      ),
  });
}

/**
 * GET /sf/exam/clashReport: students with two exams at once, faculty in two rooms at once and rooms
 * over capacity in a cycle, each with its total and the first `limit` items (0 to 500, default 100).
 */
export function clashReportQueryOptions(api: ApiClient, examCycleId: string, limit = 100) {
  return queryOptions({
    queryKey: examKeys.clashReport(examCycleId, limit),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/clashReport", { params: { query: { examCycleId, limit } }, signal })),
  });
}

/**
 * POST /salesforce/ExamData: with `dueDays` the exams from today (Asia/Kolkata) up to that many days
 * ahead, soonest first; with `completedIn` those held in that many days before today, latest first.
 * Pages are 1-based (10, 25, 50 or 100 a page); `daysFromToday` is negative for exams already held.
 */
export function examDataQueryOptions(api: ApiClient, request: ExamDataRequest) {
  const body = normaliseExamDataRequest(request);
  return queryOptions({
    queryKey: examKeys.examData(body),
    queryFn: async ({ signal }) => unwrap(await api.POST("/salesforce/ExamData", { body, signal })),
  });
}

/**
 * GET /salesforce/TimeTable: one page of the exam timetable (by date, start time and course) and the
 * total; `course` matches course name or code, `examCycleId` "" means every cycle.
 */
export function examTimetableQueryOptions(api: ApiClient, query: ExamTimetableQuery) {
  const normalised = normaliseTimetableQuery(query);
  return queryOptions({
    queryKey: examKeys.timetable(normalised),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/TimeTable", { params: { query: normalised }, signal })),
  });
}

/** GET /sf/exam/getExamSetupSPJ/{id}: one exam's timetable row; ApiError 404 for an unknown id. */
export function examSetupQueryOptions(api: ApiClient, examId: string) {
  return queryOptions({
    queryKey: examKeys.setup(examId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/getExamSetupSPJ/{id}", { params: { path: { id: examId } }, signal })),
  });
}

/**
 * POST /salesforce/TimeTable: saves timetable rows in one transaction (nothing written on failure).
 * The answer's `message` is shown as a toast (spec §8). ApiError 400 names the item's field
 * (`0.dateOfExam`, e.g. a date outside the exam cycle), 404 an unknown exam. Invalidate
 * `examKeys.all` afterwards: a moved exam changes every exam screen.
 */
export function saveExamTimetableMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["exams", "timetable", "save"],
    mutationFn: async (items: ExamTimetableSaveItem[]) =>
      unwrap(await api.POST("/salesforce/TimeTable", { body: items })),
  });
}

/** GET /sf/exam/examCycles/{id}/periodScheme: the cycle's scheme (defaults, version 0, when none is saved); 404 unknown cycle. */
export function periodSchemeQueryOptions(api: ApiClient, examCycleId: string) {
  return queryOptions({
    queryKey: examKeys.periodScheme(examCycleId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/examCycles/{id}/periodScheme", {
          params: { path: { id: examCycleId } },
          signal,
        }),
      ).scheme as PeriodScheme,
  });
}

/**
 * PUT /sf/exam/examCycles/{id}/periodScheme: saves the scheme at the version read and makes the
 * cycle's exam periods from it (one transaction); answers the saved scheme. ApiError 400 naming the
 * field (`slots.1.startTime`, `datesWithoutExams.0`, rule `empty_scheme` at `slots`), 404 unknown
 * cycle, 409 `version_conflict` (stale version) or `periods_hold_exams` (the scheme drops periods
 * still holding exams; the message names them). Invalidate `examKeys.all` afterwards: the cycle's
 * periods change the exam screens.
 */
export function savePeriodSchemeMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["exams", "periodScheme", "save"],
    mutationFn: async ({ examCycleId, body }: { examCycleId: string; body: PeriodSchemeSave }) =>
      unwrap(
        await api.PUT("/sf/exam/examCycles/{id}/periodScheme", {
          params: { path: { id: examCycleId } },
          body,
        }),
      ).scheme as PeriodScheme,
  });
}

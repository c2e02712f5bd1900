/**
 * Test support for the exam schedule screens (used by the `*.test.tsx` files beside it, never by the
 * portal): fixtures shaped like the API's answers, and a scripted fake exam API that keeps the
 * timetable in memory, so a save changes what the next reload shows.
 */
import type {
  ClashReport,
  ExamCycle,
  ExamDashboard,
  ExamInfo,
  ExamOverlap,
  ExamTimetableRow,
  ExamTimetableSaveItem,
} from "@portal/api-client";
import { type FakeRoute, fakeApi, json } from "../../../shell/test-api.ts";

export { json };

export const CYCLE_NOV: ExamCycle = {
  id: "c0000000-0000-4000-8000-000000000001",
  name: "Nov 2026 End Term",
  examType: "EndTerm",
  startDate: "2026-11-16",
  endDate: "2026-11-28",
  exams: 2,
  importCode: null,
};
export const CYCLE_JUN: ExamCycle = {
  id: "c0000000-0000-4000-8000-000000000002",
  name: "Jun 2026 End Term",
  examType: "EndTerm",
  startDate: "2026-06-15",
  endDate: "2026-06-27",
  exams: 1,
  importCode: null,
};

/** A timetable row with sensible defaults. */
export function makeRow(overrides: Partial<ExamTimetableRow> = {}): ExamTimetableRow {
  return {
    version: 1,
    id: "e0000000-0000-4000-8000-000000000001",
    course: "Financial Accounting",
    courseCode: "FIN101",
    section: "A",
    term: "Term 4",
    batch: "MBA 2025",
    program: "MBA",
    component: "End Term Exam",
    examCycle: CYCLE_NOV.name,
    examCycleId: CYCLE_NOV.id,
    dateOfExam: "2026-11-24",
    startTimeOfExam: "10:00",
    duration: 180,
    examType: "EndTerm",
    examTimeZone: "Asia/Kolkata",
    studentFacultyRatio: "30:1",
    examMode: "offline",
    venue: "",
    students: 42,
    seated: 40,
    invigilatorsAssigned: 1,
    invigilatorsNeeded: 2,
    locked: false,
    ...overrides,
  };
}

export const ROW_FIN = makeRow();
export const ROW_MKT = makeRow({
  id: "e0000000-0000-4000-8000-000000000002",
  course: "Marketing Management",
  courseCode: "MKT201",
  section: "B",
  dateOfExam: "2026-11-25",
  startTimeOfExam: "14:30",
  venue: "Main hall",
});

/**
 * Twelve timetable rows in the timetable's order: eleven on Tuesday 24-11-2026, then one on Wednesday
 * 25-11-2026. At 10 a page, page 2 starts with the 24th's last exam: its date group continues there.
 */
export function rowsOverTwoDates(): ExamTimetableRow[] {
  return Array.from({ length: 12 }, (_, i) =>
    makeRow({
      id: `e0000000-0000-4000-8000-0000000001${String(i).padStart(2, "0")}`,
      course: `Course ${String(i + 1).padStart(2, "0")}`,
      courseCode: `C${String(i + 1).padStart(3, "0")}`,
      dateOfExam: i < 11 ? "2026-11-24" : "2026-11-25",
    }),
  );
}

/** An ExamData row with sensible defaults. */
export function makeExamInfo(overrides: Partial<ExamInfo> = {}): ExamInfo {
  return {
    Id: "e0000000-0000-4000-8000-000000000001",
    Intake__c: "MBA 2025",
    Term_Name__c: "Term 4",
    Specialization_Name__c: "MBA",
    Course_Code__c: "FIN101",
    Course_Name__c: "Financial Accounting",
    Section__c: "A",
    Exam_Name1__c: "End Term Exam",
    Exam_Type__c: "EndTerm",
    Deadline: "2026-11-24",
    startTimeOfExam: "10:00",
    duration: 180,
    examCycle: CYCLE_NOV.name,
    examCycleId: CYCLE_NOV.id,
    students: 42,
    daysFromToday: 2,
    ...overrides,
  };
}

/** A dashboard answer for a cycle. */
export function makeDashboard(cycle: ExamCycle = CYCLE_NOV): ExamDashboard {
  return {
    success: true,
    examCycle: cycle,
    today: "2026-11-22",
    summary: {
      exams: 120,
      periods: 20,
      students: 950,
      enrolments: 4800,
      upcomingExams: 48,
      completedExams: 72,
      roomsUsed: 14,
      seated: 3100,
      unseated: 1700,
      invigilatorsAssigned: 40,
      invigilatorsNeeded: 95,
    },
    clashes: { students: 3, faculty: 1, roomsOverCapacity: 0 },
  };
}

/** A clash report with two student clashes shown of three, one faculty clash, no full room. */
export function makeClashReport(cycle: ExamCycle = CYCLE_NOV): ClashReport {
  return {
    success: true,
    examCycleId: cycle.id,
    examCycle: cycle.name,
    studentClashes: {
      total: 3,
      items: [
        {
          studentId: "s1",
          studentCode: "S2025001",
          studentName: "Priya Nair",
          date: "2026-11-24",
          exams: [
            {
              examId: "x1",
              courseCode: "FIN101",
              courseName: "Financial Accounting",
              startTime: "10:00",
              duration: 180,
            },
            {
              examId: "x2",
              courseCode: "ECO110",
              courseName: "Economics",
              startTime: "11:00",
              duration: 120,
            },
          ],
        },
        {
          studentId: "s2",
          studentCode: "S2025002",
          studentName: "Karan Shah",
          date: "2026-11-25",
          exams: [
            {
              examId: "x3",
              courseCode: "MKT201",
              courseName: "Marketing Management",
              startTime: "14:30",
              duration: 180,
            },
            {
              examId: "x4",
              courseCode: "OPS150",
              courseName: "Operations",
              startTime: "15:00",
              duration: 90,
            },
          ],
        },
      ],
    },
    facultyClashes: {
      total: 1,
      items: [
        {
          facultyId: "f1",
          facultyName: "Anil Kumar",
          facEmail: "anil.kumar@faculty.university.example",
          date: "2026-11-24",
          assignments: [
            {
              examId: "x1",
              courseName: "Financial Accounting",
              room: "MUM-R101",
              startTime: "10:00",
              duration: 180,
            },
            { examId: "x2", courseName: "Economics", room: "MUM-R102", startTime: "11:00", duration: 120 },
          ],
        },
      ],
    },
    roomsOverCapacity: { total: 0, items: [] },
  };
}

/**
 * A fake exam API over an in-memory timetable: GET /salesforce/TimeTable (course filter, paging),
 * GET /sf/exam/getExamSetupSPJ/{id} and POST /salesforce/TimeTable (applied unless `refuse` answers
 * an error first), plus GET /sf/exam/examCycles. `extra` adds or overrides routes.
 */
export function examApi(
  options: {
    rows?: ExamTimetableRow[];
    refuse?: (items: ExamTimetableSaveItem[]) => Response | undefined;
    /** The student clashes a save answers (default none). */
    clashes?: (items: ExamTimetableSaveItem[]) => ExamOverlap[];
    extra?: Record<string, FakeRoute>;
  } = {},
) {
  const rows = (options.rows ?? [ROW_FIN, ROW_MKT]).map((r) => ({ ...r }));
  /** The query of each timetable load, in order. */
  const timetableQueries: URLSearchParams[] = [];
  const api = fakeApi({
    "GET /api/sf/exam/examCycles": () =>
      json(200, { success: true, examCycles: [CYCLE_NOV, CYCLE_JUN], defaultExamCycleId: CYCLE_NOV.id }),
    "GET /api/salesforce/TimeTable": (request) => {
      const query = new URL(request.url).searchParams;
      timetableQueries.push(query);
      const course = (query.get("course") ?? "").toLowerCase();
      const pageNo = Number(query.get("pageNo") ?? 1);
      const count = Number(query.get("count") ?? 10);
      const matching = rows.filter(
        (r) =>
          course === "" ||
          r.course.toLowerCase().includes(course) ||
          r.courseCode.toLowerCase().includes(course),
      );
      const page = matching.slice((pageNo - 1) * count, pageNo * count);
      return json(200, {
        success: true,
        noOfRecords: matching.length,
        // As the server says it: the page's first date had rows on the page before.
        firstDateContinued:
          pageNo > 1 && matching[(pageNo - 1) * count - 1]?.dateOfExam === page[0]?.dateOfExam,
        timetable: page,
      });
    },
    "POST /api/salesforce/TimeTable": (_request, body) => {
      const items = body as ExamTimetableSaveItem[];
      const refused = options.refuse?.(items);
      if (refused) return refused;
      for (const item of items) {
        const row = rows.find((r) => r.id === item.id);
        if (!row) return json(404, { success: false, errorMessage: "No such exam", field: "0.id" });
        row.dateOfExam = item.dateOfExam;
        row.startTimeOfExam = item.timeOfExam;
        row.duration = item.duration;
        row.examType = item.examType;
        row.venue = item.venue ?? "";
        if (item.studentFacultyRatio) row.studentFacultyRatio = item.studentFacultyRatio;
      }
      return json(200, {
        success: true,
        message: "Exam timetable saved",
        saved: items.length,
        seatingCleared: 0,
        clashes: options.clashes?.(items) ?? [],
      });
    },
    ...options.extra,
  });
  const setupRoute: FakeRoute = (request) => {
    const match = /^\/api\/sf\/exam\/getExamSetupSPJ\/([^/]+)$/.exec(new URL(request.url).pathname);
    if (!match) return undefined;
    const row = rows.find((r) => r.id === decodeURIComponent(match[1] ?? ""));
    return row
      ? json(200, { success: true, exam: row })
      : json(404, { success: false, errorMessage: "No such exam", errorCode: "not_found", field: "id" });
  };
  const fetch = async (request: Request) => {
    if (
      request.method === "GET" &&
      new URL(request.url).pathname.startsWith("/api/sf/exam/getExamSetupSPJ/")
    ) {
      api.calls.push({ method: "GET", path: new URL(request.url).pathname, body: undefined });
      return (
        (await setupRoute(request, undefined)) ??
        json(404, { success: false, errorMessage: "Data not found" })
      );
    }
    return api.fetch(request);
  };
  return { fetch, calls: api.calls, rows, timetableQueries };
}

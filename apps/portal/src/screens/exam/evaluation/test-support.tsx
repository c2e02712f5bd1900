/**
 * Test support for the evaluation and eligibility screens (used by the `*.test.tsx` files beside
 * them and in ../eligibility, never by the portal): fixtures shaped like the API's answers and a
 * fake API that keeps evaluators and eligibility decisions in memory, so a save changes what the
 * next load shows.
 */
import type {
  EligibilityUpdate,
  EvaluationDeadlineUpdate,
  EvaluationExam,
  EvaluatorAnswerItem,
  EvaluatorAssignment,
  EvaluatorAssignmentSaveItem,
  EvaluatorCandidate,
  StudentStatusRow,
} from "@portal/api-client";
import { formatIsoDate } from "@portal/domain";
import { type FakeRoute, fakeApi, json } from "../../../shell/test-api.ts";
import { CYCLE_JUN, CYCLE_NOV, ROW_FIN, ROW_MKT } from "../schedule/test-support.tsx";

export { json };

export const EXAM: EvaluationExam = {
  id: ROW_FIN.id,
  version: 1,
  examCycleId: CYCLE_NOV.id,
  examCycle: CYCLE_NOV.name,
  courseId: "c1000000-0000-4000-8000-000000000001",
  courseCode: "FIN101",
  courseName: "Financial Accounting",
  courseOfferingId: "o1000000-0000-4000-8000-000000000001",
  section: "A",
  termId: "t1000000-0000-4000-8000-000000000001",
  term: "Term 4",
  batch: "MBA 2025",
  programme: "MBA",
  component: "End Term Exam",
  examType: "EndTerm",
  dateOfExam: "2026-11-24",
  startTimeOfExam: "10:00",
  duration: 180,
  status: "Pending",
  subjectFacultyId: "f0000000-0000-4000-8000-000000000009",
  subjectFaculty: "Meera Iyer",
  deadline: null,
};

/** The second exam of the fake API's cycle: no evaluator, no subject faculty, no deadline. */
export const EXAM_MKT: EvaluationExam = {
  ...EXAM,
  id: ROW_MKT.id,
  courseName: ROW_MKT.course,
  section: "B",
  dateOfExam: "2026-11-25",
  subjectFacultyId: null,
  subjectFaculty: null,
};

export const CANDIDATES: EvaluatorCandidate[] = [
  {
    facultyId: "f0000000-0000-4000-8000-000000000001",
    facultyName: "Anil Kumar",
    role: "Core Faculty",
    email: "anil.kumar@faculty.university.example",
    teachesSection: false,
  },
  {
    facultyId: "f0000000-0000-4000-8000-000000000002",
    facultyName: "Divya Rao",
    role: "Visiting Faculty",
    email: "divya.rao@faculty.university.example",
    teachesSection: false,
  },
];

export const ROOM_A = {
  id: "r0000000-0000-4000-8000-000000000001",
  code: "MUM-R101",
  name: "Room 101",
  capacity: 40,
  seated: 30,
};

/** An evaluator row with sensible defaults. */
export function makeAssignment(overrides: Partial<EvaluatorAssignment> = {}): EvaluatorAssignment {
  return {
    version: 1,
    id: "a0000000-0000-4000-8000-000000000001",
    exam: EXAM.id,
    Contact__c: "f0000000-0000-4000-8000-000000000003",
    name: "Kavita Joshi",
    role: "Core Faculty",
    email: "kavita.joshi@faculty.university.example",
    status: "Rejected",
    reason: "On leave that week",
    room: null,
    roomId: null,
    courseOfferingId: EXAM.courseOfferingId,
    Assigned_Paper__c: "All",
    invigilatorId: null,
    answerSheets: 42,
    requestedAt: "2026-11-01T05:00:00.000Z",
    respondedAt: "2026-11-02T05:00:00.000Z",
    ...overrides,
  };
}

/** A student row with sensible defaults. */
export function makeStudent(overrides: Partial<StudentStatusRow> = {}): StudentStatusRow {
  return {
    version: 0,
    id: "s0000000-0000-4000-8000-000000000001",
    studentCode: "S2025001",
    name: "Priya Nair",
    email: "priya.nair@students.university.example",
    attendancePercent: 82,
    eligibility_status: "Eligible",
    computedStatus: "Eligible",
    overridden: false,
    reason: "",
    decidedBy: null,
    decidedAt: null,
    status: "Pending",
    document_submitted: "Submitted",
    ...overrides,
  };
}

type Calls = { method: string; path: string; body: unknown; query: string }[];

/**
 * A fake evaluation and eligibility API over in-memory data: GET evaluatorList/{id}, EvaluatorDetails
 * (candidates minus those assigned), EvaluationDetails (one room), POST EvaluationDetails (new
 * Requested rows), PATCH update/evaluation (status, reason, remove), GET evaluationOverview (the two
 * exams), GET evaluationAssignments (the first exam's assignments, filtered and paged as the server
 * does), PATCH update/evaluationDeadline (refused before the exam date), GET studentStatus/{id}
 * (label filter, search, paging), PATCH update/eligibily, POST StudentRiskData and examCycles.
 * `refuse` answers an error for a write before it is applied.
 */
export function evaluationApi(
  options: {
    assignments?: EvaluatorAssignment[];
    students?: StudentStatusRow[];
    refuse?: (method: string, path: string, body: unknown) => Response | undefined;
    extra?: Record<string, FakeRoute>;
  } = {},
) {
  const assignments = (options.assignments ?? [makeAssignment()]).map((a) => ({ ...a }));
  const students = (
    options.students ?? [
      makeStudent(),
      makeStudent({
        id: "s0000000-0000-4000-8000-000000000002",
        studentCode: "S2025002",
        name: "Rohan Das",
        attendancePercent: 70,
        eligibility_status: "At Risk",
        computedStatus: "At Risk",
        document_submitted: "Not Submitted",
      }),
    ]
  ).map((s) => ({ ...s }));
  const calls: Calls = [];
  const exam: EvaluationExam = { ...EXAM };
  let next = 10;
  const summary = () => {
    const count = (s: string) => assignments.filter((a) => a.status === s).length;
    const active = assignments.length - count("Rejected");
    return {
      evaluators: assignments.length,
      requested: count("Requested"),
      accepted: count("Accepted"),
      rejected: count("Rejected"),
      answerSheets: 42,
      sheetsPerEvaluator: active > 0 ? Math.ceil(42 / active) : null,
    };
  };
  const eligibilitySummary = () => {
    const count = (s: string) => students.filter((x) => x.eligibility_status === s).length;
    return {
      students: students.length,
      eligible: count("Eligible"),
      notEligible: count("Not eligible"),
      atRisk: count("At Risk"),
      underReview: count("Under Review"),
    };
  };
  const notFound = (field: string) =>
    json(404, { success: false, errorMessage: "No such exam", errorCode: "not_found", field });
  const routes: Record<string, FakeRoute> = {
    "GET /api/sf/exam/examCycles": () =>
      json(200, { success: true, examCycles: [CYCLE_NOV, CYCLE_JUN], defaultExamCycleId: CYCLE_NOV.id }),
    "GET /api/sf/exam/evaluationOverview": (request) => {
      const q = new URL(request.url).searchParams;
      const zero = { requested: 0, accepted: 0, rejected: 0, evaluators: 0, answerSheets: 0 };
      const row = (e: EvaluationExam, figures: ReturnType<typeof summary>) => ({
        id: e.id,
        examCycle: e.examCycle,
        courseCode: e.courseCode,
        courseName: e.courseName,
        section: e.section,
        dateOfExam: e.dateOfExam,
        startTimeOfExam: e.startTimeOfExam,
        deadline: e.deadline,
        term: e.term,
        batch: e.batch,
        status: e.status,
        subjectFaculty: e.subjectFaculty,
        summary: figures,
      });
      return json(200, {
        success: true,
        examCycle: null,
        noOfRecords: 2,
        pageNo: Number(q.get("pageNo") ?? 1),
        count: Number(q.get("count") ?? 10),
        exams: [row(exam, summary()), row(EXAM_MKT, { ...zero, sheetsPerEvaluator: null })],
      });
    },
    "GET /api/sf/exam/evaluationAssignments": (request) => {
      const q = new URL(request.url).searchParams;
      const text = (key: string) => q.get(key) ?? "";
      const allocated = text("allocatedTo").toLowerCase();
      const keep = (a: EvaluatorAssignment) =>
        (!text("dateOfExam") || text("dateOfExam") === exam.dateOfExam) &&
        (!text("deadline") || (exam.deadline !== null && exam.deadline <= text("deadline"))) &&
        (!text("subjectFaculty") ||
          text("subjectFaculty").toLowerCase() === exam.subjectFaculty?.toLowerCase()) &&
        (!allocated ||
          a.name.toLowerCase().includes(allocated) ||
          a.email.toLowerCase().includes(allocated)) &&
        (!text("status") || text("status") === a.status);
      const pageNo = Number(q.get("pageNo") ?? 1);
      const count = Number(q.get("count") ?? 10);
      const matching = [...assignments].sort((a, b) => a.name.localeCompare(b.name)).filter(keep);
      return json(200, {
        success: true,
        examCycle: null,
        noOfRecords: matching.length,
        pageNo,
        count,
        subjectFaculties: [exam.subjectFaculty],
        data: matching.slice((pageNo - 1) * count, pageNo * count).map((assignment) => ({
          assignment,
          exam: {
            id: exam.id,
            examCycle: exam.examCycle,
            courseCode: exam.courseCode,
            courseName: exam.courseName,
            section: exam.section,
            dateOfExam: exam.dateOfExam,
            startTimeOfExam: exam.startTimeOfExam,
            deadline: exam.deadline,
          },
          subjectFaculty: exam.subjectFaculty,
        })),
      });
    },
    "PATCH /api/sf/exam/update/evaluationDeadline": (_request, body) => {
      const refused = options.refuse?.("PATCH", "update/evaluationDeadline", body);
      if (refused) return refused;
      const { examId, deadline } = body as EvaluationDeadlineUpdate;
      if (examId !== exam.id) return notFound("examId");
      if (deadline !== null && deadline < exam.dateOfExam) {
        return json(400, {
          success: false,
          errorMessage: `The evaluation deadline (${formatIsoDate(deadline)}) cannot be before the exam date (${formatIsoDate(exam.dateOfExam)})`,
          errorCode: "validation_failed",
          field: "deadline",
          rule: "not_before_exam_date",
        });
      }
      exam.deadline = deadline;
      const message = deadline === null ? "Evaluation deadline cleared" : "Evaluation deadline saved";
      return json(200, { success: true, message, exam });
    },
    "GET /api/salesforce/EvaluatorDetails": (request) => {
      const examId = new URL(request.url).searchParams.get("examId");
      if (examId !== EXAM.id) return notFound("examId");
      const taken = new Set(assignments.map((a) => a.Contact__c));
      return json(200, { success: true, data: CANDIDATES.filter((c) => !taken.has(c.facultyId)) });
    },
    "GET /api/salesforce/EvaluationDetails": (request) => {
      const examId = new URL(request.url).searchParams.get("examId");
      if (examId !== EXAM.id) return notFound("examId");
      const brief = (a: EvaluatorAssignment) => ({
        id: a.id,
        Contact__c: a.Contact__c,
        name: a.name,
        status: a.status,
      });
      return json(200, {
        success: true,
        exam: EXAM,
        answerSheets: 42,
        rooms: [{ ...ROOM_A, evaluators: assignments.filter((a) => a.roomId === ROOM_A.id).map(brief) }],
        allRoomsEvaluators: assignments.filter((a) => a.roomId === null).map(brief),
      });
    },
    "POST /api/salesforce/EvaluationDetails": (_request, body) => {
      const refused = options.refuse?.("POST", "EvaluationDetails", body);
      if (refused) return refused;
      const saved = (body as EvaluatorAssignmentSaveItem[]).map((item) => {
        const candidate = CANDIDATES.find((c) => c.facultyId === item.evaluation);
        const row = makeAssignment({
          id: `a0000000-0000-4000-8000-0000000000${next++}`,
          Contact__c: item.evaluation,
          name: candidate?.facultyName ?? "?",
          role: candidate?.role ?? null,
          email: candidate?.email ?? "",
          status: "Requested",
          reason: "",
          room: item.room === ROOM_A.id ? ROOM_A.name : null,
          roomId: item.room === ROOM_A.id ? ROOM_A.id : null,
          Assigned_Paper__c: item.Assigned_Paper__c || "All",
          respondedAt: null,
        });
        assignments.push(row);
        return row;
      });
      return json(200, { success: true, message: "Evaluators saved", data: saved });
    },
    "PATCH /api/sf/exam/update/evaluation": (_request, body) => {
      const refused = options.refuse?.("PATCH", "update/evaluation", body);
      if (refused) return refused;
      const removed: string[] = [];
      const data: EvaluatorAssignment[] = [];
      for (const item of body as EvaluatorAnswerItem[]) {
        const index = assignments.findIndex((a) => a.id === item.id);
        const row = assignments[index];
        if (!row)
          return json(404, { success: false, errorMessage: "No such evaluator assignment", field: "0.id" });
        if (item.remove) {
          assignments.splice(index, 1);
          removed.push(item.id);
        } else {
          row.status = item.status ?? row.status;
          row.reason = item.status === "Rejected" ? (item.reason ?? "") : "";
          data.push(row);
        }
      }
      return json(200, { success: true, message: "Evaluator answers saved", data, removed });
    },
    "PATCH /api/sf/exam/update/eligibily": (_request, body) => {
      const refused = options.refuse?.("PATCH", "update/eligibily", body);
      if (refused) return refused;
      const out = (body as EligibilityUpdate[]).map((item) => {
        const row = students.find((s) => s.id === item.studentId);
        if (!row) throw new Error("unknown student");
        row.overridden = item.eligibility_status !== null;
        row.eligibility_status = item.eligibility_status ?? row.computedStatus;
        row.reason = item.eligibility_status === null ? "" : (item.reason ?? "");
        return { ...row, examId: item.examId };
      });
      return json(200, { success: true, message: "Eligibility saved", students: out });
    },
    "POST /api/salesforce/StudentRiskData": () =>
      json(200, {
        success: true,
        examCycle: null,
        totals: eligibilitySummary(),
        noOfRecords: 1,
        pageNo: 1,
        count: 10,
        exams: [
          {
            examId: EXAM.id,
            examCycle: EXAM.examCycle,
            courseCode: EXAM.courseCode,
            courseName: EXAM.courseName,
            section: EXAM.section,
            term: EXAM.term,
            batch: EXAM.batch,
            dateOfExam: EXAM.dateOfExam,
            startTimeOfExam: EXAM.startTimeOfExam,
            status: EXAM.status,
            summary: eligibilitySummary(),
          },
        ],
      }),
    ...options.extra,
  };
  const api = fakeApi(routes);
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const evaluatorList = /^\/api\/sf\/exam\/evaluatorList\/([^/]+)$/.exec(url.pathname);
    const studentStatus = /^\/api\/sf\/exam\/studentStatus\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && (evaluatorList || studentStatus)) {
      calls.push({ method: "GET", path: url.pathname, body: undefined, query: url.search });
      const id = decodeURIComponent((evaluatorList ?? studentStatus)?.[1] ?? "");
      if (id !== EXAM.id && id !== ROW_MKT.id) return notFound("id");
      if (evaluatorList) {
        if (id === ROW_MKT.id) {
          return json(200, {
            success: true,
            exam: EXAM_MKT,
            summary: {
              evaluators: 0,
              requested: 0,
              accepted: 0,
              rejected: 0,
              answerSheets: 0,
              sheetsPerEvaluator: null,
            },
            data: [],
          });
        }
        return json(200, {
          success: true,
          exam,
          summary: summary(),
          data: [...assignments].sort((a, b) => a.name.localeCompare(b.name)),
        });
      }
      const q = url.searchParams;
      const label = q.get("eligibility") ?? "";
      const text = (q.get("search") ?? "").toLowerCase();
      const pageNo = Number(q.get("pageNo") ?? 1);
      const count = Number(q.get("count") ?? 10);
      const matching = students.filter(
        (s) => (!label || s.eligibility_status === label) && (!text || s.name.toLowerCase().includes(text)),
      );
      return json(200, {
        success: true,
        exam: EXAM,
        summary: eligibilitySummary(),
        noOfRecords: matching.length,
        pageNo,
        count,
        students: matching.slice((pageNo - 1) * count, pageNo * count),
      });
    }
    // Recorded here, not from the inner fake's list: calls in flight together would mix their queries.
    const text = request.body ? await request.clone().text() : "";
    calls.push({
      method: request.method,
      path: url.pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      query: url.search,
    });
    return api.fetch(request);
  };
  return { fetch, calls, assignments, students, exam };
}

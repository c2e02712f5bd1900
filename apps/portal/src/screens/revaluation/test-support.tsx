import { type FakeRoute, fakeApi, json } from "../../shell/test-api.ts";

/** Fake data and a fake API of the revaluation screens' tests. */

export const EXAM_ID = "e1000000-0000-4000-8000-000000000001";
export const TERM_ID = "t1000000-0000-4000-8000-000000000001";
export const COURSE_ID = "c1000000-0000-4000-8000-000000000001";
export const FACULTY = {
  facultyId: "f1000000-0000-4000-8000-000000000001",
  facultyName: "Meera Iyer",
  email: "meera@example.org",
};

const header = {
  success: true,
  examId: EXAM_ID,
  courseOfferingId: "o1000000-0000-4000-8000-000000000001",
  CourseName: "Financial Accounting",
  section: "A",
  Term: "Term 4",
  ProgrameName: "MBA",
  Batch: "MBA 2025",
  examCycle: "Jun 2026 End Term",
  examDate: "2026-06-10",
};

/** A revaluation request still Requested (undecided). */
export function revaluationRow(overrides: Record<string, unknown> = {}) {
  return {
    id: "r1000000-0000-4000-8000-000000000001",
    studentId: "s1000000-0000-4000-8000-000000000001",
    StudentName: "Priya Nair",
    studentCode: "S1",
    subComponentId: "u1000000-0000-4000-8000-000000000001",
    subComponentName: "Theory",
    Marks: 40,
    TotalMarks: 60,
    previousMarks: 40,
    revisedMarks: null,
    EvaluatorAssigned: null,
    Evluaterid: null,
    ReasonForRevaluation: "Question 4 was not marked",
    Reason: "Question 4 was not marked",
    RevalutionStatus: "Pending",
    RevalAccept: null,
    state: "Requested",
    FeesStatus: "Paid",
    AnswerSheetType: "Set 1",
    ModeOfExam: "offline",
    answerSheetAvailable: true,
    revalDueDate: "2026-12-01",
    remark: "",
    version: 1,
    ...overrides,
  };
}

/** A retest request. */
export function retestRow(overrides: Record<string, unknown> = {}) {
  return {
    id: "q1000000-0000-4000-8000-000000000001",
    studentId: "s2000000-0000-4000-8000-000000000001",
    StudentName: "Rohan Das",
    studentCode: "S2",
    Marks: 12,
    TotalMarks: 60,
    Reason: "Hospitalised on the day of the exam",
    RevalAccept: "Accept",
    state: "Accept",
    retestExamId: null,
    version: 2,
    ...overrides,
  };
}

/** The fake API: the student lists, evaluators, retest form options and the writes (`refuse` answers them instead). */
export function revaluationApi(
  options: {
    revaluations?: ReturnType<typeof revaluationRow>[];
    retests?: ReturnType<typeof retestRow>[];
    refuse?: (path: string, body: unknown) => Response | undefined;
    extra?: Record<string, FakeRoute>;
  } = {},
) {
  const revaluations = options.revaluations ?? [revaluationRow()];
  const retests = options.retests ?? [retestRow()];
  return fakeApi({
    "POST /api/salesforce/ReetstData": (_request, body) => {
      const type = (body as { type: string }).type;
      const list = type === "Retest" ? retests : revaluations;
      return json(200, { ...header, type, Count: list.length, StudentList: list });
    },
    "GET /api/sf/exam/revaluationEvaluators/e1000000-0000-4000-8000-000000000001": () =>
      json(200, { success: true, data: [FACULTY] }),
    "PATCH /api/sf/exam/update/revaluation": (_request, body) =>
      options.refuse?.("revaluation", body) ??
      json(200, {
        success: true,
        requests: (body as Array<{ id: string; version: number }>).map((i) => ({
          id: i.id,
          state: "Accepted",
          RevalAccept: "Accept",
          RevalutionStatus: "Pending",
          version: i.version + 1,
        })),
      }),
    "GET /api/salesforce/CreateRetest": () =>
      json(200, {
        success: true,
        TermList: [{ TermName: "Term 4", TermId: TERM_ID, batch: "MBA 2025" }],
        CourseList: [
          { CourseName: "Financial Accounting", CourseId: COURSE_ID, TermId: TERM_ID, students: 1 },
        ],
        campus: ["Mumbai"],
        batchList: ["MBA 2025"],
        ExamMonthList: ["Dec 2026 Retest"],
        examCycles: [{ name: "Dec 2026 Retest", startDate: "2026-12-07", endDate: "2026-12-19" }],
      }),
    "POST /api/salesforce/CreateRetest": (_request, body) =>
      options.refuse?.("createRetest", body) ??
      json(200, {
        success: true,
        message: "Retest Exam Created Successfully",
        exams: [
          {
            id: "x1000000-0000-4000-8000-000000000001",
            courseOfferingId: header.courseOfferingId,
            students: 1,
          },
        ],
      }),
    ...options.extra,
  });
}

export { json };

/**
 * Test support for the marks and results screens (used by the `*.test.tsx` beside them, never by
 * the portal): fixtures shaped like the grading API's answers and a fake API that keeps marks,
 * grades, the grading status and promotion criteria in memory, so a save changes the next load.
 */
import type {
  ComponentMarks,
  GradingAudit,
  GradingCourse,
  PromotionAnswer,
  PromotionCriterion,
  StudentScoreRow,
  SubjectScores,
} from "@portal/api-client";
import { fakeApi, json } from "../../shell/test-api.ts";

export { json };

export const OFFERING_ID = "a0000000-0000-4000-8000-000000000001";
export const COMPONENT_ID = "c0000000-0000-4000-8000-000000000001";
export const SUB_QUIZ_1 = "d0000000-0000-4000-8000-000000000001";
export const SUB_QUIZ_2 = "d0000000-0000-4000-8000-000000000002";

export const COURSE: GradingCourse = {
  id: OFFERING_ID,
  courseCode: "FIN101",
  courseName: "Financial Accounting",
  section: "A",
  term: "Term 4",
  batch: "MBA 2025",
  programme: "MBA",
  students: 6,
  typeOfGrading: "Absolute",
  status: "Draft",
  version: 3,
} as GradingCourse;

type Student = {
  id: string;
  gradeId: string;
  name: string;
  code: string;
  marks: [number | null, number | null];
};

const NAMES = ["Aarav Shah", "Bhavna Rao", "Chetan Das", "Divya Nair", "Esha Gupta", "Farhan Ali"];

/** The fake API's state: six students with two quiz marks each (out of 20), grades and criteria. */
export function makeState() {
  const students: Student[] = NAMES.map((name, i) => ({
    id: `50000000-0000-4000-8000-00000000000${i + 1}`,
    gradeId: `60000000-0000-4000-8000-00000000000${i + 1}`,
    name,
    code: `S00${i + 1}`,
    marks: [20 - i * 3, 18 - i * 3],
  }));
  return {
    status: "Draft" as "Draft" | "Acknowledged" | "Published",
    version: 3,
    students,
    markVersions: new Map<string, number>(),
    grades: new Map<string, { finalGrade: string; penalty: string; version: number }>(),
    audit: [] as GradingAudit["entries"],
    criteria: [
      {
        id: "70000000-0000-4000-8000-000000000001",
        name: "Standard promotion",
        recordType: "Default",
        criteriaType: "Promotion",
        programmeId: null,
        minGradePoints: 2,
        maxFailedCourses: 1,
        minAttendancePercent: 75,
        version: 1,
      },
    ] as PromotionCriterion[],
  };
}
export type FakeState = ReturnType<typeof makeState>;

const letterOf = (total: number) => (total >= 80 ? "A" : total >= 60 ? "B" : total >= 40 ? "C" : "F");

function totalOf(s: Student): number {
  const [a, b] = s.marks;
  return Math.round((((a ?? 0) / 20) * 50 + ((b ?? 0) / 20) * 50) * 100) / 100;
}

/**
 * The SubjectScores answer of the fake state, like the server: the students of page `pageNo` of
 * `count` (0 = all), or with `studentId` that student's row alone; `roster` adds every student
 * without marks; `subComponentIds` keeps only those sub-components' marks in each row.
 */
export function scoresOf(
  state: FakeState,
  page: {
    pageNo?: number;
    count?: number;
    studentId?: string;
    roster?: boolean;
    subComponentIds?: string[];
    sortBy?: string;
    sortDirection?: string;
  } = {},
): SubjectScores {
  const all = scoresOfAll(state);
  const count = page.count ?? 0;
  const pageNo = page.pageNo ?? 1;
  // Only the total sorts in the fake (the server sorts every column; ties keep the list's order).
  const sign = page.sortDirection === "desc" ? -1 : 1;
  const ordered =
    page.sortBy === "total"
      ? [...all.students].sort((a, b) => (a.TotalMarksObtained - b.TotalMarksObtained) * sign)
      : all.students;
  const students =
    page.studentId !== undefined
      ? all.students.filter((s) => s.StudentId === page.studentId)
      : count === 0
        ? ordered
        : ordered.slice((pageNo - 1) * count, pageNo * count);
  const roster = all.students.map((s) => ({
    StudentId: s.StudentId,
    studentName: s.studentName,
    studentCode: s.studentCode,
  }));
  const only = page.subComponentIds;
  const shown = only
    ? students.map((row) => ({
        ...row,
        componentList: row.componentList.map((c) => ({
          ...c,
          subCompList: c.subCompList.filter((x) => only.includes(x.subComponentId)),
        })),
      }))
    : students;
  return { ...all, students: shown, ...(page.roster ? { roster } : {}) };
}

function scoresOfAll(state: FakeState): SubjectScores {
  const totals = state.students.map(totalOf);
  return {
    success: true,
    noOfRecords: state.students.length,
    course: {
      id: OFFERING_ID,
      courseCode: "FIN101",
      courseName: "Financial Accounting",
      credits: 4,
      section: "A",
      termId: "t0000000-0000-4000-8000-000000000001",
      term: "Term 4",
      batch: "MBA 2025",
      programme: "MBA",
    },
    typeOfGrading: "Absolute",
    status: state.status,
    version: state.version,
    statistics: { mean: 61, standardDeviation: 11.56, size: state.students.length },
    classTotals: [...totals].sort((a, b) => a - b),
    gradeRanges: [],
    components: [
      {
        componentId: COMPONENT_ID,
        componentName: "Quiz",
        numberofSubcomps: 2,
        weightagePercent: 100,
        subComponents: [
          {
            subComponentid: SUB_QUIZ_1,
            subComponentName: "Quiz 1",
            subcompWeightageCompPercent: 50,
            totalMarks: 20,
          },
          {
            subComponentid: SUB_QUIZ_2,
            subComponentName: "Quiz 2",
            subcompWeightageCompPercent: 50,
            totalMarks: 20,
          },
        ],
      },
    ],
    students: state.students.map((s) => {
      const total = totalOf(s);
      const calculated = letterOf(total);
      const grade = state.grades.get(s.gradeId);
      return {
        id: s.gradeId,
        StudentId: s.id,
        student: s.name,
        studentName: s.name,
        studentCode: s.code,
        email: `${s.code.toLowerCase()}@students.example`,
        CourseOfferingId: OFFERING_ID,
        componentList: [
          {
            componentId: COMPONENT_ID,
            ComponentName: "Quiz",
            marksObtained: total,
            subCompList: [SUB_QUIZ_1, SUB_QUIZ_2].map((sub, i) => ({
              subComponentId: sub,
              subComponentName: `Quiz ${i + 1}`,
              markId: s.marks[i] === null ? null : `${s.id}-${i}`,
              MarksObtined: s.marks[i] ?? null,
              TotalMarks: 20,
              version: state.markVersions.get(`${s.id}-${i}`) ?? 1,
            })),
          },
        ],
        TotalMarksObtained: total,
        percentile: 50,
        CalculatedGrade: calculated,
        calculatedLetterGrade: calculated,
        penality: grade?.penalty ?? "",
        finalGrade: grade?.finalGrade ?? calculated,
        finalLetterGrade: grade?.finalGrade ?? calculated,
        gradePoint: 3,
        term: "Term 4",
        locked: state.status === "Published",
        version: grade?.version ?? 1,
      } as StudentScoreRow;
    }),
  } as SubjectScores;
}

function componentMarksOf(state: FakeState, studentId: string, componentName: string): ComponentMarks {
  const students = state.students.filter((s) => !studentId || s.id === studentId);
  const wanted = !componentName || componentName === "Quiz";
  return {
    success: true,
    courseOfferingId: OFFERING_ID,
    status: state.status,
    marks: wanted
      ? students.flatMap((s) =>
          [SUB_QUIZ_1, SUB_QUIZ_2].map((sub, i) => ({
            id: s.marks[i] === null ? null : `${s.id}-${i}`,
            ComponentName: "Quiz",
            SubComponentName: `Quiz ${i + 1}`,
            subComponentId: sub,
            MarksObtined: s.marks[i] ?? null,
            TotalMarks: 20,
            courseOfferingId: OFFERING_ID,
            studentId: s.id,
            studentName: s.name,
            source: s.marks[i] === null ? null : "entry",
            version: s.marks[i] === null ? 0 : (state.markVersions.get(`${s.id}-${i}`) ?? 1),
          })),
        )
      : [],
    components: wanted
      ? students.map((s) => ({
          ComponentName: "Quiz",
          componentId: COMPONENT_ID,
          MarksObtined: (s.marks[0] ?? 0) + (s.marks[1] ?? 0),
          TotalMarks: 40,
          courseOfferingId: OFFERING_ID,
          studentId: s.id,
          studentName: s.name,
        }))
      : [],
  } as ComponentMarks;
}

const conflict = () =>
  json(409, {
    success: false,
    errorMessage: "This record was changed by someone else",
    errorCode: "version_conflict",
  });

/** A fake grading API over `state`; `failNext` makes the next write of that path answer 409. */
export function gradingApi(state: FakeState = makeState(), options: { conflictOn?: string } = {}) {
  let conflictOn = options.conflictOn;
  const once = (path: string) => {
    if (conflictOn === path) {
      conflictOn = undefined;
      return true;
    }
    return false;
  };
  const api = fakeApi({
    // Like the server: `course` keeps offerings whose code or name contains it (any case).
    "POST /api/salesforce/GradingCourseDetails": (_r, body) => {
      const find = ((body as { course?: string }).course ?? "").toLowerCase();
      const courses = [{ ...COURSE, status: state.status }].filter((c) =>
        `${c.courseCode} ${c.courseName}`.toLowerCase().includes(find),
      );
      return json(200, { success: true, courses, noOfRecords: courses.length });
    },
    "POST /api/salesforce/SubjectScores": (_r, body) =>
      json(200, scoresOf(state, body as Parameters<typeof scoresOf>[1])),
    // The offering's mails, none yet (the MailStatus of the send actions shows nothing).
    "GET /api/mail/status": (request) =>
      json(200, {
        success: true,
        source: new URL(request.url).searchParams.get("source") ?? "",
        queued: 0,
        sent: 0,
        failed: 0,
      }),
    "GET /api/sf/exam/grading/audit/a0000000-0000-4000-8000-000000000001": () =>
      json(200, { success: true, courseOfferingId: OFFERING_ID, entries: state.audit, names: {} }),
    [`GET /api/sf/exam/coursecomponent/${OFFERING_ID}`]: (request) => {
      const q = new URL(request.url).searchParams;
      return json(200, componentMarksOf(state, q.get("studentId") ?? "", q.get("componentName") ?? ""));
    },
    "POST /api/sf/exam/admin/cousesubcomponet": (_r, body) => {
      if (once("marks")) return conflict();
      for (const item of body as Array<{ studentId: string; subComponentId: string; MarksObtined: number }>) {
        const s = state.students.find((x) => x.id === item.studentId);
        const i = item.subComponentId === SUB_QUIZ_1 ? 0 : 1;
        if (s) {
          s.marks[i] = item.MarksObtined;
          const key = `${s.id}-${i}`;
          state.markVersions.set(key, (state.markVersions.get(key) ?? 1) + 1);
        }
      }
      return json(200, { success: true, message: "Marks saved", changed: 1, unchanged: 0 });
    },
    "POST /api/salesforce/GradeAllocationSetup": (_r, body) => {
      if (once("grades")) return conflict();
      const saved = (body as Array<{ id: string; finalGrade: string; penality: string; reason: string }>).map(
        (item) => {
          const before = state.grades.get(item.id);
          const version = (before?.version ?? 1) + 1;
          state.grades.set(item.id, { finalGrade: item.finalGrade, penalty: item.penality, version });
          const student = state.students.find((x) => x.gradeId === item.id);
          state.audit.unshift({
            id: `80000000-0000-4000-8000-00000000000${state.audit.length + 1}`,
            at: "2026-11-23T10:00:00.000Z",
            actorEmail: "exams@university.example",
            actorName: "Ravi Menon",
            action: state.status === "Published" ? "change_published_grade" : "change_grade",
            entity: "student_grade",
            entityId: item.id,
            student: student ? { id: student.id, name: student.name, code: student.code } : null,
            before: { finalGrade: before?.finalGrade ?? (student ? letterOf(totalOf(student)) : "B") },
            after: { finalGrade: item.finalGrade, reason: item.reason },
          });
          return { id: item.id, finalGrade: item.finalGrade, gradePoint: 2, version };
        },
      );
      return json(200, { success: true, grades: saved });
    },
    "POST /api/salesforce/SendEmailForMarks": (_r, body) => {
      const b = body as { state: string; version: number };
      if (b.version !== state.version) return conflict();
      state.status = b.state === "Publish" ? "Published" : "Acknowledged";
      state.version += 1;
      return json(200, {
        success: true,
        courseOfferingId: OFFERING_ID,
        status: state.status,
        version: state.version,
        mails: state.students.length,
      });
    },
    "POST /api/sf/exam/grading/marksUpload": (_r, body) => {
      const b = body as { content: string; apply: boolean };
      const text = atob(b.content);
      const bad = text.includes("abc");
      if (b.apply && bad) return json(400, { success: false, errorMessage: "The sheet has bad rows" });
      return json(200, {
        success: true,
        applied: b.apply,
        rows: text.trim().split("\n").length - 1,
        changes: 2,
        unchanged: 1,
        problems: bad
          ? [
              { line: 3, reason: "Quiz / Quiz 1: Marks obtained cannot be more than the total marks" },
              { line: 5, reason: 'Quiz / Quiz 2: "abc" is not a number' },
            ]
          : [],
      });
    },
    "POST /api/salesforce/CriteriaWithFilterData": (_r, body) => {
      const f = (body ?? {}) as { recordType?: string; criteriaType?: string };
      return json(200, {
        success: true,
        criteria: state.criteria.filter(
          (c) =>
            (!f.recordType || c.recordType === f.recordType) &&
            (!f.criteriaType || c.criteriaType === f.criteriaType),
        ),
      });
    },
    "POST /api/salesforce/createCriteriaWithFilter": (_r, body) => {
      const b = body as PromotionCriterion & { id?: string };
      if (once("criteria")) return conflict();
      const saved = {
        ...b,
        id: b.id ?? `70000000-0000-4000-8000-00000000000${state.criteria.length + 1}`,
        programmeId: null,
        version: (b.version ?? 0) + 1,
      };
      state.criteria = [...state.criteria.filter((c) => c.id !== saved.id), saved];
      return json(200, { success: true, criteria: saved });
    },
    "POST /api/salesforce/PromotionCriteriaData": (_r, body) => {
      const b = (body ?? {}) as { criteriaId?: string; status?: string };
      const criterion = state.criteria.find((c) => c.id === b.criteriaId) ?? state.criteria[0];
      const students: PromotionAnswer["students"] = [
        {
          studentId: "s1",
          studentCode: "S001",
          studentName: "Aarav Shah",
          batch: "MBA 2025",
          courses: 4,
          gradePointAverage: 3.5,
          failedCourses: 0,
          attendancePercent: 92,
          status: "Promoted",
        },
        {
          studentId: "s2",
          studentCode: "S002",
          studentName: "Bhavna Rao",
          batch: "MBA 2025",
          courses: 4,
          gradePointAverage: 2.2,
          failedCourses: 1,
          attendancePercent: 78,
          status: "At Risk",
        },
        {
          studentId: "s3",
          studentCode: "S003",
          studentName: "Chetan Das",
          batch: "MBA 2025",
          courses: 4,
          gradePointAverage: 1.4,
          failedCourses: 2,
          attendancePercent: 60,
          status: "Not Promoted",
        },
      ];
      return json(200, {
        success: true,
        criteria: criterion,
        counts: { students: 3, promoted: 1, atRisk: 1, notPromoted: 1 },
        students: students.filter((s) => !b.status || s.status === b.status),
      });
    },
  });
  return { ...api, state };
}

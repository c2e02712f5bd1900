import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { toApiError, unwrap } from "./errors.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/* Grading and results: openapi/grading.yaml (spec §2 Grading, §3, §4, §5, §7 grading calls). */

/** Body of POST /salesforce/GradingCourseDetails: filters course, term, batch, status; page and size. */
export type GradingCoursesRequest = NonNullable<JsonBody<"listGradingCourses">>;
/** Answer of GradingCourseDetails: one page of course offerings to grade and the total. */
type GradingCoursesPage = JsonAnswer<"listGradingCourses">;
/** One course offering of the grading list (its id is the grading id). */
export type GradingCourse = GradingCoursesPage["courses"][number];
/** Answer of SubjectScores: header, type, status, version, class statistics, bands, components, students. */
export type SubjectScores = JsonAnswer<"getSubjectScores">;
/** One student's results (spec §3 student score row; wire names penality, MarksObtined kept). */
export type StudentScoreRow = SubjectScores["students"][number];
/** Answer of the grade ranges fetch: the Absolute and the Relative list and the setup version. */
export type GradeRangesAnswer = JsonAnswer<"getGradeRanges">;
/** Body of the grade ranges save. */
type GradeRangesSave = JsonBody<"saveGradeRanges">;
/** Answer of the master components fetch and of every component save or delete. */
export type MasterComponentsAnswer = JsonAnswer<"getMasterComponents">;
/** Body of the master components save (the whole set). */
type MasterComponentsSave = JsonBody<"saveMasterComponents">;
/** Body of a component or sub-component delete: id and the setup version. */
type ComponentDelete = JsonBody<"deleteSubComponent">;
/** Answer of GET /sf/exam/coursecomponent/{id}: marks per sub-component and sums per component. */
export type ComponentMarks = JsonAnswer<"getComponentMarks">;
/** Narrowing of the component marks call: one student, one component. */
type ComponentMarksFilter = { studentId?: string; componentName?: string };
/** One item of the marks update (wire names MarksObtined, TotalMarks). */
type MarkUpdateItem = JsonBody<"updateComponentMarks">[number];
/** One item of the student grade save (CalculatedGrade, penality, finalGrade). */
export type StudentGradeSaveItem = JsonBody<"saveStudentGrades">[number];
/** Body of SendEmailForMarks: gradingId, state and comState Ack or Publish, version. */
type SendMarksRequest = JsonBody<"sendEmailForMarks">;
/** Body of CriteriaWithFilterData: record type and criteria type ("" any). */
export type CriteriaFilter = NonNullable<JsonBody<"listPromotionCriteria">>;
/** One promotion criterion. */
export type PromotionCriterion = JsonAnswer<"listPromotionCriteria">["criteria"][number];
/** Body of createCriteriaWithFilter. */
type PromotionCriterionSave = JsonBody<"savePromotionCriteria">;
/** Body of PromotionCriteriaData: criterion, batch, outcome. */
type PromotionRequest = NonNullable<JsonBody<"evaluatePromotion">>;
/** Answer of PromotionCriteriaData: the criterion, counts and the students with their outcome. */
export type PromotionAnswer = JsonAnswer<"evaluatePromotion">;
/** Body of the marks sheet upload (file in base64, apply false for a preview). */
type MarksUpload = JsonBody<"uploadMarksSheet">;
/** Answer of the marks sheet upload: rows, changes, unchanged, bad rows by line. */
export type MarksUploadAnswer = JsonAnswer<"uploadMarksSheet">;

/** Answer of GET /sf/exam/grading/audit/{id}: the offering's audit rows, newest first. */
export type GradingAudit = JsonAnswer<"getGradingAudit">;
/** One audit row of a course offering's marks, grades or publishing (who, when, before, after). */
export type GradingAuditEntry = GradingAudit["entries"][number];

/** Fills GradingCourseDetails' defaults (no filter of course, term, batch, examCycle, campus or status, page 1, 25 a page) so equal requests share a key. */
function normaliseGradingCoursesRequest(request: GradingCoursesRequest): GradingCoursesRequest {
  return {
    course: request.course ?? "",
    term: request.term ?? "",
    batch: request.batch ?? "",
    examCycle: request.examCycle ?? "",
    campus: request.campus ?? "",
    status: request.status ?? "",
    pageNo: request.pageNo ?? 1,
    count: request.count ?? 25,
    // The header sort travels, and keys the query, only when a header sorts the list.
    ...(request.sortBy ? { sortBy: request.sortBy, sortDirection: request.sortDirection ?? "asc" } : {}),
  };
}

/**
 * Query keys of the grading calls; `gradingKeys.all` prefixes every one (invalidate it after any
 * grading write), `gradingKeys.offering(id)` every query of one course offering.
 */
export const gradingKeys = {
  all: ["grading"] as const,
  courses: (request: GradingCoursesRequest) =>
    ["grading", "courses", normaliseGradingCoursesRequest(request)] as const,
  offering: (id: string) => ["grading", "offering", id] as const,
  scores: (id: string) => ["grading", "offering", id, "scores"] as const,
  ranges: (id: string) => ["grading", "offering", id, "ranges"] as const,
  components: (id: string) => ["grading", "offering", id, "components"] as const,
  marks: (id: string, filter: ComponentMarksFilter) =>
    [
      "grading",
      "offering",
      id,
      "marks",
      { studentId: filter.studentId ?? "", componentName: filter.componentName ?? "" },
    ] as const,
  audit: (id: string) => ["grading", "offering", id, "audit"] as const,
  criteria: (filter: CriteriaFilter) =>
    [
      "grading",
      "criteria",
      { recordType: filter.recordType ?? "", criteriaType: filter.criteriaType ?? "" },
    ] as const,
  promotion: (request: PromotionRequest) =>
    [
      "grading",
      "promotion",
      {
        criteriaId: request.criteriaId ?? "",
        intakeId: request.intakeId ?? "",
        status: request.status ?? "",
      },
    ] as const,
};

/**
 * POST /salesforce/GradingCourseDetails: one page of course offerings to grade with status and student
 * count; optionally sorted on the server (`sortBy` one of GRADING_COURSE_SORT_COLUMNS, `sortDirection`
 * asc by default).
 */
export function gradingCoursesQueryOptions(api: ApiClient, request: GradingCoursesRequest) {
  const body = normaliseGradingCoursesRequest(request);
  return queryOptions({
    queryKey: gradingKeys.courses(body),
    queryFn: async ({ signal }) =>
      unwrap(await api.POST("/salesforce/GradingCourseDetails", { body, signal })),
  });
}

/** Body of POST /salesforce/SubjectScores. */
type SubjectScoresRequest = JsonBody<"getSubjectScores">;

/**
 * One page of SubjectScores' students: `count` 5, 10, 25 or 0 for All (spec §9 student grade table),
 * and optionally a header sort (`sortBy` one of GRADE_STUDENT_SORT_COLUMNS, `sortDirection` asc by
 * default).
 */
export type SubjectScoresPage = {
  pageNo: number;
  count: 0 | 5 | 10 | 25;
  sortBy?: NonNullable<SubjectScoresRequest>["sortBy"];
  sortDirection?: NonNullable<SubjectScoresRequest>["sortDirection"];
};

/** The smallest SubjectScores page, for screens that show the header and statistics but no student table. */
export const SCORES_HEADER_PAGE: SubjectScoresPage = { pageNo: 1, count: 5 };

/**
 * POST /salesforce/SubjectScores: the grading page of a course offering (grading id): header,
 * statistics, bands, `classTotals` (the whole class, for the histogram) and the students of `page`
 * (default All) with their component percents, totals and grades, in the page's sort when it has
 * one. Each row's `subCompList` is sent
 * empty (`subComponentIds: []`): these pages show no sub-component mark, and a class of 2,000 with
 * 64 sub-components would otherwise be 128,000 marks; `marksByQueryOptions` asks for marks.
 * Keyed under `gradingKeys.scores(gradingId)`, so invalidating that refreshes every page.
 * ApiError 404 for an unknown course offering.
 */
export function subjectScoresQueryOptions(
  api: ApiClient,
  gradingId: string,
  page: SubjectScoresPage = { pageNo: 1, count: 0 },
) {
  const sort = page.sortBy ? { sortBy: page.sortBy, sortDirection: page.sortDirection ?? "asc" } : null;
  const paging = page.count === 0 ? {} : { pageNo: page.pageNo, count: page.count };
  const key = page.count === 0 ? (sort ? { all: true, ...sort } : "all") : { ...paging, ...sort };
  return queryOptions({
    queryKey: [...gradingKeys.scores(gradingId), key] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.POST("/salesforce/SubjectScores", {
          body: { gradingId, ...paging, ...sort, subComponentIds: [] },
          signal,
        }),
      ),
  });
}

/**
 * POST /salesforce/SubjectScores for the marks-by screens: every student of the class with the
 * component percents, totals and grades, and in each row's `subCompList` only the marks of
 * `subComponentIds` ([] for none), so a big class is not sent with all its marks. Keyed under
 * `gradingKeys.scores(gradingId)` like the pages. ApiError 404 for an unknown course offering.
 */
export function marksByQueryOptions(api: ApiClient, gradingId: string, subComponentIds: readonly string[]) {
  return queryOptions({
    queryKey: [...gradingKeys.scores(gradingId), "marks", [...subComponentIds]] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.POST("/salesforce/SubjectScores", {
          body: { gradingId, subComponentIds: [...subComponentIds] },
          signal,
        }),
      ),
  });
}

/**
 * POST /salesforce/SubjectScores for the student report: the header and statistics, `roster` (every
 * enrolled student's id, name and code, no marks) and, for `studentId` (empty = none chosen), that
 * student's row alone in `students`, so a class of thousands is never read whole. Keyed under
 * `gradingKeys.scores(gradingId)` like the pages. ApiError 404 for an unknown course offering.
 */
export function studentReportQueryOptions(api: ApiClient, gradingId: string, studentId: string) {
  return queryOptions({
    queryKey: [...gradingKeys.scores(gradingId), "report", studentId] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.POST("/salesforce/SubjectScores", {
          body:
            studentId === ""
              ? { gradingId, ...SCORES_HEADER_PAGE, roster: true }
              : { gradingId, studentId, roster: true },
          signal,
        }),
      ),
  });
}

/** GET /salesforce/CreateDefaultGradeRange: the Absolute and Relative grade ranges and the setup version. */
export function gradeRangesQueryOptions(api: ApiClient, courseOfferingId: string) {
  return queryOptions({
    queryKey: gradingKeys.ranges(courseOfferingId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/CreateDefaultGradeRange", {
          params: { query: { courseOfferingId } },
          signal,
        }),
      ),
  });
}

/** GET /salesforce/CourseEvaluationComponentSubcomponent: the master components and the setup version. */
export function masterComponentsQueryOptions(api: ApiClient, courseOfferingId: string) {
  return queryOptions({
    queryKey: gradingKeys.components(courseOfferingId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/CourseEvaluationComponentSubcomponent", {
          params: { query: { courseOfferingId } },
          signal,
        }),
      ),
  });
}

/** GET /sf/exam/coursecomponent/{id}: marks per sub-component and sums per component (Student components page). */
export function componentMarksQueryOptions(
  api: ApiClient,
  courseOfferingId: string,
  filter: ComponentMarksFilter = {},
) {
  const query = {
    ...(filter.studentId ? { studentId: filter.studentId } : {}),
    ...(filter.componentName ? { componentName: filter.componentName } : {}),
  };
  return queryOptions({
    queryKey: gradingKeys.marks(courseOfferingId, filter),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/coursecomponent/{id}", {
          params: { path: { id: courseOfferingId }, query },
          signal,
        }),
      ),
  });
}

/** GET /sf/exam/grading/audit/{id}: who changed which mark, grade or publishing state, newest first (at most 200). ApiError 404. */
export function gradingAuditQueryOptions(api: ApiClient, courseOfferingId: string) {
  return queryOptions({
    queryKey: gradingKeys.audit(courseOfferingId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/grading/audit/{id}", { params: { path: { id: courseOfferingId } }, signal }),
      ),
  });
}

/** POST /salesforce/CriteriaWithFilterData: promotion criteria by record type and criteria type. */
export function promotionCriteriaQueryOptions(api: ApiClient, filter: CriteriaFilter = {}) {
  return queryOptions({
    queryKey: gradingKeys.criteria(filter),
    queryFn: async ({ signal }) =>
      unwrap(await api.POST("/salesforce/CriteriaWithFilterData", { body: filter, signal })),
  });
}

/** POST /salesforce/PromotionCriteriaData: who is promoted, at risk or not, from published results. ApiError 404 without criteria. */
export function promotionQueryOptions(api: ApiClient, request: PromotionRequest = {}) {
  return queryOptions({
    queryKey: gradingKeys.promotion(request),
    queryFn: async ({ signal }) =>
      unwrap(await api.POST("/salesforce/PromotionCriteriaData", { body: request, signal })),
  });
}

/**
 * The grading writes, each one transaction on the server; invalidate `gradingKeys.all` afterwards.
 * ApiError 400 names the field (the spec's message where it has one, e.g. 'The Grade Should be in
 * A,B,C or F Only'), 409 `version_conflict` on a stale version. Mails leave after the commit and
 * never fail the call.
 */
export function saveGradeRangesMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["grading", "ranges"],
    mutationFn: async (body: GradeRangesSave) =>
      unwrap(await api.POST("/salesforce/CreateDefaultGradeRange", { body })),
  });
}

/** POST /salesforce/CourseEvaluationComponentSubcomponent: saves the whole component set. */
export function saveMasterComponentsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["grading", "components"],
    mutationFn: async (body: MasterComponentsSave) =>
      unwrap(await api.POST("/salesforce/CourseEvaluationComponentSubcomponent", { body })),
  });
}

/** Deletes a component (POST .../CourseEvaluationComponentSubcomponent/delete) or a sub-component (/sf/exam/delete/subcomponent). */
export function deleteComponentPartMutationOptions(api: ApiClient, kind: "component" | "subComponent") {
  return mutationOptions({
    mutationKey: ["grading", "delete", kind],
    mutationFn: async (body: ComponentDelete) =>
      unwrap(
        kind === "component"
          ? await api.POST("/salesforce/CourseEvaluationComponentSubcomponent/delete", { body })
          : await api.POST("/sf/exam/delete/subcomponent", { body }),
      ),
  });
}

/** POST /sf/exam/admin/cousesubcomponet: enters or corrects marks. */
export function updateMarksMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["grading", "marks"],
    mutationFn: async (items: MarkUpdateItem[]) =>
      unwrap(await api.POST("/sf/exam/admin/cousesubcomponet", { body: items })),
  });
}

/** POST /salesforce/GradeAllocationSetup: saves penalties and final grades (a reason after publishing). */
export function saveStudentGradesMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["grading", "grades"],
    mutationFn: async (items: StudentGradeSaveItem[]) =>
      unwrap(await api.POST("/salesforce/GradeAllocationSetup", { body: items })),
  });
}

/** POST /salesforce/SendEmailForMarks: mails marks for acknowledgement (Ack) or publishes (Publish). */
export function sendMarksMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["grading", "send"],
    mutationFn: async (body: SendMarksRequest) =>
      unwrap(await api.POST("/salesforce/SendEmailForMarks", { body })),
  });
}

/** POST /salesforce/createCriteriaWithFilter: creates or changes a promotion criterion. */
export function savePromotionCriterionMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["grading", "criteria"],
    mutationFn: async (body: PromotionCriterionSave) =>
      unwrap(await api.POST("/salesforce/createCriteriaWithFilter", { body })),
  });
}

/** POST /sf/exam/grading/marksUpload: previews (apply false) or applies a marks sheet. */
export function uploadMarksMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["grading", "upload"],
    mutationFn: async (body: MarksUpload) => unwrap(await api.POST("/sf/exam/grading/marksUpload", { body })),
  });
}

/** GET /sf/exam/grading/marksSheet/{id}: the marks sheet, filled in, as a Blob (CSV or XLSX). ApiError 404. */
export async function downloadMarksSheet(
  api: ApiClient,
  courseOfferingId: string,
  format: "csv" | "xlsx" = "csv",
) {
  const result = await api.GET("/sf/exam/grading/marksSheet/{id}", {
    params: { path: { id: courseOfferingId }, query: { format } },
    parseAs: "blob",
  });
  if (!result.response.ok) throw toApiError(result.error, result.response.status);
  return result.data as Blob;
}

/** Answer of DownGradingRulesSetup get: the rules (id, ruleName, attemptType, downgradeSteps, maxGrade, version). */
export type DowngradingRulesAnswer = JsonAnswer<"listDowngradingRules">;
/** One downgrading rule as the API answers it. */
export type DowngradingRuleRow = DowngradingRulesAnswer["rules"][number];
type DowngradingRuleSave = JsonBody<"saveDowngradingRule">;

/** Query key of the downgrading rules (below gradingKeys.all, so a grading invalidation refreshes them). */
export const downgradingRulesKey = ["grading", "downgrading-rules"] as const;

/** GET /salesforce/DownGradingRulesSetup: the downgrading rules, which hold for every course offering. */
export function downgradingRulesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: downgradingRulesKey,
    queryFn: async ({ signal }) => unwrap(await api.GET("/salesforce/DownGradingRulesSetup", { signal })),
  });
}

/** POST /salesforce/DownGradingRulesSetup: creates a rule (no id) or changes one (id and version); regrades retests. */
export function saveDowngradingRuleMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["grading", "downgrading-rules", "save"],
    mutationFn: async (body: DowngradingRuleSave) =>
      unwrap(await api.POST("/salesforce/DownGradingRulesSetup", { body })),
  });
}

/** DELETE /salesforce/DownGradingRulesSetup?id&version: removes a rule; regrades retests. */
export function deleteDowngradingRuleMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["grading", "downgrading-rules", "delete"],
    mutationFn: async (rule: { id: string; version: number }) =>
      unwrap(await api.DELETE("/salesforce/DownGradingRulesSetup", { params: { query: rule } })),
  });
}

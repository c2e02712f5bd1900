/**
 * The contract check: calls the read operations of the OpenAPI description on a running server and
 * checks every answer against the description (documented status, documented content type, JSON body
 * valid against the schema of that status). Safe on a live server: it sends GETs, a few reads that
 * the API takes as POST (list filters in the body; {@link READ_POSTS}), and, when it signs in itself,
 * the two sign-in calls. Nothing else is written.
 *
 * Every read runs twice: signed in (with parameters found from the server's own answers, see
 * {@link EXAMPLES}) and without credentials (a signed-in operation must answer a documented 401).
 */
import { type Description, loadDescription, type Operation } from "./description.ts";

/** Options of {@link runContract}. */
export type ContractOptions = {
  /** The server's address, e.g. `http://127.0.0.1:4321`; `/api` is added unless it ends with it. */
  baseUrl: string;
  /** An access token to send as Bearer. */
  token?: string;
  /**
   * Sign in as this user with the one-time password read from the development outbox
   * (`GET /api/dev/outbox`, demo and development servers only) when no token is given.
   */
  email?: string;
  /** The description to check against (default: the repository's openapi/openapi.yaml). */
  description?: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof globalThis.fetch;
};

/** One checked answer. */
export type ContractCheck = {
  operationId: string;
  /** `GET /api/...` as sent, with the query. */
  request: string;
  /** `signed-in` or `anonymous`. */
  as: "signed-in" | "anonymous";
  status: number;
  problems: string[];
};

/** The outcome of a run: every check, the failing ones, and the reads that could not be run. */
export type ContractReport = {
  checks: ContractCheck[];
  failures: ContractCheck[];
  /** Reads not called, with the reason (no example value could be found on this server, no sign-in). */
  skipped: Array<{ operationId: string; reason: string }>;
};

/** Reads that the API takes as POST (their filters travel in the body), with an example body. */
export const READ_POSTS: Readonly<Record<string, unknown>> = {
  listQuestionPapers: { pageNo: 1, count: 25 },
  listGradingCourses: { pageNo: 1, count: 10 },
  listRevaluationsOrRetests: { type: "Revaluation" },
};

/** Parameters of one call: path and query values, and a JSON body. */
type Params = { path?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/** A value found on the server for an example; undefined when the server has none. */
type Lookup = () => Promise<string | undefined>;

/**
 * Finds example parameter values from the server's own answers (each looked up once, by a call
 * that is itself checked).
 */
class Finder {
  private readonly memo = new Map<string, Promise<unknown>>();
  constructor(private readonly read: (operationId: string, params?: Params) => Promise<unknown>) {}

  /** The checked answer of `operationId` (parsed JSON), read once. */
  answer(operationId: string, params?: Params): Promise<unknown> {
    const key = `${operationId} ${JSON.stringify(params ?? {})}`;
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.read(operationId, params);
      this.memo.set(key, pending);
    }
    return pending;
  }

  /** The first value of `key` anywhere in the answer of `operationId`. */
  async first(operationId: string, key: string, params?: Params): Promise<string | undefined> {
    return firstValue(await this.answer(operationId, params), key);
  }

  examCycleId: Lookup = () => this.first("listExamCycles", "defaultExamCycleId");
  examId: Lookup = async () => {
    const cycle = await this.examCycleId();
    return cycle
      ? this.first("listExamTimetable", "id", { query: { examCycleId: cycle, count: "10" } })
      : undefined;
  };
  questionPaperId: Lookup = () =>
    this.first("listQuestionPapers", "id", { body: READ_POSTS.listQuestionPapers });
  courseOfferingId: Lookup = () =>
    this.first("listRevaluationsOrRetests", "courseOfferingId", {
      body: READ_POSTS.listRevaluationsOrRetests,
    });
  subComponentId: Lookup = async () => {
    const id = await this.courseOfferingId();
    return id ? this.first("getComponentMarks", "subComponentId", { path: { id } }) : undefined;
  };
  studentId: Lookup = async () => {
    const id = await this.courseOfferingId();
    return id ? this.first("getComponentMarks", "studentId", { path: { id } }) : undefined;
  };
  program: Lookup = () => this.first("getBatchFilterOptions", "name");
  programId: Lookup = () => this.first("getBatchFilterOptions", "id");
  intakeId: Lookup = async () => {
    const programName = await this.program();
    return programName ? this.first("listTermSubjects", "intakeId", { query: { programName } }) : undefined;
  };
  courseVersionId: Lookup = async () => {
    const programName = await this.program();
    return programName
      ? this.first("listTermSubjects", "courseVersionId", { query: { programName } })
      : undefined;
  };
  retestCourse: Lookup = () => this.first("getRetestFormOptions", "CourseId");
  retestTerm: Lookup = () => this.first("getRetestFormOptions", "TermId");
  programmeId: Lookup = () => this.first("listCurrentProgrammes", "id");
  termId: Lookup = () => this.first("listCurrentProgrammes", "currentTermId");
  facilityId: Lookup = () => this.first("listRooms", "id");
  facultyId: Lookup = () => this.first("listFaculty", "id", { query: { count: "10" } });
}

/**
 * How to call each signed-in read: its parameters from values the {@link Finder} finds. A read that
 * needs none is not listed. `undefined` from a lookup skips the read (said in the report).
 */
const EXAMPLES: Readonly<Record<string, (find: Finder) => Promise<Params | undefined>>> = {
  legacySalesforceGet: async () => ({ query: { endpoint: "CreateRetest" } }),
  getQuestionPaper: async (f) => withPath({ id: await f.questionPaperId() }),
  getQuestionPaperDocument: async (f) => withPath({ id: await f.questionPaperId(), set: "1" }),
  getQuestionPaperChat: async (f) => withPath({ id: await f.questionPaperId() }),
  getMailStatus: async () => ({ query: { source: "planning.faculty_invitation:" } }),
  listFailedMail: async () => ({ query: { source: "planning.faculty_invitation:" } }),
  getExamDashboard: async (f) => withQuery({ examCycleId: await f.examCycleId() }),
  getClashReport: async (f) => withQuery({ examCycleId: await f.examCycleId() }),
  listExamTimetable: async (f) => withQuery({ examCycleId: await f.examCycleId(), count: "10" }),
  getExamSetup: async (f) => withPath({ id: await f.examId() }),
  getExamFacilities: async (f) => withQuery({ examId: await f.examId() }),
  retrieveSeatingPlan: async (f) => withQuery({ examId: await f.examId(), count: "10" }),
  getSeatingPlanDocument: async (f) => withQuery({ examId: await f.examId() }),
  getInvigilatorList: async (f) => withPath({ id: await f.examId() }),
  listInvigilationNotifications: async (f) => withQuery({ examCycle: await f.examCycleId(), count: "10" }),
  listFacultyProctoring: async (f) => withQuery({ examCycle: await f.examCycleId(), count: "10" }),
  getStudentStatus: async (f) => withPath({ id: await f.examId() }),
  getEvaluatorList: async (f) => withPath({ id: await f.examId() }),
  listEvaluatorCandidates: async (f) => withQuery({ examId: await f.examId() }),
  getEvaluationRooms: async (f) => withQuery({ examId: await f.examId() }),
  listCourseSections: async (f) =>
    withPath({ courseId: await f.retestCourse(), termId: await f.retestTerm() }),
  listEvaluationAssignments: async (f) => withQuery({ examCycleId: await f.examCycleId(), count: "10" }),
  getEvaluationOverview: async (f) => withQuery({ examCycleId: await f.examCycleId(), count: "10" }),
  listTermSubjects: async (f) => withQuery({ programName: await f.program() }),
  listSections: async (f) => withQuery({ courseVersionId: await f.courseVersionId() }),
  listClassRooms: async (f) => withQuery({ intakeId: await f.intakeId() }),
  getMasterCurriculum: async (f) => withQuery({ academicProgramId: await f.programId() }),
  listFaculty: async () => ({ query: { count: "10" } }),
  getPlanner: async (f) => withQuery({ programName: await f.program() }),
  getMasterTermPlanner: async (f) => withQuery({ academicProgramId: await f.programId() }),
  getCurrentProgramme: async (f) => withQuery({ id: await f.programmeId() }),
  getAcademicCalendar: async (f) => withQuery({ intakeId: await f.intakeId() }),
  getGradeRanges: async (f) => withQuery({ courseOfferingId: await f.courseOfferingId() }),
  getMasterComponents: async (f) => withQuery({ courseOfferingId: await f.courseOfferingId() }),
  getComponentMarks: async (f) => withPath({ id: await f.courseOfferingId() }),
  downloadMarksSheet: async (f) => {
    const params = withPath({ id: await f.courseOfferingId() });
    return params && { ...params, query: { format: "csv" } };
  },
  listRevaluationEvaluators: async (f) => withPath({ id: await f.examId() }),
  getAnswerSheet: async (f) => withPath({ examId: await f.examId(), studentId: await f.studentId() }),
  getModeration: async (f) => {
    const params = withPath({ id: await f.courseOfferingId() });
    const subComponentId = await f.subComponentId();
    return params && subComponentId ? { ...params, query: { subComponentId } } : undefined;
  },
  getGradingAudit: async (f) => withPath({ id: await f.courseOfferingId() }),
  getSchedulerData: async (f) => withQuery({ termId: await f.termId() }),
  getSessionData: async (f) => withQuery({ termId: await f.termId() }),
  getFacilityFacultyAvailable: async () => ({
    query: { startDate: "2026-11-26T04:30:00Z", endDate: "2026-11-26T06:00:00Z" },
  }),
  getFacilityBookings: async (f) => withQuery({ facilityId: await f.facilityId() }),
  getFacultyBookings: async (f) => withQuery({ facultyId: await f.facultyId() }),
  getSessionTimeTable: async (f) => withQuery({ programName: await f.program(), date: "2026-11-26" }),
};

function complete(values: Record<string, string | undefined>): Record<string, string> | undefined {
  return Object.values(values).every((v) => v !== undefined) ? (values as Record<string, string>) : undefined;
}
function withPath(values: Record<string, string | undefined>): Params | undefined {
  const path = complete(values);
  return path && { path };
}
function withQuery(values: Record<string, string | undefined>): Params | undefined {
  const query = complete(values);
  return query && { query };
}

/** The first value of `key` (a string or number) met in a depth-first walk of `value`. */
function firstValue(value: unknown, key: string): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstValue(item, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const own = (value as Record<string, unknown>)[key];
  if (typeof own === "string" && own !== "") return own;
  if (typeof own === "number") return String(own);
  for (const child of Object.values(value)) {
    const found = firstValue(child, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The URL of `operation` with `params` (path values filled in, query appended). */
function urlOf(apiBase: string, operation: Operation, params: Params | undefined): string {
  const path = operation.template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(params?.path?.[name] ?? ""),
  );
  const query = new URLSearchParams(params?.query ?? {}).toString();
  return `${apiBase}${path}${query ? `?${query}` : ""}`;
}

/** The operation whose description an answer follows: the legacy entry point answers as the routed one. */
function describedBy(description: Description, operation: Operation, params: Params | undefined): Operation {
  if (operation.roles !== "routed") return operation;
  const endpoint = params?.query?.endpoint;
  const routed = description.operations.find(
    (op) => op.method === operation.method && op.template === `/salesforce/${endpoint}`,
  );
  return routed ?? operation;
}

/**
 * Runs the contract check against the server at `options.baseUrl` and reports every answer's
 * problems. Never throws for a mismatch (they are in `failures`); throws when the description cannot
 * be read or the sign-in fails.
 */
export async function runContract(options: ContractOptions): Promise<ContractReport> {
  const description = await loadDescription(options.description);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const trimmed = options.baseUrl.replace(/\/+$/, "");
  const apiBase = trimmed.endsWith("/api") ? trimmed : `${trimmed}/api`;
  const checks: ContractCheck[] = [];
  const skipped: ContractReport["skipped"] = [];

  async function call(
    operation: Operation,
    params: Params | undefined,
    as: ContractCheck["as"],
    token: string | undefined,
  ): Promise<{ status: number; body: unknown }> {
    const url = urlOf(apiBase, operation, params);
    const headers: Record<string, string> = { Accept: "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (params?.body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetchImpl(url, {
      method: operation.method.toUpperCase(),
      headers,
      ...(params?.body === undefined ? {} : { body: JSON.stringify(params.body) }),
    });
    const contentType = response.headers.get("content-type");
    let body: unknown = null;
    let problems: string[] = [];
    if (contentType?.includes("json")) {
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        problems = [`${operation.operationId}: answer is not JSON: ${text.slice(0, 120)}`];
      }
    } else {
      await response.arrayBuffer();
    }
    if (problems.length === 0) {
      problems = description.check(
        describedBy(description, operation, params),
        response.status,
        contentType,
        body,
      );
    }
    checks.push({
      operationId: operation.operationId,
      request: `${operation.method.toUpperCase()} ${url.slice(apiBase.length - 4)}`,
      as,
      status: response.status,
      problems,
    });
    return { status: response.status, body };
  }

  const operation = (id: string): Operation => {
    const op = description.byId.get(id);
    if (!op) throw new Error(`The description has no operation ${id}`);
    return op;
  };

  // Sign-in: the given token, or the one-time password from the development outbox.
  let token = options.token;
  if (!token && options.email) {
    const sent = await call(
      operation("requestOtp"),
      { body: { email: options.email } },
      "anonymous",
      undefined,
    );
    const challenge = firstValue(sent.body, "id");
    const outbox = await call(
      operation("getDevOutbox"),
      { query: { to: options.email } },
      "anonymous",
      undefined,
    );
    const mails = (outbox.body as { mails?: Array<{ text: string }> } | null)?.mails ?? [];
    const otp = mails[0]?.text.match(/\b(\d{4})\b/)?.[1];
    if (!challenge || !otp) {
      throw new Error(
        `Could not sign in as ${options.email}: no challenge (${sent.status}) or no code in the outbox`,
      );
    }
    const verified = await call(
      operation("verifyOtp"),
      { body: { id: challenge, otp } },
      "anonymous",
      undefined,
    );
    token = firstValue(verified.body, "accessToken");
    if (!token)
      throw new Error(`Could not sign in as ${options.email}: verification answered ${verified.status}`);
  }

  const reads = description.operations.filter(
    (op) => (op.method === "get" || op.operationId in READ_POSTS) && op.operationId !== "getDevOutbox",
  );
  const finder = new Finder(
    async (id, params) => (await call(operation(id), params, "signed-in", token)).body,
  );

  for (const op of reads) {
    const readPost = READ_POSTS[op.operationId];
    const example = EXAMPLES[op.operationId];
    const needsSignIn = op.roles !== "public";
    if (needsSignIn && !token) {
      skipped.push({ operationId: op.operationId, reason: "no token and no --email to sign in with" });
    } else {
      const params = example ? await example(finder) : readPost === undefined ? {} : { body: readPost };
      if (!params)
        skipped.push({ operationId: op.operationId, reason: "no example value found on this server" });
      else await finder.answer(op.operationId, params);
    }
    // Without credentials: a signed-in operation answers 401, a public one as documented.
    const anonymous = await call(
      op,
      readPost === undefined ? anonymousParams(op) : { body: readPost },
      "anonymous",
      undefined,
    );
    if (needsSignIn && op.roles !== "routed" && anonymous.status !== 401) {
      const last = checks.at(-1);
      last?.problems.push(`${op.operationId}: answered ${anonymous.status} without credentials, not 401`);
    }
  }

  return { checks, failures: checks.filter((c) => c.problems.length > 0), skipped };
}

/** Parameters for a call without credentials: placeholders for the required ones (never read). */
function anonymousParams(operation: Operation): Params {
  const params: Params = {};
  for (const p of operation.parameters) {
    if (!p.required || (p.in !== "path" && p.in !== "query")) continue;
    const value = p.name === "endpoint" ? "CreateRetest" : "00000000-0000-4000-8000-000000000000";
    const where = p.in === "path" ? "path" : "query";
    params[where] = { ...params[where], [p.name]: value };
  }
  return params;
}

/**
 * Revaluation, retest and moderation rules (spec, Exam management §2 "Revaluation list",
 * Retest list, Revaluation student list, Retest student list; §3 revaluation student, revaluation
 * update item, retest update item, retest exam creation item; §4 revaluation status, revaluation
 * accept, retest accept; §5 retest form; §9 retest constants). Pure: no I/O. The server and the
 * screens use the same transition tables and the same zod schemas (revaluation-input.ts) of the
 * Create Retest Exam form and of a moderation adjustment.
 */
import type { z } from "zod";
import { EXAM_TIME_ZONE } from "./constants.ts";
import type { ZRetestExam } from "./revaluation-input.ts";

// ---------------------------------------------------------------- revaluation

/**
 * Where a revaluation request stands. The spec shows two labels per request (§4): its status
 * (Completed, Pending) and the office's decision (Accept, Reject); our states are the steps of the
 * work behind them:
 *
 * | state              | RevalAccept | RevalutionStatus |
 * |--------------------|-------------|------------------|
 * | Requested          | null        | Pending          |
 * | Accepted           | Accept      | Pending          |
 * | Evaluator Assigned | Accept      | Pending          |
 * | Completed          | Accept      | Completed        |
 * | Rejected           | Reject      | Pending          |
 */
export const REVALUATION_STATES = [
  "Requested",
  "Accepted",
  "Evaluator Assigned",
  "Completed",
  "Rejected",
] as const;
export type RevaluationState = (typeof REVALUATION_STATES)[number];

/** What the office does to a revaluation request. */
export const REVALUATION_ACTIONS = ["accept", "reject", "assignEvaluator", "complete"] as const;
export type RevaluationAction = (typeof REVALUATION_ACTIONS)[number];

/**
 * The allowed transitions of a revaluation request: accept or reject a new request; an accepted
 * request gets an evaluator (who may be replaced while the work is open); only a request with an
 * evaluator is completed, with the revised mark. Rejected and Completed are final: a rejected request
 * never changes a mark, a completed one has changed it once.
 */
export const REVALUATION_TRANSITIONS: Readonly<
  Record<RevaluationState, Partial<Record<RevaluationAction, RevaluationState>>>
> = {
  Requested: { accept: "Accepted", reject: "Rejected" },
  Accepted: { assignEvaluator: "Evaluator Assigned" },
  "Evaluator Assigned": { assignEvaluator: "Evaluator Assigned", complete: "Completed" },
  Completed: {},
  Rejected: {},
};

/** The state after `action`, or null when the table does not allow it. */
export function revaluationNext(state: RevaluationState, action: RevaluationAction): RevaluationState | null {
  return REVALUATION_TRANSITIONS[state][action] ?? null;
}

/** Spec §4 revaluation accept (the office's decision) of a state: null while undecided. */
export function revaluationAcceptLabel(state: RevaluationState): "Accept" | "Reject" | null {
  if (state === "Requested") return null;
  return state === "Rejected" ? "Reject" : "Accept";
}

/** Spec §4 revaluation status of a state. */
export function revaluationStatusLabel(state: RevaluationState): "Completed" | "Pending" {
  return state === "Completed" ? "Completed" : "Pending";
}

/** Spec §4 labels. */
export const REVALUATION_STATUS_LABELS = ["Completed", "Pending"] as const;
export const REVALUATION_ACCEPT_LABELS = ["Accept", "Reject"] as const;

/** What an update item asks for (spec §3 revaluation update item, both variants), read from the wire. */
export type RevaluationUpdateWish = {
  accept?: "Accept" | "Reject" | null | undefined;
  evaluatorId?: string | null | undefined;
  status?: "Completed" | "Pending" | null | undefined;
};

/**
 * The actions that take a request from `state` (with its current evaluator) to what an update item
 * asks for, in order (decision, then evaluator, then completion), or the reason it cannot: e.g. an
 * item that sets RevalAccept Accept, an evaluator and RevalutionStatus Completed at once is accept,
 * assignEvaluator, complete. Asking for what already holds is no action. Going back (Completed to
 * Pending, Accept to Reject, removing the evaluator) is refused.
 */
export function planRevaluationUpdate(
  state: RevaluationState,
  currentEvaluatorId: string | null,
  wish: RevaluationUpdateWish,
): { actions: RevaluationAction[]; state: RevaluationState } | { problem: string; field: string } {
  const actions: RevaluationAction[] = [];
  let at = state;
  const step = (action: RevaluationAction, field: string) => {
    const next = revaluationNext(at, action);
    if (!next) return { problem: illegal(at, action), field };
    actions.push(action);
    at = next;
    return null;
  };
  if (wish.accept && wish.accept !== revaluationAcceptLabel(at)) {
    const p = step(wish.accept === "Accept" ? "accept" : "reject", "RevalAccept");
    if (p) return p;
  }
  if (wish.evaluatorId === null && currentEvaluatorId !== null) {
    return { problem: "An assigned evaluator can be replaced, not removed", field: "EvaluatorAssignedID" };
  }
  if (wish.evaluatorId && wish.evaluatorId !== currentEvaluatorId) {
    const p = step("assignEvaluator", "EvaluatorAssignedID");
    if (p) return p;
  }
  if (wish.status === "Pending" && at === "Completed") {
    return { problem: illegal(at, "reopen"), field: "RevalutionStatus" };
  }
  if (wish.status === "Completed" && at !== "Completed") {
    const p = step("complete", "RevalutionStatus");
    if (p) return p;
  }
  return { actions, state: at };
}

function illegal(state: string, action: string): string {
  const verbs: Record<string, string> = {
    accept: "accepted",
    reject: "rejected",
    assignEvaluator: "given an evaluator",
    complete: "completed",
    reopen: "reopened",
    schedule: "scheduled",
  };
  return `A revaluation or retest request that is ${state} cannot be ${verbs[action] ?? action}`;
}

// ---------------------------------------------------------------- retest

/**
 * Where a retest request stands: the spec's retest accept (§4: Accept, Pending, Reject), and
 * Scheduled once Create Retest Exam has put the student into a retest exam (shown as Accept).
 */
export const RETEST_STATES = ["Pending", "Accept", "Reject", "Scheduled"] as const;
export type RetestState = (typeof RETEST_STATES)[number];
/** Spec §4 retest accept options. */
export const RETEST_ACCEPT_LABELS = ["Accept", "Pending", "Reject"] as const;
export type RetestAcceptLabel = (typeof RETEST_ACCEPT_LABELS)[number];

/**
 * Allowed retest transitions: the decision moves freely among Pending, Accept and Reject until the
 * student is scheduled (a decision can be reconsidered); only an accepted request is scheduled, and
 * only by Create Retest Exam (`schedule`); Scheduled is final.
 */
export const RETEST_TRANSITIONS: Readonly<Record<RetestState, readonly RetestState[]>> = {
  Pending: ["Accept", "Reject"],
  Accept: ["Pending", "Reject", "Scheduled"],
  Reject: ["Pending", "Accept"],
  Scheduled: [],
};

/** True when a retest request may go from `from` to `to` (staying put is always allowed). */
export function retestMayMove(from: RetestState, to: RetestState): boolean {
  return from === to || RETEST_TRANSITIONS[from].includes(to);
}

/** Spec §4 retest accept of a state (Scheduled shows as Accept). */
export function retestAcceptLabel(state: RetestState): RetestAcceptLabel {
  return state === "Scheduled" ? "Accept" : state;
}

/** The problem of moving a retest request from `from` to `to` by an update item, or null. */
export function retestUpdateProblem(from: RetestState, to: RetestAcceptLabel): string | null {
  if (from === "Scheduled" && to === "Accept") return null;
  return retestMayMove(from, to) ? null : illegal(from, to === "Pending" ? "reopen" : to.toLowerCase());
}

// ---------------------------------------------------------------- Create Retest Exam (spec §5, §9)

/** Retest durations: 30 to 300 minutes in steps of 30 (spec §9). */
export const RETEST_DURATIONS: readonly number[] = Array.from({ length: 10 }, (_, i) => (i + 1) * 30);
/** The retest form's fixed values (spec §9). */
export const RETEST_EXAM_TYPE = "ReTest";
export const RETEST_EXAM_MODES = ["online", "offline"] as const;
export const RETEST_TIME_ZONE = EXAM_TIME_ZONE;
export const RETEST_STUDENT_FACULTY_RATIO = "50:30";
/** Spec §8: the toast after a retest exam was created. */
export const RETEST_CREATED_MESSAGE = "Retest Exam Created Successfully";

/** The message of an empty required field: the form shows 'Field cannot be empty.' for it (spec §5). */
export const REQUIRED = "Required";

export type RetestExamInput = z.input<typeof ZRetestExam>;
export type RetestExam = z.output<typeof ZRetestExam>;

/** The form's starting values: the fixed fields set, the others empty. */
export function emptyRetestExam(): RetestExamInput {
  return {
    term: "",
    course: "",
    batch: "",
    examCycle: "",
    dateOfExam: "",
    startTimeOfExam: "",
    duration: 30,
    examType: RETEST_EXAM_TYPE,
    examTimeZone: RETEST_TIME_ZONE,
    studentFacultyRatio: RETEST_STUDENT_FACULTY_RATIO,
    examMode: "offline",
  };
}

/** Minutes since midnight of "HH:MM". */
function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * True when two sittings overlap: same date and [start, start + duration) intersecting (times
 * "HH:MM" on the Asia/Kolkata clock, durations in minutes). Back-to-back sittings do not clash.
 */
export function sittingsClash(
  a: { date: string; startTime: string; durationMinutes: number },
  b: { date: string; startTime: string; durationMinutes: number },
): boolean {
  if (a.date !== b.date) return false;
  const a0 = minutesOf(a.startTime);
  const b0 = minutesOf(b.startTime);
  return a0 < b0 + b.durationMinutes && b0 < a0 + a.durationMinutes;
}

// ---------------------------------------------------------------- moderation

/**
 * A moderation adjustment of one sub-component's marks in a course offering (documented scaling):
 * - `add`: every mark + `marks` (may be negative);
 * - `scale`: every mark × `factor` + `offset` (a linear rescale);
 * - `individual`: the listed students' marks set to the given values.
 * Results are rounded to 2 decimals and kept within 0 and the total marks (capped at the total).
 */
export type ModerationAdjustment =
  | { kind: "add"; marks: number }
  | { kind: "scale"; factor: number; offset: number }
  | { kind: "individual"; marks: ReadonlyArray<{ studentId: string; marks: number }> };

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The moderated value of `mark` (out of `total`) for `studentId` under `adj`: a number within
 * [0, total] rounded to 2 decimals, or null when `adj` leaves this student's mark alone.
 */
export function moderateMark(
  adj: ModerationAdjustment,
  studentId: string,
  mark: number,
  total: number,
): number | null {
  let value: number;
  if (adj.kind === "add") value = mark + adj.marks;
  else if (adj.kind === "scale") value = mark * adj.factor + adj.offset;
  else {
    const own = adj.marks.find((m) => m.studentId === studentId);
    if (!own) return null;
    value = own.marks;
  }
  return round2(Math.min(total, Math.max(0, value)));
}

/** A mark distribution: count, mean, lowest, highest and ten bands of percent of the total. */
export type MarkDistribution = {
  count: number;
  mean: number;
  lowest: number | null;
  highest: number | null;
  /** Band i holds marks of 10·i % up to 10·(i+1) % of the total (the last band includes 100 %). */
  bands: Array<{ from: number; to: number; count: number }>;
};

/** The distribution of `marks` out of `total` (marks, not percents, in mean/lowest/highest). */
export function markDistribution(marks: readonly number[], total: number): MarkDistribution {
  const bands = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: (i + 1) * 10, count: 0 }));
  for (const m of marks) {
    const percent = total > 0 ? (m / total) * 100 : 0;
    const i = Math.min(9, Math.max(0, Math.floor(percent / 10)));
    (bands[i] as { count: number }).count++;
  }
  return {
    count: marks.length,
    mean: marks.length ? round2(marks.reduce((a, b) => a + b, 0) / marks.length) : 0,
    lowest: marks.length ? Math.min(...marks) : null,
    highest: marks.length ? Math.max(...marks) : null,
    bands,
  };
}

/** How many scripts the moderation sample holds at most (an exam board's usual ten). */
export const MODERATION_SAMPLE_SIZE = 10;

/**
 * The scripts a moderator reviews (moderation details, "a sample of scripts"): the whole class when
 * it has at most `size` marks, else `size` students spread evenly over the marks in descending
 * order, always with the highest and the lowest mark, so the review sees the top, the bottom and
 * the range between. Ties are ordered by student id, so the sample does not depend on the order
 * the marks were given in. Returns the chosen marks, highest first.
 */
export function moderationSample<T extends { studentId: string; marks: number }>(
  marks: readonly T[],
  size: number = MODERATION_SAMPLE_SIZE,
): T[] {
  const sorted = [...marks].sort(
    (a, b) => b.marks - a.marks || (a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0),
  );
  if (sorted.length <= size) return sorted;
  if (size <= 0) return [];
  if (size === 1) return [sorted[0] as T];
  const picked = new Set<number>();
  for (let i = 0; i < size; i++) picked.add(Math.round((i * (sorted.length - 1)) / (size - 1)));
  return [...picked].sort((a, b) => a - b).map((i) => sorted[i] as T);
}

/**
 * Columns the Revaluation and Retest lists (POST /salesforce/RetestRevaluationDetails `sortBy`) sort
 * by on the server: programme, term, course (name, then section), batch, exam type, exam
 * date, exam cycle, requests, open requests, status (Pending or Completed), the earliest due date and
 * the answer sheets on file. Ties fall back to the list's own order (course name, section, exam date),
 * then the exam's id, so the pages of one sort hold each exam exactly once.
 */
export const REQUEST_LIST_SORT_COLUMNS = [
  "program",
  "term",
  "course",
  "batch",
  "examType",
  "examDate",
  "examCycle",
  "requests",
  "pending",
  "status",
  "due",
  "documents",
] as const;
export type RequestListSortColumn = (typeof REQUEST_LIST_SORT_COLUMNS)[number];

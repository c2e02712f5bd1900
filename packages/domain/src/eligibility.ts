/**
 * Exam eligibility of a student (spec §3 exam row fields eligibility_status, status,
 * document_submitted; §4 eligibility, status and document labels; §7 /sf/exam/studentStatus/{id},
 * /sf/exam/update/eligibily, StudentRiskData).
 *
 * The rule: a student's status is computed from their attendance in the exam's course offering and
 * whether they handed in the required documents, unless the exam office has recorded a decision
 * (an override, with a reason where the decision holds the student back).
 */

/** Eligibility labels of spec §4, in the order the summary cards show them. */
export const ELIGIBILITY_STATUSES = ["Eligible", "Not eligible", "At Risk", "Under Review"] as const;
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];

/** Attendance (percent) from which a student with documents handed in is Eligible. */
export const ELIGIBILITY_MIN_ATTENDANCE = 75;
/** Attendance (percent) from which a student is At Risk rather than Not eligible. */
export const AT_RISK_MIN_ATTENDANCE = 65;

/** Exam status labels of spec §4: Completed once the exam date has passed, else Pending. */
export const EXAM_PROGRESS_STATUSES = ["Completed", "Pending"] as const;
export type ExamProgressStatus = (typeof EXAM_PROGRESS_STATUSES)[number];

/** Document labels of spec §4. */
export const DOCUMENT_STATUSES = ["Submitted", "Not Submitted"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Decisions that hold a student back: recording one needs a reason. */
export const ELIGIBILITY_STATUSES_NEEDING_REASON: readonly EligibilityStatus[] = ["Not eligible", "At Risk"];

/** Longest reason kept with an eligibility decision or an evaluator's rejection (characters). */
export const REASON_MAX_LENGTH = 500;

/** What the rule reads: attendance 0-100 percent (null while none is recorded) and documents. */
export type EligibilityInput = { attendancePercent: number | null; documentsSubmitted: boolean };

/**
 * The computed eligibility of one student for one exam:
 * - no attendance recorded -> "Under Review";
 * - attendance >= 75 % ({@link ELIGIBILITY_MIN_ATTENDANCE}) and documents submitted -> "Eligible";
 * - attendance >= 75 % without documents, or 65 % <= attendance < 75 % -> "At Risk";
 * - attendance < 65 % ({@link AT_RISK_MIN_ATTENDANCE}) -> "Not eligible".
 */
export function computeEligibility(input: EligibilityInput): EligibilityStatus {
  const { attendancePercent, documentsSubmitted } = input;
  if (attendancePercent === null || Number.isNaN(attendancePercent)) return "Under Review";
  if (attendancePercent >= ELIGIBILITY_MIN_ATTENDANCE && documentsSubmitted) return "Eligible";
  if (attendancePercent >= AT_RISK_MIN_ATTENDANCE) return "At Risk";
  return "Not eligible";
}

/** The status a student holds: the office's decision when there is one, else the computed status. */
export function effectiveEligibility(
  computed: EligibilityStatus,
  override: EligibilityStatus | null,
): EligibilityStatus {
  return override ?? computed;
}

/** True when recording `status` as a decision needs a reason ("Not eligible", "At Risk"). */
export function eligibilityNeedsReason(status: EligibilityStatus): boolean {
  return ELIGIBILITY_STATUSES_NEEDING_REASON.includes(status);
}

/** True for one of the four eligibility labels, spelled exactly. */
export function isEligibilityStatus(value: string): value is EligibilityStatus {
  return (ELIGIBILITY_STATUSES as readonly string[]).includes(value);
}

/** The document label of spec §4 for the enrolment's documents flag. */
export function documentStatusFor(documentsSubmitted: boolean): DocumentStatus {
  return documentsSubmitted ? "Submitted" : "Not Submitted";
}

/** Counts per eligibility label (the summary cards) with their total. */
export type EligibilityCounts = {
  students: number;
  eligible: number;
  notEligible: number;
  atRisk: number;
  underReview: number;
};

/** Zero counts. */
export function emptyEligibilityCounts(): EligibilityCounts {
  return { students: 0, eligible: 0, notEligible: 0, atRisk: 0, underReview: 0 };
}

const COUNT_KEY: Record<EligibilityStatus, Exclude<keyof EligibilityCounts, "students">> = {
  Eligible: "eligible",
  "Not eligible": "notEligible",
  "At Risk": "atRisk",
  "Under Review": "underReview",
};

/** `counts` with `n` more students of `status` (a new object). */
export function addToEligibilityCounts(
  counts: EligibilityCounts,
  status: EligibilityStatus,
  n = 1,
): EligibilityCounts {
  const key = COUNT_KEY[status];
  return { ...counts, students: counts.students + n, [key]: counts[key] + n };
}

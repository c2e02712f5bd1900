/**
 * Grading math (spec §2 Grading, §3 grade range / master component / student score row, §4 grade and
 * component rows, §5 grade letters and sub-component count, §9 grading types and component names).
 * Pure: the server stores what these functions compute and the portal shows the same numbers.
 *
 * Units: weights are percent (0-100, each level totals 100); marks are points out of a
 * sub-component's total marks; a weighted total is percent 0-100; a percentile is 0-100.
 */
import type { PromotionCriteria } from "./grading-input.ts";

/** spec §9: how grades are given. */
export const GRADING_TYPES = ["Absolute", "Relative"] as const;
export type GradingType = (typeof GRADING_TYPES)[number];

/** spec §5: the only grade letters, best first. */
export const GRADE_LETTERS = ["A", "B", "C", "F"] as const;
export type GradeLetter = (typeof GRADE_LETTERS)[number];

/** spec §9: master component names (the spec's list; mid-term and final as the grading table names them). */
export const COMPONENT_NAMES = [
  "Class Participation",
  "Case Studies",
  "Individual Assignments",
  "Group Assignments",
  "Field Work",
  "Student Board Room Discussions",
  "Quiz",
  "Essays",
  "Verbal Presentations",
  "Written Presentations",
  "Capstone Projects",
  "Research Projects",
  "Integrated Learning",
  "Mid Term Exam",
  "End Term Exam",
] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

/** spec §5, §9: sub-components per component. */
export const MIN_SUB_COMPONENTS = 1;
export const MAX_SUB_COMPONENTS = 8;
/** spec §9: the first component of a new course offering. */
export const DEFAULT_FIRST_COMPONENT = { componentName: "Quiz" as ComponentName, weightagePercent: 20 };
/** Largest total marks of one sub-component. */
export const MAX_TOTAL_MARKS = 1000;
/** Promotion statuses of a student (spec §9 promotion criteria). */
export const PROMOTION_STATUSES = ["Promoted", "At Risk", "Not Promoted"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** Message texts of the grading rules (spec §5 where it has one, spelled so). */
export const GRADING_MESSAGES = {
  /** spec §5 */
  gradeLetter: "The Grade Should be in A,B,C or F Only",
  componentName: `The component must be one of: ${COMPONENT_NAMES.join(", ")}`,
  componentRepeated: (name: string) => `${name} is already used: a component cannot be repeated`,
  subComponentCount: `A component has ${MIN_SUB_COMPONENTS} to ${MAX_SUB_COMPONENTS} sub-components`,
  componentWeights: (sum: number) => `The component weights must total 100 (they total ${fmt(sum)})`,
  subComponentWeights: (component: string, sum: number) =>
    `The sub-component weights of ${component} must total 100 (they total ${fmt(sum)})`,
  subComponentRepeated: (component: string, name: string) =>
    `${component} has the sub-component ${name} twice`,
  markAboveTotal: "Marks obtained cannot be more than the total marks",
  markBelowZero: "Marks obtained cannot be less than 0",
  letterRepeated: (letter: string) => `Grade ${letter} is given twice`,
  rangeOrder: (letter: string) => `Grade ${letter}: the upper limit must be above the lower limit`,
  rangeOverlap: (a: string, b: string) => `The ranges of grades ${a} and ${b} overlap`,
  rangeLetterOrder: (better: string, worse: string) =>
    `Grade ${better} must cover higher values than grade ${worse}`,
  rangeGap: (low: number, high: number) =>
    `No grade covers ${fmt(low)} to ${fmt(high)}: the ranges must cover 0 to 100 without gaps`,
  finalAboveCalculated: "The final grade cannot be higher than the calculated grade",
  penaltyRequired: "Give the penalty (why the final grade is lower than the calculated grade)",
  reasonRequired: "These results are published: say why they change (reason)",
} as const;

function fmt(n: number): string {
  return String(Math.round(n * 100) / 100);
}

const EPSILON = 1e-9;

// ---------------------------------------------------------------- grade ranges

/**
 * One grade band. For Absolute grading `lower`/`upper` are percentages of the weighted total; for
 * Relative grading they are percentiles of the class. The band holds lower ≤ x < upper; the band
 * whose upper is 100 also holds 100.
 */
export type GradeBand = { letterGrade: GradeLetter; gradePoint: number; lower: number; upper: number };

/**
 * Checks that `bands` (any order) give every value of 0..100 exactly one letter: letters unique,
 * each lower < upper, sorted by lower the first starts at 0, each starts where the previous ends
 * (start before = overlap, after = gap), the last ends at 100, and a higher band never has a worse
 * letter (so a higher total never gets a lower grade). Returns the first problem's message, or
 * null when the bands are sound.
 */
export function gradeBandsProblem(bands: readonly GradeBand[]): string | null {
  const seen = new Set<string>();
  for (const b of bands) {
    if (seen.has(b.letterGrade)) return GRADING_MESSAGES.letterRepeated(b.letterGrade);
    seen.add(b.letterGrade);
    if (!(b.upper > b.lower)) return GRADING_MESSAGES.rangeOrder(b.letterGrade);
  }
  const sorted = [...bands].sort((a, b) => a.lower - b.lower);
  let reached = 0;
  let previous: GradeBand | null = null;
  for (const b of sorted) {
    if (previous && b.lower < reached - EPSILON) {
      return GRADING_MESSAGES.rangeOverlap(previous.letterGrade, b.letterGrade);
    }
    if (b.lower > reached + EPSILON) return GRADING_MESSAGES.rangeGap(reached, b.lower);
    if (previous && GRADE_LETTERS.indexOf(b.letterGrade) > GRADE_LETTERS.indexOf(previous.letterGrade)) {
      return GRADING_MESSAGES.rangeLetterOrder(previous.letterGrade, b.letterGrade);
    }
    reached = b.upper;
    previous = b;
  }
  if (reached < 100 - EPSILON) return GRADING_MESSAGES.rangeGap(reached, 100);
  return null;
}

/** Default bands (spec §7 CreateDefaultGradeRange): Absolute by percentage, Relative by percentile. */
export const DEFAULT_GRADE_BANDS: Record<GradingType, readonly GradeBand[]> = {
  Absolute: [
    { letterGrade: "A", gradePoint: 4, lower: 80, upper: 100 },
    { letterGrade: "B", gradePoint: 3, lower: 60, upper: 80 },
    { letterGrade: "C", gradePoint: 2, lower: 40, upper: 60 },
    { letterGrade: "F", gradePoint: 0, lower: 0, upper: 40 },
  ],
  Relative: [
    { letterGrade: "A", gradePoint: 4, lower: 75, upper: 100 },
    { letterGrade: "B", gradePoint: 3, lower: 40, upper: 75 },
    { letterGrade: "C", gradePoint: 2, lower: 10, upper: 40 },
    { letterGrade: "F", gradePoint: 0, lower: 0, upper: 10 },
  ],
};

/**
 * The band holding `value` (0..100): lower ≤ value < upper, or value = upper = 100. Sound bands
 * ({@link gradeBandsProblem} null) give exactly one; values outside 0..100 are clamped first.
 */
export function bandFor(bands: readonly GradeBand[], value: number): GradeBand {
  const v = Math.min(100, Math.max(0, value));
  for (const b of bands) {
    if (v >= b.lower - EPSILON && (v < b.upper - EPSILON || (b.upper >= 100 - EPSILON && v <= 100))) {
      return b;
    }
  }
  throw new Error(`no grade band holds ${v}`);
}

/** The grade point of `letter` in `bands` (0 when the letter has no band). */
export function gradePointOf(bands: readonly GradeBand[], letter: GradeLetter): number {
  return bands.find((b) => b.letterGrade === letter)?.gradePoint ?? 0;
}

// ---------------------------------------------------------------- components

/** A sub-component: weight in percent of its component, marks out of `totalMarks`. */
export type SubComponentDefinition = {
  subComponentName: string;
  weightagePercent: number;
  totalMarks: number;
};
/** A master component (spec §3): weight in percent of the course, and its sub-components. */
export type ComponentDefinition = {
  componentName: ComponentName;
  weightagePercent: number;
  subComponents: SubComponentDefinition[];
};

/**
 * The problem with a course offering's whole component set, or null: no component repeated, no
 * sub-component name repeated within a component, component weights total 100, and each
 * component's sub-component weights total 100 (to 0.01).
 */
export function componentsProblem(components: readonly ComponentDefinition[]): string | null {
  const names = new Set<string>();
  for (const c of components) {
    if (names.has(c.componentName)) return GRADING_MESSAGES.componentRepeated(c.componentName);
    names.add(c.componentName);
    const subNames = new Set<string>();
    for (const s of c.subComponents) {
      const key = s.subComponentName.toLowerCase();
      if (subNames.has(key))
        return GRADING_MESSAGES.subComponentRepeated(c.componentName, s.subComponentName);
      subNames.add(key);
    }
  }
  const total = sum(components.map((c) => c.weightagePercent));
  if (Math.abs(total - 100) > 0.005) return GRADING_MESSAGES.componentWeights(total);
  for (const c of components) {
    const subTotal = sum(c.subComponents.map((s) => s.weightagePercent));
    if (Math.abs(subTotal - 100) > 0.005)
      return GRADING_MESSAGES.subComponentWeights(c.componentName, subTotal);
  }
  return null;
}

/**
 * spec §4: the sub-components a new component row gets for a chosen count (1..8): "Name 1".."Name n",
 * weight 0 each, total marks 100.
 */
export function generateSubComponents(componentName: string, count: number): SubComponentDefinition[] {
  const n = Math.min(MAX_SUB_COMPONENTS, Math.max(MIN_SUB_COMPONENTS, Math.trunc(count)));
  return Array.from({ length: n }, (_, i) => ({
    subComponentName: `${componentName} ${i + 1}`,
    weightagePercent: 0,
    totalMarks: 100,
  }));
}

// ---------------------------------------------------------------- marks and totals

/** A student's marks, by component index then sub-component index; null = no mark yet (counts 0). */
export type StudentMarks = ReadonlyArray<ReadonlyArray<{ marksObtained: number; totalMarks: number } | null>>;

/**
 * Weighted total in percent (0..100):
 *   total = Σ_c (W_c / 100) · Σ_s (w_s / 100) · (m_s / T_s) · 100
 * where W_c is component c's weight, w_s sub-component s's weight, m_s the marks obtained and T_s
 * the total marks. With weights totalling 100 at each level and 0 ≤ m_s ≤ T_s it lies in 0..100. A
 * missing mark counts 0. Rounded to 2 decimals.
 */
export function weightedTotal(components: readonly ComponentDefinition[], marks: StudentMarks): number {
  let total = 0;
  for (let c = 0; c < components.length; c++) {
    const comp = components[c] as ComponentDefinition;
    const row = marks[c];
    let inner = 0;
    for (let s = 0; s < comp.subComponents.length; s++) {
      const mark = row?.[s];
      if (!mark || mark.totalMarks <= 0) continue;
      inner +=
        (comp.subComponents[s] as SubComponentDefinition).weightagePercent *
        (mark.marksObtained / mark.totalMarks);
    }
    total += (comp.weightagePercent * inner) / 100;
  }
  return round2(Math.min(100, Math.max(0, total)));
}

/**
 * A component's own score in percent (0..100): Σ_s (w_s / 100) · (m_s / T_s) · 100 (missing marks 0).
 */
export function componentPercent(
  component: ComponentDefinition,
  marks: StudentMarks[number] | undefined,
): number {
  let inner = 0;
  component.subComponents.forEach((s, i) => {
    const mark = marks?.[i];
    if (mark && mark.totalMarks > 0) inner += s.weightagePercent * (mark.marksObtained / mark.totalMarks);
  });
  return round2(inner);
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

// ---------------------------------------------------------------- grades

/** Absolute grade: the letter of the percentage band holding `total` (0..100). */
export function absoluteGrade(bands: readonly GradeBand[], total: number): GradeLetter {
  return bandFor(bands, total).letterGrade;
}

/** The class's real statistics: mean and population standard deviation of the totals, and size. */
export type ClassStatistics = { mean: number; standardDeviation: number; size: number };

/**
 * mean = Σx / n; standardDeviation = √(Σ(x − mean)² / n) (population); both rounded to 2 decimals;
 * an empty class gives 0, 0, 0.
 */
export function classStatistics(totals: readonly number[]): ClassStatistics {
  const n = totals.length;
  if (n === 0) return { mean: 0, standardDeviation: 0, size: 0 };
  const mean = sum(totals) / n;
  let squares = 0;
  for (const x of totals) squares += (x - mean) ** 2;
  return { mean: round2(mean), standardDeviation: round2(Math.sqrt(squares / n)), size: n };
}

/**
 * Mid-rank percentile of each total in its class (same order as `totals`):
 *   P(x) = 100 · (#{y < x} + ½ · #{y = x}) / n
 * so equal totals share a percentile, a higher total always has a higher one, and the order of the
 * class does not matter. O(n log n).
 */
export function percentiles(totals: readonly number[]): number[] {
  const n = totals.length;
  if (n === 0) return [];
  const sorted = Float64Array.from(totals).sort();
  const rank = new Map<number, number>();
  let i = 0;
  while (i < n) {
    let j = i;
    while (j < n && sorted[j] === sorted[i]) j++;
    rank.set(sorted[i] as number, (100 * (i + (j - i) / 2)) / n);
    i = j;
  }
  return totals.map((x) => rank.get(x) as number);
}

/** Relative grades: each total's letter from the percentile band holding its {@link percentiles} value. */
export function relativeGrades(bands: readonly GradeBand[], totals: readonly number[]): GradeLetter[] {
  return percentiles(totals).map((p) => bandFor(bands, p).letterGrade);
}

/** `letter` lowered by `steps` letters of A, B, C, F (never below F; negative steps count 0). */
export function downgrade(letter: GradeLetter, steps: number): GradeLetter {
  const i = GRADE_LETTERS.indexOf(letter) + Math.max(0, Math.trunc(steps));
  return GRADE_LETTERS[Math.min(GRADE_LETTERS.length - 1, i)] as GradeLetter;
}

/** How many letters `lower` is below `higher` (negative when it is above). */
export function lettersBelow(higher: GradeLetter, lower: GradeLetter): number {
  return GRADE_LETTERS.indexOf(lower) - GRADE_LETTERS.indexOf(higher);
}

/**
 * The final grade of a student: the calculated grade, or the grade a penalty lowers it to. A final
 * grade above the calculated one is refused; a lower one needs the penalty's text. Returns the
 * problem's message, or null.
 */
export function finalGradeProblem(
  calculated: GradeLetter,
  finalGrade: GradeLetter,
  penalty: string,
): string | null {
  const steps = lettersBelow(calculated, finalGrade);
  if (steps < 0) return GRADING_MESSAGES.finalAboveCalculated;
  if (steps > 0 && penalty.trim() === "") return GRADING_MESSAGES.penaltyRequired;
  return null;
}

/** One student's grading input for {@link gradeClass}. */
export type GradingStudent = { studentId: string; marks: StudentMarks };
/** One student's computed result. */
export type GradedStudent = {
  studentId: string;
  total: number;
  componentPercents: number[];
  calculatedGrade: GradeLetter;
  gradePoint: number;
  percentile: number;
};

/** A student's letter from the class's totals (see {@link gradeTotals}). */
export type TotalGrade = { calculatedGrade: GradeLetter; gradePoint: number; percentile: number };

/**
 * Letters of a class from its weighted totals (percent, 0..100, in the class's order): Absolute
 * takes the percentage band of each total, Relative the percentile band of each total's
 * {@link percentiles} value; the percentile is given rounded to 2 decimals. A class's grades depend
 * on its marks only through these totals, which {@link weightedTotal} rounds to 2 decimals, so the
 * totals as stored (2 decimals) regrade a class exactly without reading its marks again.
 * O(n log n).
 */
export function gradeTotals(
  type: GradingType,
  bands: readonly GradeBand[],
  totals: readonly number[],
): TotalGrade[] {
  const ranks = percentiles(totals);
  return totals.map((total, i) => {
    const rank = ranks[i] as number;
    const letter = bandFor(bands, type === "Absolute" ? total : rank).letterGrade;
    return { calculatedGrade: letter, gradePoint: gradePointOf(bands, letter), percentile: round2(rank) };
  });
}

/**
 * Grades a whole course offering: weighted totals, then {@link gradeTotals} (Absolute percentage
 * bands or Relative percentile bands on the class's own distribution) with grade points, plus the
 * class statistics. O(students · sub-components + n log n).
 */
export function gradeClass(
  type: GradingType,
  bands: readonly GradeBand[],
  components: readonly ComponentDefinition[],
  students: readonly GradingStudent[],
): { students: GradedStudent[]; statistics: ClassStatistics } {
  const totals = students.map((s) => weightedTotal(components, s.marks));
  const grades = gradeTotals(type, bands, totals);
  const graded = students.map((s, i) => ({
    studentId: s.studentId,
    total: totals[i] as number,
    componentPercents: components.map((c, ci) => componentPercent(c, s.marks[ci])),
    ...(grades[i] as TotalGrade),
  }));
  return { students: graded, statistics: classStatistics(totals) };
}

// ---------------------------------------------------------------- student grade save, publishing

/** spec §4, §7 SendEmailForMarks: the state and component state Ack or Publish. */
export const MARKS_SEND_STATES = ["Ack", "Publish"] as const;

// ---------------------------------------------------------------- promotion criteria

/** spec §7 CriteriaWithFilterData: record types and criteria types. */
export const CRITERIA_RECORD_TYPES = ["Master", "Default"] as const;
export const CRITERIA_TYPES = ["Promotion", "Probation"] as const;

/** The promotion criterion rules' messages, one per field: the form shows them and the server answers them. */
export const PROMOTION_MESSAGES = {
  name: "name is required",
  nameLength: "name must be at most 200 characters",
  recordType: "recordType must be Master or Default",
  criteriaType: `criteriaType must be ${CRITERIA_TYPES.join(" or ")}`,
  minGradePoints: "minGradePoints must be a number from 0 to 10",
  maxFailedCourses: "maxFailedCourses must be a whole number from 0 to 50",
  minAttendancePercent: "minAttendancePercent must be a number from 0 to 100",
} as const;

/** Margins inside which a student who meets a criterion is "At Risk". */
export const PROMOTION_RISK_MARGIN = { gradePoints: 0.5, attendancePercent: 5 } as const;

/** A student's stored results for promotion: credit-weighted grade points, failed courses, attendance. */
export type PromotionRecord = {
  gradePointAverage: number;
  failedCourses: number;
  attendancePercent: number | null;
};

/**
 * Promotion of one student: "Not Promoted" when any criterion fails (GPA below minimum, more failed
 * courses than allowed, attendance below minimum; unknown attendance counts as meeting it);
 * "At Risk" when all hold but one is within the margin (GPA < min + 0.5, failed = max with max > 0,
 * attendance < min + 5); else "Promoted".
 */
export function promotionStatus(criteria: PromotionCriteria, record: PromotionRecord): PromotionStatus {
  const attendance = record.attendancePercent;
  if (
    record.gradePointAverage < criteria.minGradePoints - EPSILON ||
    record.failedCourses > criteria.maxFailedCourses ||
    (attendance !== null && attendance < criteria.minAttendancePercent)
  ) {
    return "Not Promoted";
  }
  if (
    record.gradePointAverage < criteria.minGradePoints + PROMOTION_RISK_MARGIN.gradePoints ||
    (criteria.maxFailedCourses > 0 && record.failedCourses === criteria.maxFailedCourses) ||
    (attendance !== null &&
      attendance < criteria.minAttendancePercent + PROMOTION_RISK_MARGIN.attendancePercent)
  ) {
    return "At Risk";
  }
  return "Promoted";
}

/** Credit-weighted grade point average: Σ(points · credits) / Σ credits (0 without courses), 2 decimals. */
export function gradePointAverage(results: ReadonlyArray<{ gradePoint: number; credits: number }>): number {
  const credits = sum(results.map((r) => r.credits));
  if (credits <= 0) return 0;
  return round2(sum(results.map((r) => r.gradePoint * r.credits)) / credits);
}

/**
 * Columns the grade students table (POST /salesforce/SubjectScores `sortBy`) sorts by on
 * the server: student (the list's own order: last name, first name, id), weighted total (percent),
 * calculated grade (letter, A first), penalty (steps, then its text) and final grade (letter). Ties fall back to the
 * list's own order, so the pages of one sort hold each student exactly once.
 */
export const GRADE_STUDENT_SORT_COLUMNS = ["student", "total", "calculated", "penalty", "final"] as const;
export type GradeStudentSortColumn = (typeof GRADE_STUDENT_SORT_COLUMNS)[number];

/**
 * Columns the grading list (POST /salesforce/GradingCourseDetails `sortBy`) sorts by on the
 * server, as the moderation list's headers show them: programme, term, course (name, then section),
 * batch, campus, enrolled students, grading type and grading status (as the words sort: Acknowledged,
 * Draft, Published ascending). Ties fall back to the list's own order (course name, section), then
 * the course offering's id, so the pages of one sort hold each course offering exactly once.
 */
export const GRADING_COURSE_SORT_COLUMNS = [
  "program",
  "term",
  "course",
  "batch",
  "campus",
  "students",
  "typeOfGrading",
  "status",
] as const;
export type GradingCourseSortColumn = (typeof GRADING_COURSE_SORT_COLUMNS)[number];

import { z } from "zod";
import {
  COMPONENT_NAMES,
  type ComponentDefinition,
  CRITERIA_RECORD_TYPES,
  CRITERIA_TYPES,
  componentsProblem,
  GRADE_LETTERS,
  GRADING_MESSAGES,
  gradeBandsProblem,
  MARKS_SEND_STATES,
  MAX_SUB_COMPONENTS,
  MAX_TOTAL_MARKS,
  MIN_SUB_COMPONENTS,
  PROMOTION_MESSAGES,
} from "./grading.ts";

/*
 * The grading input schemas (grade ranges, components, marks, grade saves, promotion criteria),
 * apart from grading.ts's constants and math: a screen that shows grades, letters or component
 * names then loads no zod; the forms that check input load these (docs/performance.md).
 */
const zLimit = (name: string) =>
  z
    .number({ error: `${name} must be a number from 0 to 100` })
    .min(0, { error: `${name} must be a number from 0 to 100` })
    .max(100, { error: `${name} must be a number from 0 to 100` });

/** spec §5: grade letter A, B, C or F (else 'The Grade Should be in A,B,C or F Only'). */
export const ZGradeLetter = z.enum(GRADE_LETTERS, { error: GRADING_MESSAGES.gradeLetter });

/** One band as edited (spec §3 grade range). */
export const ZGradeBand = z.object({
  letterGrade: ZGradeLetter,
  gradePoint: z
    .number({ error: "gradePoint must be a number from 0 to 10" })
    .min(0, { error: "gradePoint must be a number from 0 to 10" })
    .max(10, { error: "gradePoint must be a number from 0 to 10" }),
  lower: zLimit("The lower limit"),
  upper: zLimit("The upper limit"),
});

/** A full set of bands (1..4, letters A, B, C, F), refused with {@link gradeBandsProblem}'s message. */
export const ZGradeBands = z
  .array(ZGradeBand, { error: "The grade ranges must be a list" })
  .min(1, { error: "Give at least one grade range" })
  .max(GRADE_LETTERS.length, { error: GRADING_MESSAGES.letterRepeated("letter") })
  .superRefine((bands, ctx) => {
    const problem = gradeBandsProblem(bands);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** A weight in percent: 0..100 with at most 2 decimals (what the database keeps, so sums stay exact). */
const zWeight = z
  .number({ error: "A weight must be a number from 0 to 100" })
  .min(0, { error: "A weight must be a number from 0 to 100" })
  .max(100, { error: "A weight must be a number from 0 to 100" })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    error: "A weight has at most 2 decimals",
  });

/** A sub-component as edited; totalMarks 1..1000 (default 100). */
export const ZSubComponent = z.object({
  subComponentName: z
    .string({ error: "A sub-component needs a name" })
    .trim()
    .min(1, { error: "A sub-component needs a name" })
    .max(100, { error: "A sub-component name has at most 100 characters" }),
  weightagePercent: zWeight,
  totalMarks: z
    .number({ error: `Total marks must be a number from 1 to ${MAX_TOTAL_MARKS}` })
    .min(1, { error: `Total marks must be a number from 1 to ${MAX_TOTAL_MARKS}` })
    .max(MAX_TOTAL_MARKS, { error: `Total marks must be a number from 1 to ${MAX_TOTAL_MARKS}` })
    .default(100),
});

/** A component as edited: a name of {@link COMPONENT_NAMES}, weight, 1..8 sub-components. */
export const ZComponent = z.object({
  componentName: z.enum(COMPONENT_NAMES, { error: GRADING_MESSAGES.componentName }),
  weightagePercent: zWeight,
  subComponents: z
    .array(ZSubComponent, { error: GRADING_MESSAGES.subComponentCount })
    .min(MIN_SUB_COMPONENTS, { error: GRADING_MESSAGES.subComponentCount })
    .max(MAX_SUB_COMPONENTS, { error: GRADING_MESSAGES.subComponentCount }),
});

/** A whole component set (1..15 components), refused with {@link componentsProblem}'s message. */
export const ZComponents = z
  .array(ZComponent, { error: "The components must be a list" })
  .min(1, { error: "Give at least one component" })
  .max(COMPONENT_NAMES.length, { error: `At most ${COMPONENT_NAMES.length} components` })
  .superRefine((components, ctx) => {
    const problem = componentsProblem(components as ComponentDefinition[]);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** One mark as entered: points obtained out of total marks (spec §3 MarksObtined / TotalMarks). */
export const ZMark = z
  .object({
    marksObtained: z
      .number({ error: "Marks obtained must be a number" })
      .min(0, { error: GRADING_MESSAGES.markBelowZero })
      .max(MAX_TOTAL_MARKS, { error: GRADING_MESSAGES.markAboveTotal }),
    totalMarks: z
      .number({ error: `Total marks must be a number from 1 to ${MAX_TOTAL_MARKS}` })
      .min(1, { error: `Total marks must be a number from 1 to ${MAX_TOTAL_MARKS}` })
      .max(MAX_TOTAL_MARKS, { error: `Total marks must be a number from 1 to ${MAX_TOTAL_MARKS}` }),
  })
  .refine((m) => m.marksObtained <= m.totalMarks, {
    error: GRADING_MESSAGES.markAboveTotal,
    path: ["marksObtained"],
  });

/** spec §7 student grade save item (wire names CalculatedGrade, penality, finalGrade). */
export const ZStudentGradeSave = z.object({
  penalty: z
    .string({ error: "penality must be text" })
    .trim()
    .max(500, { error: "penality has at most 500 characters" }),
  finalGrade: ZGradeLetter,
  reason: z
    .string({ error: "reason must be text" })
    .trim()
    .max(500, { error: "reason has at most 500 characters" })
    .default(""),
});

export const ZMarksSendState = z.enum(MARKS_SEND_STATES, { error: "state must be Ack or Publish" });

/** A number field whose every failure (not a number, out of range, not whole) says `message`. */
function boundedNumber(min: number, max: number, message: string, whole = false) {
  const number = z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
  return whole ? number.int({ error: message }) : number;
}

/** A promotion criterion: minimum grade points (0..10), most failed courses (0..50), minimum attendance percent. */
export const ZPromotionCriteria = z.object({
  name: z
    .string({ error: PROMOTION_MESSAGES.name })
    .trim()
    .min(1, { error: PROMOTION_MESSAGES.name })
    .max(200, { error: PROMOTION_MESSAGES.nameLength }),
  recordType: z.enum(CRITERIA_RECORD_TYPES, { error: PROMOTION_MESSAGES.recordType }),
  criteriaType: z.enum(CRITERIA_TYPES, { error: PROMOTION_MESSAGES.criteriaType }),
  minGradePoints: boundedNumber(0, 10, PROMOTION_MESSAGES.minGradePoints),
  maxFailedCourses: boundedNumber(0, 50, PROMOTION_MESSAGES.maxFailedCourses, true),
  minAttendancePercent: boundedNumber(0, 100, PROMOTION_MESSAGES.minAttendancePercent),
});
export type PromotionCriteria = z.output<typeof ZPromotionCriteria>;

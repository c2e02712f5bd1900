import { z } from "zod";
import { ZEmail } from "./email-schema.ts";
import { ETL_KINDS, ETL_MESSAGES, type EtlKind, MAX_ETL_BYTES } from "./etl.ts";
import { ZPersonName } from "./field-formats-input.ts";
import { sheetFormatOf } from "./sheets.ts";

/*
 * The zod schemas of the bulk import: one row of each kind, the kind of a new job and a page of
 * jobs. Apart from the kinds, columns and limits in etl.ts, which the screen shows without them.
 */

const zCode = (max: number) =>
  z
    .string({ error: "Field cannot be empty." })
    .trim()
    .min(1, { error: "Field cannot be empty." })
    .max(max, { error: `At most ${max} characters` })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { error: "Letters, digits, '.', '_', '/' and '-' only" });
const zText = (max: number) =>
  z
    .string({ error: "Field cannot be empty." })
    .trim()
    .min(1, { error: "Field cannot be empty." })
    .max(max, { error: `At most ${max} characters` });
const zOptionalText = (max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()))
    .pipe(
      z
        .string()
        .max(max, { error: `At most ${max} characters` })
        .nullable(),
    );

/** One student row: registration number and email are each unique among people. */
export const ZEtlStudentRow = z.object({
  registrationNumber: zCode(40),
  firstName: ZPersonName,
  lastName: ZPersonName,
  email: ZEmail,
  intake: zText(200),
});
/** One faculty row: the email is the faculty member's key; a staff number is unique when given. */
export const ZEtlFacultyRow = z.object({
  email: ZEmail,
  firstName: ZPersonName,
  lastName: ZPersonName,
  staffNumber: zOptionalText(40).pipe(zCode(40).nullable()),
  facultyType: zOptionalText(40),
});
/** One course row: the code is the course's key. */
export const ZEtlCourseRow = z.object({
  code: zCode(40),
  name: zText(200),
  credits: z
    .string()
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? 3 : Number(v.trim())))
    .pipe(
      z
        .number({ error: "Credits must be a whole number from 1 to 30" })
        .int({ error: "Credits must be a whole number from 1 to 30" })
        .min(1, { error: "Credits must be a whole number from 1 to 30" })
        .max(30, { error: "Credits must be a whole number from 1 to 30" }),
    ),
});
/** One enrolment row: a student (by registration number) in a course offering of an intake's term. */
export const ZEtlEnrolmentRow = z.object({
  registrationNumber: zCode(40),
  intake: zText(200),
  termNumber: z.coerce
    .number({ error: "Term number must be a whole number from 1 to 20" })
    .int({ error: "Term number must be a whole number from 1 to 20" })
    .min(1, { error: "Term number must be a whole number from 1 to 20" })
    .max(20, { error: "Term number must be a whole number from 1 to 20" }),
  courseCode: zCode(40),
  section: z
    .string({ error: "Field cannot be empty." })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,2}$/, { error: "A section is one or two letters, e.g. A" }),
});

/** The row schema of each kind. */
export const ETL_ROW_SCHEMAS = {
  students: ZEtlStudentRow,
  faculty: ZEtlFacultyRow,
  courses: ZEtlCourseRow,
  enrolments: ZEtlEnrolmentRow,
} as const;
export type EtlRow<K extends EtlKind> = z.output<(typeof ETL_ROW_SCHEMAS)[K]>;

/** The kind field of a new job. */
export const ZEtlKind = z.enum(ETL_KINDS, { error: ETL_MESSAGES.chooseKind });

/**
 * The bulk import's upload form (spec, bulk import): the kind, and a file (a browser `File`) named
 * .csv or .xlsx of at most MAX_ETL_BYTES, with ETL_MESSAGES' texts. The server checks the same of
 * the uploaded file, and its content.
 */
export const ZEtlUploadForm = z.object({
  kind: ZEtlKind,
  file: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File, { error: ETL_MESSAGES.chooseFile })
    .refine((f) => sheetFormatOf(f.name) !== null, { error: ETL_MESSAGES.fileFormat })
    .refine((f) => f.size <= MAX_ETL_BYTES, { error: ETL_MESSAGES.tooLarge }),
});

/** A page of the job list or of a job's error log. */
export const ZEtlPageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce
    .number()
    .pipe(z.union([z.literal(10), z.literal(25), z.literal(50)], { error: "count must be 10, 25 or 50" }))
    .default(25),
});

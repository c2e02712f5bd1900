/**
 * Bulk import (ETL, the spec's etlBaseUrl `/api/etl`): the kinds of records a job
 * imports, the columns of each kind's sheet, the upload limits and the zod schemas of one row.
 * Shared by the server, which checks every row with these schemas, and the screen, which offers the
 * template header of each kind and checks a file's size before sending it.
 */
import { z } from "zod";
import { ZEmail } from "./email-schema.ts";
import { ZPersonName } from "./field-formats-input.ts";

/** What a job imports. */
export const ETL_KINDS = ["students", "faculty", "courses", "enrolments"] as const;
export type EtlKind = (typeof ETL_KINDS)[number];

/** The states of a job: waiting its turn, being imported, finished (bad rows listed), or stopped. */
export const ETL_JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type EtlJobStatus = (typeof ETL_JOB_STATUSES)[number];

/**
 * The columns of each kind's sheet, in the template's order: the first row names them (any order,
 * any case; columns not listed are ignored). `required` columns must be in the header.
 *
 * - students: registrationNumber (the student number, unique), firstName, lastName, email (unique),
 *   intake (the batch's name as in the List of Batches, e.g. "MBA 2025 Mumbai").
 * - faculty: email (unique), firstName, lastName, staffNumber (optional, unique), facultyType
 *   (optional, e.g. Core, Visiting).
 * - courses: code (unique), name, credits (optional, 1-30, default 3).
 * - enrolments: registrationNumber of a student, and the course offering named by intake,
 *   termNumber, courseCode and section (e.g. "A").
 */
export const ETL_COLUMNS = {
  students: ["registrationNumber", "firstName", "lastName", "email", "intake"],
  faculty: ["email", "firstName", "lastName", "staffNumber", "facultyType"],
  courses: ["code", "name", "credits"],
  enrolments: ["registrationNumber", "intake", "termNumber", "courseCode", "section"],
} as const satisfies Record<EtlKind, readonly string[]>;

/** The columns a header must name, per kind (the others may be left out). */
export const ETL_REQUIRED_COLUMNS: Record<EtlKind, readonly string[]> = {
  students: ["registrationNumber", "firstName", "lastName", "email", "intake"],
  faculty: ["email", "firstName", "lastName"],
  courses: ["code", "name"],
  enrolments: ["registrationNumber", "intake", "termNumber", "courseCode", "section"],
};

/** Largest import file: 2 MB (about 25,000 student rows of CSV). */
export const MAX_ETL_BYTES = 2 * 1024 * 1024;
/** Most rows an import sheet may have, the header row included (20,000 records). */
export const MAX_ETL_ROWS = 20_001;
/** Most cells an import sheet may have (rows × columns): 200,000. */
export const MAX_ETL_CELLS = 200_000;
/** Rows imported per transaction: a batch commits whole, so a later failure keeps what went before. */
export const ETL_BATCH_ROWS = 1000;
/** Page sizes of the job list and the error log. */
export const ETL_PAGE_SIZES = [10, 25, 50] as const;

/** The messages of the upload (English; the screen shows them from its catalogue). */
export const ETL_MESSAGES = {
  chooseKind: "Choose what to import: students, faculty, courses or enrolments",
  chooseFile: "Choose a file to import",
  fileFormat: "The file must be a .csv or .xlsx sheet",
  tooLarge: "The file is larger than 2 MB",
} as const;

/** The template of a kind: its header line as CSV. */
export function etlTemplate(kind: EtlKind): string {
  return `${ETL_COLUMNS[kind].join(",")}\n`;
}

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

/** A page of the job list or of a job's error log. */
export const ZEtlPageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce
    .number()
    .pipe(z.union([z.literal(10), z.literal(25), z.literal(50)], { error: "count must be 10, 25 or 50" }))
    .default(25),
});

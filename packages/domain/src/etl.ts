/**
 * Bulk import (ETL, the spec's etlBaseUrl `/api/etl`): the kinds of records a job imports, the
 * columns of each kind's sheet and the upload limits; the zod schemas of one row are in
 * etl-input.ts. Shared by the server, which checks every row with those schemas, and the screen,
 * which offers the template header of each kind and checks a file's size before sending it.
 */

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

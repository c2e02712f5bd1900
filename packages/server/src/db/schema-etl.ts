/**
 * Bulk import jobs (ETL on etlBaseUrl `/api/etl`, etl/): a job per uploaded sheet and the rows it
 * could not import. Re-exported by schema.ts; imports only schema-core.ts.
 */
import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { adminUser } from "./schema-core.ts";

/** PostgreSQL `bytea`, read and written as bytes (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * One import: what it imports (`kind`: students, faculty, courses, enrolments), the uploaded file
 * (its cleaned name, format and bytes, kept until the job has run), its status (queued, running,
 * done, failed) and its counts of rows: in the sheet (`rows_total`, header left out), read so far
 * (`rows_done`), written (`rows_imported`), already there unchanged (`rows_skipped`) and refused
 * (`rows_failed`, each with a row in etl_job_error). `message` says why a failed job stopped.
 * `lease_expires_at` is the running job's lease: the runner moves it on after every batch
 * (etl/runner.ts); a `running` job whose lease has passed belonged to a process that stopped.
 */
export const etlJob = pgTable(
  "etl_job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["students", "faculty", "courses", "enrolments"] }).notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    fileName: text("file_name").notNull(),
    format: text("format", { enum: ["csv", "xlsx"] }).notNull(),
    fileSize: integer("file_size").notNull(),
    /** The uploaded bytes while the job waits or runs; null once it has finished. */
    upload: bytea("upload"),
    rowsTotal: integer("rows_total").notNull().default(0),
    rowsDone: integer("rows_done").notNull().default(0),
    rowsImported: integer("rows_imported").notNull().default(0),
    rowsSkipped: integer("rows_skipped").notNull().default(0),
    rowsFailed: integer("rows_failed").notNull().default(0),
    message: text("message"),
    createdBy: uuid("created_by").references(() => adminUser.id),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
  },
  (t) => [
    index("etl_job_status_idx").on(t.status, t.createdAt),
    index("etl_job_created_idx").on(t.createdAt),
    check("etl_job_kind_ck", sql`${t.kind} in ('students', 'faculty', 'courses', 'enrolments')`),
    check("etl_job_status_ck", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** A row of a job's sheet that was not imported: its line in the file, the column and the reason. */
export const etlJobError = pgTable(
  "etl_job_error",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => etlJob.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    /** The column named in the header (e.g. "email"), or null for the row as a whole. */
    field: text("field"),
    reason: text("reason").notNull(),
  },
  (t) => [index("etl_job_error_job_line_idx").on(t.jobId, t.line)],
);

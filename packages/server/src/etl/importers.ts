/**
 * Imports one batch of checked rows of a job, inside the caller's transaction. Every kind is
 * idempotent by its natural keys: a record already there is left as it is and counted as skipped,
 * so the same file imported twice changes nothing. A row that names what does not exist, or a key
 * another record holds, is a bad row with its line, column and reason; the batch's other rows are
 * imported. New rows are written with {@link insertRowsByColumn}; one audit row `import` per batch
 * (enrolments: `enrol_students` per course offering, as the Enrol Student screen writes them).
 */
import { randomUUID } from "node:crypto";
import type { EtlKind, EtlRow } from "@portal/domain";
import { sql } from "drizzle-orm";
import { type AuditActor, writeAudit } from "../audit.ts";
import { insertRowsByColumn } from "../db/bulk-insert.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { contact, course, enrolment } from "../db/schema.ts";

/** A row that passed its kind's schema: its line in the file and its values. */
export type ValidRow = { line: number; values: EtlRow<EtlKind> };
/** A row not imported: its line, the column (null for the whole row) and why. */
export type BadRow = { line: number; field: string | null; reason: string };
/** What a batch did: rows written, rows already there, and its bad rows. */
export type BatchOutcome = { imported: number; skipped: number; bad: BadRow[] };
/** Keys seen earlier in the same file (key → first line), so a repeated row is reported. */
export type JobMemory = { keys: Map<string, number> };

type Batch = {
  kind: EtlKind;
  jobId: string;
  actor: AuditActor;
  at: Date;
  rows: ValidRow[];
  memory: JobMemory;
};

/** PostgreSQL text array literal of `values` (each quoted, `\` and `"` escaped). */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;

/** Imports `batch.rows` of `batch.kind` in `tx` (see the module's description). */
export async function importBatch(tx: Executor, batch: Batch): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { imported: 0, skipped: 0, bad: [] };
  if (batch.rows.length === 0) return outcome;
  switch (batch.kind) {
    case "students":
      await importPeople(tx, batch, "student", outcome);
      break;
    case "faculty":
      await importPeople(tx, batch, "faculty", outcome);
      break;
    case "courses":
      await importCourses(tx, batch, outcome);
      break;
    case "enrolments":
      await importEnrolments(tx, batch, outcome);
      break;
  }
  return outcome;
}

/** Marks `key` seen at `line`; the first line that had it when it was seen before, else null. */
function seenBefore(memory: JobMemory, key: string, line: number): number | null {
  const first = memory.keys.get(key);
  if (first !== undefined) return first;
  memory.keys.set(key, line);
  return null;
}

async function auditBatch(tx: Executor, batch: Batch, imported: number, ids: string[]) {
  if (imported === 0) return;
  await writeAudit(
    tx,
    batch.actor,
    [
      {
        action: "import",
        entity: "etl_job",
        entityId: batch.jobId,
        before: null,
        after: {
          kind: batch.kind,
          lines: { from: batch.rows[0]?.line, to: batch.rows.at(-1)?.line },
          imported,
          ids,
        },
      },
    ],
    batch.at,
  );
}

type Person = { id: string; kind: string; email: string; code: string | null };

/**
 * Students (key: registration number, which is the contact's code, and email) and faculty (key:
 * email, compared without regard to case; staff number as code when given). A person whose key is
 * there with the same email and kind is skipped; a key that another person holds is a bad row; a student's batch must exist.
 */
async function importPeople(tx: Executor, batch: Batch, kind: "student" | "faculty", outcome: BatchOutcome) {
  const people = batch.rows.map((r) => {
    if (kind === "student") {
      const v = r.values as EtlRow<"students">;
      return { line: r.line, code: v.registrationNumber, email: v.email, v, intake: v.intake };
    }
    const v = r.values as EtlRow<"faculty">;
    return { line: r.line, code: v.staffNumber, email: v.email, v, intake: null };
  });
  const codes = people.flatMap((p) => (p.code ? [p.code] : []));
  const emails = people.map((p) => p.email);
  const existing = await rows<Person>(
    tx,
    // E-mails are matched whatever their case (the sheet's are lower-cased by the row schema; a
    // contact written before may hold capitals): one person, not a second one beside it.
    sql`select id, kind, email, code from contact
        where lower(email) = any(${textArray(emails)}::text[]) or code = any(${textArray(codes)}::text[])`,
  );
  const byEmail = new Map(existing.map((p) => [p.email.toLowerCase(), p]));
  const byCode = new Map(existing.flatMap((p) => (p.code ? [[p.code, p] as const] : [])));
  const intakeNames = [...new Set(people.flatMap((p) => (p.intake ? [p.intake] : [])))];
  const intakes =
    intakeNames.length === 0
      ? []
      : await rows<{ id: string; name: string }>(
          tx,
          sql`select id, name from intake where name = any(${textArray(intakeNames)}::text[])`,
        );
  const intakeIds = new Map(intakes.map((i) => [i.name, i.id]));
  const codeField = kind === "student" ? "registrationNumber" : "staffNumber";
  const toInsert: Array<typeof contact.$inferInsert> = [];
  for (const p of people) {
    const bad = (field: string | null, reason: string) => outcome.bad.push({ line: p.line, field, reason });
    const repeatedEmail = seenBefore(batch.memory, `email:${p.email}`, p.line);
    if (repeatedEmail !== null) {
      bad("email", `The email ${p.email} is already on line ${repeatedEmail} of this file`);
      continue;
    }
    if (p.code) {
      const repeatedCode = seenBefore(batch.memory, `code:${p.code}`, p.line);
      if (repeatedCode !== null) {
        bad(codeField, `${p.code} is already on line ${repeatedCode} of this file`);
        continue;
      }
    }
    const sameEmail = byEmail.get(p.email);
    const sameCode = p.code ? byCode.get(p.code) : undefined;
    if (sameEmail && sameEmail.kind !== kind) {
      bad(
        "email",
        `The email ${p.email} belongs to a ${sameEmail.kind === "student" ? "student" : "faculty member"}`,
      );
      continue;
    }
    if (sameCode && sameCode.email.toLowerCase() !== p.email) {
      bad(codeField, `${p.code} belongs to another person`);
      continue;
    }
    if (sameEmail && p.code && sameEmail.code !== p.code) {
      bad("email", `The email ${p.email} belongs to another person`);
      continue;
    }
    if (sameEmail) {
      outcome.skipped++;
      continue;
    }
    let intakeId: string | null = null;
    if (p.intake) {
      intakeId = intakeIds.get(p.intake) ?? null;
      if (!intakeId) {
        bad("intake", `No batch is named ${p.intake}`);
        continue;
      }
    }
    const names = p.v as { firstName: string; lastName: string };
    toInsert.push({
      id: randomUUID(),
      kind,
      firstName: names.firstName,
      lastName: names.lastName,
      email: p.email,
      code: p.code,
      intakeId,
      facultyType: kind === "faculty" ? (p.v as EtlRow<"faculty">).facultyType : null,
    });
  }
  await insertRowsByColumn(tx, contact, toInsert);
  outcome.imported += toInsert.length;
  await auditBatch(
    tx,
    batch,
    toInsert.length,
    toInsert.map((c) => c.id as string),
  );
}

/** Courses (key: code): a code already there is skipped, whatever its name. */
async function importCourses(tx: Executor, batch: Batch, outcome: BatchOutcome) {
  const list = batch.rows.map((r) => ({ line: r.line, v: r.values as EtlRow<"courses"> }));
  const existing = await rows<{ code: string }>(
    tx,
    sql`select code from course where code = any(${textArray(list.map((c) => c.v.code))}::text[])`,
  );
  const known = new Set(existing.map((c) => c.code));
  const toInsert: Array<typeof course.$inferInsert> = [];
  for (const { line, v } of list) {
    const repeated = seenBefore(batch.memory, `code:${v.code}`, line);
    if (repeated !== null) {
      outcome.bad.push({
        line,
        field: "code",
        reason: `${v.code} is already on line ${repeated} of this file`,
      });
    } else if (known.has(v.code)) {
      outcome.skipped++;
    } else {
      toInsert.push({ id: randomUUID(), code: v.code, name: v.name, credits: v.credits });
    }
  }
  await insertRowsByColumn(tx, course, toInsert);
  outcome.imported += toInsert.length;
  await auditBatch(
    tx,
    batch,
    toInsert.length,
    toInsert.map((c) => c.id as string),
  );
}

type Offering = {
  id: string;
  intake: string;
  intakeId: string;
  termNumber: number;
  termId: string;
  courseId: string;
  courseCode: string;
  section: string;
  capacity: number;
  enrolled: number;
};

/**
 * Enrolments (key: student and course offering). The rules of the Enrol Student screen
 * (enrolment/enrolment.ts createEnrolments): the student must be in the offering's intake; a
 * student already enrolled in the course in that term (this section or another) is skipped; an
 * offering is never filled past its capacity (its rows are locked, and a row past it is bad).
 */
async function importEnrolments(tx: Executor, batch: Batch, outcome: BatchOutcome) {
  const list = batch.rows.map((r) => ({ line: r.line, v: r.values as EtlRow<"enrolments"> }));
  const codes = [...new Set(list.map((r) => r.v.registrationNumber))];
  const students = await rows<{ id: string; code: string; intakeId: string | null }>(
    tx,
    sql`select id, code, intake_id as "intakeId" from contact
        where kind = 'student' and code = any(${textArray(codes)}::text[])
        order by id for no key update`,
  );
  const studentByCode = new Map(students.map((s) => [s.code, s]));
  const offeringKey = (intake: string, termNumber: number, courseCode: string, section: string) =>
    `${intake}|${termNumber}|${courseCode}|${section}`;
  const intakes = [...new Set(list.map((r) => r.v.intake))];
  const courseCodes = [...new Set(list.map((r) => r.v.courseCode))];
  const offerings = await rows<Offering>(
    tx,
    sql`select o.id, i.name as intake, i.id as "intakeId", t.number::int as "termNumber", t.id as "termId",
          c.id as "courseId", c.code as "courseCode", o.section, o.capacity,
          (select count(*)::int from enrolment e where e.course_offering_id = o.id) as enrolled
        from course_offering o join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          join course c on c.id = o.course_id
        where i.name = any(${textArray(intakes)}::text[]) and c.code = any(${textArray(courseCodes)}::text[])
        order by o.id for update of o`,
  );
  const offeringByKey = new Map(
    offerings.map((o) => [offeringKey(o.intake, o.termNumber, o.courseCode, o.section), o]),
  );
  // What these students already take in these courses, in any section and term.
  const taken = await rows<{ studentId: string; courseId: string; termId: string }>(
    tx,
    sql`select e.student_id as "studentId", o.course_id as "courseId", o.term_id as "termId"
        from enrolment e join course_offering o on o.id = e.course_offering_id
        where e.student_id = any(${`{${students.map((s) => s.id).join(",")}}`}::uuid[])
          and o.course_id = any(${`{${[...new Set(offerings.map((o) => o.courseId))].join(",")}}`}::uuid[])`,
  );
  const takenKeys = new Set(taken.map((t) => `${t.studentId}|${t.courseId}|${t.termId}`));
  const enrolled = new Map(offerings.map((o) => [o.id, o.enrolled]));
  const toInsert: Array<{ studentId: string; courseOfferingId: string }> = [];
  const added = new Map<string, string[]>();
  for (const { line, v } of list) {
    const bad = (field: string | null, reason: string) => outcome.bad.push({ line, field, reason });
    const student = studentByCode.get(v.registrationNumber);
    if (!student) {
      bad("registrationNumber", `No student has the registration number ${v.registrationNumber}`);
      continue;
    }
    const offering = offeringByKey.get(offeringKey(v.intake, v.termNumber, v.courseCode, v.section));
    if (!offering) {
      bad(
        "section",
        `No section ${v.section} of ${v.courseCode} in term ${v.termNumber} of the batch ${v.intake}`,
      );
      continue;
    }
    if (student.intakeId !== offering.intakeId) {
      bad("intake", `The student ${v.registrationNumber} is not in the batch ${v.intake}`);
      continue;
    }
    const key = `${student.id}|${offering.courseId}|${offering.termId}`;
    if (takenKeys.has(key)) {
      outcome.skipped++;
      continue;
    }
    const before = enrolled.get(offering.id) ?? 0;
    if (before >= offering.capacity) {
      bad(
        "section",
        `Section ${offering.section} of ${offering.courseCode} is full (${offering.capacity} seats)`,
      );
      continue;
    }
    takenKeys.add(key);
    enrolled.set(offering.id, before + 1);
    toInsert.push({ studentId: student.id, courseOfferingId: offering.id });
    added.set(offering.id, [...(added.get(offering.id) ?? []), student.id]);
  }
  await insertRowsByColumn(tx, enrolment, toInsert);
  outcome.imported += toInsert.length;
  const original = new Map(offerings.map((o) => [o.id, o.enrolled]));
  await writeAudit(
    tx,
    batch.actor,
    [...added].map(([id, studentIds]) => ({
      action: "enrol_students" as const,
      entity: "course_offering",
      entityId: id,
      before: { enrolled: original.get(id) ?? 0 },
      after: { enrolled: (original.get(id) ?? 0) + studentIds.length, etlJobId: batch.jobId, studentIds },
    })),
    batch.at,
  );
}

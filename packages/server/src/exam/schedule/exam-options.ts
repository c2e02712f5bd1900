import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { personName } from "../../db/person-name.ts";
import { campus, contact } from "../../db/schema.ts";

/** One campus of the exam screens' campus filter. */
export type CampusOption = { id: string; name: string; timeZone: string };
/** One faculty member as the exam screens offer them (spec §3 Resources: faculty id, facultyName). */
export type FacultyOption = { id: string; facultyName: string; facEmail: string };

/**
 * The campus filter of the exam screens (GET /sf/exam/getCampusFilter): every campus by name, with
 * its id and IANA time zone (exam times are shown in the campus's zone).
 */
export async function listCampusOptions(db: Executor): Promise<CampusOption[]> {
  return db
    .select({ id: campus.id, name: campus.name, timeZone: campus.timeZone })
    .from(campus)
    .orderBy(asc(campus.name), asc(campus.id));
}

/**
 * The faculty members the exam screens offer (GET /sf/exam/facultyData): every contact of kind
 * faculty, by first then last name, with the full name as `facultyName` and the email as
 * `facEmail` (the spec's invigilation field name).
 */
export async function listFacultyOptions(db: Executor): Promise<FacultyOption[]> {
  return db
    .select({ id: contact.id, facultyName: personName(contact, { trim: true }), facEmail: contact.email })
    .from(contact)
    .where(eq(contact.kind, "faculty"))
    .orderBy(asc(contact.firstName), asc(contact.lastName), asc(contact.id));
}

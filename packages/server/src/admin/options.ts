import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";

/** An id and a display name: one choice of the Assign Roles form. */
export type Option = { id: string; name: string };

/** Institutes by name (`GET /admin/institutes`). */
export function listInstitutes(db: Executor): Promise<Option[]> {
  return rows<Option>(db, sql`select id, name from institution order by name, id`);
}

/** An institute's academic programmes by name, "<name> (<code>)" (`GET /admin/academicPrograms`). */
export function listInstituteProgrammes(db: Executor, instituteId: string): Promise<Option[]> {
  return rows<Option>(
    db,
    sql`select id, name || ' (' || code || ')' as name from academic_programme
        where institution_id = ${instituteId} order by name, code`,
  );
}

/** A programme's plans by name (`GET /admin/programPlans`). */
export function listProgrammePlans(db: Executor, programmeId: string): Promise<Option[]> {
  return rows<Option>(
    db,
    sql`select id, name from programme_plan where programme_id = ${programmeId} order by name, id`,
  );
}

/**
 * The class sections (course offerings) taught in the terms of the intakes that follow a programme
 * plan (`GET /admin/classSections`), named "<code> <course> · <term> · Section <letter> (<intake>)".
 */
export function listPlanClassSections(db: Executor, programmePlanId: string): Promise<Option[]> {
  return rows<Option>(
    db,
    sql`select o.id, c.code || ' ' || c.name || ' · ' || t.name || ' · Section ' || o.section || ' (' || i.name || ')' as name
        from course_offering o
        join course c on c.id = o.course_id
        join term t on t.id = o.term_id
        join intake i on i.id = t.intake_id
        where i.programme_plan_id = ${programmePlanId}
        order by i.name, t.number, c.code, o.section`,
  );
}

/** A contact the Assign Roles form can pick. */
export type ContactOption = { id: string; name: string; email: string; kind: "faculty" | "student" };

/** At most 20 contacts whose name, e-mail or code contains `search` (all when ""), by name (`GET /admin/contacts`). */
export function searchContacts(db: Executor, search: string): Promise<ContactOption[]> {
  const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return rows<ContactOption>(
    db,
    sql`select id, first_name || ' ' || last_name as name, email, kind from contact
        where ${search} = '' or (first_name || ' ' || last_name) ilike ${like} or email ilike ${like}
          or coalesce(code, '') ilike ${like}
        order by first_name, last_name, id limit 20`,
  );
}

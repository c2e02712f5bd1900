import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * Where a person's name columns come from: a contact table (or an alias of it) of a drizzle query,
 * or the name of the contact table's alias in a raw SQL query (`"f"` for `f.first_name`; a name
 * written in the code, never request input, since it is put into the SQL as it is).
 */
export type NameColumns = { firstName: SQLWrapper; lastName: SQLWrapper } | string;

/**
 * A person's display name in SQL (students, faculty, evaluators): first name, a space, last name,
 * i.e. `first_name || ' ' || last_name`. With `trim`, the result is trimmed, so a missing part
 * leaves no stray space. Where the person is left-joined the value may be null: the caller types it
 * `SQL<string | null>`.
 */
export function personName(person: NameColumns, options: { trim?: boolean } = {}): SQL<string> {
  const [first, last] =
    typeof person === "string"
      ? [sql.raw(`${person}.first_name`), sql.raw(`${person}.last_name`)]
      : [person.firstName, person.lastName];
  const joined = sql`${first} || ' ' || ${last}`;
  return (options.trim ? sql`trim(${joined})` : joined) as SQL<string>;
}

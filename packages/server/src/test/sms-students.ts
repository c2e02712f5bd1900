/**
 * Students with mobile numbers, for the SMS tests (notifications/sms.test.ts, sms-resend.test.ts): an
 * SMS message goes to the mobile number of each recipient's contact details.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";

/**
 * Gives the first three students (by id) without contact details a contact detail row with a mobile
 * number, `${prefix}0` to `${prefix}2` (e.g. prefix "+91 98765 4321"), and answers them in that
 * order. A test file uses a prefix of its own, so its numbers tell its messages apart.
 */
export async function studentsWithMobiles(
  db: Executor,
  prefix: string,
): Promise<Array<{ id: string; mobile: string }>> {
  const found = await rows<{ id: string }>(
    db,
    sql`select c.id from contact c where c.kind = 'student'
          and not exists (select 1 from contact_detail d where d.contact_id = c.id)
        order by c.id limit 3`,
  );
  const students = found.map((s, i) => ({ id: s.id, mobile: `${prefix}${i}` }));
  for (const s of students)
    await db.execute(sql`insert into contact_detail (contact_id, mobile) values (${s.id}, ${s.mobile})`);
  return students;
}

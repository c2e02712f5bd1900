import { todayIn } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { rows } from "../db/rows.ts";

/** A named count of the admin management screens. */
export type Count = { name: string; count: number };

const counts = (ctx: AppContext, query: ReturnType<typeof sql>) =>
  rows<Count>(ctx.db, query).then((found) => found.map((c) => ({ name: c.name, count: Number(c.count) })));

/**
 * The counts of `/app/admin-management` and `/app/admin-management/exam` (`GET /admin/overview`),
 * every one read from the database: users (all, active, holders of each role type at any scope),
 * contacts by kind, institutes, programmes, intakes and course offerings; exams by state on the
 * server's today (Upcoming: a later date, Today, Held: an earlier date), question papers by status,
 * evaluator assignments by status, revaluation and retest requests by state. States without rows are
 * left out, except the role types and exam states, which are always listed.
 */
export async function adminOverview(ctx: AppContext) {
  const today = todayIn(ctx.now());
  const [users] = await rows<{ total: number; active: number }>(
    ctx.db,
    sql`select count(*)::int as total, (count(*) filter (where active))::int as active from admin_user`,
  );
  const [people] = await rows<{ faculty: number; students: number }>(
    ctx.db,
    sql`select (count(*) filter (where kind = 'faculty'))::int as faculty,
          (count(*) filter (where kind = 'student'))::int as students from contact`,
  );
  const [academics] = await rows<{
    institutes: number;
    programmes: number;
    intakes: number;
    courseOfferings: number;
  }>(
    ctx.db,
    sql`select (select count(*) from institution)::int as institutes,
          (select count(*) from academic_programme)::int as programmes,
          (select count(*) from intake)::int as intakes,
          (select count(*) from course_offering)::int as "courseOfferings"`,
  );
  return {
    today,
    users: {
      total: users?.total ?? 0,
      active: users?.active ?? 0,
      byRole: await counts(
        ctx,
        sql`select r.name, count(distinct ur.user_id)::int as count from role r
            left join user_role ur on ur.role_id = r.id
            where r.name in ('admin', 'exam_office', 'academic_office') group by r.name
            order by array_position(array['admin', 'exam_office', 'academic_office'], r.name), r.name`,
      ),
    },
    people: { faculty: people?.faculty ?? 0, students: people?.students ?? 0 },
    academics: {
      institutes: academics?.institutes ?? 0,
      programmes: academics?.programmes ?? 0,
      intakes: academics?.intakes ?? 0,
      courseOfferings: academics?.courseOfferings ?? 0,
    },
    exams: {
      byState: await counts(
        ctx,
        sql`select s.name, count(e.id)::int as count
            from (values ('Upcoming', 1), ('Today', 2), ('Held', 3)) s(name, n)
            left join exam e on s.name = case when e.exam_date > ${today}::date then 'Upcoming'
              when e.exam_date = ${today}::date then 'Today' else 'Held' end
            group by s.name, s.n order by s.n`,
      ),
      questionPapers: await counts(
        ctx,
        sql`select status as name, count(*)::int as count from question_paper group by status order by status`,
      ),
      evaluators: await counts(
        ctx,
        sql`select status as name, count(*)::int as count from evaluator_assignment group by status order by status`,
      ),
      revaluations: await counts(
        ctx,
        sql`select state as name, count(*)::int as count from revaluation_request group by state order by state`,
      ),
      retests: await counts(
        ctx,
        sql`select state as name, count(*)::int as count from retest_request group by state order by state`,
      ),
    },
  };
}

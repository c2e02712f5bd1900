import { randomUUID } from "node:crypto";
import { ROLE_ACADEMIC_OFFICE, type ZCreateSpecialization } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import { listScopeOf } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import { rows } from "../db/rows.ts";
import { ApiError, notFound } from "../http/errors.ts";
import type { Specialization } from "./recess.ts";

/** Messages of the specialization create call (planning.yaml specializationsByProgram post). */
export const SPECIALIZATION_MESSAGES = {
  duplicate: "This programme already has a specialization of that name",
  outOfReach: "Your role does not reach this programme: ask for the programme or its institute",
} as const;

/**
 * SpecializationsByProgram post (spec exam-management-and-shell, "Service calls"; payload not
 * shown, designed here): adds a specialization to a programme, kept as a programme plan (EDA
 * Program Plan) like the ones the GET lists. It is never the primary plan (the programme's main
 * curriculum stays as it is); with `copyCurriculum` it starts with the primary plan's plan
 * requirements (term number, term name, course), so an intake that takes it has subjects to place.
 *
 * Who: the administrator or the academic office holding its role without a scope, at the programme
 * or at the programme's institute; a role held only at a programme plan or class section cannot add
 * plans to the whole programme (403 `forbidden`). One transaction, the programme row locked so two
 * creations of one name cannot both pass the name check; audited (`create`, entity
 * `programme_plan`). 404 unknown programme; 409 `duplicate_specialization` when the programme has
 * a plan of that name already (case and surrounding spaces ignored). Returns the specialization
 * and how many plan requirements it got.
 */
export async function createSpecialization(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZCreateSpecialization>,
): Promise<{ message: string; specialization: Specialization; planRequirements: number }> {
  const scope = await listScopeOf(ctx.db, user, [ROLE_ACADEMIC_OFFICE]);
  return ctx.db.transaction(async (tx) => {
    const [programme] = await rows<{ id: string; institutionId: string }>(
      tx,
      sql`select id, institution_id as "institutionId" from academic_programme
          where id = ${input.academicProgramId} for update`,
    );
    if (!programme) throw notFound("No such programme", "academicProgramId");
    if (scope && !scope.programmes.replace(/[{}]/g, "").split(",").includes(programme.id)) {
      throw new ApiError(403, SPECIALIZATION_MESSAGES.outOfReach, {
        errorCode: "forbidden",
        field: "academicProgramId",
      });
    }
    const [same] = await rows<{ id: string }>(
      tx,
      sql`select id from programme_plan where programme_id = ${programme.id}
          and lower(btrim(name)) = lower(${input.name}) limit 1`,
    );
    if (same) {
      throw new ApiError(409, SPECIALIZATION_MESSAGES.duplicate, {
        errorCode: "duplicate_specialization",
        field: "name",
      });
    }
    const id = randomUUID();
    await tx.execute(sql`insert into programme_plan (id, programme_id, name, is_primary)
        values (${id}, ${programme.id}, ${input.name}, false)`);
    const copied = input.copyCurriculum
      ? await rows<{ id: string }>(
          tx,
          sql`insert into plan_requirement (programme_plan_id, term_number, term_name, course_id)
              select distinct on (r.term_number, r.course_id) ${id}::uuid, r.term_number, r.term_name, r.course_id
              from plan_requirement r join programme_plan pp on pp.id = r.programme_plan_id
              where pp.programme_id = ${programme.id} and pp.is_primary
              order by r.term_number, r.course_id, pp.name, pp.id
              returning id`,
        )
      : [];
    const specialization = { id, name: input.name, isPrimary: false };
    await writeAudit(
      tx,
      user,
      [
        {
          action: "create",
          entity: "programme_plan",
          entityId: id,
          before: null,
          after: { programmeId: programme.id, name: input.name, planRequirements: copied.length },
        },
      ],
      new Date(ctx.now()),
    );
    return { message: "Specialization created", specialization, planRequirements: copied.length };
  });
}

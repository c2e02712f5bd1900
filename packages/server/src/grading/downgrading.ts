/**
 * Downgrading rules (DownGradingRulesSetup get/post/delete; openapi/grading.yaml; domain
 * downgrading.ts). The rules hold for every course offering. Grading reads them with the students
 * whose result is a retest ({@link retestStudents}); a change of the rules regrades, in its own
 * transaction, every course offering with such students, so the grades stored stay the grades shown.
 */
import { DOWNGRADING_MESSAGES, ROLE_EXAM_OFFICE, type ZDowngradingRule } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditActor, writeAudit } from "../audit.ts";
import { listScopeOf } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { downgradingRule } from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { ApiError, notFound, versionConflict } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";
import { type DowngradingRuleRow, loadDowngradingRules } from "./downgrading-rules.ts";
import { recomputeGrades, regradeStudents } from "./setup.ts";

/** The exam office's rules hold everywhere: a role held only at scopes may read them but not change them. */
async function requireUnscoped(ctx: AppContext, user: SessionUser): Promise<void> {
  if ((await listScopeOf(ctx.db, user, [ROLE_EXAM_OFFICE])) !== null) {
    throw new ApiError(
      403,
      "Downgrading rules hold for every course offering: a role held at a scope cannot change them",
      {
        errorCode: "forbidden",
      },
    );
  }
}

/** Regrades, in `tx`, every course offering with a student whose result is a retest; returns how many. */
async function regradeRetestOfferings(
  tx: Executor,
  actor: AuditActor,
  at: Date,
  reason: string,
): Promise<number> {
  const offerings = await rows<{ id: string }>(
    tx,
    sql`select distinct e.course_offering_id as id from retest_request rr join exam e on e.id = rr.exam_id
        where rr.state in ('Accept', 'Scheduled') order by 1`,
  );
  for (const o of offerings) await recomputeGrades(tx, actor, o.id, at, reason);
  return offerings.length;
}

/** The audit reason of the grades a retest decision changes. */
export const RETEST_DECISION_REASON = "Retest request decided";

/**
 * Regrades, in `tx` (the transaction that decided the retest requests), the students whose result
 * became a retest or stopped being one: `changed` maps each course offering id to those students.
 * Each changed grade row is stored and audited (`recalculate_grade`, reason
 * {@link RETEST_DECISION_REASON}) as a rule save does. Without any downgrading rule a retest changes
 * no grade, so nothing is read or written. Returns how many course offerings were regraded.
 */
export async function regradeRetestDecisions(
  tx: Executor,
  actor: AuditActor,
  changed: ReadonlyMap<string, ReadonlySet<string>>,
  at: Date,
): Promise<number> {
  if (changed.size === 0) return 0;
  if ((await loadDowngradingRules(tx)).length === 0) return 0;
  const offerings = [...changed.keys()].sort();
  for (const id of offerings) {
    await regradeStudents(tx, actor, id, at, RETEST_DECISION_REASON, changed.get(id) as ReadonlySet<string>);
  }
  return offerings.length;
}

/** A rule save: a new rule without `id`, else a change of rule `id` at `version`. */
export type DowngradingRuleSave = z.output<typeof ZDowngradingRule> & { id?: string; version?: number };

/**
 * DownGradingRulesSetup post: creates a rule (no `id`) or changes rule `id` at `version`, then
 * regrades the course offerings with retests (their grade rows audited `recalculate_grade` with the
 * reason "Downgrading rule changed"), all in one transaction; audited (`create` / `update`, entity
 * `downgrading_rule`). 404 unknown id; 409 stale version; 409 `duplicate_rule` when another rule is
 * about the same attempt type; 403 when the exam office role is held only at scopes.
 */
export async function saveDowngradingRule(
  ctx: AppContext,
  user: SessionUser,
  input: DowngradingRuleSave,
): Promise<{ message: string; rule: DowngradingRuleRow; regraded: number }> {
  await requireUnscoped(ctx, user);
  const at = new Date(ctx.now());
  const values = {
    ruleName: input.ruleName,
    attemptType: input.attemptType,
    downgradeSteps: input.downgradeSteps,
    maxGrade: input.maxGrade,
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      let saved: typeof downgradingRule.$inferSelect;
      let before: Record<string, unknown> | null = null;
      if (input.id) {
        const [current] = isUuid(input.id)
          ? await tx.select().from(downgradingRule).where(eq(downgradingRule.id, input.id))
          : [];
        if (!current) throw notFound("No such downgrading rule", "id");
        before = {
          ruleName: current.ruleName,
          attemptType: current.attemptType,
          downgradeSteps: current.downgradeSteps,
          maxGrade: current.maxGrade,
        };
        saved = await updateVersioned(
          tx,
          downgradingRule,
          { id: current.id, version: input.version ?? -1 },
          { ...values, updatedAt: at },
          { what: "This downgrading rule", field: "version" },
        );
      } else {
        [saved] = (await tx
          .insert(downgradingRule)
          .values({ ...values, updatedAt: at })
          .returning()) as [typeof downgradingRule.$inferSelect];
      }
      await writeAudit(
        tx,
        user,
        [
          {
            action: input.id ? "update" : "create",
            entity: "downgrading_rule",
            entityId: saved.id,
            before,
            after: values,
          },
        ],
        at,
      );
      const regraded = await regradeRetestOfferings(tx, user, at, "Downgrading rule changed");
      const { updatedAt: _, ...rule } = saved;
      return { message: "Downgrading rule saved", rule, regraded };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(409, DOWNGRADING_MESSAGES.duplicate, {
        errorCode: "duplicate_rule",
        field: "attemptType",
      });
    }
    throw error;
  }
}

/**
 * DownGradingRulesSetup delete: removes rule `id` at `version` and regrades the course offerings
 * with retests, in one transaction; audited (`delete`). 404 unknown id; 409 stale version; 403 as
 * for a save.
 */
export async function deleteDowngradingRule(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  version: number,
): Promise<{ message: string; regraded: number }> {
  await requireUnscoped(ctx, user);
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const [current] = isUuid(id)
      ? await tx.select().from(downgradingRule).where(eq(downgradingRule.id, id))
      : [];
    if (!current) throw notFound("No such downgrading rule", "id");
    const deleted = await tx
      .delete(downgradingRule)
      .where(sql`${downgradingRule.id} = ${id} and ${downgradingRule.version} = ${version}`)
      .returning({ id: downgradingRule.id });
    if (deleted.length === 0) {
      throw versionConflict("This downgrading rule", "version");
    }
    const { updatedAt: _, ...before } = current;
    await writeAudit(
      tx,
      user,
      [{ action: "delete", entity: "downgrading_rule", entityId: id, before, after: null }],
      at,
    );
    const regraded = await regradeRetestOfferings(tx, user, at, "Downgrading rule removed");
    return { message: "Downgrading rule deleted", regraded };
  });
}

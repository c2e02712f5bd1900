import type { AuditAction } from "@portal/domain";
import type { SessionUser } from "./context.ts";
import type { Executor } from "./db/client.ts";
import { auditLog } from "./db/schema.ts";

/**
 * One change to audit: what was done (an action of the domain's AUDIT_ACTIONS, each with a label in
 * the portal's catalogue) to which record, and its state before and after.
 */
export type AuditEntry = {
  action: AuditAction;
  entity: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * Who made a change: a signed-in user (a SessionUser), or a system actor such as the command line
 * (`id` null, `email` naming it, e.g. "cli"), whose rows have no actorUserId.
 */
export type AuditActor = Pick<SessionUser, "email"> & { id: string | null };

/** Writes one audit row per entry, attributed to `actor`, inside the caller's transaction `db`. */
export async function writeAudit(
  db: Executor,
  actor: AuditActor,
  entries: AuditEntry[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((e) => ({
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId,
      before: e.before,
      after: e.after,
      at,
    })),
  );
}

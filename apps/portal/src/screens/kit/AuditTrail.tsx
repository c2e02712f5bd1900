import { DataTable, type DataTableColumn } from "@portal/ui";
import { useMemo } from "react";
import { m } from "../../lib/i18n.ts";
import { type AuditChange, type AuditState, auditChanges, auditChangeText } from "./audit-changes.ts";
import { auditActionLabel } from "./audit-labels.ts";
import * as styles from "./audit-trail.css.ts";
import { formatInstant } from "./format.ts";

/**
 * One audit row as the audit reads answer it (e.g. GET /sf/exam/grading/audit/{id}): when (an ISO
 * instant), who (the staff member's name, null for a system actor, and e-mail), the action (one of
 * the domain's AUDIT_ACTIONS), the student it concerns if any, and the states before and after.
 */
export type AuditTrailEntry = {
  id: string;
  at: string;
  actorEmail: string;
  actorName: string | null;
  action: string;
  entity: string;
  student: { id: string; name: string; code: string | null } | null;
  before: AuditState;
  after: AuditState;
};

/** Characters of a change shown before the rest is folded away behind "Show the rest". */
export const AUDIT_FOLD_AT = 80;

/** What a row that concerns no student concerns, by entity; others read "—". */
const ENTITY_LABELS: Record<string, () => string> = {
  grading_setting: m.audit_entity_grading_setting,
};

/**
 * One change's line; a line longer than {@link AUDIT_FOLD_AT} characters shows its start and a
 * disclosure ("Show the rest") that opens the whole line.
 */
export function AuditChangeLine({ change }: { change: AuditChange }) {
  const text = auditChangeText(change);
  if (text.length <= AUDIT_FOLD_AT) return <li>{text}</li>;
  return (
    <li>
      <details className={styles.fold}>
        <summary className={styles.foldSummary}>
          {text.slice(0, AUDIT_FOLD_AT)}… <span>{m.audit_show_rest()}</span>
        </summary>
        {text}
      </details>
    </li>
  );
}

function columns(names: Record<string, string>): DataTableColumn<AuditTrailEntry>[] {
  return [
    {
      id: "at",
      header: m.audit_when(),
      cell: (e) => <span className={styles.when}>{formatInstant(e.at)}</span>,
    },
    {
      id: "who",
      header: m.audit_who(),
      cell: (e) =>
        e.actorName ? (
          <span className={styles.who}>
            <span>{e.actorName}</span>
            <span className={styles.muted}>{e.actorEmail}</span>
          </span>
        ) : (
          e.actorEmail
        ),
    },
    { id: "action", header: m.audit_action(), cell: (e) => auditActionLabel(e.action), rowHeader: true },
    {
      id: "record",
      header: m.audit_record(),
      cell: (e) =>
        e.student
          ? e.student.code
            ? m.audit_student({ name: e.student.name, code: e.student.code })
            : e.student.name
          : (ENTITY_LABELS[e.entity]?.() ?? "—"),
    },
    {
      id: "changes",
      header: m.audit_changes(),
      cell: (e) => {
        const changes = auditChanges(e, names);
        if (changes.length === 0) return "—";
        return (
          <ul className={styles.changes}>
            {changes.map((c) => (
              <AuditChangeLine key={c.field} change={c} />
            ))}
          </ul>
        );
      },
    },
  ];
}

/**
 * The audit as people read it, shared by every screen that shows audit rows: when (DD-MM-YYYY HH:mm
 * in the campus's zone, on one line), who (name and e-mail), the action's label in the page's
 * language, whom it concerns (the student's name and number), and each change as
 * "field: before → after" with formatted values (marks, percentages, dates, grade ranges "A 80–100"),
 * long ones folded. `names` maps the ids the rows' values mention to names (the audit read's
 * answer); no id or JSON is shown. Loading and empty states read `loadingLabel` and `emptyText`.
 */
export function AuditTrail({
  entries,
  names,
  caption,
  loading = false,
  loadingLabel,
  emptyText,
}: {
  entries: readonly AuditTrailEntry[];
  names: Record<string, string>;
  caption: string;
  loading?: boolean;
  loadingLabel: string;
  emptyText: string;
}) {
  const cols = useMemo(() => columns(names), [names]);
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={cols}
      data={entries as AuditTrailEntry[]}
      getRowId={(e) => e.id}
      loading={loading}
      loadingLabel={loadingLabel}
      emptyText={emptyText}
    />
  );
}

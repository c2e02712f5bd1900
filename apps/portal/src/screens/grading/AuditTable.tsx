import { type GradingAuditEntry, gradingAuditQueryOptions } from "@portal/api-client";
import { DataTable, type DataTableColumn } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { formatInstant } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import * as screenStyles from "../screen.css.ts";
import * as styles from "./results.css.ts";
import { auditActionLabel, auditValues } from "./results-shared.tsx";

function auditColumns(): DataTableColumn<GradingAuditEntry>[] {
  return [
    { id: "at", header: m.gres_audit_when(), cell: (e) => formatInstant(e.at) },
    { id: "who", header: m.gres_audit_who(), cell: (e) => e.actorEmail },
    { id: "action", header: m.gres_audit_action(), cell: (e) => auditActionLabel(e), rowHeader: true },
    { id: "before", header: m.gres_audit_before(), cell: (e) => auditValues(e.before) },
    { id: "after", header: m.gres_audit_after(), cell: (e) => auditValues(e.after) },
  ];
}

/**
 * The audit of a course offering's marks, grades and publishing (GET /sf/exam/grading/audit/{id}):
 * when, who, what, and the values before and after (with the reason), newest first.
 */
export function AuditTable({ courseOfferingId }: { courseOfferingId: string }) {
  const api = useApi();
  const audit = useQuery(gradingAuditQueryOptions(api, courseOfferingId));
  const titleId = useId();
  const columns = useMemo(auditColumns, []);
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 className={screenStyles.sectionTitle} id={titleId}>
        {m.gres_audit_title()}
      </h2>
      {audit.isError ? (
        <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <DataTable
          caption={m.gres_audit_table()}
          captionHidden
          columns={columns}
          data={audit.data?.entries ?? []}
          getRowId={(e) => e.id}
          loading={audit.isPending}
          loadingLabel={m.gres_loading()}
          emptyText={m.gres_no_record()}
        />
      )}
    </section>
  );
}

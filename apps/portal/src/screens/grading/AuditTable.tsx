import { gradingAuditQueryOptions } from "@portal/api-client";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { AuditTrail } from "../kit/AuditTrail.tsx";
import { QueryError } from "../kit/QueryError.tsx";
import * as screenStyles from "../screen.css.ts";
import * as styles from "./results.css.ts";

const NO_NAMES: Record<string, string> = {};

/**
 * The audit of a course offering's marks, grades and publishing (GET /sf/exam/grading/audit/{id}),
 * newest first, as the shared audit trail shows it (screens/kit/AuditTrail.tsx): when, who, what,
 * the student it concerns and each change "field: before → after" with the reason.
 */
export function AuditTable({ courseOfferingId }: { courseOfferingId: string }) {
  const api = useApi();
  const audit = useQuery(gradingAuditQueryOptions(api, courseOfferingId));
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 className={screenStyles.sectionTitle} id={titleId}>
        {m.gres_audit_title()}
      </h2>
      {audit.isError ? (
        <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <AuditTrail
          caption={m.gres_audit_table()}
          entries={audit.data?.entries ?? []}
          names={audit.data?.names ?? NO_NAMES}
          loading={audit.isPending}
          loadingLabel={m.gres_loading()}
          emptyText={m.gres_no_record()}
        />
      )}
    </section>
  );
}

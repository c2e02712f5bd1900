import {
  type CriteriaFilter,
  type PromotionAnswer,
  type PromotionCriterion,
  promotionCriteriaQueryOptions,
  promotionQueryOptions,
} from "@portal/api-client";
import { CRITERIA_RECORD_TYPES, CRITERIA_TYPES } from "@portal/domain";
import { Button, DataTable, type DataTableColumn, Select, StatusChip } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import type { FirstQuery } from "../../shell/first-query-state.ts";
import { IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { formatMarks, formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import * as screenStyles from "../screen.css.ts";
import { criteriaTypeLabel, recordTypeLabel } from "./criteria-labels.ts";
import * as styles from "./results.css.ts";

/** The criterion dialog (TanStack Form, the domain's zod schema) loads when first opened. */
const CriterionDialog = lazyDialog(() => import("./CriterionDialog.tsx").then((x) => x.CriterionDialog));

/** The address state: `?recordType=&criteriaType=&criteriaId=&status=`. */
export type CriteriaState = { recordType: string; criteriaType: string; criteriaId: string; status: string };

const PROMOTION_OUTCOMES = ["Promoted", "At Risk", "Not Promoted"] as const;

/** Reads {@link CriteriaState}; values outside their lists become "" (any). */
export function parseCriteriaState(search: string): CriteriaState {
  const p = new URLSearchParams(search);
  const oneOf = (key: string, list: readonly string[]) => {
    const v = p.get(key) ?? "";
    return list.includes(v) ? v : "";
  };
  return {
    recordType: oneOf("recordType", CRITERIA_RECORD_TYPES),
    criteriaType: oneOf("criteriaType", CRITERIA_TYPES),
    criteriaId: (p.get("criteriaId") ?? "").slice(0, 100),
    status: oneOf("status", PROMOTION_OUTCOMES),
  };
}

function serializeCriteriaState(state: CriteriaState): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(state)) if (v) p.set(k, v);
  const text = p.toString();
  return text ? `?${text}` : "";
}

function criteriaFilter(state: CriteriaState): CriteriaFilter {
  return {
    recordType: state.recordType as CriteriaFilter["recordType"],
    criteriaType: state.criteriaType as CriteriaFilter["criteriaType"],
  };
}

function promotionRequest(state: CriteriaState) {
  return {
    ...(state.criteriaId ? { criteriaId: state.criteriaId } : {}),
    ...(state.status ? { status: state.status as (typeof PROMOTION_OUTCOMES)[number] } : {}),
  };
}

/** The /app/exam/promotionCriteria island, inside its IslandRoot. */
export default function PromotionCriteria({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <PromotionCriteriaScreen search={search} />
    </IslandRoot>
  );
}

/** First query of /app/exam/promotionCriteria: the criteria of the address's filter and the evaluation. */
export const promotionCriteriaFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseCriteriaState(search);
  await Promise.all([
    fetch(promotionCriteriaQueryOptions(api, criteriaFilter(state))),
    fetch(promotionQueryOptions(api, promotionRequest(state))),
  ]);
};

/**
 * Promotion criteria (spec §2 /app/exam/promotionCriteria; §7 CriteriaWithFilterData with
 * recordType Master or Default and criteriaType, createCriteriaWithFilter, PromotionCriteriaData):
 * the criteria (minimum grade points, maximum failed courses, minimum attendance), filtered by
 * record type and criteria type; New criterion and Edit open the criterion form (TanStack Form with
 * the domain's ZPromotionCriteria); the evaluation of the chosen criterion (default: the first
 * Default one) lists each student with published results as Promoted, At Risk or Not Promoted.
 */
export function PromotionCriteriaScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseCriteriaState, serializeCriteriaState);
  const criteria = useQuery(promotionCriteriaQueryOptions(api, criteriaFilter(state)));
  const [editing, setEditing] = useState<PromotionCriterion | "new" | null>(null);
  const columns = useMemo<DataTableColumn<PromotionCriterion>[]>(
    () => [
      { id: "name", header: m.gres_crit_name(), rowHeader: true, cell: (c) => c.name },
      { id: "recordType", header: m.gres_crit_record_type(), cell: (c) => recordTypeLabel(c.recordType) },
      { id: "criteriaType", header: m.gres_crit_type(), cell: (c) => criteriaTypeLabel(c.criteriaType) },
      { id: "gp", header: m.gres_crit_min_gp(), align: "end", cell: (c) => formatNumber(c.minGradePoints) },
      {
        id: "failed",
        header: m.gres_crit_max_failed(),
        align: "end",
        cell: (c) => String(c.maxFailedCourses),
      },
      {
        id: "attendance",
        header: m.gres_crit_min_attendance(),
        align: "end",
        cell: (c) => formatNumber(c.minAttendancePercent),
      },
      {
        id: "actions",
        header: m.gres_col_edit(),
        cell: (c) => (
          <div className={screenStyles.actions}>
            <Button
              size="sm"
              variant="secondary"
              aria-label={m.gres_crit_edit_of({ name: c.name })}
              onClick={() => setEditing(c)}
            >
              {m.gres_col_edit()}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={m.gres_crit_evaluate_of({ name: c.name })}
              onClick={() => navigate({ ...state, criteriaId: c.id })}
            >
              {m.gres_crit_evaluate()}
            </Button>
          </div>
        ),
      },
    ],
    [navigate, state],
  );
  return (
    <div className={screenStyles.screen}>
      <div className={screenStyles.filters}>
        <Select
          className={screenStyles.filterField}
          label={m.gres_crit_record_type()}
          placeholder={m.gres_any()}
          options={CRITERIA_RECORD_TYPES.map((t) => ({ value: t, label: recordTypeLabel(t) }))}
          value={state.recordType}
          onChange={(recordType) => navigate({ ...state, recordType })}
        />
        <Select
          className={screenStyles.filterField}
          label={m.gres_crit_type()}
          placeholder={m.gres_any()}
          options={CRITERIA_TYPES.map((t) => ({ value: t, label: criteriaTypeLabel(t) }))}
          value={state.criteriaType}
          onChange={(criteriaType) => navigate({ ...state, criteriaType })}
        />
      </div>
      <div className={screenStyles.toolbar}>
        <Button onClick={() => setEditing("new")}>{m.gres_crit_new()}</Button>
      </div>
      {criteria.isError ? (
        <QueryError error={criteria.error} onRetry={() => void criteria.refetch()} />
      ) : (
        <DataTable
          caption={m.gres_crit_table()}
          columns={columns}
          data={criteria.data?.criteria ?? []}
          getRowId={(c) => c.id}
          loading={criteria.isPending}
          loadingLabel={m.gres_loading()}
          emptyText={m.gres_no_record()}
        />
      )}
      {editing ? (
        <CriterionDialog
          criterion={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onReload={async () => {
            const fresh = await criteria.refetch();
            if (editing !== "new") {
              const again = fresh.data?.criteria.find((c) => c.id === editing.id);
              if (again) setEditing(again);
            }
          }}
        />
      ) : null}
      <Evaluation state={state} navigate={navigate} />
    </div>
  );
}

/** The label of a promotion outcome. */
export function outcomeLabel(status: string): string {
  if (status === "Promoted") return m.gres_outcome_promoted();
  if (status === "At Risk") return m.gres_outcome_at_risk();
  return m.gres_outcome_not_promoted();
}

const outcomeTone = (status: string) =>
  status === "Promoted" ? "success" : status === "At Risk" ? "warning" : ("danger" as const);

/** The evaluation of the chosen criterion: counts and each student's outcome, filterable by outcome. */
function Evaluation({ state, navigate }: { state: CriteriaState; navigate: (next: CriteriaState) => void }) {
  const api = useApi();
  const evaluation = useQuery(promotionQueryOptions(api, promotionRequest(state)));
  const columns = useMemo<DataTableColumn<PromotionAnswer["students"][number]>[]>(
    () => [
      {
        id: "student",
        header: m.gres_col_student(),
        rowHeader: true,
        cell: (s) => (s.studentCode ? `${s.studentName} (${s.studentCode})` : s.studentName),
      },
      { id: "batch", header: m.gres_batch(), cell: (s) => s.batch ?? "—" },
      { id: "courses", header: m.gres_crit_courses(), align: "end", cell: (s) => String(s.courses) },
      { id: "gpa", header: m.gres_crit_gpa(), align: "end", cell: (s) => formatMarks(s.gradePointAverage) },
      { id: "failed", header: m.gres_crit_failed(), align: "end", cell: (s) => String(s.failedCourses) },
      {
        id: "attendance",
        header: m.gres_crit_attendance(),
        align: "end",
        cell: (s) => (s.attendancePercent === null ? "—" : formatNumber(s.attendancePercent)),
      },
      {
        id: "status",
        header: m.gres_status(),
        cell: (s) => <StatusChip tone={outcomeTone(s.status)}>{outcomeLabel(s.status)}</StatusChip>,
      },
    ],
    [],
  );
  const data = evaluation.data;
  return (
    <section className={styles.section} aria-labelledby="promotion-evaluation">
      <h2 className={screenStyles.sectionTitle} id="promotion-evaluation">
        {data ? m.gres_crit_evaluation_of({ name: data.criteria.name }) : m.gres_crit_evaluation()}
      </h2>
      {evaluation.isError ? (
        <QueryError error={evaluation.error} onRetry={() => void evaluation.refetch()} />
      ) : (
        <>
          {data ? (
            <dl className={styles.summary}>
              {(
                [
                  [m.gres_students(), data.counts.students],
                  [m.gres_outcome_promoted(), data.counts.promoted],
                  [m.gres_outcome_at_risk(), data.counts.atRisk],
                  [m.gres_outcome_not_promoted(), data.counts.notPromoted],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className={styles.summaryItem}>
                  <dt className={styles.summaryLabel}>{label}</dt>
                  <dd className={styles.summaryValue}>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <div className={screenStyles.filters}>
            <Select
              className={screenStyles.filterField}
              label={m.gres_outcome()}
              placeholder={m.gres_any()}
              options={PROMOTION_OUTCOMES.map((o) => ({ value: o, label: outcomeLabel(o) }))}
              value={state.status}
              onChange={(status) => navigate({ ...state, status })}
            />
          </div>
          <DataTable
            caption={m.gres_crit_evaluation_table()}
            captionHidden
            columns={columns}
            data={data?.students ?? []}
            getRowId={(s) => s.studentId}
            loading={evaluation.isPending}
            loadingLabel={m.gres_loading()}
            emptyText={m.gres_no_record()}
          />
        </>
      )}
    </section>
  );
}

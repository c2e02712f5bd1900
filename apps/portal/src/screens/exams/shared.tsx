import { type ExamCycle, examCyclesQueryOptions, examKeys } from "@portal/api-client";
import { Button, Select } from "@portal/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import * as styles from "./exams.css.ts";
import { errorText } from "./labels.ts";

/** The option text of an exam cycle: its name. */
function cycleOption(cycle: ExamCycle) {
  return { value: cycle.id, label: cycle.name };
}

/**
 * The exam cycle filter (GET /sf/exam/examCycles, latest first). With `allowAll`, `value` "" is
 * "All exam cycles"; without it (the dashboard always shows one cycle) "" means the cycle is not
 * known yet and the control waits, disabled.
 */
export function CycleSelect({
  value,
  onChange,
  allowAll,
}: {
  value: string;
  onChange: (cycleId: string) => void;
  allowAll: boolean;
}) {
  const api = useApi();
  const cycles = useQuery(examCyclesQueryOptions(api));
  const options = (cycles.data?.examCycles ?? []).map(cycleOption);
  return (
    <Select
      className={styles.filterField}
      label={m.exam_cycle_label()}
      options={options}
      value={value}
      onChange={onChange}
      {...(allowAll
        ? { placeholder: m.exam_cycle_all() }
        : value === ""
          ? { placeholder: m.exam_loading() }
          : {})}
      placeholderSelectable={allowAll}
      disabled={cycles.isPending || (!allowAll && value === "")}
      error={cycles.isError ? m.exam_error({ message: errorText(cycles.error) }) : null}
    />
  );
}

/** The error state of a screen: 'An error occurred: {message}' and Try again (spec §8). */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.errorBox}>
      <p className={styles.errorText}>{m.exam_error({ message: errorText(error) })}</p>
      <Button variant="secondary" onClick={onRetry}>
        {m.exam_try_again()}
      </Button>
    </div>
  );
}

/**
 * Returns `refresh()`, which marks every exam schedule query stale (timetable, Upcoming, completed,
 * dashboard, clash report, details), so the screen reloads what was saved: a moved exam changes them all.
 */
export function useExamRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: examKeys.all }), [queryClient]);
}

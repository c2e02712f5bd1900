import { examCyclesQueryOptions } from "@portal/api-client";
import { Select } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import * as styles from "../screen.css.ts";
import { errorText } from "./error-text.ts";
import { ALL_CYCLES } from "./exam-cycle.ts";

/**
 * The exam cycle choice (GET /sf/exam/examCycles, latest first). With `allowAll`, `value`
 * {@link ALL_CYCLES} is "All exam cycles" (and choosing it answers {@link ALL_CYCLES}); "" means the
 * cycle is not known yet (the cycles load, or there are none): without `allowAll` the control then
 * waits, disabled, saying Loading or No Data. The default cycle is the screens' one rule
 * (`useExamCycleUrlState`, exam-cycle.ts).
 */
export function CycleSelect({
  value,
  onChange,
  allowAll = false,
}: {
  value: string;
  onChange: (cycleId: string) => void;
  allowAll?: boolean;
}) {
  const api = useApi();
  const cycles = useQuery(examCyclesQueryOptions(api));
  const list = cycles.data?.examCycles ?? [];
  return (
    <Select
      className={styles.filterField}
      label={m.kit_cycle_label()}
      options={list.map((cycle) => ({ value: cycle.id, label: cycle.name }))}
      value={allowAll && value === ALL_CYCLES ? "" : value}
      onChange={(chosen) => onChange(allowAll && chosen === "" ? ALL_CYCLES : chosen)}
      {...(allowAll
        ? { placeholder: m.kit_cycle_all() }
        : value === ""
          ? { placeholder: cycles.isError ? m.kit_no_data() : m.kit_loading() }
          : {})}
      placeholderSelectable={allowAll}
      disabled={cycles.isPending || (!allowAll && (value === "" || list.length === 0))}
      error={cycles.isError ? m.kit_error({ message: errorText(cycles.error) }) : null}
    />
  );
}

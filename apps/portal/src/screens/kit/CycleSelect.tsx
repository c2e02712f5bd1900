import { examCyclesQueryOptions } from "@portal/api-client";
import { Select } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import * as styles from "../screen.css.ts";
import { errorText } from "./error-text.ts";

/**
 * The exam cycle choice (GET /sf/exam/examCycles, latest first). With `allowAll`, `value` "" is
 * "All exam cycles"; without it the screen always shows one cycle, so "" means the cycle is not known
 * yet (the cycles load, or there are none): the control waits, disabled, saying Loading or No Data.
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
      value={value}
      onChange={onChange}
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

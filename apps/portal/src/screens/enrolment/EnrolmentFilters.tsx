import { type EnrolmentOptions, enrolmentOptionsQueryOptions } from "@portal/api-client";
import { Select } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { QueryError } from "../kit/QueryError.tsx";
import * as styles from "../screen.css.ts";
import { choose, type EnrolmentState, toOptionsQuery } from "./state.ts";

type Level = "institute" | "programme" | "plan" | "term";

/**
 * The enrolment screens' filters (getDataForCourseEnrolment): institute, programme, programme plan
 * and term, each offered once the wider one is chosen; choosing clears the narrower ones and goes
 * back to page 1. `termLabel` names the term choice ('Till Term' on Enrol Student).
 */
export function EnrolmentFilters({
  state,
  navigate,
  termLabel,
}: {
  state: EnrolmentState;
  navigate: (next: EnrolmentState) => void;
  termLabel: string;
}) {
  const api = useApi();
  const options = useQuery(enrolmentOptionsQueryOptions(api, toOptionsQuery(state)));
  if (options.isError && !options.data) {
    return <QueryError error={options.error} onRetry={() => void options.refetch()} />;
  }
  const data: EnrolmentOptions | undefined = options.data;
  const choice = (
    level: Level,
    label: string,
    list: EnrolmentOptions["institutes"] | undefined,
    enabled: boolean,
  ) => (
    <Select
      className={styles.filterField}
      label={label}
      placeholder={m.enrol_select()}
      placeholderSelectable={false}
      disabled={!enabled}
      options={(list ?? []).map((o) => ({ value: o.id, label: o.name }))}
      value={state[level]}
      onChange={(id) => navigate(choose(state, level, id))}
    />
  );
  return (
    <fieldset className={styles.filters} aria-busy={options.isFetching}>
      {choice("institute", m.enrol_institute(), data?.institutes, true)}
      {choice("programme", m.enrol_programme(), data?.programmes, state.institute !== "")}
      {choice("plan", m.enrol_programme_plan(), data?.programmePlans, state.programme !== "")}
      {choice("term", termLabel, data?.terms, state.plan !== "")}
    </fieldset>
  );
}

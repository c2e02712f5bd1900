import { type ContractListRow, contractListQueryOptions } from "@portal/api-client";
import { CONTRACT_STATES, type ContractState } from "@portal/domain";
import {
  ButtonLink,
  ConfirmDialog,
  type DataTableColumn,
  type DataTableRowAction,
  dataTableRowActions,
  Select,
} from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatDate, formatNumber } from "../kit/format.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import { SearchForm } from "../SearchForm.tsx";
import * as styles from "../screen.css.ts";
import { contractEventLabel, contractStateLabel } from "./labels.ts";
import { contractLinks } from "./routes.ts";
import {
  type ContractListState,
  type ContractPageSize,
  parseContractListState,
  serializeContractListState,
  toContractListQuery,
} from "./state.ts";
import { isVersionOnlyEvent, useContractStep } from "./use-contract-step.ts";

const PAGE_SIZES = [10, 25, 50] as const satisfies readonly ContractPageSize[];

/** The contract management island (`/app/contract-management?state=&search=&page=&pageSize=`). */
export default function ContractList({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <ContractListScreen search={search} />
    </IslandRoot>
  );
}

/** First query of the contract list, run on the server: the address's page. */
export const contractListFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  await fetch(contractListQueryOptions(api, toContractListQuery(parseContractListState(search))));
};

function columns(): DataTableColumn<ContractListRow>[] {
  return [
    {
      id: "faculty",
      header: m.contract_col_faculty(),
      rowHeader: true,
      cell: (c) => (
        <a className={styles.link} href={contractLinks.view(c.id)}>
          {c.facultyName}
        </a>
      ),
    },
    { id: "email", header: m.contract_email(), cell: (c) => c.facultyEmail },
    { id: "term", header: m.contract_col_term(), cell: (c) => `${c.termName} (${c.intakeName})` },
    { id: "state", header: m.contract_state(), cell: (c) => contractStateLabel(c.state) },
    { id: "hours", header: m.contract_col_hours(), cell: (c) => formatNumber(c.hours) },
    { id: "amount", header: m.contract_col_amount(), cell: (c) => `INR ${formatNumber(c.amount)}` },
    {
      id: "period",
      header: m.contract_col_period(),
      cell: (c) => `${formatDate(c.startDate)} – ${formatDate(c.endDate)}`,
    },
  ];
}

/**
 * Contract Management (`/app/contract-management`): the contracts, most recently
 * changed first, paged on the server (10, 25, 50), filtered by state and searched by faculty name
 * or e-mail. Each row's action menu offers exactly the steps the server says the user may take
 * (`allowedEvents`, the domain's life cycle): View, and the version-only steps; Delete and Cancel
 * ask first. A refused step shows the server's message. State lives in the address.
 */
export function ContractListScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseContractListState, serializeContractListState);
  const list = useQuery({
    ...contractListQueryOptions(api, toContractListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const step = useContractStep();
  const actions = (c: ContractListRow): DataTableRowAction[] => [
    {
      id: "view",
      label: m.contract_view(),
      onSelect: () => window.location.assign(contractLinks.view(c.id)),
    },
    ...c.allowedEvents.filter(isVersionOnlyEvent).map((event) => ({
      id: event,
      label: contractEventLabel(event),
      danger: event === "delete" || event === "cancel",
      onSelect: () => step.start(c, event),
    })),
  ];
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{m.contract_list_title()}</h2>
        <ButtonLink variant="primary" href={contractLinks.onboarding()}>
          {m.contract_new()}
        </ButtonLink>
      </div>
      <SearchForm
        label={m.contract_search()}
        applied={state.search}
        onApply={(text) => navigate({ ...state, search: text, page: 1 })}
      />
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.contract_state()}
          placeholder={m.contract_all_states()}
          placeholderSelectable
          options={CONTRACT_STATES.map((s) => ({ value: s, label: contractStateLabel(s) }))}
          value={state.state}
          onChange={(value) => navigate({ ...state, state: value as ContractState | "", page: 1 })}
        />
      </div>
      <PagedTable<NonNullable<typeof list.data>, ContractListRow, ContractPageSize, ContractListState>
        query={list}
        rows={(data) => data.contracts}
        state={state}
        navigate={navigate}
        pageSizes={PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={m.contract_list_title()}
        columns={columns()}
        getRowId={(c) => c.id}
        emptyText={m.contract_no_record()}
        loadingLabel={m.contract_loading()}
        features={[dataTableRowActions]}
        rowActions={{
          header: m.contract_actions(),
          label: (c) => m.contract_actions_for({ name: c.facultyName }),
          actions,
        }}
      />
      <ConfirmDialog
        open={step.pending !== null}
        onOpenChange={(open) => {
          if (!open) step.setPending(null);
        }}
        title={step.pending ? contractEventLabel(step.pending.event) : ""}
        message={step.pending?.event === "delete" ? m.contract_confirm_delete() : m.contract_confirm_cancel()}
        confirmLabel={step.pending ? contractEventLabel(step.pending.event) : ""}
        cancelLabel={m.contract_back_to_list()}
        loading={step.busy}
        onConfirm={step.confirm}
      />
    </div>
  );
}

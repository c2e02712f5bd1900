import { type ContractView, contractPdfPath, contractQueryOptions } from "@portal/api-client";
import { Button, ButtonLink, ConfirmDialog, DataTable, type DataTableColumn } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useConfig,
} from "../../shell/IslandRoot.tsx";
import { formatDate, formatInstant, formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import * as styles from "../screen.css.ts";
import { contractEventLabel, contractStateLabel } from "./labels.ts";
import { contractLinks } from "./routes.ts";
import { ReviseForm } from "./TermsForm.tsx";
import { isVersionOnlyEvent, useContractStep } from "./use-contract-step.ts";

/** The contract's id from the address (`?id=`). */
function idOf(search: string): string {
  return new URLSearchParams(search).get("id")?.trim() ?? "";
}

/** The View Contract island (`/app/ViewContract?id=`). */
export default function ViewContract({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <ViewContractScreen id={idOf(search)} />
    </IslandRoot>
  );
}

/** First query of View Contract, run on the server: the contract of the address. */
export const viewContractFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const id = idOf(search);
  if (/^[0-9a-f-]{36}$/i.test(id)) await fetch(contractQueryOptions(api, id));
};

type HistoryRow = ContractView["history"][number];

function historyColumns(): DataTableColumn<HistoryRow>[] {
  return [
    { id: "at", header: m.contract_col_when(), cell: (h) => formatInstant(h.at) },
    { id: "step", header: m.contract_col_step(), cell: (h) => contractEventLabel(h.event), rowHeader: true },
    { id: "state", header: m.contract_state(), cell: (h) => contractStateLabel(h.toState) },
    { id: "by", header: m.contract_col_by(), cell: (h) => h.actorEmail },
  ];
}

/**
 * View Contract (`/app/ViewContract?id=`): the faculty member, term, sections,
 * hours, rate, amount, dates, area head, revision and state (each section opens View Course); the contract PDF; the history of its
 * life cycle; a button for each step the server allows the user now (the office's steps, or the
 * area head's Approve and Return to draft); Delete and Cancel ask first; a sent or revised contract
 * has the revision form. A refused step shows the server's message; after a deletion the page goes
 * back to the list.
 */
export function ViewContractScreen({ id }: { id: string }) {
  const api = useApi();
  const config = useConfig();
  const query = useQuery(contractQueryOptions(api, id));
  const step = useContractStep((event) => {
    if (event === "delete") window.location.assign(contractLinks.list());
  });
  if (query.isPending) return <p className={styles.muted}>{m.contract_loading()}</p>;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const c = query.data.contract;
  const field = (label: string, value: string) => (
    <div>
      <dt className={styles.muted}>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>
          {c.faculty.firstName} {c.faculty.lastName} · {contractStateLabel(c.state)}
        </h2>
        <ButtonLink variant="secondary" href={contractLinks.list()}>
          {m.contract_back_to_list()}
        </ButtonLink>
      </div>
      <dl className={styles.filters}>
        {field(m.contract_email(), c.faculty.email)}
        {field(m.contract_phone(), c.faculty.phone)}
        {field(m.contract_designation(), c.faculty.designation)}
        {field(m.contract_association(), c.faculty.association)}
        {field(m.contract_col_term(), `${c.term.name} (${c.term.intakeName})`)}
        {field(m.contract_col_hours(), formatNumber(c.hours))}
        {field(m.contract_rate(), formatNumber(c.ratePerHour))}
        {field(m.contract_col_amount(), `INR ${formatNumber(c.amount)}`)}
        {field(m.contract_col_period(), `${formatDate(c.startDate)} – ${formatDate(c.endDate)}`)}
        {field(m.contract_area_head(), c.areaHeadEmail)}
        {field(m.contract_revision(), formatNumber(c.revision))}
      </dl>
      <h3 className={styles.sectionTitle}>{m.contract_sections()}</h3>
      {c.sections.length === 0 ? (
        <p className={styles.muted}>{m.contract_no_sections()}</p>
      ) : (
        <ul className={styles.cellList}>
          {c.sections.map((s) => (
            <li key={s.id}>
              <a className={styles.link} href={contractLinks.course(s.id)}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a
          className={styles.link}
          href={contractPdfPath(config.apiBaseUrl || "/api", c.id)}
          target="_blank"
          rel="noopener"
        >
          {m.contract_pdf()}
        </a>
      </p>
      <div className={styles.actions}>
        {c.allowedEvents.filter(isVersionOnlyEvent).map((event) => (
          <Button
            key={event}
            variant={event === "delete" || event === "cancel" ? "danger" : "primary"}
            loading={step.busy}
            onClick={() => step.start(c, event)}
          >
            {contractEventLabel(event)}
          </Button>
        ))}
      </div>
      {c.allowedEvents.includes("revise") ? <ReviseForm key={c.version} contract={c} /> : null}
      <h3 className={styles.sectionTitle}>{m.contract_history()}</h3>
      <DataTable<HistoryRow>
        caption={m.contract_history()}
        data={c.history}
        columns={historyColumns()}
        getRowId={(h) => String(h.version)}
        emptyText={m.contract_no_record()}
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

import {
  ApiError,
  type CurrentProgrammeRow,
  type CurrentProgrammesQuery,
  currentProgrammesQueryOptions,
  planningSetupQueryOptions,
} from "@portal/api-client";
import { isIsoDate, PROGRAMME_TYPES, type ProgrammeType } from "@portal/domain";
import { Button, DataTable, type DataTableColumn, Dialog, dataTableSorting } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import { displayWire } from "./dates.ts";
import * as styles from "./planning.css.ts";
import { ProgressCell } from "./progress.tsx";
import { planningLinks } from "./routes.ts";

/** The Filter dialog's form (TanStack Form, zod) loads when the dialog first opens. */
const FilterForm = lazyDialog(() => import("./CurrentProgrammesFilter.tsx").then((x) => x.FilterForm));

/** The Current Programmes island (/app/current-programmes?program=&type=&campus=&semester=&startDate=&endDate=). */
/** The list is one unpaged answer: its headers sort it in the browser. */
const SORTING = [dataTableSorting];

/** A DD/MM/YYYY wire date as YYYY-MM-DD, so dates sort in time order (anything else as it is). */
function wireDateKey(value: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

export default function CurrentProgrammes({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <CurrentProgrammesScreen search={search} />
    </IslandRoot>
  );
}

/** The Filter dialog's fields, as the address keeps them. */
export type Filters = {
  program: string;
  type: "" | ProgrammeType;
  campus: string;
  semester: string;
  startDate: string;
  endDate: string;
};

const NO_FILTERS: Filters = { program: "", type: "", campus: "", semester: "", startDate: "", endDate: "" };

/** The filters in the address; unknown values dropped. */
export function parseCurrentFilters(search: string): Filters {
  const p = new URLSearchParams(search);
  const date = (v: string | null) => (v && isIsoDate(v) ? v : "");
  const semester = p.get("semester") ?? "";
  const type = p.get("type") ?? "";
  return {
    program: (p.get("program") ?? "").slice(0, 200),
    type: (PROGRAMME_TYPES as readonly string[]).includes(type) ? (type as ProgrammeType) : "",
    campus: (p.get("campus") ?? "").slice(0, 200),
    semester: /^[1-9]$/.test(semester) ? semester : "",
    startDate: date(p.get("startDate")),
    endDate: date(p.get("endDate")),
  };
}

function serializeCurrentFilters(f: Filters): string {
  const p = new URLSearchParams(Object.entries(f).filter(([, v]) => v) as Array<[string, string]>);
  const text = p.toString();
  return text ? `?${text}` : "";
}

function toQuery(f: Filters): CurrentProgrammesQuery {
  return {
    program: f.program,
    type: f.type,
    campus: f.campus,
    semester: f.semester,
    startDate: f.startDate,
    endDate: f.endDate,
  };
}

/** First query on the server: the address's Current Programmes and the filter options. */
export const currentProgrammesFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  await Promise.all([
    fetch(currentProgrammesQueryOptions(api, toQuery(parseCurrentFilters(search)))),
    fetch(planningSetupQueryOptions(api)),
  ]);
};

/**
 * Current Programmes (spec, Academic planning §2 "Current Programmes", §4 schedule progress): the
 * intakes with a term running today (GET /salesforce/CurrentProgrammes), filtered through the Filter
 * dialog (Program Module, Type (the programme's type, Type 1 or Type 2 of §9), Start date, End date,
 * Current Semester, Campus), each with its type, current
 * term, dates and progress from the class sessions held (0% 'Not yet started', above 0% 'Ongoing',
 * a progress bar), linking to its details.
 */
export function CurrentProgrammesScreen({ search }: { search: string }) {
  const api = useApi();
  const [filters, navigate] = useUrlState(search, parseCurrentFilters, serializeCurrentFilters);
  const list = useQuery({
    ...currentProgrammesQueryOptions(api, toQuery(filters)),
    placeholderData: keepPreviousData,
  });
  const setup = useQuery(planningSetupQueryOptions(api));
  const [open, setOpen] = useState(false);
  const columns: DataTableColumn<CurrentProgrammeRow>[] = [
    {
      id: "program",
      header: m.planning_program_module(),
      rowHeader: true,
      cell: (r) => (
        <a className={styles.link} href={planningLinks.programmeDetails(r.id)}>
          {r.programName}
        </a>
      ),
      sortValue: (r) => r.programName,
    },
    { id: "type", header: m.planning_type(), cell: (r) => r.type, sortValue: (r) => r.type },
    { id: "batch", header: m.planning_batch(), cell: (r) => r.batchName, sortValue: (r) => r.batchName },
    { id: "campus", header: m.planning_campus(), cell: (r) => r.campus, sortValue: (r) => r.campus },
    {
      id: "semester",
      header: m.planning_current_semester(),
      cell: (r) => r.currentSemester,
      sortValue: (r) => r.semesterNumber,
    },
    {
      id: "start",
      header: m.planning_start_date(),
      cell: (r) => displayWire(r.startDate),
      sortValue: (r) => wireDateKey(r.startDate),
    },
    {
      id: "end",
      header: m.planning_end_date(),
      cell: (r) => displayWire(r.endDate),
      sortValue: (r) => wireDateKey(r.endDate),
    },
    {
      id: "progress",
      header: m.planning_col_status(),
      cell: (r) => <ProgressCell percent={r.progress} label={r.programName} />,
      sortValue: (r) => r.progress,
    },
  ];
  const active = Object.values(filters).filter(Boolean).length;
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {active > 0 ? m.planning_filter_count({ count: active }) : m.planning_filter()}
        </Button>
      </div>
      {list.isError ? (
        <p role="alert" className={styles.error}>
          {list.error instanceof ApiError ? list.error.errorMessage : m.planning_something_went_wrong()}
        </p>
      ) : (
        <DataTable
          caption={m.planning_current_programmes()}
          captionHidden
          columns={columns}
          data={list.data?.programmes ?? []}
          loading={list.isPending}
          loadingLabel={m.planning_loading()}
          getRowId={(r) => r.id}
          emptyText={m.planning_no_record()}
          maxHeight="900px"
          features={SORTING}
        />
      )}
      <Dialog open={open} onOpenChange={setOpen} title={m.planning_filter()} closeLabel={m.planning_close()}>
        {open ? (
          <FilterForm
            filters={filters}
            empty={NO_FILTERS}
            programmes={(setup.data?.["Academic Program"] ?? []).map((p) => p.name)}
            campuses={(setup.data?.Campus ?? []).map((c) => c.name)}
            onApply={(next) => {
              navigate(next);
              setOpen(false);
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

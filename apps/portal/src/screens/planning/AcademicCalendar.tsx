import {
  ApiError,
  academicCalendarQueryOptions,
  addCampusHolidayMutationOptions,
  type AcademicCalendar as Calendar,
  campusHolidaysQueryOptions,
  deleteCalendarEntryMutationOptions,
  plannerQueryOptions,
  planningKeys,
  planningSetupQueryOptions,
  saveCalendarEntryMutationOptions,
  updateTermDatesMutationOptions,
} from "@portal/api-client";
import {
  INTAKE_MONTHS,
  isPlanningSelectionComplete,
  PLANNER_YEARS,
  PLANNING_MESSAGES,
  toWireDate,
} from "@portal/domain";
import { Button, DataTable, type DataTableColumn, Select, TextField, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { isVersionConflict } from "../row-edit.ts";
import { displayWire, isoOf } from "./dates.ts";
import { parsePlannerSelection, plannerQueryOf } from "./planner-state.ts";
import * as styles from "./planning.css.ts";
import { planningLinks } from "./routes.ts";

/** The academic calendar island (/app/academicCalendar?intakeId= or ?program=&intake=&year=). */
export default function AcademicCalendar({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <AcademicCalendarScreen search={search} />
    </IslandRoot>
  );
}

type CalendarAddress = { intakeId: string; program: string; intake: string; year: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address's intake id (a UUID, else none) and planner selection. */
function parseAddress(search: string): CalendarAddress {
  const id = new URLSearchParams(search).get("intakeId") ?? "";
  return { intakeId: UUID.test(id) ? id : "", ...parsePlannerSelection(search) };
}

function serializeAddress(a: CalendarAddress): string {
  const p = new URLSearchParams(Object.entries(a).filter(([, v]) => v) as Array<[string, string]>);
  const text = p.toString();
  return text ? `?${text}` : "";
}

/** First query on the server: the intake's calendar (by id) and the programme options. */
export const academicCalendarFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const address = parseAddress(search);
  await Promise.all([
    fetch(planningSetupQueryOptions(api)),
    address.intakeId ? fetch(academicCalendarQueryOptions(api, address.intakeId)) : Promise.resolve(),
  ]);
};

/** The calendar entry and campus holiday rules, loaded after first paint (kit/lazy-schema.ts). */
const entrySchema = lazySchema(() => import("./calendar-input.ts").then((module) => module.ZEntryForm));
const campusHolidaySchema = lazySchema(() =>
  import("./calendar-input.ts").then((module) => module.ZCampusHolidayForm),
);

const translations = {
  [PLANNING_MESSAGES.fieldCannotBeEmpty]: m.planning_field_cannot_be_empty,
  "End date cannot be before the start date": m.planning_end_before_start,
};

/**
 * The academic calendar of an intake (spec, Exam management §7 "The calls it makes", AcademicCalendar get,
 * post, delete; TermDatesUpdate; campusHolidays; CampusHolidayFetching): its term dates, edited here
 * (a stale version shows ConflictNotice), its own holidays and events (added and deleted here) and
 * its campus's holidays (added here for every intake of the campus). The holidays are what the
 * activity dialog's working-day end-date rule excludes. The intake comes from `?intakeId=` (the
 * batches list's View Details) or from Academic Program, Year and Intake.
 */
export function AcademicCalendarScreen({ search }: { search: string }) {
  const api = useApi();
  const [address, navigate] = useUrlState(search, parseAddress, serializeAddress);
  const setup = useQuery(planningSetupQueryOptions(api));
  const selectionComplete = !address.intakeId && isPlanningSelectionComplete(address);
  const planner = useQuery({
    ...plannerQueryOptions(api, plannerQueryOf(address)),
    enabled: selectionComplete,
  });
  const intakeId = address.intakeId || planner.data?.intakeId || "";
  const calendar = useQuery({ ...academicCalendarQueryOptions(api, intakeId), enabled: intakeId !== "" });
  const programmes = setup.data?.["Academic Program"] ?? [];
  const pick = (key: "program" | "intake" | "year", value: string) =>
    navigate({
      ...address,
      intakeId: "",
      [key]: value,
      ...(key === "program" ? { intake: "", year: "" } : {}),
    });
  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.planning_academic_program()}
          placeholder={m.planning_select()}
          value={address.program}
          options={programmes.map((p) => ({ value: p.name, label: p.name }))}
          onChange={(v) => pick("program", v)}
        />
        <Select
          className={styles.filterField}
          label={m.planning_year()}
          placeholder={m.planning_select()}
          value={address.year}
          options={PLANNER_YEARS.map((y) => ({ value: String(y), label: String(y) }))}
          onChange={(v) => pick("year", v)}
        />
        <Select
          className={styles.filterField}
          label={m.planning_intake()}
          placeholder={m.planning_select()}
          value={address.intake}
          options={INTAKE_MONTHS.map((i) => ({ value: i, label: i }))}
          onChange={(v) => pick("intake", v)}
        />
      </div>
      {intakeId === "" ? (
        selectionComplete && planner.isSuccess ? (
          <p>{m.planning_no_data_found()}</p>
        ) : (
          <p>{m.planning_choose_selection()}</p>
        )
      ) : calendar.isPending ? (
        <p role="status">{m.planning_loading()}</p>
      ) : calendar.isError ? (
        <p role="alert" className={styles.error}>
          {calendar.error instanceof ApiError
            ? calendar.error.errorMessage
            : m.planning_something_went_wrong()}
        </p>
      ) : (
        <CalendarView calendar={calendar.data} intakeId={intakeId} />
      )}
    </div>
  );
}

type TermRow = Calendar["terms"][number];
type EntryRow = Calendar["entries"][number];

function CalendarView({ calendar, intakeId }: { calendar: Calendar; intakeId: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const updateTerm = useMutation(updateTermDatesMutationOptions(api));
  const deleteEntry = useMutation(deleteCalendarEntryMutationOptions(api));
  const campusHolidays = useQuery(campusHolidaysQueryOptions(api, calendar.intake.campusId));
  const [draft, setDraft] = useState<{ id: string; start: string; end: string; version: number } | null>(
    null,
  );
  const [conflict, setConflict] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: planningKeys.all });
  const fail = (error: unknown) => {
    setConflict(isVersionConflict(error));
    toast.error(error instanceof ApiError ? error.errorMessage : m.planning_something_went_wrong());
  };
  const saveTerm = async () => {
    if (!draft) return;
    setConflict(false);
    try {
      const answer = await updateTerm.mutateAsync({
        termId: draft.id,
        startDate: toWireDate(draft.start),
        endDate: toWireDate(draft.end),
        version: draft.version,
      });
      toast.success(answer.message);
      setDraft(null);
    } catch (error) {
      fail(error);
    }
    await refresh();
  };
  const termColumns: DataTableColumn<TermRow>[] = [
    { id: "name", header: m.planning_term(), rowHeader: true, cell: (t) => t.name },
    {
      id: "start",
      header: m.planning_term_start(),
      cell: (t) =>
        draft?.id === t.id ? (
          <TextField
            label={m.planning_term_start()}
            type="date"
            value={draft.start}
            onChange={(start) => setDraft({ ...draft, start })}
          />
        ) : (
          displayWire(t.startDate)
        ),
    },
    {
      id: "end",
      header: m.planning_term_end(),
      cell: (t) =>
        draft?.id === t.id ? (
          <TextField
            label={m.planning_term_end()}
            type="date"
            value={draft.end}
            onChange={(end) => setDraft({ ...draft, end })}
          />
        ) : (
          displayWire(t.endDate)
        ),
    },
    {
      id: "actions",
      header: m.planning_col_actions(),
      cell: (t) =>
        draft?.id === t.id ? (
          <span className={styles.toolbar}>
            <Button
              size="sm"
              variant="primary"
              loading={updateTerm.isPending}
              disabled={!draft.start || !draft.end}
              onClick={() => void saveTerm()}
            >
              {m.planning_save()}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDraft(null)}>
              {m.planning_cancel()}
            </Button>
          </span>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            disabled={draft !== null}
            aria-label={m.planning_edit_named({ name: t.name })}
            onClick={() =>
              setDraft({ id: t.id, start: isoOf(t.startDate), end: isoOf(t.endDate), version: t.version })
            }
          >
            {m.planning_edit()}
          </Button>
        ),
    },
  ];
  const entryColumns: DataTableColumn<EntryRow>[] = [
    { id: "name", header: m.planning_name(), rowHeader: true, cell: (e) => e.name },
    {
      id: "kind",
      header: m.planning_kind(),
      cell: (e) => (e.kind === "Holiday" ? m.planning_holiday() : m.planning_event()),
    },
    {
      id: "scope",
      header: m.planning_scope(),
      cell: (e) => (e.scope === "Intake" ? m.planning_scope_intake() : m.planning_scope_campus()),
    },
    { id: "start", header: m.planning_start_date(), cell: (e) => displayWire(e.startDate) },
    { id: "end", header: m.planning_end_date(), cell: (e) => displayWire(e.endDate) },
    {
      id: "actions",
      header: m.planning_col_actions(),
      cell: (e) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={m.planning_delete_named({ name: e.name })}
          onClick={async () => {
            try {
              const answer = await deleteEntry.mutateAsync({ id: e.id, version: e.version });
              toast.success(answer.message);
            } catch (error) {
              fail(error);
            }
            await refresh();
          }}
        >
          {m.planning_delete()}
        </Button>
      ),
    },
  ];
  return (
    <>
      <p className={styles.termDates}>
        {calendar.intake.programName} · {calendar.intake.name} · {calendar.intake.campus}
      </p>
      <div className={styles.toolbar}>
        <a className={styles.link} href={planningLinks.programmeDetails(intakeId)}>
          {m.planning_details_link()}
        </a>
      </div>
      {conflict ? <ConflictNotice onReload={refresh} /> : null}
      <DataTable
        caption={m.planning_term_dates()}
        columns={termColumns}
        data={calendar.terms}
        getRowId={(t) => t.id}
        emptyText={m.planning_no_data()}
      />
      <DataTable
        caption={m.planning_calendar_entries()}
        columns={entryColumns}
        data={calendar.entries}
        getRowId={(e) => e.id}
        emptyText={m.planning_no_data()}
      />
      <EntryForm intakeId={intakeId} onDone={refresh} />
      <CampusHolidayForm
        campusId={calendar.intake.campusId}
        campus={calendar.intake.campus}
        onDone={refresh}
      />
      <DataTable
        caption={m.planning_campus_holidays({ campus: calendar.intake.campus })}
        columns={[
          { id: "name", header: m.planning_name(), rowHeader: true, cell: (h) => h.name },
          { id: "date", header: m.planning_date(), cell: (h) => displayWire(h.startDate) },
        ]}
        data={campusHolidays.data?.holidays ?? []}
        loading={campusHolidays.isPending}
        loadingLabel={m.planning_loading()}
        getRowId={(h) => h.id}
        emptyText={m.planning_no_data()}
      />
    </>
  );
}

function EntryForm({ intakeId, onDone }: { intakeId: string; onDone: () => Promise<unknown> }) {
  const api = useApi();
  const toast = useToast();
  const save = useMutation(saveCalendarEntryMutationOptions(api));
  const validators = useSchemaValidators(entrySchema, { onChange: true });
  const form = useForm({
    defaultValues: { name: "", kind: "Holiday", startDate: "", endDate: "" } as {
      name: string;
      kind: string;
      startDate: string;
      endDate: string;
    },
    validators,
    onSubmit: async ({ value, formApi }) => {
      const v = entrySchema.parse(value);
      try {
        const answer = await save.mutateAsync({
          intakeId,
          name: v.name,
          kind: v.kind,
          startDate: toWireDate(v.startDate),
          endDate: toWireDate(v.endDate),
        });
        toast.success(answer.message);
        formApi.reset();
      } catch (error) {
        toast.error(error instanceof ApiError ? error.errorMessage : m.planning_something_went_wrong());
      }
      await onDone();
    },
  });
  return (
    <form
      className={styles.dialogForm}
      aria-label={m.planning_add_entry()}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h2 className={styles.termSummary}>{m.planning_add_entry()}</h2>
      <div className={styles.formGrid}>
        <form.Field name="name">
          {(field) => (
            <BoundTextField field={field} translations={translations} label={m.planning_name()} required />
          )}
        </form.Field>
        <form.Field name="kind">
          {(field) => (
            <BoundSelect
              field={field}
              translations={translations}
              label={m.planning_kind()}
              required
              options={[
                { value: "Holiday", label: m.planning_holiday() },
                { value: "Event", label: m.planning_event() },
              ]}
            />
          )}
        </form.Field>
        <form.Field name="startDate">
          {(field) => (
            <BoundTextField
              field={field}
              translations={translations}
              type="date"
              label={m.planning_start_date()}
              required
            />
          )}
        </form.Field>
        <form.Field name="endDate">
          {(field) => (
            <BoundTextField
              field={field}
              translations={translations}
              type="date"
              label={m.planning_end_date()}
              required
            />
          )}
        </form.Field>
      </div>
      <div className={styles.toolbar}>
        <Button type="submit" variant="primary" loading={save.isPending}>
          {m.planning_add_entry()}
        </Button>
      </div>
    </form>
  );
}

function CampusHolidayForm({
  campusId,
  campus,
  onDone,
}: {
  campusId: string;
  campus: string;
  onDone: () => Promise<unknown>;
}) {
  const api = useApi();
  const toast = useToast();
  const add = useMutation(addCampusHolidayMutationOptions(api));
  const validators = useSchemaValidators(campusHolidaySchema, { onChange: true });
  const form = useForm({
    defaultValues: { name: "", date: "" },
    validators,
    onSubmit: async ({ value, formApi }) => {
      const v = campusHolidaySchema.parse(value);
      try {
        const answer = await add.mutateAsync({ campusId, name: v.name, date: toWireDate(v.date) });
        toast.success(answer.message);
        formApi.reset();
      } catch (error) {
        toast.error(error instanceof ApiError ? error.errorMessage : m.planning_something_went_wrong());
      }
      await onDone();
    },
  });
  return (
    <form
      className={styles.dialogForm}
      aria-label={m.planning_add_campus_holiday({ campus })}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h2 className={styles.termSummary}>{m.planning_add_campus_holiday({ campus })}</h2>
      <div className={styles.formGrid}>
        <form.Field name="name">
          {(field) => (
            <BoundTextField
              field={field}
              translations={translations}
              label={m.planning_holiday_name()}
              required
            />
          )}
        </form.Field>
        <form.Field name="date">
          {(field) => (
            <BoundTextField
              field={field}
              translations={translations}
              type="date"
              label={m.planning_date()}
              required
            />
          )}
        </form.Field>
      </div>
      <div className={styles.toolbar}>
        <Button type="submit" variant="primary" loading={add.isPending}>
          {m.planning_add_holiday()}
        </Button>
      </div>
    </form>
  );
}

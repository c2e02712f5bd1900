import {
  administrationKeys,
  createEventMutationOptions,
  createScheduleItemMutationOptions,
  deleteEventMutationOptions,
  deleteScheduleItemMutationOptions,
  type EventRange,
  type EventRow,
  eventCampusesQueryOptions,
  eventListQueryOptions,
  eventRangeQueryOptions,
  type ScheduleItemRow,
  updateEventMutationOptions,
  updateScheduleItemMutationOptions,
} from "@portal/api-client";
import { EVENT_AUDIENCES, EVENT_TYPES, type ZEventInput, type ZScheduleItemInput } from "@portal/domain";
import {
  Button,
  DataTable,
  type DataTableColumn,
  type DataTableDateGroups,
  type DataTableRowActions,
  dataTableDateGrouping,
  dataTableRowActions,
  Loader,
  SegmentedControl,
  TextField,
  useToast,
} from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import type { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import { displayDate } from "../kit/display-date.ts";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { ADMINISTRATION_TRANSLATIONS, eventAudienceLabel, eventTypeLabel } from "./labels.ts";
import {
  EVENT_PAGE_SIZES,
  type EventListState,
  type EventPageSize,
  type EventView,
  parseEventListState,
  serializeEventListState,
  toEventListQuery,
} from "./state.ts";

/** The domain's ZScheduleItemInput, loaded after first paint (kit/lazy-schema.ts). */
const scheduleItemSchema = lazySchema(() =>
  import("@portal/domain/administration-input").then((module) => module.ZScheduleItemInput),
);

/** The domain's ZEventInput, loaded after first paint (kit/lazy-schema.ts). */
const eventSchema = lazySchema(() =>
  import("@portal/domain/administration-input").then((module) => module.ZEventInput),
);

/** The month calendar and FullCalendar load on their own chunk, only when the calendar view opens. */
const EventsCalendar = lazy(() => import("./EventsCalendar.tsx"));

type EventValues = z.input<typeof ZEventInput>;
type ItemValues = z.input<typeof ZScheduleItemInput>;

/** The events island (`/app/events?from=&page=&pageSize=&view=`). */
export default function Events({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <EventsScreen search={search} />
    </IslandRoot>
  );
}

/**
 * First query of the events list, run on the server: the address's page of the table (the calendar
 * view reads its weeks in the browser, once the calendar knows which days it shows).
 */
export const eventsFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseEventListState(search);
  if (state.view === "table") await fetch(eventListQueryOptions(api, toEventListQuery(state)));
};

/** "DD-MM-YYYY HH:MM" of a wall time "YYYY-MM-DDTHH:MM". */
export function displayWallTime(wall: string): string {
  const [date = "", time = ""] = wall.split("T");
  return `${displayDate(date)} ${time}`;
}

/** Invalidates every events query after a write. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: administrationKeys.events });
}

/**
 * The event form: title, type, campus (its time zone reads the times), venue, start and end (wall
 * times), audience and description, validated with the domain's ZEventInput as the server does.
 */
function EventForm({ editing, onDone }: { editing: EventRow | null; onDone: () => void }) {
  const api = useApi();
  const toast = useToast();
  const refresh = useRefresh();
  const campuses = useQuery(eventCampusesQueryOptions(api));
  const create = useMutation(createEventMutationOptions(api));
  const update = useMutation(updateEventMutationOptions(api));
  const eventValidators = useSchemaValidators(eventSchema);
  const form = useForm({
    defaultValues: {
      title: editing?.title ?? "",
      eventType: editing?.eventType ?? "",
      campusId: editing?.campusId ?? "",
      venue: editing?.venue ?? "",
      start: editing?.start ?? "",
      end: editing?.end ?? "",
      audience: editing?.audience ?? "",
      description: editing?.description ?? "",
    } as EventValues,
    validators: eventValidators,
    onSubmit: async ({ value, formApi }) => {
      try {
        const body = eventSchema.parse(value);
        if (editing)
          await update.mutateAsync({ id: editing.id, body: { ...body, version: editing.version } });
        else await create.mutateAsync(body);
        toast.success(editing ? m.events_saved() : m.events_created());
        formApi.reset();
        onDone();
      } catch (error) {
        const refusal = showRefusalOnForm(formApi, error, { translations: ADMINISTRATION_TRANSLATIONS });
        if (refusal.placedOn === null) toast.error(readRefusal(error, ADMINISTRATION_TRANSLATIONS).message);
      } finally {
        await refresh();
      }
    },
  });
  const title = editing ? m.events_edit_title({ title: editing.title }) : m.events_new_title();
  const text = (name: "title" | "venue" | "description", label: string, required = false) => (
    <form.Field name={name}>
      {(field) => (
        <BoundTextField
          field={field}
          translations={ADMINISTRATION_TRANSLATIONS}
          className={styles.filterField}
          label={label}
          required={required}
        />
      )}
    </form.Field>
  );
  const when = (name: "start" | "end", label: string) => (
    <form.Field name={name}>
      {(field) => (
        <BoundTextField
          field={field}
          translations={ADMINISTRATION_TRANSLATIONS}
          className={styles.filterField}
          type="datetime-local"
          label={label}
          required
        />
      )}
    </form.Field>
  );
  return (
    <form
      aria-label={title}
      noValidate
      className={styles.screen}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h2 className={styles.sectionTitle}>{title}</h2>
      <div className={styles.filters}>
        {text("title", m.events_title_label(), true)}
        <form.Field name="eventType">
          {(field) => (
            <BoundSelect
              field={field}
              translations={ADMINISTRATION_TRANSLATIONS}
              className={styles.filterField}
              label={m.events_type()}
              placeholder={m.events_select_type()}
              options={EVENT_TYPES.map((t) => ({ value: t, label: eventTypeLabel(t) }))}
            />
          )}
        </form.Field>
        <form.Field name="campusId">
          {(field) => (
            <BoundSelect
              field={field}
              className={styles.filterField}
              label={m.events_campus()}
              placeholder={m.events_no_campus()}
              placeholderSelectable
              options={(campuses.data?.campuses ?? []).map((c) => ({
                value: c.id,
                label: `${c.name} (${c.timeZone})`,
              }))}
            />
          )}
        </form.Field>
        {text("venue", m.events_venue())}
        {when("start", m.events_start())}
        {when("end", m.events_end())}
        <form.Field name="audience">
          {(field) => (
            <BoundSelect
              field={field}
              translations={ADMINISTRATION_TRANSLATIONS}
              className={styles.filterField}
              label={m.events_audience()}
              placeholder={m.events_select_audience()}
              options={EVENT_AUDIENCES.map((a) => ({ value: a, label: eventAudienceLabel(a) }))}
            />
          )}
        </form.Field>
        {text("description", m.events_description())}
      </div>
      <p className={styles.muted}>{m.events_time_zone_note()}</p>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
          {editing ? m.events_save() : m.events_create()}
        </Button>
        {editing && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {m.dept_cancel()}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The schedule item form of `event`: title, start and end within the event, speaker and room. */
function ScheduleItemForm({
  event,
  editing,
  onDone,
}: {
  event: EventRow;
  editing: ScheduleItemRow | null;
  onDone: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const refresh = useRefresh();
  const create = useMutation(createScheduleItemMutationOptions(api));
  const update = useMutation(updateScheduleItemMutationOptions(api));
  const scheduleItemValidators = useSchemaValidators(scheduleItemSchema);
  const form = useForm({
    defaultValues: {
      eventId: event.id,
      title: editing?.title ?? "",
      start: editing?.start ?? event.start,
      end: editing?.end ?? "",
      speaker: editing?.speaker ?? "",
      room: editing?.room ?? "",
    } as ItemValues,
    validators: scheduleItemValidators,
    onSubmit: async ({ value, formApi }) => {
      try {
        const body = scheduleItemSchema.parse(value);
        if (editing)
          await update.mutateAsync({ id: editing.id, body: { ...body, version: editing.version } });
        else await create.mutateAsync(body);
        toast.success(m.events_item_saved());
        formApi.reset();
        onDone();
      } catch (error) {
        const refusal = showRefusalOnForm(formApi, error, { translations: ADMINISTRATION_TRANSLATIONS });
        if (refusal.placedOn === null) toast.error(readRefusal(error, ADMINISTRATION_TRANSLATIONS).message);
      } finally {
        await refresh();
      }
    },
  });
  const title = editing ? m.events_item_edit_title() : m.events_item_new_title();
  const field = (name: "title" | "start" | "end" | "speaker" | "room", label: string, type?: string) => (
    <form.Field name={name}>
      {(f) => (
        <BoundTextField
          field={f}
          translations={ADMINISTRATION_TRANSLATIONS}
          className={styles.filterField}
          label={label}
          {...(type ? { type } : {})}
          required={name === "title" || name === "start" || name === "end"}
        />
      )}
    </form.Field>
  );
  return (
    <form
      aria-label={title}
      noValidate
      className={styles.screen}
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h3 className={styles.sectionTitle}>{title}</h3>
      <div className={styles.filters}>
        {field("title", m.events_item_title())}
        {field("start", m.events_start(), "datetime-local")}
        {field("end", m.events_end(), "datetime-local")}
        {field("speaker", m.events_speaker())}
        {field("room", m.events_room())}
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
          {editing ? m.events_save() : m.events_item_add()}
        </Button>
        {editing && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {m.dept_cancel()}
          </Button>
        )}
      </div>
    </form>
  );
}

/** A delete button that asks first and reports what happened. */
function DeleteButton({ label, onDelete }: { label: string; onDelete: () => Promise<unknown> }) {
  const toast = useToast();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={busy}
      aria-label={label}
      onClick={async () => {
        if (!window.confirm(m.events_confirm_delete())) return;
        setBusy(true);
        try {
          await onDelete();
          toast.success(m.events_deleted());
        } catch (error) {
          toast.error(readRefusal(error, ADMINISTRATION_TRANSLATIONS).message);
        } finally {
          setBusy(false);
          await refresh();
        }
      }}
    >
      {m.events_delete()}
    </Button>
  );
}

/** The schedule of one event: its items by start with Edit and Delete, and the item form. */
function ScheduleSection({ event }: { event: EventRow }) {
  const api = useApi();
  const remove = useMutation(deleteScheduleItemMutationOptions(api));
  const [editing, setEditing] = useState<ScheduleItemRow | null>(null);
  const columns: DataTableColumn<ScheduleItemRow>[] = [
    {
      id: "time",
      header: m.events_col_time(),
      cell: (i) => `${displayWallTime(i.start)} – ${displayWallTime(i.end)}`,
    },
    { id: "title", header: m.events_item_title(), cell: (i) => i.title, rowHeader: true },
    { id: "speaker", header: m.events_speaker(), cell: (i) => i.speaker || "—" },
    { id: "room", header: m.events_room(), cell: (i) => i.room || "—" },
    {
      id: "actions",
      header: m.dept_actions(),
      cell: (i) => (
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${m.dept_edit()}: ${i.title}`}
            onClick={() => setEditing(i)}
          >
            {m.dept_edit()}
          </Button>
          <DeleteButton
            label={`${m.events_delete()}: ${i.title}`}
            onDelete={() => remove.mutateAsync({ id: i.id, version: i.version })}
          />
        </div>
      ),
    },
  ];
  return (
    <section className={styles.screen} aria-label={m.events_schedule_of({ title: event.title })}>
      <h2 className={styles.sectionTitle}>{m.events_schedule_of({ title: event.title })}</h2>
      <p className={styles.muted}>
        {displayWallTime(event.start)} – {displayWallTime(event.end)} ({event.timeZone})
      </p>
      <DataTable
        caption={m.events_schedule_of({ title: event.title })}
        captionHidden
        columns={columns}
        data={event.schedule}
        getRowId={(i) => i.id}
        emptyText={m.admin_no_record()}
      />
      <ScheduleItemForm
        key={editing ? `${editing.id}:${editing.version}` : `new:${event.id}`}
        event={event}
        editing={editing}
        onDone={() => setEditing(null)}
      />
    </section>
  );
}

/** The events table: each row's actions in a menu, the rows under their start day. */
const EVENT_TABLE_FEATURES = [dataTableRowActions, dataTableDateGrouping];

/** Groups the events by the day they start (at their campus), earliest first, as the list runs. */
const EVENT_DATE_GROUPS: DataTableDateGroups<EventRow> = {
  dateKey: (e) => e.start.slice(0, 10),
  label: (day) => displayDate(day),
};

/**
 * Events (`/app/events`, the home portal's events card, spec §1; admin-URL calls events and
 * schedule, §7): the institution's events by start with type, times at their campus, venue and
 * audience, paged on the server and filtered by a first day, grouped under the day each starts; each
 * row's menu (Edit, Schedule, Delete) edits it in the form, shows its schedule with its own form, or
 * deletes it after asking. A Table / Calendar switch (`?view=calendar`) shows the same events in a
 * month calendar instead (FullCalendar, on its own chunk), starting at the From day's month, read
 * through the same list call for the weeks shown (eventRangeQueryOptions); a click on an event
 * opens its schedule. State lives in the address.
 */
export function EventsScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseEventListState, serializeEventListState);
  const list = useQuery({
    ...eventListQueryOptions(api, toEventListQuery(state)),
    placeholderData: keepPreviousData,
    enabled: state.view === "table",
  });
  // The calendar's visible days, reported by the calendar once it has laid out its month.
  const [range, setRange] = useState<EventRange | null>(null);
  const calendar = useQuery({
    ...eventRangeQueryOptions(api, range ?? { from: "", to: "" }),
    placeholderData: keepPreviousData,
    enabled: state.view === "calendar" && range !== null,
  });
  const remove = useMutation(deleteEventMutationOptions(api));
  const toast = useToast();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<EventRow | null>(null);
  const [scheduleOf, setScheduleOf] = useState<string | null>(null);
  const shown = state.view === "table" ? list.data?.events : calendar.data?.events;
  const chosen = shown?.find((e) => e.id === scheduleOf) ?? null;
  const columns: DataTableColumn<EventRow>[] = [
    { id: "title", header: m.events_title_label(), cell: (e) => e.title, rowHeader: true },
    { id: "type", header: m.events_type(), cell: (e) => eventTypeLabel(e.eventType) },
    {
      id: "when",
      header: m.events_col_when(),
      cell: (e) => `${displayWallTime(e.start)} – ${displayWallTime(e.end)} (${e.timeZone})`,
    },
    {
      id: "where",
      header: m.events_venue(),
      cell: (e) => [e.campusName, e.venue].filter(Boolean).join(" · ") || "—",
    },
    { id: "audience", header: m.events_audience(), cell: (e) => eventAudienceLabel(e.audience) },
    { id: "schedule", header: m.events_col_schedule(), cell: (e) => String(e.schedule.length) },
  ];
  /** Delete, asked first; says what happened and reads the list again either way. */
  const deleteEvent = async (e: EventRow) => {
    if (!window.confirm(m.events_confirm_delete())) return;
    try {
      await remove.mutateAsync({ id: e.id, version: e.version });
      if (scheduleOf === e.id) setScheduleOf(null);
      toast.success(m.events_deleted());
    } catch (error) {
      toast.error(readRefusal(error, ADMINISTRATION_TRANSLATIONS).message);
    } finally {
      await refresh();
    }
  };
  const rowActions: DataTableRowActions<EventRow> = {
    header: m.dept_actions(),
    label: (e) => `${m.dept_actions()}: ${e.title}`,
    actions: (e) => [
      { id: "edit", label: m.dept_edit(), onSelect: () => setEditing(e) },
      { id: "schedule", label: m.events_schedule(), onSelect: () => setScheduleOf(e.id) },
      {
        id: "delete",
        label: m.events_delete(),
        danger: true,
        disabled: remove.isPending,
        onSelect: () => void deleteEvent(e),
      },
    ],
  };
  return (
    <div className={styles.screen}>
      <EventForm
        key={editing ? `${editing.id}:${editing.version}` : "new"}
        editing={editing}
        onDone={() => setEditing(null)}
      />
      <div className={styles.filters}>
        <TextField
          className={styles.filterField}
          type="date"
          label={m.events_from()}
          value={state.from}
          onChange={(from) => navigate({ ...state, from, page: 1 })}
        />
        <SegmentedControl<EventView>
          label={m.events_view()}
          options={[
            { value: "table", label: m.events_view_table() },
            { value: "calendar", label: m.events_view_calendar() },
          ]}
          value={state.view}
          onChange={(view) => navigate({ ...state, view })}
        />
      </div>
      {state.view === "calendar" ? (
        <section aria-label={m.events_calendar()} aria-busy={calendar.isFetching || undefined}>
          {calendar.isError && !calendar.data ? (
            <QueryError error={calendar.error} onRetry={() => void calendar.refetch()} />
          ) : (
            <Suspense fallback={<Loader label={m.admin_loading()} variant="block" />}>
              <EventsCalendar
                initialDate={state.from || undefined}
                events={calendar.data?.events ?? []}
                onRange={setRange}
                onOpen={setScheduleOf}
              />
            </Suspense>
          )}
        </section>
      ) : (
        <PagedTable<NonNullable<typeof list.data>, EventRow, EventPageSize, EventListState>
          query={list}
          rows={(data) => data.events}
          state={state}
          navigate={navigate}
          pageSizes={EVENT_PAGE_SIZES}
          pagerLabels={pagerLabels(m.exam_pager_nav())}
          errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
          caption={m.menu_events()}
          columns={columns}
          getRowId={(e) => e.id}
          emptyText={m.admin_no_record()}
          loadingLabel={m.admin_loading()}
          features={EVENT_TABLE_FEATURES}
          rowActions={rowActions}
          groupByDate={EVENT_DATE_GROUPS}
        />
      )}
      {chosen && <ScheduleSection event={chosen} />}
    </div>
  );
}

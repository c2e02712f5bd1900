import {
  ApiError,
  batchFilterOptionsQueryOptions,
  type CalendarEvent,
  schedulingKeys,
  swapTimeTableSlotsMutationOptions,
  timeTableQueryOptions,
} from "@portal/api-client";
import {
  addDays,
  allDaySpan,
  BATCH_YEARS,
  instantToLocal,
  intakeChoices,
  nextWeek,
  previousWeek,
  weekOf,
} from "@portal/domain";
import {
  Button,
  ButtonLink,
  Checkbox,
  SegmentedControl,
  Select,
  TextField,
  visuallyHidden,
} from "@portal/ui";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatDate, formatTime, formatWeekday } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import * as styles from "./time-table.css.ts";
import {
  buildTimeTableGrid,
  fullCalendarHref,
  parseTimeTableAddress,
  periodLabel,
  serializeTimeTableAddress,
  type TimeTableAddress,
  timeTableQueryOf,
} from "./time-table.ts";

/**
 * The Time Table island (`/app/time-table`, `/app/tt`, `/app/session-time-table`,
 * `/app/session-time-table-new`; `?program=&year=&intake=&date=&view=`). `today` (YYYY-MM-DD,
 * Asia/Kolkata) is the server's, from the page (`serverToday`, src/lib/first-query.ts), never the
 * browser's clock: the week shown without a date in the address.
 */
export default function TimeTable({ search, today, ...root }: ScreenIslandProps & { today: string }) {
  return (
    <IslandRoot {...root}>
      <TimeTableScreen search={search} today={today} />
    </IslandRoot>
  );
}

/**
 * First query on the server: the filter options and, with a programme chosen, the address's week
 * (without a date, the week of the server's today, the same `today` the page gives the island).
 */
export const timeTableFirstQuery: FirstQuery = async ({ api, search, today, fetch }) => {
  const address = parseTimeTableAddress(search);
  await Promise.all([
    fetch(batchFilterOptionsQueryOptions(api)),
    address.program ? fetch(timeTableQueryOptions(api, timeTableQueryOf(address, today))) : Promise.resolve(),
  ]);
};

/** The refusal of a swap in the user's language: the spec's two texts by rule, else the server's text. */
function swapRefusal(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.rule === "identical_subjects") return m.tt_subjects_identical();
    if (error.rule === "faculty_overlap") return m.tt_faculty_allocated();
    return error.errorMessage;
  }
  return m.tt_something_went_wrong();
}

/**
 * Time Table (spec, Academic planning §2 "Time Table", §4 week navigation, §8 'No timetable available' and
 * 'Received invalid Start-End time for {period}...', timetable swap messages): header 'Time Table'
 * with Edit to the full calendar (programName, intake, year, batchName, id); filters Academic
 * Program, Year, Intake (options from the API); Today (the day view of today) and Week views;
 * previous and next week (Monday-based, moved by the week's end or start ± 2 days) and a date
 * picker. The week is a grid of days and periods; each session can be picked, and two picked
 * sessions swap their times on the server (refusals shown, nothing changed). The address keeps
 * filters, day and view.
 */
export function TimeTableScreen({ search, today }: { search: string; today: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [address, navigate] = useUrlState(search, parseTimeTableAddress, serializeTimeTableAddress);
  const options = useQuery(batchFilterOptionsQueryOptions(api));
  const date = address.date || today;
  const week = useQuery({
    ...timeTableQueryOptions(api, timeTableQueryOf(address, today)),
    enabled: address.program !== "",
    placeholderData: keepPreviousData,
  });
  const [picked, setPicked] = useState<CalendarEvent[]>([]);
  const [notice, setNotice] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const swap = useMutation({
    ...swapTimeTableSlotsMutationOptions(api),
    onSuccess: async () => {
      setPicked([]);
      setNotice({ kind: "ok", text: m.tt_swapped() });
      await queryClient.invalidateQueries({ queryKey: schedulingKeys.all });
    },
    onError: (error) => setNotice({ kind: "error", text: swapRefusal(error) }),
  });

  const go = (next: Partial<TimeTableAddress>) => {
    setPicked([]);
    setNotice(null);
    navigate({ ...address, ...next });
  };
  const change = (key: "program" | "year" | "intake", value: string) =>
    // Changing the programme resets year and intake (academic-planning §4 filters).
    go(key === "program" ? { program: value, year: "", intake: "" } : { [key]: value });

  const programmes = options.data?.programs ?? [];
  // Only the years and intake months that exist for the programme (the batch years before they load).
  const choices = intakeChoices(options.data?.intakes ?? [], address, options.data?.batch ?? BATCH_YEARS);
  const programme = programmes.find((p) => p.name === address.program || p.id === address.program);
  const data = week.data;
  const grid = data ? buildTimeTableGrid(data.events, date, address.view, data.timeZone) : null;
  const shownWeek = weekOf(date);
  const editHref =
    data?.intakeId && address.program
      ? fullCalendarHref({
          programName: programme?.name ?? address.program,
          intake: address.intake,
          year: address.year,
          batchName: data.batchName,
          id: data.intakeId,
        })
      : null;
  const togglePick = (e: CalendarEvent, on: boolean) => {
    setNotice(null);
    setPicked((now) =>
      on ? [...now.filter((p) => p.id !== e.id), e].slice(-2) : now.filter((p) => p.id !== e.id),
    );
  };
  const empty = grid !== null && grid.periods.length === 0;

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <h1 className={styles.title}>{m.tt_title()}</h1>
        {editHref ? (
          <ButtonLink variant="secondary" href={editHref}>
            {m.tt_edit()}
          </ButtonLink>
        ) : (
          <Button variant="secondary" disabled>
            {m.tt_edit()}
          </Button>
        )}
      </div>
      {options.isError ? <QueryError error={options.error} onRetry={() => void options.refetch()} /> : null}
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.tt_academic_program()}
          placeholder={m.tt_select()}
          value={programme?.name ?? address.program}
          options={programmes.map((p) => ({ value: p.name, label: p.name }))}
          onChange={(value) => change("program", value)}
        />
        <Select
          className={styles.filterField}
          label={m.tt_year()}
          placeholder={m.tt_select()}
          value={address.year}
          options={choices.years.map((y) => ({ value: y, label: y }))}
          onChange={(value) => change("year", value)}
        />
        <Select
          className={styles.filterField}
          label={m.tt_intake()}
          placeholder={m.tt_select()}
          value={address.intake}
          options={choices.months.map((i) => ({ value: i, label: i }))}
          onChange={(value) => change("intake", value)}
        />
      </div>
      <div className={styles.toolbar}>
        <SegmentedControl
          label={m.tt_view()}
          options={[
            { value: "day", label: m.tt_today() },
            { value: "week", label: m.tt_week() },
          ]}
          value={address.view}
          onChange={(view) => go(view === "day" ? { view, date: today } : { view })}
        />
        <Button
          variant="secondary"
          onClick={() => go({ date: address.view === "day" ? addDays(date, -1) : previousWeek(date) })}
        >
          {address.view === "day" ? m.tt_previous_day() : m.tt_previous_week()}
        </Button>
        <Button
          variant="secondary"
          onClick={() => go({ date: address.view === "day" ? addDays(date, 1) : nextWeek(date) })}
        >
          {address.view === "day" ? m.tt_next_day() : m.tt_next_week()}
        </Button>
        <TextField
          className={styles.dateField}
          type="date"
          label={m.tt_date()}
          value={date}
          onChange={(value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? go({ date: value }) : undefined)}
        />
      </div>
      <p className={styles.muted} aria-live="polite">
        {address.view === "day"
          ? `${formatWeekday(date)} ${formatDate(date)}`
          : m.tt_week_range({ start: formatDate(shownWeek.start), end: formatDate(shownWeek.end) })}
        {data?.batchName ? ` · ${data.batchName}` : ""}
      </p>
      {address.program === "" ? <p className={styles.muted}>{m.tt_choose_program()}</p> : null}
      {week.isError ? <QueryError error={week.error} onRetry={() => void week.refetch()} /> : null}
      {address.program !== "" && week.isPending ? <p className={styles.muted}>{m.tt_loading()}</p> : null}
      {grid?.invalid.map((e) => (
        <p key={e.id} role="alert" className={styles.error}>
          {m.tt_invalid_period({ period: periodLabel(e) })}
        </p>
      ))}
      {empty ? <p className={styles.empty}>{m.tt_no_timetable()}</p> : null}
      {grid && !empty ? (
        <>
          <div className={styles.swapBar}>
            <p className={styles.muted}>{m.tt_swap_hint({ count: picked.length })}</p>
            <Button
              variant="primary"
              disabled={picked.length !== 2 || swap.isPending}
              onClick={() => {
                const [first, second] = picked;
                if (!first || !second) return;
                swap.mutate({
                  first: { id: first.id, version: first.version },
                  second: { id: second.id, version: second.version },
                });
              }}
            >
              {m.tt_swap()}
            </Button>
          </div>
          {notice ? (
            <p
              role={notice.kind === "error" ? "alert" : "status"}
              className={notice.kind === "error" ? styles.error : styles.ok}
            >
              {notice.text}
            </p>
          ) : null}
          <div className={styles.gridWrap}>
            <table className={styles.grid}>
              <caption className={styles.caption}>{m.tt_title()}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.tt_time()}</th>
                  {grid.days.map((d) => (
                    <th key={d} scope="col" aria-current={d === today ? "date" : undefined}>
                      {formatWeekday(d)}
                      <br />
                      <span className={styles.muted}>{formatDate(d)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.periods.map((p) => (
                  <tr key={p.key}>
                    <th scope="row">{p.allDay ? m.sched_all_day() : `${p.start} - ${p.end}`}</th>
                    {grid.days.map((d) => (
                      <td key={d}>
                        {grid.cell(d, p.key).map((e) => (
                          <Slot
                            key={e.id}
                            event={e}
                            timeZone={data?.timeZone}
                            picked={picked.some((x) => x.id === e.id)}
                            onPick={(on) => togglePick(e, on)}
                          />
                        ))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * One session in the grid: course, session and section, faculty and room, its times at the intake's
 * campus zone (`timeZone`, IANA) or "All day" for a reference, and its pick box for a swap.
 */
function Slot({
  event,
  timeZone,
  picked,
  onPick,
}: {
  event: CalendarEvent;
  timeZone: string | undefined;
  picked: boolean;
  onPick: (on: boolean) => void;
}) {
  const allDay = event.eventType === "reference";
  const start = allDay
    ? { date: allDaySpan(event.startDate, event.endDate).from, time: "" }
    : instantToLocal(event.startDate, timeZone);
  const end = instantToLocal(event.endDate, timeZone);
  const title = `${event.courseName} - ${event.sessionName}`;
  return (
    <div className={picked ? styles.slotPicked : styles.slot} data-event-id={event.id}>
      <strong>{title}</strong>
      <span className={styles.muted}>
        {event.section ? `${m.tt_section({ section: event.section })} · ` : ""}
        {allDay ? m.sched_all_day() : `${formatTime(start.time)} - ${formatTime(end.time)}`}
      </span>
      <span className={styles.muted}>
        {event.booking.facultyName ?? event.facultyName ?? m.tt_na()}
        {event.facilityName ? ` · ${event.facilityName}` : ""}
      </span>
      <Checkbox
        label={
          <>
            {m.tt_pick()}{" "}
            <span className={visuallyHidden}>
              {allDay
                ? `${title} ${formatDate(start.date)}`
                : `${title} ${formatDate(start.date)} ${formatTime(start.time)}`}
            </span>
          </>
        }
        checked={picked}
        onChange={onPick}
      />
    </div>
  );
}

import { type CalendarEvent, facultyBookingsQueryOptions, resourcesQueryOptions } from "@portal/api-client";
import { allDaySpan, instantToLocal } from "@portal/domain";
import { Button, Dialog, Select } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatDate, formatDateTime, formatTime, pluralCount } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import * as styles from "../screen.css.ts";
import { initialRange, isAllDay, readAddress } from "./calendar-events.ts";

const CalendarView = lazy(() => import("./CalendarView.tsx"));

/** The Faculty calendar island (`/app/faculty-calendar?contactId=&date=`). */
export default function FacultyCalendar({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <FacultyCalendarScreen search={search} />
    </IslandRoot>
  );
}

/**
 * First query on the server: the faculty list (for the chooser) and the chosen faculty member's
 * events of the week the calendar opens on, so both are in the page's HTML.
 */
export const facultyCalendarFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const address = readAddress(search);
  const resources = (await fetch(resourcesQueryOptions(api))) as
    | { faculty: Array<{ id: string }> }
    | undefined;
  const contactId = address.contactId || resources?.faculty[0]?.id;
  if (contactId) await fetch(facultyBookingsQueryOptions(api, { contactId, ...openingRange(address.date) }));
};

/** The week of the address's date, or no range (the server's today and the 6 days after) without one. */
function openingRange(date: string): { from?: string; to?: string } {
  return date ? initialRange(date) : {};
}

/**
 * Faculty calendar (spec, Academic planning §2 "Faculty calendar", §3 calendar event, §4 Monday-based
 * weeks): a faculty member's booked events in a week or day time grid with prev, next and today,
 * starting in the week view; a click on an event opens its details (course and session name, start
 * to end time, booked faculty name and faculty name, each N/A when empty). The faculty member is
 * chosen from the list (default: the address's contactId, else the first); the address keeps the
 * choice and the week so a reload shows the same. The calendar library loads only on this page.
 * "Today" and the time zone come from the server (the bookings answer's `today`, `now`, `timeZone`:
 * the server's clock at the calendar's campus zone), so the calendar marks the same day the
 * dashboard names; without a date in the address it opens on that day's week. References are
 * all-day items.
 */
export function FacultyCalendarScreen({ search }: { search: string }) {
  const api = useApi();
  const [address] = useState(() => readAddress(search));
  const resources = useQuery(resourcesQueryOptions(api));
  const [chosen, setChosen] = useState(address.contactId);
  const contactId = chosen || resources.data?.faculty[0]?.id || "";
  const [range, setRange] = useState(() => openingRange(address.date));
  const events = useQuery({
    ...facultyBookingsQueryOptions(api, { contactId, ...range }),
    enabled: contactId !== "",
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  // The server's clock and zone, from the first answer on (kept while another week loads).
  const clock = events.data
    ? { today: events.data.today, now: events.data.now, timeZone: events.data.timeZone }
    : null;
  // The calendar draws in the browser only: on the server a suspended lazy part would stream an
  // inline script (refused by the pages' CSP), and FullCalendar renders nothing there anyway.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const remember = (next: { contactId?: string; date?: string }) => {
    const url = new URL(window.location.href);
    if (next.contactId) url.searchParams.set("contactId", next.contactId);
    if (next.date) url.searchParams.set("date", next.date);
    window.history.replaceState(null, "", url);
  };

  if (resources.isError)
    return <QueryError error={resources.error} onRetry={() => void resources.refetch()} />;
  if (resources.isPending) return <p className={styles.muted}>{m.sched_loading()}</p>;
  const faculty = resources.data.faculty;
  if (faculty.length === 0) return <p className={styles.muted}>{m.sched_no_data()}</p>;

  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.sched_faculty()}
          options={faculty.map((f) => ({ value: f.id, label: f.facultyName }))}
          value={contactId}
          onChange={(value) => {
            setChosen(value);
            remember({ contactId: value });
          }}
        />
      </div>
      {events.isError ? <QueryError error={events.error} onRetry={() => void events.refetch()} /> : null}
      <p className={styles.muted} aria-live="polite">
        {events.isFetching
          ? m.sched_loading()
          : pluralCount(events.data?.events.length ?? 0, m.sched_event_count_one, m.sched_event_count_other)}
      </p>
      {mounted && clock ? (
        <Suspense fallback={<p className={styles.muted}>{m.sched_loading()}</p>}>
          <CalendarView
            initialDate={address.date || clock.today}
            now={clock.now}
            timeZone={clock.timeZone}
            events={events.data?.events ?? []}
            onRange={(next) => {
              setRange(next);
              remember({ date: next.from });
            }}
            onOpen={setOpen}
          />
        </Suspense>
      ) : (
        <p className={styles.muted}>{m.sched_loading()}</p>
      )}
      <EventDetails event={open} timeZone={clock?.timeZone} onClose={() => setOpen(null)} />
    </div>
  );
}

/**
 * The details of a clicked event (academic-planning §2 Faculty calendar popover): times at the
 * calendar's `timeZone` (IANA); an all-day reference by its days only.
 */
function EventDetails({
  event,
  timeZone,
  onClose,
}: {
  event: CalendarEvent | null;
  timeZone: string | undefined;
  onClose: () => void;
}) {
  if (!event) return null;
  const start = instantToLocal(event.startDate, timeZone);
  const end = instantToLocal(event.endDate, timeZone);
  const days = isAllDay(event) ? allDaySpan(event.startDate, event.endDate) : null;
  const na = (v: string | null | undefined) => (v ? v : m.sched_na());
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`${event.courseName} - ${event.sessionName}`}
      closeLabel={m.sched_close()}
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {m.sched_close()}
        </Button>
      }
    >
      <dl className={styles.screen}>
        <div>
          <dt className={styles.muted}>{m.sched_time()}</dt>
          <dd>
            {days
              ? days.from === days.to
                ? `${formatDate(days.from)} (${m.sched_all_day()})`
                : `${formatDate(days.from)} - ${formatDate(days.to)} (${m.sched_all_day()})`
              : start.date === end.date
                ? `${formatTime(start.time)} - ${formatTime(end.time)}`
                : `${formatDateTime(`${start.date}T${start.time}`)} - ${formatDateTime(`${end.date}T${end.time}`)}`}
          </dd>
        </div>
        <div>
          <dt className={styles.muted}>{m.sched_booked_faculty()}</dt>
          <dd>{na(event.booking.facultyName)}</dd>
        </div>
        <div>
          <dt className={styles.muted}>{m.sched_faculty()}</dt>
          <dd>{na(event.facultyName)}</dd>
        </div>
      </dl>
    </Dialog>
  );
}

import dayGridPlugin from "@fullcalendar/daygrid";
import FullCalendar from "@fullcalendar/react";
import type { EventRange, EventRow } from "@portal/api-client";
import { m } from "../../lib/i18n.ts";
import { useLocale } from "../../shell/IslandRoot.tsx";
import { calendarTheme } from "../scheduling/calendar.css.ts";

/**
 * The events' month calendar (FullCalendar 6, the free day grid; the look of every calendar of the
 * portal, `calendarTheme`): weeks from Monday, prev / next / today, starting in the month of
 * `initialDate` ("YYYY-MM-DD"; the browser's today when absent). Each event is drawn at its wall
 * times at its own campus, as the table shows them (no time-zone shifting: FullCalendar's UTC mode
 * with the wall times given as they are). Reports the visible days (`onRange`, `to` exclusive) and a
 * clicked event's id (`onOpen`). Loaded on its own chunk, only by the events page's calendar view.
 */
export default function EventsCalendar({
  initialDate,
  events,
  onRange,
  onOpen,
}: {
  initialDate?: string | undefined;
  events: readonly EventRow[];
  onRange: (range: EventRange) => void;
  onOpen: (eventId: string) => void;
}) {
  const locale = useLocale();
  return (
    <div className={calendarTheme}>
      <FullCalendar
        plugins={[dayGridPlugin]}
        initialView="dayGridMonth"
        {...(initialDate ? { initialDate } : {})}
        timeZone="UTC"
        firstDay={1}
        locale={locale}
        headerToolbar={{ left: "prev,next today", center: "title", right: "" }}
        // Text buttons: FullCalendar's chevron icons are role="img" without a name.
        buttonIcons={false}
        buttonText={{ prev: m.sched_previous(), next: m.sched_next(), today: m.sched_today() }}
        // The portal's primary colour: white text on it meets the contrast rule (the default blue does not).
        eventColor="#1f4e79"
        eventTextColor="#ffffff"
        eventDisplay="block"
        eventTimeFormat={{ hour: "2-digit", minute: "2-digit", hour12: false }}
        height="auto"
        events={events.map((event) => ({
          id: event.id,
          title: event.title,
          start: event.start,
          end: event.end,
        }))}
        datesSet={(arg) => onRange({ from: arg.startStr.slice(0, 10), to: arg.endStr.slice(0, 10) })}
        eventClick={(arg) => {
          arg.jsEvent.preventDefault();
          onOpen(arg.event.id);
        }}
      />
    </div>
  );
}

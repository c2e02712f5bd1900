import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import type { CalendarEvent } from "@portal/api-client";
import { m } from "../../lib/i18n.ts";
import { useLocale } from "../../shell/IslandRoot.tsx";
import { calendarTheme } from "./calendar.css.ts";
import { toCalendarInputs, visibleRange } from "./calendar-events.ts";

/**
 * The faculty calendar's time grid (FullCalendar 6, free plugins only): week and day views, Monday
 * first, prev / next / today, starting in the week of `initialDate`. `now` ("YYYY-MM-DDTHH:MM", the
 * server's clock as a wall time in `timeZone`, an IANA zone) decides which day is today, so the
 * browser's clock never does; events are given as wall times in that zone (no offsets, which
 * FullCalendar takes as they are without a time-zone plugin) and references as all-day items.
 * Reports the visible day range (`onRange`) and a clicked event (`onOpen`). Themed by
 * `calendarTheme` (calendar.css.ts). Loaded on its own chunk, only by the faculty calendar.
 */
export default function CalendarView({
  initialDate,
  now,
  timeZone,
  events,
  onRange,
  onOpen,
}: {
  initialDate: string;
  now: string;
  timeZone: string;
  events: readonly CalendarEvent[];
  onRange: (range: { from: string; to: string }) => void;
  onOpen: (event: CalendarEvent) => void;
}) {
  const locale = useLocale();
  return (
    <div className={calendarTheme}>
      <FullCalendar
        plugins={[timeGridPlugin]}
        initialView="timeGridWeek"
        initialDate={initialDate}
        now={now}
        timeZone={timeZone}
        firstDay={1}
        locale={locale}
        headerToolbar={{ left: "prev,next today", center: "title", right: "timeGridWeek,timeGridDay" }}
        // Text buttons: FullCalendar's chevron icons are role="img" without a name.
        buttonIcons={false}
        buttonText={{
          prev: m.sched_previous(),
          next: m.sched_next(),
          today: m.sched_today(),
          week: m.sched_week(),
          day: m.sched_day(),
        }}
        // The portal's primary colour: white text on it meets the contrast rule (the default blue does not).
        eventColor="#1f4e79"
        eventTextColor="#ffffff"
        slotMinTime="07:00:00"
        slotMaxTime="21:00:00"
        allDaySlot
        allDayText={m.sched_all_day()}
        height="auto"
        nowIndicator={false}
        events={toCalendarInputs(events, timeZone)}
        datesSet={(arg) => onRange(visibleRange(arg.startStr, arg.endStr))}
        eventClick={(arg) => {
          arg.jsEvent.preventDefault();
          onOpen(arg.event.extendedProps.event as CalendarEvent);
        }}
      />
    </div>
  );
}

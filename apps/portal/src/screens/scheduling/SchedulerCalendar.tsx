import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin from "@fullcalendar/interaction";
import FullCalendar from "@fullcalendar/react";
import resourceTimelinePlugin from "@fullcalendar/resource-timeline";
import type { PlannerEvent } from "@portal/api-client";
import { useEffect, useRef } from "react";
import { m } from "../../lib/i18n.ts";
import { useLocale } from "../../shell/IslandRoot.tsx";
import { calendarTheme } from "./calendar.css.ts";
import { type Holiday, holidayBackgroundEvents, visibleRange, wallTime } from "./calendar-events.ts";
import { eventTitle, type ResourceType, resourceIdsOf } from "./scheduler-state.ts";

/**
 * A selected range: start and end as wall dates and times at the term's campus (the calendar shows wall
 * time), the end exclusive; all-day ranges have no times.
 */
export type SelectedRange = {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  allDay: boolean;
  resourceId: string | null;
};

const buttonText = () => ({
  prev: m.sched_previous(),
  next: m.sched_next(),
  today: m.sched_today(),
  resourceTimelineDay: m.schedr_day_timeline(),
  resourceTimelineWeek: m.schedr_week_timeline(),
  // The week grid has a name of its own, so the toolbar offers one "Week" (the week timeline).
  dayGridWeek: m.schedr_week_grid(),
  dayGridMonth: m.schedr_month(),
});

/**
 * The scheduler's calendar (FullCalendar 6.1 premium resource timeline, spec "Exam planning
 * scheduler"): day and week timeline ("Day", "Week"), week and month grid ("Week grid", "Month"),
 * week numbers, starting in the day timeline on `initialDate`; one row per resource (faculty or
 * facility, then 'Unassigned'), each row's name a button (`onResource`, the Booked Slots dialog);
 * the term's `holidays` drawn as named background days over every row; a click on an event
 * (`onOpen`); a selected range (`onSelect`). Times are wall times at `timeZone` (the term's campus
 * zone, IANA; default Asia/Kolkata); references all-day. Themed by `calendarTheme`
 * (calendar.css.ts), which also keeps the licence notice off the rows. Loaded on its own chunk by
 * the scheduler pages only.
 */
export default function SchedulerCalendar({
  licenseKey,
  initialDate,
  goTo = null,
  resources,
  resourceType,
  events,
  holidays,
  onRange,
  onSelect,
  onOpen,
  onResource,
  timeZone,
}: {
  licenseKey: string;
  initialDate: string;
  /**
   * A day to show now (`date` YYYY-MM-DD), e.g. the day of a session just created, so what was
   * saved is in view; the calendar moves there each time a new object is passed.
   */
  goTo?: { date: string } | null;
  resources: Array<{ id: string; title: string }>;
  resourceType: ResourceType;
  events: readonly PlannerEvent[];
  holidays: readonly Holiday[];
  onRange: (range: { from: string; to: string }) => void;
  onSelect: (range: SelectedRange) => void;
  onOpen: (event: PlannerEvent) => void;
  onResource: (resource: { id: string; title: string }) => void;
  /** The term's campus zone (IANA) the events are drawn in. */
  timeZone?: string;
}) {
  const locale = useLocale();
  const calendar = useRef<FullCalendar>(null);
  useEffect(() => {
    if (goTo) calendar.current?.getApi().gotoDate(goTo.date);
  }, [goTo]);
  return (
    <div className={calendarTheme}>
      <FullCalendar
        ref={calendar}
        schedulerLicenseKey={licenseKey}
        plugins={[resourceTimelinePlugin, dayGridPlugin, interactionPlugin]}
        initialView="resourceTimelineDay"
        initialDate={initialDate}
        firstDay={1}
        weekNumbers
        locale={locale}
        headerToolbar={{
          left: "prev,next today",
          center: "title",
          right: "resourceTimelineDay,resourceTimelineWeek,dayGridWeek,dayGridMonth",
        }}
        buttonIcons={false}
        buttonText={buttonText()}
        resourceAreaHeaderContent={resourceType === "faculty" ? m.sched_faculty() : m.schedr_facility()}
        resourceAreaWidth="220px"
        resources={resources}
        resourceLabelContent={(arg) => (
          <button
            type="button"
            className="schedr-resource"
            onClick={() => onResource({ id: arg.resource.id, title: arg.resource.title })}
          >
            {arg.resource.title}
          </button>
        )}
        slotMinTime="07:00:00"
        slotMaxTime="21:00:00"
        eventColor="#1f4e79"
        eventTextColor="#ffffff"
        height="auto"
        nowIndicator={false}
        selectable
        select={(arg) =>
          onSelect({
            startDate: arg.startStr.slice(0, 10),
            startTime: arg.allDay ? "" : arg.startStr.slice(11, 16),
            endDate: arg.endStr.slice(0, 10),
            endTime: arg.allDay ? "" : arg.endStr.slice(11, 16),
            allDay: arg.allDay,
            resourceId: arg.resource?.id ?? null,
          })
        }
        events={[
          ...holidayBackgroundEvents(holidays),
          ...events.map((e) => ({
            id: e.id,
            title: eventTitle(e),
            // References are all-day (midnight Z to midnight Z, §9): their dates as they are sent.
            start: e.eventType === "reference" ? e.startDate.slice(0, 10) : wallTime(e.startDate, timeZone),
            end: e.eventType === "reference" ? e.endDate.slice(0, 10) : wallTime(e.endDate, timeZone),
            allDay: e.eventType === "reference",
            resourceIds: resourceIdsOf(e, resourceType),
            extendedProps: { event: e },
          })),
        ]}
        datesSet={(arg) => onRange(visibleRange(arg.startStr, arg.endStr))}
        eventClick={(arg) => {
          const event = arg.event.extendedProps.event as PlannerEvent | undefined;
          if (!event) return;
          arg.jsEvent.preventDefault();
          onOpen(event);
        }}
      />
    </div>
  );
}

/**
 * The Booked Slots dialog's calendar: one resource's bookings in a month grid from `initialDate`,
 * at wall times in `timeZone` (the term's campus zone, IANA; default Asia/Kolkata).
 */
export function BookedSlotsCalendar({
  initialDate,
  slots,
  onRange,
  timeZone,
}: {
  initialDate: string;
  timeZone?: string;
  slots: ReadonlyArray<{ id: string; title: string; startDate: string; endDate: string }>;
  onRange: (range: { from: string; to: string }) => void;
}) {
  const locale = useLocale();
  return (
    <div className={calendarTheme}>
      <FullCalendar
        plugins={[dayGridPlugin]}
        initialView="dayGridMonth"
        initialDate={initialDate}
        firstDay={1}
        locale={locale}
        headerToolbar={{ left: "prev,next", center: "title", right: "" }}
        buttonIcons={false}
        buttonText={buttonText()}
        eventColor="#1f4e79"
        eventTextColor="#ffffff"
        height="auto"
        events={slots.map((s) => ({
          id: s.id,
          title: s.title,
          start: wallTime(s.startDate, timeZone),
          end: wallTime(s.endDate, timeZone),
        }))}
        datesSet={(arg) => onRange(visibleRange(arg.startStr, arg.endStr))}
      />
    </div>
  );
}

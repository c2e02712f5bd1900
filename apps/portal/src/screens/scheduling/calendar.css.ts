import { vars } from "@portal/ui";
import { globalStyle, style } from "@vanilla-extract/css";
import { HOLIDAY_EVENT_CLASS } from "./calendar-events.ts";

/**
 * The look of every FullCalendar 6 calendar of the portal (the scheduler's resource timeline, its
 * Booked Slots, the faculty calendar), light and dark through the theme tokens. A calendar sits in
 * an element of this class.
 *
 * FullCalendar paints with its own custom properties, set on `.fc` itself with white surfaces and
 * light grey lines; set here on `.fc` inside the wrapper (so they win over the library's), they
 * follow the theme: the sticky header of the timeline (resource label, week number, hours) is the
 * surface colour under the theme's text, never white under white.
 */
export const calendarTheme = style({ color: vars.color.text });

globalStyle(`${calendarTheme} .fc`, {
  vars: {
    "--fc-page-bg-color": vars.color.surface,
    "--fc-neutral-bg-color": vars.color.surfaceAlt,
    "--fc-neutral-text-color": vars.color.textMuted,
    "--fc-border-color": vars.color.border,
    "--fc-today-bg-color": vars.color.infoSurface,
    "--fc-highlight-color": "rgb(125 211 252 / 0.3)",
    "--fc-non-business-color": vars.color.surfaceAlt,
    "--fc-more-link-bg-color": vars.color.neutralSurface,
    "--fc-more-link-text-color": vars.color.text,
  },
});

globalStyle(`${calendarTheme} .fc a`, { color: "inherit" });

/* The toolbar wraps on a narrow screen rather than squeezing a button's label onto two lines. */
globalStyle(`${calendarTheme} .fc .fc-toolbar`, { flexWrap: "wrap", gap: vars.space.sm });
globalStyle(`${calendarTheme} .fc .fc-button`, { whiteSpace: "nowrap" });

/*
 * FullCalendar's premium plugins show a licence notice while the configured key is not a valid one
 * (CALENDAR_LICENSE_KEY). The library places it with inline styles at the bottom left corner of
 * the view, over the last resource row ('Unassigned'). It stays exactly as the library draws it;
 * the view gets room of its own below the rows for it, so it covers nothing. Its background is the
 * library's light grey in both themes, so its text is dark in both.
 */
globalStyle(`${calendarTheme} .fc .fc-view-harness:has(> .fc-license-message)`, {
  paddingBottom: "2rem",
});

globalStyle(`${calendarTheme} .fc .fc-license-message`, { color: "#0f172a" });

globalStyle(`${calendarTheme} .fc .fc-license-message a`, {
  color: "#1d4ed8",
  textDecoration: "underline",
});

/* A holiday: the whole day hatched in the warning colours, its name readable on it. */
globalStyle(`${calendarTheme} .fc .fc-bg-event.${HOLIDAY_EVENT_CLASS}`, {
  opacity: 1,
  backgroundImage: `repeating-linear-gradient(135deg, transparent 0 6px, rgb(146 64 14 / 0.12) 6px 8px)`,
  color: vars.color.text,
});

globalStyle(`${calendarTheme} .fc .fc-bg-event.${HOLIDAY_EVENT_CLASS} .fc-event-title`, {
  fontStyle: "normal",
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

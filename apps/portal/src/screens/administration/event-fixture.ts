/**
 * An event as `GET /admin/events` lists it, for screen tests: wall times `start` and `end`
 * (YYYY-MM-DDTHH:MM) at a campus in Asia/Kolkata, venue Hall A, no schedule.
 */
export function eventFixture(id: string, title: string, start: string, end: string, version = 1) {
  return {
    id,
    title,
    eventType: "seminar",
    campusId: null,
    campusName: null,
    timeZone: "Asia/Kolkata",
    venue: "Hall A",
    start,
    end,
    startsAt: `${start}:00+05:30`,
    endsAt: `${end}:00+05:30`,
    audience: "all",
    description: "",
    version,
    schedule: [],
  };
}

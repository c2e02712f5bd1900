/*
 * Events with their schedule, and the department master (spec, Exam management §1
 * home cards "events (/app/events)" and "payroll (/app/setup/master/department)", §7 "Calls on the
 * admin URL: events, schedule", §9 "Sample options: ... departments UG, PG, Doctoral"). The spec
 * shows no fields of either; these are the portal's, documented in openapi/administration.yaml.
 */

/** Levels of a department (spec §9 sample departments UG, PG, Doctoral). */
export const DEPARTMENT_LEVELS = ["UG", "PG", "Doctoral"] as const;
export type DepartmentLevel = (typeof DEPARTMENT_LEVELS)[number];

/** Kinds of event a university office schedules. */
export const EVENT_TYPES = ["academic", "cultural", "sports", "workshop", "seminar", "convocation"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Who an event is for. */
export const EVENT_AUDIENCES = ["all", "students", "faculty", "staff"] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];

/** Messages of the events and department calls, in English (the screens show their own catalogue's). */
export const ADMINISTRATION_MESSAGES = {
  codeRequired: "Code is required",
  codeFormat: "Code may use letters, digits, '-' and '_' only (at most 20)",
  nameRequired: "Name is required",
  levelRequired: "Select a level",
  duplicateCode: "A department with this code already exists",
  titleRequired: "Title is required",
  typeRequired: "Select an event type",
  audienceRequired: "Select an audience",
  dateTimeFormat: "Enter a date and time",
  endBeforeStart: "End must be after start",
  itemOutsideEvent: "A schedule item must lie within its event's start and end",
  noSuchEvent: "No such event",
  noSuchItem: "No such schedule item",
  noSuchDepartment: "No such department",
} as const;

import type { PlannerEvent } from "@portal/api-client";
import { describe, expect, it } from "vitest";
import {
  byFilter,
  byTree,
  canEdit,
  changeSchedulerSelection,
  orNa,
  parseSchedulerSelection,
  pendingKind,
  resourceIdsOf,
  type SchedulerSelection,
  serializeSchedulerSelection,
  UNASSIGNED_RESOURCE,
} from "./scheduler-state.ts";

const TERM = "a2000000-0000-4000-8000-000000000002";
const FULL: SchedulerSelection = {
  program: "EMBA",
  year: "2026",
  intake: "JAN",
  term: TERM,
  resource: "faculty",
  filter: "all",
  date: "2026-03-02",
};

describe("reset rules (spec §4 scheduler)", () => {
  it.each([
    ["program", "GMBA", { ...FULL, program: "GMBA", year: "", intake: "", term: "", date: "" }],
    ["year", "2025", { ...FULL, year: "2025", term: "", date: "" }],
    ["intake", "JUL", { ...FULL, intake: "JUL", term: "", date: "" }],
    [
      "term",
      "b2000000-0000-4000-8000-000000000002",
      { ...FULL, term: "b2000000-0000-4000-8000-000000000002", date: "" },
    ],
    ["resource", "facility", { ...FULL, resource: "facility" }],
    ["filter", "reference", { ...FULL, filter: "reference" }],
    ["program", "EMBA", FULL],
  ] as const)("changing %s to %s", (key, value, expected) => {
    expect(changeSchedulerSelection(FULL, key, value)).toEqual(expected);
  });
});

describe("the address", () => {
  it("opens preset from the time table's Edit link (programName, intake, year, batchName, id)", () => {
    expect(
      parseSchedulerSelection(
        `?programName=EMBA&intake=jan&year=2026&batchName=EMBA%202026&id=${TERM}`,
        "full",
      ),
    ).toEqual({ ...FULL, date: "" });
    expect(parseSchedulerSelection(`?programName=EMBA&intake=JAN&batchName=2026`, "full").year).toBe("2026");
  });
  it("drops unknown values and round-trips", () => {
    expect(parseSchedulerSelection("?intake=JUNE&year=1999&resource=x&filter=y&date=soon", "exam")).toEqual({
      program: "",
      year: "",
      intake: "",
      term: "",
      resource: "faculty",
      filter: "reference",
      date: "",
    });
    const s = { ...FULL, resource: "facility" as const, filter: "session" as const };
    expect(parseSchedulerSelection(serializeSchedulerSelection(s, "scheduler"), "scheduler")).toEqual(s);
  });
});

describe("the pending event of a selected range (spec §4)", () => {
  it.each([
    ["scheduler", "all", false, TERM, "activity"],
    ["scheduler", "all", true, TERM, "reference"],
    ["scheduler", "session", true, TERM, "session"],
    ["planner", "session", false, TERM, "session"],
    ["exam", "reference", false, TERM, "exam"],
    ["exam", "all", true, TERM, "reference"],
    ["scheduler", "all", false, "", null],
    ["exam", "reference", true, "", null],
  ] as const)("%s, filter %s, all-day %s, term %j → %j", (variant, filter, allDay, term, kind) => {
    expect(pendingKind(variant, filter, allDay, term)).toBe(kind);
  });
});

const event = (over: Partial<PlannerEvent> = {}): PlannerEvent => ({
  id: "e1",
  eventType: "session",
  activity: "Lecture",
  examType: null,
  startDate: "2026-03-02T03:30:00.000Z",
  endDate: "2026-03-02T05:00:00.000Z",
  startTime: "09:00",
  endTime: "10:30",
  FacilityBooking: null,
  FacultyBooking: [],
  SubjectPlanner: {
    courseVersionId: "s1",
    courseOfferingId: "o1",
    courseName: "Finance",
    courseOfferingSectionId: "A",
  },
  academicPlannerActivityId: null,
  faculty1Id: null,
  faculty1Name: null,
  faculty2Id: null,
  faculty2Name: null,
  faculty3Id: null,
  faculty3Name: null,
  subjectId: "s1",
  courseOfferingId: "o1",
  courseId: "c1",
  version: 1,
  ...over,
});

describe("View Details rules", () => {
  it.each([
    ["2026-03-01", true],
    ["2026-03-02", false],
    ["2026-03-03", false],
  ])("Edit offered on today %s: %s (only after today, Asia/Kolkata day)", (today, offered) => {
    expect(canEdit(event(), today)).toBe(offered);
  });
  it("an event at 00:30 Kolkata belongs to that day, not the UTC day before", () => {
    expect(canEdit(event({ startDate: "2026-03-01T19:00:00.000Z" }), "2026-03-01")).toBe(true);
  });
  it.each([
    [null, "N/A"],
    ["", "N/A"],
    ["  ", "N/A"],
    ["Room 1", "Room 1"],
  ])("%j shows %j", (value, shown) => expect(orNa(value, "N/A")).toBe(shown));
});

describe("filters, tree and resources", () => {
  const ref = event({ id: "r", eventType: "reference", courseOfferingId: null, subjectId: "s1" });
  const loose = event({ id: "u", eventType: "activity", courseOfferingId: null, subjectId: null });
  const all = [event(), ref, loose];
  it("References, Sessions, All", () => {
    expect(byFilter(all, "reference").map((e) => e.id)).toEqual(["r"]);
    expect(byFilter(all, "session").map((e) => e.id)).toEqual(["e1", "u"]);
    expect(byFilter(all, "all")).toHaveLength(3);
  });
  it("sections, subjects and 'Unassigned' of the tree", () => {
    const none = { sections: new Set<string>(), subjects: new Set<string>(), unassigned: false };
    expect(byTree(all, none)).toEqual([]);
    expect(byTree(all, { ...none, sections: new Set(["o1"]) }).map((e) => e.id)).toEqual(["e1"]);
    expect(byTree(all, { ...none, subjects: new Set(["s1"]) }).map((e) => e.id)).toEqual(["r"]);
    expect(byTree(all, { ...none, unassigned: true }).map((e) => e.id)).toEqual(["u"]);
  });
  it("puts an event on each of its faculty (up to three) or its facility, else on 'Unassigned'", () => {
    const booked = event({
      FacultyBooking: [
        { contactId: "f1", facultyId: "f1", facultyName: "A" },
        { contactId: "f2", facultyId: "f2", facultyName: "B" },
      ],
      FacilityBooking: { facilityId: "room", facilityName: "R1" },
    });
    expect(resourceIdsOf(booked, "faculty")).toEqual(["f1", "f2"]);
    expect(resourceIdsOf(booked, "facility")).toEqual(["room"]);
    expect(resourceIdsOf(ref, "faculty")).toEqual([UNASSIGNED_RESOURCE]);
  });
});

import { describe, expect, it } from "vitest";
import { bookingOfForm, type SchedulerEventForm, ZSchedulerEventForm } from "./index.ts";

const base: SchedulerEventForm = {
  kind: "session",
  sessionName: "",
  examType: "",
  courseVersionId: "s1",
  courseOfferingId: "o1",
  faculty1: "f1",
  faculty2: "",
  faculty3: "",
  facilityId: "r1",
  startDate: "2026-11-16",
  startTime: "09:00",
  endDate: "2026-11-16",
  endTime: "10:30",
};
const problems = (over: Partial<SchedulerEventForm>) => {
  const r = ZSchedulerEventForm.safeParse({ ...base, ...over });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the scheduler's create dialog (spec §5)", () => {
  it.each([
    ["a complete session", {}, []],
    ["a session without section", { courseOfferingId: "" }, ["courseOfferingId: Required"]],
    ["no start time", { startTime: "" }, ["startTime: Required"]],
    ["a bad time", { endTime: "25:00" }, ["endTime: Time must be HH:MM"]],
    ["end before start", { endTime: "08:00" }, ["endTime: End must be after start"]],
    ["the same faculty twice", { faculty2: "f1" }, ["faculty2: The same faculty is chosen twice"]],
    [
      "an exam needs type, section, faculty and facility",
      { kind: "exam", courseOfferingId: "", faculty1: "", facilityId: "" },
      ["examType: Required", "courseOfferingId: Required", "faculty1: Required", "facilityId: Required"],
    ],
    [
      "a reference needs a subject, no times",
      { kind: "reference", courseVersionId: "", startTime: "", endTime: "" },
      ["courseVersionId: Required"],
    ],
    ["a reference of one day", { kind: "reference", startTime: "", endTime: "" }, []],
    [
      "a reference ending before it starts",
      { kind: "reference", endDate: "2026-11-15" },
      ["endDate: End must be after start"],
    ],
  ] as const)("%s", (_name, over, expected) => {
    expect(problems(over as Partial<SchedulerEventForm>)).toEqual(expected);
  });

  it("sends times as Z instants from Asia/Kolkata, faculty joined by ';'", () => {
    expect(bookingOfForm({ ...base, faculty2: "f2" }, "t1")).toMatchObject({
      termId: "t1",
      facultyId: "f1;f2",
      facilityId: "r1",
      activityType: "session",
      startDate: "2026-11-16T03:30:00.000Z",
      endDate: "2026-11-16T05:00:00.000Z",
    });
  });
  it("sends a reference at fixed midnights, its last day included, without resources (§9)", () => {
    expect(
      bookingOfForm({ ...base, kind: "reference", endDate: "2026-11-17", startTime: "", endTime: "" }, "t1"),
    ).toMatchObject({
      facultyId: "",
      facilityId: null,
      courseOfferingId: null,
      startDate: "2026-11-16T00:00:00.000Z",
      endDate: "2026-11-18T00:00:00.000Z",
    });
  });
});

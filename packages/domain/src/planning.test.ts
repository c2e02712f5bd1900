import { describe, expect, it } from "vitest";
import {
  activityEndDate,
  activityFormSchema,
  BATCH_YEARS,
  changeBatchFilter,
  changePlanningSelection,
  EMPTY_BATCH_FILTERS,
  EMPTY_PLANNING_SELECTION,
  endDateProblem,
  fromWireDate,
  INTAKE_MONTHS,
  isAllowedAttachment,
  nextSectionLetter,
  PLANNING_MESSAGES,
  SECTION_LETTERS,
  SECTION_STRENGTH_MESSAGE,
  splitIntoTerms,
  termStatusOn,
  toWireDate,
  weekOfTerm,
  ZActivityOperation,
  ZInvitation,
  ZSectionRoom,
  ZSectionStrengthText,
} from "./index.ts";

const MON_FRI = [1, 2, 3, 4, 5];

describe("activity end date (§5 working-day rule)", () => {
  it.each([
    // start, days, weekdays, holidays, expected
    ["2026-11-02", 1, undefined, [], "2026-11-02"], // all seven days: the day itself
    ["2026-11-02", 5, undefined, [], "2026-11-06"],
    ["2026-11-02", 5, MON_FRI, [], "2026-11-08"], // Fri counted, next working day Mon: ends Sunday
    ["2026-11-02", 3, MON_FRI, [], "2026-11-04"],
    ["2026-11-07", 1, MON_FRI, [], "2026-11-09"], // starts Saturday: first working day Mon, ends Mon
    ["2026-11-02", 2, MON_FRI, ["2026-11-03"], "2026-11-04"], // holiday skipped
    ["2026-11-02", 1, MON_FRI, ["2026-11-03"], "2026-11-03"], // day before next working day Wed
    ["2026-11-02", 1, [1, 3], [], "2026-11-03"], // Mon and Wed only
    ["2026-01-29", 3, undefined, [], "2026-01-31"], // month end
    ["2026-01-30", 3, undefined, [], "2026-02-01"], // across the month end
    ["2026-12-30", 3, undefined, [], "2027-01-01"], // across the year end
    ["2026-12-31", 1, MON_FRI, ["2027-01-01"], "2027-01-03"], // Thu; Fri holiday, weekend: up to Sunday
    ["2028-02-28", 2, undefined, [], "2028-02-29"], // leap day
    ["2027-02-28", 2, undefined, [], "2027-03-01"], // no leap day
    ["2028-02-25", 3, MON_FRI, [], "2028-02-29"], // Fri, Mon 28, Tue 29
    ["2028-02-29", 1, undefined, ["2028-03-01"], "2028-03-01"],
  ] as const)(
    "%s + %i days (weekdays %j, holidays %j) ends %s",
    (start, days, weekdays, holidays, expected) => {
      expect(activityEndDate(start, days, { weekdays: weekdays ? [...weekdays] : undefined, holidays })).toBe(
        expected,
      );
    },
  );

  it("refuses no days, a bad date, and a rule with no working day", () => {
    expect(activityEndDate("2026-11-02", 0)).toBeNull();
    expect(activityEndDate("2026-02-30", 1)).toBeNull();
    expect(activityEndDate("2026-11-02", 1, { weekdays: [8] })).toBeNull();
  });

  it.each([
    ["2026-12-31", "2026-12-31", null],
    ["2027-01-01", "2026-12-31", "Cannot exceed 31-12-2026"],
    ["2028-02-29", "2028-02-28", "Cannot exceed 28-02-2028"],
  ] as const)("end %s against term end %s: %j", (end, termEnd, message) => {
    expect(endDateProblem(end, termEnd)).toBe(message);
  });
});

describe("wire dates and term status", () => {
  it.each([
    ["29/02/2028", "2028-02-29"],
    ["29/02/2027", null],
    ["2028-02-29", null],
    ["1/1/2026", null],
  ] as const)("%s reads as %j", (wire, iso) => expect(fromWireDate(wire)).toBe(iso));
  it("writes DD/MM/YYYY", () => expect(toWireDate("2026-01-05")).toBe("05/01/2026"));
  it.each([
    ["2026-01-01", "Upcoming"],
    ["2026-02-01", "Ongoing"],
    ["2026-06-30", "Ongoing"],
    ["2026-07-01", "Completed"],
  ] as const)("on %s the term is %s", (today, status) =>
    expect(termStatusOn("2026-02-01", "2026-06-30", today)).toBe(status),
  );
});

describe("filter reset rules (§4)", () => {
  const full = { program: "MBA", batch: "2026", intake: "JAN", campus: "Mumbai", termStatus: "Ongoing" };
  it.each([
    ["program", "EMBA", { ...EMPTY_BATCH_FILTERS, program: "EMBA" }],
    ["batch", "2027", { program: "MBA", batch: "2027", intake: "", campus: "", termStatus: "" }],
    ["intake", "JUL", { program: "MBA", batch: "2026", intake: "JUL", campus: "", termStatus: "" }],
    ["campus", "Dubai", { ...full, campus: "Dubai" }],
    ["termStatus", "Upcoming", { ...full, termStatus: "Upcoming" }],
    ["program", "MBA", full],
  ] as const)("changing %s to %s", (key, value, expected) => {
    expect(changeBatchFilter(full, key, value)).toEqual(expected);
  });

  const sel = { program: "MBA", year: "2026", intake: "JAN", term: "Term 1" };
  it.each([
    ["program", "EMBA", { ...EMPTY_PLANNING_SELECTION, program: "EMBA" }],
    ["year", "2027", { ...sel, year: "2027", term: "" }],
    ["intake", "JUL", { ...sel, intake: "JUL", term: "" }],
    ["term", "Term 2", { ...sel, term: "Term 2" }],
  ] as const)("planner: changing %s to %s", (key, value, expected) => {
    expect(changePlanningSelection(sel, key, value)).toEqual(expected);
  });
});

describe("constants, sections, attachments", () => {
  it("has the §9 options", () => {
    expect(BATCH_YEARS[0]).toBe(2024);
    expect(BATCH_YEARS.at(-1)).toBe(2040);
    expect(INTAKE_MONTHS).toHaveLength(12);
    expect(SECTION_LETTERS.join("")).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  });
  it.each([
    [[], "A"],
    [["A", "B"], "C"],
    [["A", "C"], "B"],
    [SECTION_LETTERS, null],
  ] as const)("after %j comes %j", (existing, next) => expect(nextSectionLetter(existing)).toBe(next));
  it.each([
    ["cv.pdf", true],
    ["CV.DOCX", true],
    ["a.doc", true],
    ["photo.jpeg", true],
    ["photo.JPG", true],
    ["scan.png", true],
    ["setup.exe", false],
    ["pdf", false],
    ["a.pdf.exe", false],
    ["noext.", false],
  ] as const)("%s allowed: %s", (name, ok) => expect(isAllowedAttachment(name)).toBe(ok));
  it("refuses an .exe invitation with the spec's text", () => {
    const r = ZInvitation.safeParse({
      facultyIds: ["00000000-0000-4000-8000-000000000001"],
      subject: "Invite",
      attachmentName: "a.exe",
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(PLANNING_MESSAGES.attachmentType);
  });
});

describe("activity dialog (§5)", () => {
  const f1 = "00000000-0000-4000-8000-000000000001";
  const f2 = "00000000-0000-4000-8000-000000000002";
  const schema = activityFormSchema({ rowStartDate: "2026-01-05", termEndDate: "2026-06-30" });
  const good = {
    activityType: "Lecture",
    duration: "5",
    sessions: "10",
    hoursPerSession: "1.5",
    startDate: "2026-02-02",
    endDate: "2026-02-06",
    sectionId: f1,
    facultyIds: [f1],
    description: "",
  };
  const message = (change: Record<string, unknown>) => {
    const r = schema.safeParse({ ...good, ...change });
    return r.success ? null : r.error.issues[0]?.message;
  };
  it.each([
    [{}, null],
    [{ duration: "1234" }, "At most 3 characters"],
    [{ duration: "1a" }, "Digits only"],
    [{ sessions: "" }, "Field cannot be empty."],
    [{ hoursPerSession: "0" }, "Must be between 0.1 and 24"],
    [{ hoursPerSession: "25" }, "Must be between 0.1 and 24"],
    [{ hoursPerSession: "0.1" }, null],
    [{ hoursPerSession: "24" }, null],
    [{ hoursPerSession: "24.5" }, "At most 3 characters"],
    [{ hoursPerSession: "1.255" }, "At most 3 characters"],
    [{ facultyIds: [f1, f2] }, "Only 1 faculty can be selected"],
    [{ facultyIds: [f1, f1] }, null],
    [{ facultyIds: [] }, "Field cannot be empty."],
    [{ endDate: "2026-02-01" }, "End date cannot be before the start date"],
    [{ endDate: "2026-07-01" }, "Cannot exceed 30-06-2026"],
    [{ startDate: "2026-01-01", endDate: "2026-01-02" }, "Cannot be before 05-01-2026"],
    [{ activityType: "Party" }, "Field cannot be empty."],
  ] as const)("%j gives %j", (change, expected) => expect(message(change)).toBe(expected));

  it("reads the wire operation (dates DD/MM/YYYY, faculty joined by ';')", () => {
    const op = {
      Operation: "Create",
      Activity: {
        termId: f1,
        courseVersionId: f1,
        courseOfferingId: f1,
        activityType: "Lab",
        activityStartDate: "02/02/2026",
        activityEndDate: "06/02/2026",
        numberOfSessions: 10,
        numberOfhoursSessions: 1.5,
        duration: "5",
        facultyIds: f1,
      },
    };
    const r = ZActivityOperation.parse(op);
    expect(r.Activity.activityStartDate).toBe("2026-02-02");
    expect(r.Activity.facultyIds).toEqual([f1]);
    const two = ZActivityOperation.safeParse({
      ...op,
      Activity: { ...op.Activity, facultyIds: `${f1};${f2}` },
    });
    expect(two.error?.issues[0]?.message).toBe("Only 1 faculty can be selected");
    const upd = ZActivityOperation.safeParse({ ...op, Operation: "Update" });
    expect(upd.success).toBe(false);
  });
});

describe("terms of an intake", () => {
  it("splits a year into two halves and a leap February into days", () => {
    expect(splitIntoTerms("2026-01-01", "2026-12-31", 2)).toEqual([
      { startDate: "2026-01-01", endDate: "2026-07-01" },
      { startDate: "2026-07-02", endDate: "2026-12-31" },
    ]);
    expect(splitIntoTerms("2028-02-28", "2028-03-01", 3)?.map((t) => t.startDate)).toEqual([
      "2028-02-28",
      "2028-02-29",
      "2028-03-01",
    ]);
    expect(splitIntoTerms("2026-01-01", "2026-01-02", 3)).toBeNull();
  });
  it.each([
    ["2026-01-05", 1],
    ["2026-01-11", 1],
    ["2026-01-12", 2],
    ["2026-03-02", 9],
  ] as const)("%s is in week %i", (date, week) => expect(weekOfTerm("2026-01-05", date)).toBe(week));
});

describe("section strength as typed (§5 free text sent as a number)", () => {
  it.each([
    ["60", true],
    [" 45 ", true],
    ["1", true],
    ["10000", true],
    ["0", false],
    ["10001", false],
    ["4.5", false],
    ["", false],
    ["sixty", false],
    ["-3", false],
  ])("%j is %s", (text, valid) => {
    const result = ZSectionStrengthText.safeParse(text);
    expect(result.success).toBe(valid);
    if (!result.success) expect(result.error.issues[0]?.message).toBe(SECTION_STRENGTH_MESSAGE);
  });
});

describe("class room of a section (§2 Select Class Room/Faculty)", () => {
  const section = "e0000000-0000-4000-8000-000000000001";
  it.each([
    [{ courseOfferingId: section, roomId: "a1000000-0000-4000-8000-000000000001", version: 3 }, true],
    [{ courseOfferingId: section, roomId: null, version: 3 }, true],
    [{ courseOfferingId: section, roomId: "R101", version: 3 }, false],
    [{ courseOfferingId: section, version: 3 }, false],
    [{ courseOfferingId: section, roomId: null, version: -1 }, false],
  ])("%j is %s", (body, valid) => {
    expect(ZSectionRoom.safeParse(body).success).toBe(valid);
  });
});

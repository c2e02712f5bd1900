/**
 * The session scheduler and the exam planner (spec, Exam management §2 "Exam planning
 * scheduler", §4, §5, §8): on the demo's EMBA July 2026 intake, a session is created by selecting a
 * range on a faculty member's row of the day timeline and booking a room; a second booking of the
 * same faculty member in that slot is refused with the spec's clash message and saves nothing; on
 * the exam planner a reference is created, an exam is created from it and found in the exam
 * timetable of its cycle; the room's Booked Slots show the session, and Edit renames it for good.
 * The free slot is found from the demo data through the API, and the browser's clock is fixed
 * before the slot for Edit (offered only after today), so no step depends on the wall clock. The
 * timeline looks right: its header passes axe's contrast check in the dark theme, the licence
 * notice covers no resource row, the toolbar has one Week button (also in German), and the term's
 * holidays (read from the API) are drawn across every row. One sign-in (admin) for the whole file.
 */
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { ADMIN_EMAIL, demoExamCycle, signIn, waitForIslands } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

type Filters = {
  terms: Array<{ TermRecordId: string; Semester: string; startDate: string; endDate: string }>;
};
type SchedulerData = {
  timeZone: string;
  courseVersions: Array<{
    id: string;
    courseName: string;
    courseOffering: Array<{ id: string; courseSectionId: string; courseOfferingCapacity: number }>;
  }>;
};
type Available = {
  faculty: Array<{ id: string; facultyName: string }>;
  facilities: Array<{ id: string; facilityName: string; facilityCapacity: number }>;
};

let context: BrowserContext;
let page: Page;
/** The slot found free in the demo data: the term, day, subject, section, faculty member and room. */
let slot: {
  termId: string;
  day: string;
  subject: SchedulerData["courseVersions"][number];
  section: SchedulerData["courseVersions"][number]["courseOffering"][number];
  faculty: Available["faculty"][number];
  room: Available["facilities"][number];
};

/** UTC offsets of the demo campuses' zones (none has daylight saving time). */
const OFFSETS: Record<string, string> = {
  "Asia/Kolkata": "+05:30",
  "Asia/Dubai": "+04:00",
  "Asia/Singapore": "+08:00",
};
/** The instant (Z) of a wall time at the term's campus, as the scheduler books it. */
const campusTime = (date: string, time: string, timeZone: string) =>
  new Date(`${date}T${time}:00${OFFSETS[timeZone] ?? "+05:30"}`).toISOString();
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function getJson<T>(url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** Drags across a resource's row of the day timeline of `day` from the slot at `from` to the slot at `lastSlot`. */
async function selectRange(resourceId: string, day: string, from: string, lastSlot: string) {
  const lane = page.locator(`.fc-timeline-body .fc-timeline-lane[data-resource-id="${resourceId}"]`).first();
  await lane.scrollIntoViewIfNeeded();
  const laneBox = await lane.boundingBox();
  const a = await page
    .locator(`.fc-timeline-body .fc-timeline-slot-lane[data-date="${day}T${from}:00"]`)
    .first()
    .boundingBox();
  const b = await page
    .locator(`.fc-timeline-body .fc-timeline-slot-lane[data-date="${day}T${lastSlot}:00"]`)
    .first()
    .boundingBox();
  if (!laneBox || !a || !b) throw new Error("timeline not drawn");
  const y = laneBox.y + laneBox.height / 2;
  await page.mouse.move(a.x + 3, y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, y, { steps: 4 });
  await page.mouse.move(b.x + b.width - 3, y, { steps: 4 });
  await page.mouse.up();
}

test.beforeAll(async ({ browser }, testInfo) => {
  context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  page = await context.newPage();
  await signIn(page, ADMIN_EMAIL);
  const filters = await getJson<Filters>(
    "/api/salesforce/SchedulerFilterData?programName=EMBA&intake=JUL&year=2026",
  );
  // The intake's second term (it meets from Monday 2 November 2026 in the demo data).
  const term = filters.terms[1];
  if (!term) throw new Error("the demo's EMBA July 2026 intake has no second term");
  const data = await getJson<SchedulerData>(`/api/salesforce/SchedulerData?termId=${term.TermRecordId}`);
  const subject = data.courseVersions.find((v) => v.courseOffering.length > 0);
  const section = subject?.courseOffering[0];
  if (!subject || !section) throw new Error("no subject with a section");
  // The first day of the term's third week on which a faculty member and a big enough room are
  // free 08:00-09:00 at the term's campus and the booking would be accepted (no holiday).
  let last = "";
  for (let i = 14; i < 42 && !slot; i++) {
    const day = addDays(term.startDate, i);
    const free = await getJson<Available>(
      `/api/salesforce/FacilityFacultyAvailableData?startDate=${campusTime(day, "08:00", data.timeZone)}&endDate=${campusTime(day, "09:00", data.timeZone)}`,
    );
    const faculty = free.faculty[0];
    const room = free.facilities.find((f) => f.facilityCapacity >= section.courseOfferingCapacity);
    if (!faculty || !room) continue;
    const check = await page.request.post("/api/salesforce/validateSession", {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        FacilityFacultyBooking: {
          termId: term.TermRecordId,
          facultyId: faculty.id,
          facilityId: room.id,
          courseVersionId: subject.id,
          courseOfferingId: section.id,
          activityType: "session",
          startDate: campusTime(day, "08:00", data.timeZone),
          endDate: campusTime(day, "09:00", data.timeZone),
        },
      },
    });
    const answer = (await check.json()) as { valid: boolean; errorMessage?: string };
    last = `${day}: ${check.status()} ${answer.errorMessage ?? ""}`;
    if (answer.valid) {
      slot = { termId: term.TermRecordId, day, subject, section, faculty, room };
    }
  }
  if (!slot) throw new Error(`no free slot in the demo term (last: ${last}, term ${JSON.stringify(term)})`);
});

test.afterAll(async () => {
  await context?.close();
});

test("a session is created by selecting a range, and a second booking of the faculty member is refused", async () => {
  test.setTimeout(180_000);
  await page.goto(
    `/app/session-scheduler?program=EMBA&year=2026&intake=JUL&term=${slot.termId}&filter=session&date=${slot.day}`,
  );
  await waitForIslands(page);
  await expect(page.getByRole("heading", { level: 1, name: "Session Scheduler" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Term" })).toHaveValue(slot.termId);
  await expect(page.locator(".fc-resource-timeline")).toBeVisible();

  await selectRange(slot.faculty.id, slot.day, "08:00", "08:30");
  const dialog = page.getByRole("dialog", { name: "Create Session" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Start Time")).toHaveValue("08:00");
  await expect(dialog.getByLabel("End Time")).toHaveValue("09:00");
  await expect(dialog.getByRole("combobox", { name: "Faculty 1" })).toHaveValue(slot.faculty.id);
  await dialog.getByLabel("Session").fill("Scheduler story lecture");
  await dialog.getByRole("combobox", { name: "Subject" }).selectOption(slot.subject.id);
  await dialog.getByRole("combobox", { name: "Section" }).selectOption(slot.section.id);
  await dialog.getByRole("combobox", { name: "Facility" }).selectOption(slot.room.id);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Created Successfully").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const created = page.locator(".fc-event", { hasText: "Scheduler story lecture" }).first();
  await expect(created).toBeVisible();

  // The same faculty member in the same slot, another room: refused in the dialog, nothing saved.
  const before = await getJson<{ events: unknown[] }>(
    `/api/salesforce/SessionData?termId=${slot.termId}&from=${slot.day}&to=${slot.day}`,
  );
  // (selected on the 'Unassigned' row: the faculty member's row now holds the session)
  await selectRange("unassigned", slot.day, "08:00", "08:30");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox", { name: "Faculty 1" }).selectOption(slot.faculty.id);
  await dialog.getByRole("combobox", { name: "Subject" }).selectOption(slot.subject.id);
  await dialog.getByRole("combobox", { name: "Section" }).selectOption(slot.section.id);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Faculty is allocated on another class on same time-slot",
  );
  await expect(page.getByText("Error saving details").first()).toBeVisible();
  const after = await getJson<{ events: unknown[] }>(
    `/api/salesforce/SessionData?termId=${slot.termId}&from=${slot.day}&to=${slot.day}`,
  );
  expect(after.events).toHaveLength(before.events.length);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // View Details of the session; a reload keeps it.
  await page.reload();
  await waitForIslands(page);
  await page.locator(".fc-event", { hasText: "Scheduler story lecture" }).first().click();
  const details = page.getByRole("dialog", { name: "View Details" });
  await expect(details).toContainText(slot.room.facilityName);
  await expect(details).toContainText(slot.faculty.facultyName);
  await details.getByRole("button", { name: "Close" }).last().click();
});

test("on the exam planner a reference is created and an exam is created from it", async () => {
  test.setTimeout(180_000);
  // Selecting without a term says so.
  await page.goto("/app/exam/examPlanner?program=EMBA&year=2026&intake=JUL");
  await waitForIslands(page);
  await expect(
    page.getByText("Choose Academic Program, Year, Intake and Term to see the calendar."),
  ).toBeVisible();

  const day = addDays(slot.day, 1);
  await page.goto(`/app/exam/examPlanner?program=EMBA&year=2026&intake=JUL&term=${slot.termId}&date=${day}`);
  await waitForIslands(page);
  await expect(page.locator(".fc-resource-timeline")).toBeVisible();
  // A timed range on the timeline opens Create Exam at once with its day, times and faculty row;
  // switching to Exam Reference and back keeps them (one dialog, nothing typed twice).
  await selectRange(slot.faculty.id, day, "10:00", "10:30");
  const direct = page.getByRole("dialog", { name: "Create Exam" });
  await expect(direct).toBeVisible();
  await expect(direct.getByLabel("Start Time")).toHaveValue("10:00");
  await expect(direct.getByLabel("End Time")).toHaveValue("11:00");
  await expect(direct.getByRole("combobox", { name: "Faculty 1" })).toHaveValue(slot.faculty.id);
  await direct.getByRole("radio", { name: "Exam Reference" }).click();
  const switched = page.getByRole("dialog", { name: "Exam Reference" });
  await expect(switched.getByLabel("Start Time")).toBeHidden();
  await switched.getByRole("radio", { name: "Create Exam" }).click();
  await expect(direct.getByLabel("Start Time")).toHaveValue("10:00");
  await expect(direct.getByRole("combobox", { name: "Faculty 1" })).toHaveValue(slot.faculty.id);
  await direct.getByRole("button", { name: "Cancel" }).click();
  await expect(direct).toBeHidden();

  await page.locator(".fc-dayGridWeek-button").click();
  const cell = page.locator(`.fc-daygrid-day[data-date="${day}"]`).first();
  await cell.click();
  const dialog = page.getByRole("dialog", { name: "Exam Reference" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Type of Activity" })).toBeDisabled();
  await dialog.getByRole("combobox", { name: "Subject" }).selectOption(slot.subject.id);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Created Successfully").first()).toBeVisible();
  const reference = page.locator(".fc-event", { hasText: slot.subject.courseName }).first();
  await expect(reference).toBeVisible();

  await reference.click();
  const details = page.getByRole("dialog", { name: "View Details" });
  await expect(details).toContainText("N/A");
  await details.getByRole("button", { name: "Create Exam" }).click();
  const exam = page.getByRole("dialog", { name: "Create Exam" });
  await expect(exam).toBeVisible();
  await exam.getByRole("button", { name: "Create", exact: true }).click();
  await expect(exam.getByText("Field cannot be empty.").first()).toBeVisible();
  // The demo's "Nov 2026 End Term" cycle (16-28 November) holds the day: an End Term exam.
  await exam.getByRole("combobox", { name: "Type of Exam" }).selectOption("EndTerm");
  await exam.getByRole("combobox", { name: "Section" }).selectOption(slot.section.id);
  await exam.getByLabel("Start Time").fill("08:00");
  await exam.getByLabel("End Time").fill("09:00");
  await exam.getByRole("combobox", { name: "Faculty 1" }).selectOption(slot.faculty.id);
  await exam.getByRole("combobox", { name: "Facility" }).selectOption(slot.room.id);
  await exam.getByRole("button", { name: "Create", exact: true }).click();
  await expect(exam).toBeHidden();
  const events = await getJson<{ events: Array<{ eventType: string; examType: string | null }> }>(
    `/api/salesforce/SessionData?termId=${slot.termId}&from=${day}&to=${day}&eventType=exam`,
  );
  expect(events.events).toEqual([expect.objectContaining({ eventType: "exam", examType: "EndTerm" })]);

  // The exam is in the exam cycle's timetable.
  const { examCycles } = await getJson<{ examCycles: Array<{ id: string; name: string }> }>(
    "/api/sf/exam/examCycles",
  );
  const cycle = demoExamCycle(examCycles);
  const rows = await getJson<{ timetable: Array<{ id: string; course: string; dateOfExam: string }> }>(
    `/api/salesforce/TimeTable?${new URLSearchParams({ examCycleId: cycle.id, course: slot.subject.courseName, count: "100" })}`,
  );
  expect(rows.timetable.map((r) => r.dateOfExam)).toContain(day);
  await page.goto(
    `/app/exam/examTimetable?${new URLSearchParams({ cycle: cycle.id, course: slot.subject.courseName })}`,
  );
  await waitForIslands(page);
  const table = page.getByRole("table", { name: "Exam timetable" });
  await expect(table.getByRole("row", { name: new RegExp(slot.subject.courseName) }).first()).toBeVisible();
});

test("a room's Booked Slots show the session, and Edit renames it for good", async () => {
  test.setTimeout(180_000);
  // Edit is offered only for an event after today: the browser's today is a week before the slot.
  await page.clock.setFixedTime(new Date(`${addDays(slot.day, -7)}T12:00:00+05:30`));
  await page.goto(
    `/app/session-scheduler?program=EMBA&year=2026&intake=JUL&term=${slot.termId}&filter=session&resource=facility&date=${slot.day}`,
  );
  await waitForIslands(page);
  await expect(page.locator(".fc-resource-timeline")).toBeVisible();
  // A facility's row is named with its capacity, as the timeline shows it.
  const roomRow = `${slot.room.facilityName} (${slot.room.facilityCapacity})`;
  await page.getByRole("button", { name: roomRow, exact: true }).click();
  const booked = page.getByRole("dialog", { name: `Booked Slots - ${roomRow}` });
  await expect(
    booked.locator(".fc-event", { hasText: `${slot.subject.courseName} - Scheduler story lecture` }).first(),
  ).toBeVisible();
  await booked.getByRole("button", { name: "Close" }).last().click();
  await expect(booked).toBeHidden();

  await page.locator(".fc-timeline-body .fc-event", { hasText: "Scheduler story lecture" }).first().click();
  const details = page.getByRole("dialog", { name: "View Details" });
  await details.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Create Session" });
  await expect(edit.getByLabel("Session")).toHaveValue("Scheduler story lecture");
  await expect(edit.getByRole("combobox", { name: "Facility" })).toHaveValue(slot.room.id);
  await edit.getByLabel("Session").fill("Scheduler story lecture, edited");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(edit).toBeHidden();

  await page.reload();
  await waitForIslands(page);
  await expect(
    page.locator(".fc-event", { hasText: "Scheduler story lecture, edited" }).first(),
  ).toBeVisible();
  const day = await getJson<{ events: Array<{ activity: string; startTime: string }> }>(
    `/api/salesforce/SessionData?termId=${slot.termId}&from=${slot.day}&to=${slot.day}`,
  );
  const ours = day.events.filter((e) => e.activity.startsWith("Scheduler story lecture"));
  expect(ours).toEqual([
    expect.objectContaining({ activity: "Scheduler story lecture, edited", startTime: "08:00" }),
  ]);
});

/** The scheduler of the demo's term on `date`, in the day timeline, drawn. */
async function openTimeline(date: string) {
  await page.goto(
    `/app/session-scheduler?program=EMBA&year=2026&intake=JUL&term=${slot.termId}&date=${date}`,
  );
  await waitForIslands(page);
  await expect(page.locator(".fc-resource-timeline")).toBeVisible();
  await expect(page.locator(".fc-timeline-body .fc-timeline-lane").first()).toBeVisible();
}

test("the timeline's header is readable in the dark theme, and its notice covers no row", async () => {
  await context.addCookies([{ name: "portal_theme", value: "dark", url: page.url() }]);
  try {
    await openTimeline(slot.day);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    // The header: the resource label, the week number and the hours.
    const header = page.locator(".fc-resource-timeline .fc-scrollgrid-section-header");
    await expect(header.getByText("Faculty", { exact: true })).toBeVisible();
    await expect(header.getByText(/^W\s?\d+$/)).toBeVisible();
    const contrast = await new AxeBuilder({ page })
      .include(".fc-resource-timeline .fc-scrollgrid-section-header")
      .withRules(["color-contrast"])
      .analyze();
    expect(
      contrast.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`)),
    ).toEqual([]);
    expect(contrast.incomplete.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
    // The check ran on the header's texts (they pass, rather than being left out).
    expect(contrast.passes.flatMap((p) => p.nodes).length).toBeGreaterThanOrEqual(3);
    // The licence notice (no licence key in this run) is shown, and covers no resource row.
    const notice = page.locator(".fc-license-message");
    await expect(notice).toBeVisible();
    const box = await notice.boundingBox();
    const rows = page.locator(".fc-datagrid-body tr");
    await expect(rows.last()).toHaveText("Unassigned");
    const rowBoxes = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const r = tr.getBoundingClientRect();
        return { text: tr.textContent, x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
      }),
    );
    expect(box).not.toBeNull();
    const top = box!.y + (await page.evaluate(() => window.scrollY));
    const overlapping = rowBoxes.filter(
      (r) =>
        top < r.y + r.height &&
        r.y < top + box!.height &&
        box!.x < r.x + r.width &&
        r.x < box!.x + box!.width,
    );
    expect(overlapping.map((r) => r.text)).toEqual([]);
  } finally {
    await context.addCookies([{ name: "portal_theme", value: "light", url: page.url() }]);
  }
});

test("the toolbar has one Week button, in English and German", async () => {
  await openTimeline(slot.day);
  const toolbar = page.locator(".fc-header-toolbar");
  await expect(toolbar.getByRole("button", { name: /week/i })).toHaveText(["Week", "Week grid"]);
  await context.addCookies([{ name: "portal_locale", value: "de", url: page.url() }]);
  try {
    await openTimeline(slot.day);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(toolbar.getByRole("button", { name: /woche/i })).toHaveText(["Woche", "Wochenraster"]);
  } finally {
    await context.addCookies([{ name: "portal_locale", value: "en", url: page.url() }]);
  }
});

test("the term's holidays are drawn on the timeline across every row", async () => {
  const data = await getJson<{ holidays: Array<{ date: string; name: string }> }>(
    `/api/salesforce/SchedulerData?termId=${slot.termId}`,
  );
  const holiday = data.holidays[0];
  if (!holiday) throw new Error("the demo term has no holiday");
  await openTimeline(holiday.date);
  const drawn = page.locator(".fc-timeline-body .fc-bg-event", { hasText: holiday.name });
  await expect(drawn).toHaveCount(1);
  await expect(drawn).toBeVisible();
  // It covers the day from the first resource row to the last ('Unassigned').
  const lanes = page.locator(".fc-timeline-body .fc-timeline-lane[data-resource-id]");
  const first = await lanes.first().boundingBox();
  const last = await lanes.last().boundingBox();
  const box = await drawn.boundingBox();
  if (!first || !last || !box) throw new Error("timeline not drawn");
  expect(box.y).toBeLessThanOrEqual(first.y + 1);
  expect(box.y + box.height).toBeGreaterThanOrEqual(last.y + last.height - 1);
  // A working day shows none.
  await openTimeline(slot.day);
  await expect(page.locator(".fc-timeline-body .fc-bg-event")).toHaveCount(0);
});

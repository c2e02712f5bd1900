import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  demoExamCycle,
  EXAM_OFFICE_EMAIL,
  expectNoAxeViolations,
  sharedSignedInPage,
  waitForIslands,
} from "./helpers.ts";

/**
 * The exam office shapes and improves an exam cycle's timetable, in the built portal with the demo
 * data. On the exam dashboard, Periods opens the cycle's period scheme: a scheme that would drop a
 * period still holding exams is refused by the server with the periods named and every edit kept;
 * without that weekday it saves, and after a reload the dialog shows what was saved. On the exam
 * planner, the timetabling job runs with the smallest time limit (1 s) in the portal's worker
 * thread, its end arrives over the progress stream, the proposal is compared and accepted, and
 * after a reload the panel shows the job accepted and the exams it moved sit where it put them.
 */

type Cycle = { id: string; name: string; startDate: string; endDate: string };
type SchemeAnswer = {
  version: number;
  weekdaysWithoutExams: number[];
  datesWithoutExams: string[];
  slots: { startTime: string; durationMinutes: number }[];
  periods: { date: string; startTime: string; durationMinutes: number; exams: number }[];
};
type Job = { id: string; state: string };
type Move = { examId: string; to: { date: string; startTime: string } };

const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("-");
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The cycle's days, first to last (YYYY-MM-DD). */
function daysOf(cycle: Cycle): string[] {
  const days: string[] = [];
  for (
    let t = Date.parse(`${cycle.startDate}T00:00:00Z`);
    t <= Date.parse(`${cycle.endDate}T00:00:00Z`);
    t += 86_400_000
  ) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

async function demoCycle(page: Page): Promise<Cycle> {
  return demoExamCycle((await getJson<{ examCycles: Cycle[] }>(page, "/api/sf/exam/examCycles")).examCycles);
}

async function periodScheme(page: Page, cycleId: string): Promise<SchemeAnswer> {
  return (await getJson<{ scheme: SchemeAnswer }>(page, `/api/sf/exam/examCycles/${cycleId}/periodScheme`))
    .scheme;
}

/**
 * The slots that keep every period holding exams: their start times, each as long as 180 minutes
 * or the gap to the next start, whichever is shorter (so no slot runs into the next).
 */
function slotsKeeping(periods: SchemeAnswer["periods"]): { startTime: string; durationMinutes: number }[] {
  const starts = [...new Set(periods.filter((p) => p.exams > 0).map((p) => p.startTime))].sort();
  return starts.map((startTime, i) => {
    const next = starts[i + 1];
    const gap = next ? minutes(next) - minutes(startTime) : 180;
    return { startTime, durationMinutes: Math.min(180, gap) };
  });
}

/** Opens the Periods dialog of the dashboard's cycle and waits for its form. */
async function openPeriods(page: Page, cycle: Cycle): Promise<Locator> {
  await page.goto(`/app/exams/examDashboard?cycle=${cycle.id}`);
  await waitForIslands(page);
  await page.getByRole("button", { name: "Periods", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Exam periods of ${cycle.name}` });
  await expect(dialog.getByRole("form", { name: "Period scheme" })).toBeVisible();
  return dialog;
}

const slotRow = (dialog: Locator, n: number) => dialog.getByRole("group", { name: `Slot ${n}`, exact: true });

test.describe.configure({ mode: "serial" });

test("set the period scheme of the demo cycle: a dropped period holding exams is refused, then it saves", async ({
  browser,
  baseURL,
}) => {
  const page = await sharedSignedInPage(browser, baseURL, EXAM_OFFICE_EMAIL);
  const cycle = await demoCycle(page);
  const before = await periodScheme(page, cycle.id);
  const slots = slotsKeeping(before.periods);
  expect(slots.length, "the demo cycle's periods holding exams").toBeGreaterThan(0);
  const holding = before.periods.filter((p) => p.exams > 0);
  // A day of the cycle without any exam becomes a date without exams.
  const free = daysOf(cycle)
    .filter((date) => !holding.some((p) => p.date === date))
    .at(-1);
  const closedSunday = holding.filter((p) => new Date(`${p.date}T00:00:00Z`).getUTCDay() === 0);
  expect(closedSunday.length, "a Sunday of the demo cycle holds exams").toBeGreaterThan(0);

  const dialog = await openPeriods(page, cycle);
  const sunday = dialog.getByRole("checkbox", { name: "Sunday" });
  // Sundays are without exams unless the scheme says otherwise.
  if (before.version === 0) await expect(sunday).toBeChecked();
  await sunday.check();
  for (const [i, slot] of slots.entries()) {
    if ((await slotRow(dialog, i + 1).count()) === 0)
      await dialog.getByRole("button", { name: "Add slot" }).click();
    await slotRow(dialog, i + 1)
      .getByLabel("Start time")
      .fill(slot.startTime);
    await slotRow(dialog, i + 1)
      .getByLabel("Duration (minutes)")
      .fill(String(slot.durationMinutes));
  }
  if (free) {
    await dialog.getByRole("button", { name: "Add date" }).click();
    await dialog.getByLabel("Date without exams 1", { exact: true }).fill(free);
  }
  await dialog.getByLabel("Minimum spread (periods)").fill("2");
  await dialog.getByLabel("Minimum spread is").selectOption({ label: "A preference (penalty)" });

  // The preview names the Sunday periods holding exams; the server refuses the save likewise.
  await expect(dialog.getByText(/^These periods still hold exams and are not in this scheme/)).toContainText(
    `${ddmmyyyy(closedSunday[0]!.date)} ${closedSunday[0]!.startTime}`,
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText(/^The scheme drops periods that still hold exams: /)).toContainText(
    `${ddmmyyyy(closedSunday[0]!.date)} ${closedSunday[0]!.startTime}`,
  );
  expect((await periodScheme(page, cycle.id)).version).toBe(before.version);

  // Every edit is still there: without Sundays closed the scheme keeps every period holding exams.
  await expect(slotRow(dialog, 1).getByLabel("Start time")).toHaveValue(slots[0]!.startTime);
  await expect(dialog.getByLabel("Minimum spread (periods)")).toHaveValue("2");
  await sunday.uncheck();
  // Every day but the free one holds every slot.
  const examDays = daysOf(cycle).filter((date) => date !== free);
  const planned = examDays.flatMap((date) => slots.map((slot) => ({ date, startTime: slot.startTime })));
  const days = examDays.length;
  await expect(
    dialog.getByText(`Exam periods in this scheme: ${planned.length} · exam days: ${days}`),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Period scheme saved. Exam periods: ${planned.length}` }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Stored, with the cycle's periods made from it.
  const saved = await periodScheme(page, cycle.id);
  expect(saved.version).toBe(before.version + 1);
  expect(saved.weekdaysWithoutExams).toEqual([]);
  expect(saved.slots).toEqual(slots);
  expect(saved.periods.map((p) => `${p.date} ${p.startTime}`)).toEqual(
    planned.map((p) => `${p.date} ${p.startTime}`),
  );

  // The page loaded anew, the dialog reads what was saved.
  const again = await openPeriods(page, cycle);
  await expect(again.getByRole("checkbox", { name: "Sunday" })).not.toBeChecked();
  for (const [i, slot] of slots.entries()) {
    await expect(slotRow(again, i + 1).getByLabel("Start time")).toHaveValue(slot.startTime);
    await expect(slotRow(again, i + 1).getByLabel("Duration (minutes)")).toHaveValue(
      String(slot.durationMinutes),
    );
  }
  if (free) await expect(again.getByLabel("Date without exams 1", { exact: true })).toHaveValue(free);
  await expect(again.getByLabel("Minimum spread (periods)")).toHaveValue("2");
  await expect(again.getByLabel("Minimum spread is")).toHaveValue("soft");
  await expect(
    again.getByText(`Exam periods in this scheme: ${planned.length} · exam days: ${days}`),
  ).toBeVisible();
  await again.getByRole("button", { name: "Cancel" }).click();
  await expect(again).toBeHidden();
});

test("improve the demo cycle's timetable in the background, compare the proposal and accept it", async ({
  browser,
  baseURL,
}) => {
  const page = await sharedSignedInPage(browser, baseURL, EXAM_OFFICE_EMAIL);
  const cycle = await demoCycle(page);
  await page.goto("/app/exam/examPlanner");
  await waitForIslands(page);
  const panel = page.getByRole("region", { name: "Improve timetable" });
  await panel.getByLabel("Exam cycle").selectOption(cycle.id);

  // The smallest time limit the API takes (1 s) and a fixed seed.
  await panel.getByLabel("Time limit (seconds)").fill("1");
  await panel.getByLabel("Seed (optional)").fill("7");
  await panel.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Timetabling job started" })).toBeVisible();

  // The worker thread runs the job; its end reaches the panel over the progress stream.
  await expect(panel.getByText(/^State: (Running|Done)$/)).toBeVisible();
  await expect(panel.getByText("State: Done", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole("heading", { name: "Proposal" })).toBeVisible();
  await expect(panel.getByText(/^Penalty before: [\d,.]+, after: [\d,.]+$/)).toBeVisible();
  await expectNoAxeViolations(page);

  // What the proposal moves, as the API compares it, is what the panel lists.
  const { job } = await getJson<{ job: Job }>(page, `/api/sf/exam/timetablingJobs?examCycleId=${cycle.id}`);
  expect(job.state).toBe("done");
  const { moves } = await getJson<{ moves: Move[] }>(
    page,
    `/api/sf/exam/timetablingJobs/${job.id}/comparison`,
  );
  if (moves.length === 0) await expect(panel.getByText("The proposal moves no exam")).toBeVisible();
  else
    await expect(panel.getByRole("table", { name: "Exams moved" }).getByRole("row")).toHaveCount(
      moves.length + 1,
    );

  await panel.getByRole("button", { name: "Accept" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Proposal accepted: the exams were moved" }),
  ).toBeVisible();
  await expect(panel.getByText("State: Accepted", { exact: true })).toBeVisible();

  // After a reload the planner shows the cycle's job accepted, without a proposal to act on, and
  // the exams it moved sit in the periods it chose.
  await page.reload();
  await waitForIslands(page);
  const reloaded = page.getByRole("region", { name: "Improve timetable" });
  await reloaded.getByLabel("Exam cycle").selectOption(cycle.id);
  await expect(reloaded.getByText("State: Accepted", { exact: true })).toBeVisible();
  await expect(reloaded.getByRole("button", { name: "Accept" })).toHaveCount(0);
  for (const move of moves) {
    const { exam } = await getJson<{ exam: { dateOfExam: string; startTimeOfExam: string } }>(
      page,
      `/api/sf/exam/getExamSetupSPJ/${move.examId}`,
    );
    expect(`${exam.dateOfExam} ${exam.startTimeOfExam}`).toBe(`${move.to.date} ${move.to.startTime}`);
  }
});

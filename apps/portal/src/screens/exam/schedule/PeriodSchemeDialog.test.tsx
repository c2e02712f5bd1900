import type { PeriodScheme, PeriodSchemeSave } from "@portal/api-client";
import { DEFAULT_TIMETABLING_RULES } from "@portal/domain";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import ExamDashboard from "./ExamDashboard.tsx";
import {
  CYCLE_NOV,
  examApi,
  json,
  makeClashReport,
  makeDashboard,
  ROW_FIN,
  ROW_MKT,
} from "./test-support.tsx";

beforeEach(() => {
  signedIn();
  // jsdom has no CSS.escape, which the dialog's focus trap calls when an element it watches goes
  // (here: the dialog closing with Cancel while a field of it has focus).
  if (typeof CSS === "undefined" || !CSS.escape) {
    vi.stubGlobal("CSS", { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
  }
});
afterEach(resetScreen);

/** The Nov cycle's stored scheme: Sundays without exams, one morning slot. */
function storedScheme(overrides: Partial<PeriodScheme> = {}): PeriodScheme {
  return {
    examCycleId: CYCLE_NOV.id,
    examCycle: CYCLE_NOV.name,
    startDate: CYCLE_NOV.startDate,
    endDate: CYCLE_NOV.endDate,
    weekdaysWithoutExams: [7],
    datesWithoutExams: [],
    slots: [{ startTime: "10:00", durationMinutes: 180 }],
    rules: DEFAULT_TIMETABLING_RULES,
    version: 1,
    periods: [],
    ...overrides,
  };
}

/**
 * The dashboard's fake API with a period scheme kept in memory: PUT checks the version (409
 * version_conflict when stale) and stores the body unless `refuse` answers first.
 */
function schemeApi(
  initial: PeriodScheme,
  refuse?: (body: PeriodSchemeSave, call: number) => Response | undefined,
) {
  let stored = initial;
  const saves: PeriodSchemeSave[] = [];
  const path = `/api/sf/exam/examCycles/${CYCLE_NOV.id}/periodScheme`;
  const api = examApi({
    rows: [ROW_FIN, ROW_MKT],
    extra: {
      "GET /api/sf/exam/examDashboard": () => json(200, makeDashboard(CYCLE_NOV)),
      "GET /api/sf/exam/clashReport": () => json(200, makeClashReport(CYCLE_NOV)),
      // The pair selects ask for All (count 0) of the cycle's exams.
      "GET /api/salesforce/TimeTable": () =>
        json(200, { success: true, noOfRecords: 2, timetable: [ROW_FIN, ROW_MKT] }),
      [`GET ${path}`]: () => json(200, { success: true, scheme: stored }),
      [`PUT ${path}`]: (_request, body) => {
        const save = body as PeriodSchemeSave;
        saves.push(save);
        const refused = refuse?.(save, saves.length);
        if (refused) return refused;
        if (save.version !== stored.version) {
          return json(409, {
            success: false,
            errorMessage: "The period scheme was changed by someone else since it was read",
            errorCode: "version_conflict",
            field: "version",
          });
        }
        const { version: _, ...scheme } = save;
        stored = { ...stored, ...scheme, version: stored.version + 1 };
        return json(200, { success: true, scheme: stored });
      },
    },
  });
  return {
    ...api,
    saves,
    /** Someone else saves meanwhile: the version read goes stale. */
    bump: () => {
      stored = { ...stored, version: stored.version + 1 };
    },
  };
}

async function openPeriods(fetch: (request: Request) => Promise<Response>) {
  render(<ExamDashboard locale="en" search={`?cycle=${CYCLE_NOV.id}`} fetch={fetch} navigate={vi.fn()} />);
  const open = await screen.findByRole("button", { name: "Periods" });
  await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(open);
  const dialog = await screen.findByRole("dialog", { name: `Exam periods of ${CYCLE_NOV.name}` });
  return within(dialog);
}

const slotGroup = (dialog: ReturnType<typeof within>, n: number) =>
  within(dialog.getByRole("group", { name: `Slot ${n}` }));

describe("Periods dialog of the exam dashboard", { timeout: 30_000 }, () => {
  it("loads the cycle's scheme, previews its periods and saves the edits at the version read", async () => {
    const { fetch, saves } = schemeApi(storedScheme());
    const dialog = await openPeriods(fetch);
    // Nov 16 to 28, Sunday the 22nd without exams: 12 days, one slot each.
    expect(await dialog.findByText("Exam periods in this scheme: 12 · exam days: 12")).toBeTruthy();
    expect((dialog.getByRole("checkbox", { name: "Sunday" }) as HTMLInputElement).checked).toBe(true);
    expect((slotGroup(dialog, 1).getByLabelText(/^Start time/) as HTMLInputElement).value).toBe("10:00");

    // A second slot (its length copied from the first), Saturdays off, a holiday, seats, a pair.
    fireEvent.click(dialog.getByRole("button", { name: "Add slot" }));
    fireEvent.change(slotGroup(dialog, 2).getByLabelText(/^Start time/), { target: { value: "14:30" } });
    expect((slotGroup(dialog, 2).getByLabelText(/^Duration/) as HTMLInputElement).value).toBe("180");
    fireEvent.click(dialog.getByRole("checkbox", { name: "Saturday" }));
    fireEvent.click(dialog.getByRole("button", { name: "Add date" }));
    fireEvent.change(dialog.getByLabelText("Date without exams 1"), { target: { value: "2026-11-20" } });
    fireEvent.change(dialog.getByLabelText("Seats per period"), { target: { value: "400" } });
    fireEvent.click(dialog.getByRole("checkbox", { name: "One exam per student per day" }));
    fireEvent.change(dialog.getByLabelText("Minimum spread (periods)"), { target: { value: "2" } });
    fireEvent.change(dialog.getByLabelText("Minimum spread is"), { target: { value: "hard" } });
    const addTogether = await dialog.findByRole("button", {
      name: "Add pair: Exams that must share a period",
    });
    await waitFor(() => expect((addTogether as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(addTogether);
    const together = within(dialog.getByRole("group", { name: "Exams that must share a period" }));
    const pair = within(together.getByRole("group", { name: "Pair 1" }));
    fireEvent.change(pair.getByLabelText("First exam"), { target: { value: ROW_FIN.id } });
    fireEvent.change(pair.getByLabelText("Second exam"), { target: { value: ROW_MKT.id } });
    // 13 days less the 20th, the Saturdays 21st and 28th and Sunday the 22nd: 9 days of two slots.
    expect(await dialog.findByText("Exam periods in this scheme: 18 · exam days: 9")).toBeTruthy();
    await expectNoAxeViolations(document.body);

    fireEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      weekdaysWithoutExams: [6, 7],
      datesWithoutExams: ["2026-11-20"],
      slots: [
        { startTime: "10:00", durationMinutes: 180 },
        { startTime: "14:30", durationMinutes: 180 },
      ],
      rules: {
        oneExamPerDay: true,
        minSpreadPeriods: 2,
        spreadIsHard: true,
        togetherPairs: [[ROW_FIN.id, ROW_MKT.id]],
        apartPairs: [],
        seatsPerPeriod: 400,
        invigilatorsPerPeriod: null,
      },
      version: 1,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // Opened again, the dialog shows what was saved.
    fireEvent.click(screen.getByRole("button", { name: "Periods" }));
    const again = within(await screen.findByRole("dialog"));
    expect(((await again.findByLabelText("Seats per period")) as HTMLInputElement).value).toBe("400");
    expect((again.getByLabelText("Date without exams 1") as HTMLInputElement).value).toBe("2026-11-20");
    expect((slotGroup(again, 2).getByLabelText(/^Start time/) as HTMLInputElement).value).toBe("14:30");
  });

  it("keeps every edit when the server refuses the save: periods still holding exams, then a stale version", async () => {
    const holding =
      "The scheme drops periods that still hold exams: 22-11-2026 10:00 (2 exams). Move their exams first or keep these periods.";
    const { fetch, saves, bump } = schemeApi(
      storedScheme({
        weekdaysWithoutExams: [],
        periods: [{ id: "p1", date: "2026-11-22", startTime: "10:00", durationMinutes: 180, exams: 2 }],
      }),
      (_body, call) =>
        call === 1
          ? json(409, {
              success: false,
              errorMessage: holding,
              errorCode: "periods_hold_exams",
              field: "slots",
              rule: "period_holds_exams",
            })
          : undefined,
    );
    const dialog = await openPeriods(fetch);
    expect(await dialog.findByText("Exam periods in this scheme: 13 · exam days: 13")).toBeTruthy();

    // Sundays off would drop the 22nd's period, which holds two exams: the preview says so first.
    fireEvent.click(dialog.getByRole("checkbox", { name: "Sunday" }));
    fireEvent.change(dialog.getByLabelText("Invigilators per period"), { target: { value: "12" } });
    expect(
      await dialog.findByText(
        "These periods still hold exams and are not in this scheme, so saving it would be refused: 22-11-2026 10:00 (exams: 2)",
      ),
    ).toBeTruthy();

    // The server's refusal names the periods at the slots; the dialog stays with the edits.
    fireEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText(holding)).toBeTruthy();
    expect(saves[0]?.weekdaysWithoutExams).toEqual([7]);
    expect((dialog.getByRole("checkbox", { name: "Sunday" }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByLabelText("Invigilators per period") as HTMLInputElement).value).toBe("12");

    // Sundays back on; meanwhile someone else saved: the stale version offers Reload, edits kept.
    fireEvent.click(dialog.getByRole("checkbox", { name: "Sunday" }));
    bump();
    fireEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText(/This record was changed by someone else/)).toBeTruthy();
    expect(saves[1]?.version).toBe(1);
    fireEvent.click(dialog.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(dialog.queryByText(/This record was changed by someone else/)).toBeNull());
    expect((dialog.getByLabelText("Invigilators per period") as HTMLInputElement).value).toBe("12");

    // Saved again over the version reloaded, with what was typed.
    fireEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saves).toHaveLength(3));
    expect(saves[2]).toMatchObject({
      weekdaysWithoutExams: [],
      rules: { invigilatorsPerPeriod: 12 },
      version: 2,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the scheme's rules at the fields and sends nothing while they fail", async () => {
    const { fetch, saves } = schemeApi(storedScheme());
    const dialog = await openPeriods(fetch);
    await dialog.findByText("Exam periods in this scheme: 12 · exam days: 12");

    fireEvent.click(dialog.getByRole("button", { name: "Add slot" }));
    fireEvent.change(slotGroup(dialog, 2).getByLabelText(/^Start time/), { target: { value: "11:00" } });
    fireEvent.change(slotGroup(dialog, 1).getByLabelText(/^Duration/), { target: { value: "three hours" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await slotGroup(dialog, 1).findByText("Duration must be a number of minutes")).toBeTruthy();
    expect(
      dialog.getByText("Correct the marked fields to see the exam periods this scheme makes."),
    ).toBeTruthy();

    // Fixed, the two slots overlap: the scheme's own rule, at the later slot.
    fireEvent.change(slotGroup(dialog, 1).getByLabelText(/^Duration/), { target: { value: "180" } });
    expect(
      await slotGroup(dialog, 2).findByText("The slot at 10:00 runs into the slot at 11:00"),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(slotGroup(dialog, 2).getByText("The slot at 10:00 runs into the slot at 11:00")).toBeTruthy();

    // Cancel closes the dialog; no save was ever sent.
    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(saves).toEqual([]);
  });
});

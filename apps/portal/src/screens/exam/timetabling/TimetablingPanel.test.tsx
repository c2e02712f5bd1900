import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import { makeRow } from "../schedule/test-support.tsx";
import TimetablingIsland from "./TimetablingPanel.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const CYCLE = "c0000000-0000-4000-8000-000000000001";
const JOB = "j0000000-0000-4000-8000-000000000001";
const CYCLES = {
  success: true,
  examCycles: [
    {
      id: CYCLE,
      name: "Nov 2026 End Term",
      examType: "EndTerm",
      startDate: "2026-11-16",
      endDate: "2026-11-28",
    },
  ],
  defaultExamCycleId: CYCLE,
};

function job(state: string, progress: Partial<Record<string, number | boolean>> = {}) {
  return {
    id: JOB,
    examCycleId: CYCLE,
    state,
    timeLimitSeconds: 60,
    seed: 1,
    maxIterations: null,
    iteration: 0,
    elapsed: 0,
    startPenalty: 0,
    penalty: 4704,
    bestPenalty: 4704,
    exams: 40,
    repaired: false,
    message: null,
    startedBy: "exams@university.example",
    startedAt: "2026-11-02T04:30:00.000Z",
    finishedAt: null,
    ...progress,
  };
}

/** An EventSource the test drives: `emit` delivers one event of the job stream. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  emit(data: unknown) {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

describe("Improve timetable panel", { timeout: 30_000 }, () => {
  it("follows a running job's penalty, shows the proposal when it stops and accepts it", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    let latest = job("running");
    const { fetch, calls } = fakeApi({
      "GET /api/sf/exam/examCycles": () => json(200, CYCLES),
      "GET /api/salesforce/TimeTable": () => json(200, { success: true, timetable: [], noOfRecords: 0 }),
      "GET /api/sf/exam/timetablingJobs": () => json(200, { success: true, job: latest }),
      [`GET /api/sf/exam/timetablingJobs/${JOB}/comparison`]: () =>
        json(200, {
          success: true,
          jobId: JOB,
          examCycleId: CYCLE,
          penaltyBefore: 4704,
          penaltyAfter: 3120,
          studentsAffected: 12,
          moves: [
            {
              examId: "e0000000-0000-4000-8000-000000000001",
              course: "Corporate Finance",
              courseCode: "FIN501",
              section: "A",
              component: "End Term Exam",
              students: 6,
              from: { examPeriodId: "p1", date: "2026-11-16", startTime: "09:00" },
              to: { examPeriodId: "p2", date: "2026-11-18", startTime: "13:00" },
            },
          ],
        }),
      [`POST /api/sf/exam/timetablingJobs/${JOB}/accept`]: () => {
        latest = job("accepted", { penalty: 3120, bestPenalty: 3120 });
        return json(200, { success: true, job: latest, moved: 1 });
      },
    });
    const { container } = render(<TimetablingIsland locale="en" search="" fetch={fetch} />);
    expect(await screen.findByText("State: Running")).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.last?.url).toBe(`/api/sf/exam/timetablingJobs/${JOB}/events`));
    FakeEventSource.last?.emit(
      job("running", { iteration: 20480, elapsed: 1500, penalty: 3500, bestPenalty: 3300 }),
    );
    expect(await screen.findByText("Penalty: 3,500 (best so far: 3,300)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();

    latest = job("stopped", {
      iteration: 30000,
      penalty: 3120,
      bestPenalty: 3120,
      startPenalty: 4704,
      repaired: true,
    });
    FakeEventSource.last?.emit(latest);
    expect(await screen.findByText("Penalty before: 4,704, after: 3,120")).toBeTruthy();
    expect(screen.getByText(/this run started from a new timetable that keeps every rule/)).toBeTruthy();
    expect(FakeEventSource.last?.closed).toBe(true);
    expect(screen.getByText("Students affected: 12")).toBeTruthy();
    expect(screen.getByText("18-11-2026 13:00")).toBeTruthy();
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Proposal accepted: the exams were moved")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.path.endsWith(`${JOB}/accept`))).toBe(true);
    expect(await screen.findByText("State: Accepted")).toBeTruthy();
  });

  it("checks the time limit as the server does and keeps what was typed when a start is refused", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/sf/exam/examCycles": () => json(200, CYCLES),
      "GET /api/salesforce/TimeTable": () => json(200, { success: true, timetable: [], noOfRecords: 0 }),
      "GET /api/sf/exam/timetablingJobs": () => json(200, { success: true, job: null }),
      "POST /api/sf/exam/timetablingJobs": () =>
        json(409, {
          success: false,
          errorCode: "job_running",
          field: "examCycleId",
          errorMessage:
            "A timetabling job is already running for this exam cycle. Stop it or wait until it ends before starting another.",
        }),
    });
    render(<TimetablingIsland locale="en" search="" fetch={fetch} />);
    expect(await screen.findByText("No timetabling job has run for this exam cycle")).toBeTruthy();
    const limit = screen.getByLabelText(/Time limit/) as HTMLInputElement;
    fireEvent.change(limit, { target: { value: "500" } });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Start" })).toHaveProperty("disabled", false),
    );
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    expect(await screen.findByText("Enter a time limit from 1 to 300 seconds")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(limit, { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    expect(
      await screen.findByText(
        "A timetabling job is already running for this exam cycle. Stop it or wait until it ends before starting another.",
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      examCycleId: CYCLE,
      timeLimitSeconds: 30,
    });
    expect(limit.value).toBe("30");
  });

  it("lists the cycle's exams with a lock each and locks one with the version it read", async () => {
    let row = makeRow({ examCycleId: CYCLE, version: 3, locked: false });
    const { fetch, calls } = fakeApi({
      "GET /api/sf/exam/examCycles": () => json(200, CYCLES),
      "GET /api/sf/exam/timetablingJobs": () => json(200, { success: true, job: null }),
      "GET /api/salesforce/TimeTable": (request) =>
        new URL(request.url).searchParams.get("examCycleId") === CYCLE
          ? json(200, { success: true, timetable: [row], noOfRecords: 1 })
          : json(200, { success: true, timetable: [], noOfRecords: 0 }),
      [`PUT /api/sf/exam/exams/${row.id}/lock`]: (_request, body) => {
        const { locked, version } = body as { locked: boolean; version: number };
        if (version !== row.version) {
          return json(409, { success: false, errorCode: "version_conflict", errorMessage: "stale" });
        }
        row = { ...row, locked, version: row.version + 1 };
        return json(200, { success: true, exam: { id: row.id, locked, version: row.version } });
      },
    });
    const { container } = render(<TimetablingIsland locale="en" search="" fetch={fetch} />);
    const lock = (await screen.findByRole("checkbox", {
      name: "Lock FIN101 Financial Accounting A (End Term Exam)",
    })) as HTMLInputElement;
    expect(lock.checked).toBe(false);
    expect(screen.getByText("24-11-2026 10:00")).toBeTruthy();
    await expectNoAxeViolations(container);

    fireEvent.click(lock);
    expect(
      await screen.findByText("FIN101 Financial Accounting A (End Term Exam) stays in its period"),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ locked: true, version: 3 });
    // The list is read again: the box shows the stored lock, and a second change sends the new version.
    await waitFor(() => expect(lock.checked).toBe(true));
    fireEvent.click(lock);
    expect(
      await screen.findByText("FIN101 Financial Accounting A (End Term Exam) may be moved again"),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT").at(-1)?.body).toEqual({ locked: false, version: 4 });
    await waitFor(() => expect(lock.checked).toBe(false));
  });
});

import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries, TEST_CONFIG } from "../../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import SeatingPlan, { seatingPlanFirstQuery } from "./SeatingPlan.tsx";
import { EXAM_ID, json, ROOM_B, STUDENT_2, seatingApi } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

function renderPlan(fetch: (request: Request) => Promise<Response>, examId = EXAM_ID) {
  return render(
    <SeatingPlan
      locale="en"
      examId={examId}
      search=""
      backHref="/app/exams/seatingPlan"
      fetch={fetch}
      navigate={vi.fn()}
    />,
  );
}

const saves = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/api/salesforce/seatingPlan/save");
const loads = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.path === "/api/salesforce/seatingPlan/retrieve");

async function arrangement() {
  return screen.findByRole("table", { name: "Seating arrangement" });
}

async function moveRavi(room: string, seat: string) {
  const table = await arrangement();
  fireEvent.click(within(table).getByRole("button", { name: "Edit the seat of Ravi Kumar" }));
  fireEvent.change(screen.getByLabelText("Room, Ravi Kumar"), { target: { value: room } });
  fireEvent.change(screen.getByLabelText("Seat number, Ravi Kumar"), { target: { value: seat } });
  fireEvent.click(screen.getByRole("button", { name: "Done with the seat of Ravi Kumar" }));
}

describe("SeatingPlan", () => {
  it("renders the arrangement from the page's first query and asks nothing on mount", async () => {
    const { fetch, calls } = seatingApi();
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/exam/seatingPlan/${EXAM_ID}`,
      seatingPlanFirstQuery(EXAM_ID),
    );
    expect(loads(calls)).toHaveLength(1);
    calls.length = 0;
    render(
      <SeatingPlan
        locale="en"
        config={TEST_CONFIG}
        signedIn
        firstQueries={firstQueries}
        examId={EXAM_ID}
        search=""
        backHref="/app/exams/seatingPlan"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const table = screen.getByRole("table", { name: "Seating arrangement" });
    expect(within(table).getByRole("row", { name: /Asha Rao/ })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the exam, rooms, sections and the arrangement with the spec's columns", async () => {
    const { fetch } = seatingApi();
    const { container } = renderPlan(fetch);
    const table = await arrangement();
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Student code", "Student name", "Course", "Section", "Room", "Seat", "Edit"]);
    const asha = within(table).getByRole("row", { name: /Asha Rao/ });
    expect(within(asha).getByText("Hall A")).toBeTruthy();
    const ravi = within(table).getByRole("row", { name: /Ravi Kumar/ });
    expect(within(ravi).getByText("Not seated")).toBeTruthy();
    expect(within(ravi).getAllByText("NA")).toHaveLength(2);
    expect(screen.getByText("24-11-2026")).toBeTruthy();
    expect(screen.getByText("1 of 2 students seated, 1 not seated")).toBeTruthy();
    const rooms = screen.getByRole("table", { name: "Rooms available" });
    expect(within(rooms).getByRole("row", { name: /Hall B/ }).textContent).toContain("HB");
    expect(screen.getByRole("link", { name: "Download seating plan (CSV)" }).getAttribute("href")).toBe(
      `/api/salesforce/seatingPlan/document?examId=${EXAM_ID}`,
    );
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    await expectNoAxeViolations(container);
  });

  it("marks an exam that needs rooms of its own in the sections, and only such an exam", async () => {
    const plain = renderPlan(seatingApi().fetch);
    const sections = await screen.findByRole("table", { name: "Sections of the period" });
    expect(within(sections).queryByText("Room of its own")).toBeNull();
    plain.unmount();
    const { container } = renderPlan(seatingApi({ roomExclusive: true }).fetch);
    const marked = await screen.findByRole("table", { name: "Sections of the period" });
    expect(within(marked).getByText("Room of its own")).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("moves a student with Edit and Done, saves the move, shows the message and the reloaded seat", async () => {
    const { fetch, calls } = seatingApi();
    renderPlan(fetch);
    await moveRavi(ROOM_B, "2");
    const table = await arrangement();
    const ravi = within(table).getByRole("row", { name: /Ravi Kumar/ });
    expect(within(ravi).getByText("not saved")).toBeTruthy();
    expect(screen.getByText("1 unsaved seat change")).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);
    const before = loads(calls).length;
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Seating plan saved")).toBeTruthy();
    expect(saves(calls)[0]?.body).toEqual({
      examId: EXAM_ID,
      seats: [{ studentId: STUDENT_2, roomId: ROOM_B, seatNumber: 2 }],
      version: 1,
    });
    await waitFor(() => expect(loads(calls).length).toBeGreaterThan(before));
    await waitFor(() => {
      const row = within(screen.getByRole("table", { name: "Seating arrangement" })).getByRole("row", {
        name: /Ravi Kumar/,
      });
      expect(within(row).getByText("Hall B")).toBeTruthy();
      expect(within(row).queryByText("not saved")).toBeNull();
    });
  });

  it("refuses a seat outside the room without a call, and Revert restores the row", async () => {
    const { fetch, calls } = seatingApi();
    renderPlan(fetch);
    await moveRavi(ROOM_B, "3");
    expect(await screen.findByText("Enter a seat number from 1 to 2")).toBeTruthy();
    expect(screen.getByLabelText("Seat number, Ravi Kumar").getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Revert the seat of Ravi Kumar" }));
    const ravi = within(await arrangement()).getByRole("row", { name: /Ravi Kumar/ });
    expect(within(ravi).getByText("Not seated")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    expect(saves(calls)).toHaveLength(0);
  });

  it("shows 'Failed to add. Please try again.' with the reason when the save is refused, and keeps the move", async () => {
    const { fetch, seats, calls } = seatingApi();
    renderPlan(fetch);
    // Asha holds Hall A seat 1: moving Ravi there is refused (seat_taken).
    await moveRavi(seats[0]?.roomId ?? "", "1");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to add. Please try again.");
    expect(alert.textContent).toContain("Ravi Kumar: Seat 1 of Hall A is taken by Asha Rao");
    const ravi = within(await arrangement()).getByRole("row", { name: /Ravi Kumar/ });
    expect(within(ravi).getByText("not saved")).toBeTruthy();
    expect(within(ravi).getByText("Hall A")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false);
    expect(seats[1]?.roomId).toBeNull();
    expect(saves(calls)).toHaveLength(1);

    // The row left edit mode but the move is kept: Edit reopens it, Revert drops it.
    const edit = within(ravi).getByRole("button", { name: "Edit the seat of Ravi Kumar" });
    expect(edit.getAttribute("aria-describedby")).toBe(within(ravi).getByText("not saved").id);
    fireEvent.click(edit);
    expect((screen.getByLabelText("Room, Ravi Kumar") as HTMLSelectElement).value).toBe(seats[0]?.roomId);
    expect((screen.getByLabelText("Seat number, Ravi Kumar") as HTMLInputElement).value).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "Revert the seat of Ravi Kumar" }));
    const restored = within(await arrangement()).getByRole("row", { name: /Ravi Kumar/ });
    expect(within(restored).getByText("Not seated")).toBeTruthy();
    expect(within(restored).queryByText("not saved")).toBeNull();
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    expect(saves(calls)).toHaveLength(1);
  });

  it("generates the plan: the server's message as a toast and the seats reloaded", async () => {
    const { fetch, calls } = seatingApi();
    renderPlan(fetch);
    await arrangement();
    fireEvent.click(screen.getByRole("button", { name: "Generate" }));
    expect(await screen.findByText("Seating plan generated: 2 students seated in 1 room")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/salesforce/seatingPlan/generate")?.body).toEqual({
      examId: EXAM_ID,
    });
    await screen.findByText("2 of 2 students seated, 0 not seated");
  });

  it("shows a refused generation as an error toast", async () => {
    const { fetch } = seatingApi({
      extra: {
        "POST /api/salesforce/seatingPlan/generate": () =>
          json(409, {
            success: false,
            errorMessage: "The rooms available seat 5 of 7 students (campus Mumbai)",
            errorCode: "insufficient_capacity",
          }),
      },
    });
    renderPlan(fetch);
    await arrangement();
    fireEvent.click(screen.getByRole("button", { name: "Generate" }));
    expect(await screen.findByText("The rooms available seat 5 of 7 students (campus Mumbai)")).toBeTruthy();
  });

  it("shows a loader while loading and the error with Try again for an unknown exam", async () => {
    const { fetch } = seatingApi({
      extra: {
        "GET /api/salesforce/seatingPlan/retrieve": () =>
          json(404, {
            success: false,
            errorMessage: "No such exam",
            errorCode: "not_found",
            field: "examId",
          }),
      },
    });
    renderPlan(fetch);
    expect(screen.getByRole("status")).toBeTruthy();
    expect(await screen.findByText("An error occurred: No such exam")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("SeatingPlan on a version conflict", () => {
  it("keeps the moves, shows the record-changed message with Reload, and Save after Reload sends the new version", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetch, calls, seats, versions } = seatingApi();
    const { container } = renderPlan(fetch);
    await moveRavi(ROOM_B, "2");
    // Someone else saved the period's seats meanwhile (Asha moved to Hall B seat 1).
    versions.plan = 2;
    const asha = seats[0];
    if (asha) Object.assign(asha, { roomId: ROOM_B, seat: 1 });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const notice = await screen.findByText(/This record was changed by someone else/);
    expect(notice.closest("[role=alert]")).toBeTruthy();
    let ravi = within(await arrangement()).getByRole("row", { name: /Ravi Kumar/ });
    expect(within(ravi).getByText("not saved")).toBeTruthy();
    expect(within(ravi).getByText("Hall B")).toBeTruthy();
    expect(seats[1]?.roomId).toBeNull();
    await expectNoAxeViolations(container);

    const before = loads(calls).length;
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    // The fresh plan (Asha in Hall B) has rendered; the move is still kept.
    await waitFor(() => {
      const row = within(screen.getByRole("table", { name: "Seating arrangement" })).getByRole("row", {
        name: /Asha Rao/,
      });
      expect(within(row).getByText("Hall B")).toBeTruthy();
    });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Reload" })).toBeNull());
    expect(loads(calls).length).toBeGreaterThan(before);
    ravi = within(await arrangement()).getByRole("row", { name: /Ravi Kumar/ });
    expect(within(ravi).getByText("not saved")).toBeTruthy();
    expect(screen.getByText("1 unsaved seat change")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Seating plan saved")).toBeTruthy();
    expect(saves(calls).map((c) => c.body)).toEqual([
      { examId: EXAM_ID, seats: [{ studentId: STUDENT_2, roomId: ROOM_B, seatNumber: 2 }], version: 1 },
      { examId: EXAM_ID, seats: [{ studentId: STUDENT_2, roomId: ROOM_B, seatNumber: 2 }], version: 2 },
    ]);
    expect(seats[1]).toMatchObject({ roomId: ROOM_B, seat: 2 });
    quiet.mockRestore();
  });
});

import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries, TEST_CONFIG } from "../../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import InvigilationAssignment, { invigilationAssignmentFirstQuery } from "./InvigilationAssignment.tsx";
import { EXAM_ID, FACULTY_1, FACULTY_2, seatingApi } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

function renderPage(fetch: (request: Request) => Promise<Response>, examId = EXAM_ID) {
  return render(<InvigilationAssignment locale="en" examId={examId} fetch={fetch} navigate={vi.fn()} />);
}

const patches = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "PATCH" && c.path === "/api/sf/exam/update/invigilation");

async function facultyTable() {
  return screen.findByRole("table", { name: "Invigilators" });
}

async function assign(name: string, room: string) {
  const table = await facultyTable();
  fireEvent.click(within(table).getByRole("button", { name: `Edit the assignment of ${name}` }));
  fireEvent.change(screen.getByLabelText(`Assign to, ${name}`), { target: { value: room } });
  fireEvent.click(screen.getByRole("button", { name: `Done with the assignment of ${name}` }));
}

describe("InvigilationAssignment", () => {
  it("renders the exam's faculty from the page's first query and asks nothing on mount", async () => {
    const { fetch, calls } = seatingApi();
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/exams/invigilationProctoring/${EXAM_ID}`,
      invigilationAssignmentFirstQuery(EXAM_ID),
    );
    expect(calls.map((c) => c.path)).toEqual([`/api/sf/exam/invigilatorList/${EXAM_ID}`]);
    calls.length = 0;
    render(
      <InvigilationAssignment
        locale="en"
        config={TEST_CONFIG}
        signedIn
        firstQueries={firstQueries}
        examId={EXAM_ID}
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    expect(screen.getByRole("table", { name: "Invigilators" })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the spec's columns, 'Not Assigned' for an empty assignment, Back and a disabled Save", async () => {
    const { fetch } = seatingApi();
    const { container } = renderPage(fetch);
    const table = await facultyTable();
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Invigilator name", "Faculty email", "Room allotment", "Assign to", "Edit"]);
    const meera = within(table).getByRole("row", { name: /Meera Iyer/ });
    expect(within(meera).getAllByText("Not Assigned")).toHaveLength(2);
    expect(within(meera).getByText("meera@faculty.example")).toBeTruthy();
    expect(within(meera).getByText("Teaches: Financial Accounting")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe(
      "/app/exam/invigilationProctoring",
    );
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    const rooms = screen.getByRole("table", { name: "Rooms of the exam" });
    expect(within(rooms).getByRole("row", { name: /Hall A/ })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("shows 'No Record' when there is no faculty member", async () => {
    const { fetch } = seatingApi({ noFaculty: true });
    renderPage(fetch);
    const table = await facultyTable();
    expect(within(table).getByText("No Record")).toBeTruthy();
  });

  it("assigns a room with Done, saves the changed row with the mail choice, toasts and reloads Assigned", async () => {
    const { fetch, calls } = seatingApi();
    renderPage(fetch);
    await assign("Meera Iyer", "Hall A");
    const meera = within(await facultyTable()).getByRole("row", { name: /Meera Iyer/ });
    expect(within(meera).getByText("not saved")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Send notification mail" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Invigilation saved")).toBeTruthy();
    expect(patches(calls)[0]?.body).toEqual([
      {
        facultyId: FACULTY_1,
        examId: EXAM_ID,
        roomNo: "Hall A",
        facEmail: "meera@faculty.example",
        subject: "Financial Accounting",
        isAllocated: "Assigned",
        sendEmail: true,
        version: 0,
      },
    ]);
    await waitFor(() => {
      const row = within(screen.getByRole("table", { name: "Invigilators" })).getByRole("row", {
        name: /Meera Iyer/,
      });
      expect(within(row).getByText("Assigned")).toBeTruthy();
      expect(within(row).getByText("Hall A")).toBeTruthy();
    });
  });

  it("removes an assignment with Not Assigned, and Revert restores a row without a call", async () => {
    const { fetch, calls, faculty } = seatingApi();
    const meera = faculty.find((f) => f.id === FACULTY_1);
    if (meera) meera.room = "Hall B";
    renderPage(fetch);
    const table = await facultyTable();
    fireEvent.click(within(table).getByRole("button", { name: "Edit the assignment of Meera Iyer" }));
    fireEvent.change(screen.getByLabelText("Assign to, Meera Iyer"), { target: { value: "Hall A" } });
    fireEvent.click(screen.getByRole("button", { name: "Revert the assignment of Meera Iyer" }));
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    await assign("Meera Iyer", "");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Invigilation saved");
    expect(patches(calls)).toHaveLength(1);
    expect(patches(calls)[0]?.body).toMatchObject([
      { facultyId: FACULTY_1, isAllocated: "Not Assigned", roomNo: "", sendEmail: false },
    ]);
    expect(meera?.room).toBeNull();
  });

  it("alerts 'Failed to add. Please try again.' with the double booking reason and keeps the change", async () => {
    const { fetch, faculty, calls } = seatingApi();
    renderPage(fetch);
    await assign("Busy Bose", "Hall B");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to add. Please try again.");
    expect(alert.textContent).toContain("Busy Bose: Busy Bose invigilates Hall C at the same time");
    const busy = within(await facultyTable()).getByRole("row", { name: /Busy Bose/ });
    expect(within(busy).getByText("not saved")).toBeTruthy();
    expect(within(busy).getByText("Hall B")).toBeTruthy();
    expect(faculty.find((f) => f.id === FACULTY_2)?.room).toBeNull();
    expect(patches(calls)).toHaveLength(1);

    // The row left edit mode but the change is kept: Edit reopens it, Revert drops it.
    const edit = within(busy).getByRole("button", { name: "Edit the assignment of Busy Bose" });
    expect(edit.getAttribute("aria-describedby")).toBe(within(busy).getByText("not saved").id);
    fireEvent.click(edit);
    expect((screen.getByLabelText("Assign to, Busy Bose") as HTMLSelectElement).value).toBe("Hall B");
    fireEvent.click(screen.getByRole("button", { name: "Revert the assignment of Busy Bose" }));
    const restored = within(await facultyTable()).getByRole("row", { name: /Busy Bose/ });
    expect(within(restored).queryByText("not saved")).toBeNull();
    expect(within(restored).getAllByText("Not Assigned").length).toBeGreaterThan(0);
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    expect(patches(calls)).toHaveLength(1);
  });

  it("shows the error of an unknown exam", async () => {
    const { fetch } = seatingApi();
    renderPage(fetch, "unknown");
    expect(await screen.findByText("An error occurred: No such exam")).toBeTruthy();
  });
});

describe("InvigilationAssignment on a version conflict", () => {
  it("keeps the change, shows the record-changed message with Reload, and Save after Reload sends the new version", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetch, calls, faculty } = seatingApi();
    const { container } = renderPage(fetch);
    await assign("Meera Iyer", "Hall A");
    // Someone else gave Meera Hall B meanwhile.
    const meera = faculty.find((f) => f.id === FACULTY_1);
    if (meera) Object.assign(meera, { room: "Hall B", version: 1 });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const notice = await screen.findByText(/This record was changed by someone else/);
    expect(notice.closest("[role=alert]")).toBeTruthy();
    const row = () =>
      within(screen.getByRole("table", { name: "Invigilators" })).getByRole("row", { name: /Meera Iyer/ });
    expect(within(row()).getByText("not saved")).toBeTruthy();
    await expectNoAxeViolations(container);

    const gets = calls.filter((c) => c.method === "GET").length;
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    // The fresh row (Hall B allotted) has rendered; the change is still kept.
    await waitFor(() => expect(within(row()).getByText("Hall B")).toBeTruthy());
    await waitFor(() => expect(screen.queryByRole("button", { name: "Reload" })).toBeNull());
    expect(calls.filter((c) => c.method === "GET").length).toBeGreaterThan(gets);
    expect(within(row()).getByText("not saved")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Invigilation saved")).toBeTruthy();
    expect(patches(calls).map((c) => (c.body as { roomNo: string; version: number }[])[0])).toMatchObject([
      { facultyId: FACULTY_1, roomNo: "Hall A", version: 0 },
      { facultyId: FACULTY_1, roomNo: "Hall A", version: 1 },
    ]);
    expect(meera?.room).toBe("Hall A");
    quiet.mockRestore();
  });
});

import type { InvigilationNotification } from "@portal/api-client";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  dataRows,
  expectNoAxeViolations,
  groupHeaders,
  resetScreen,
  signedIn,
} from "../../kit/test-support.tsx";
import FacultyProctoring from "./FacultyProctoring.tsx";
import InvigilationNotifications from "./InvigilationNotifications.tsx";
import { CYCLE, json, seatingApi } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

describe("InvigilationNotifications", () => {
  it("sends the chosen duties' mail: Send is disabled until a row is chosen, then 'Mail Sent Successfully'", async () => {
    const { fetch, calls, notifications } = seatingApi();
    const { container } = render(
      <InvigilationNotifications locale="en" search="" fetch={fetch} navigate={vi.fn()} />,
    );
    const table = await screen.findByRole("table", { name: "Invigilation duties" });
    const row = await within(table).findByRole("row", { name: /Meera Iyer/ });
    expect(within(row).getByText("Not notified")).toBeTruthy();
    expect(screen.getByText("1 duty not yet mailed")).toBeTruthy();
    const send = screen.getByRole("button", { name: "Send notification" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(within(row).getByRole("checkbox"));
    expect(send.disabled).toBe(false);
    await expectNoAxeViolations(container);
    fireEvent.click(send);
    expect(await screen.findByText("Mail Sent Successfully")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/sf/exam/invigilationNotifications/send")?.body).toEqual({
      ids: [notifications[0]?.id],
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole("table", { name: "Invigilation duties" })).getByText("Mailed 20-11-2026"),
      ).toBeTruthy(),
    );
    expect(window.location.search).toBe(`?cycle=${CYCLE.id}`);
  });

  it("filters to duties not yet mailed and shows 'No Record' when none match", async () => {
    const { fetch, notifications, calls } = seatingApi();
    for (const n of notifications) n.notifiedAt = "2026-11-20T04:30:00.000Z";
    render(<InvigilationNotifications locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByText("Mailed 20-11-2026");
    fireEvent.change(screen.getByLabelText("Mail state"), { target: { value: "false" } });
    expect(await screen.findByText("No Record")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/sf/exam/invigilationNotifications")).toBe(true);
    expect(window.location.search).toContain("notified=false");
  });

  it("puts the duties under a header per exam date, repeated as continued at the top of a later page", async () => {
    const { fetch, notifications } = seatingApi();
    const [first] = notifications as [InvigilationNotification];
    // Eleven more duties on the first duty's date (24-11-2026), then one on the next day: page 1 holds
    // ten duties of one date, page 2 the last two of that date and the next day's.
    notifications.push(
      ...Array.from({ length: 12 }, (_, i) => ({
        ...first,
        id: `d0000000-0000-4000-8000-0000000001${String(i).padStart(2, "0")}`,
        roomNo: `Room ${String(i + 1).padStart(2, "0")}`,
        dateOfExam: i < 10 ? first.dateOfExam : "2026-11-25",
      })),
    );
    const { container } = render(
      <InvigilationNotifications locale="en" search="" fetch={fetch} navigate={vi.fn()} />,
    );
    const table = await screen.findByRole("table", { name: "Invigilation duties" });
    await within(table).findByText("Room 09");
    expect(groupHeaders(table)).toEqual(["Tuesday, 24-11-2026"]);
    expect(dataRows(table)).toHaveLength(10);
    await expectNoAxeViolations(container);
    cleanup();

    render(
      <InvigilationNotifications
        locale="en"
        search={`?cycle=${CYCLE.id}&page=2`}
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const second = await screen.findByRole("table", { name: "Invigilation duties" });
    await within(second).findByText("Room 12");
    expect(groupHeaders(second)).toEqual(["Tuesday, 24-11-2026 (continued)", "Wednesday, 25-11-2026"]);
    expect(dataRows(second)).toHaveLength(3);
    // Each date is a row group: its header, then its duties.
    const groups = [...second.querySelectorAll("tbody")].filter((body) =>
      body.querySelector('th[scope="rowgroup"]'),
    );
    expect(groups.map((group) => within(group as HTMLElement).getAllByRole("row").length - 1)).toEqual([
      1, 2,
    ]);
  });

  it("shows a failed send as an error toast and keeps the choice", async () => {
    const { fetch } = seatingApi({
      extra: {
        "POST /api/sf/exam/invigilationNotifications/send": () =>
          json(409, {
            success: false,
            errorMessage: "An invigilation duty changed",
            errorCode: "version_conflict",
          }),
      },
    });
    render(<InvigilationNotifications locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const row = await screen.findByRole("row", { name: /Meera Iyer/ });
    fireEvent.click(within(row).getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Send notification" }));
    expect(await screen.findByText("An invigilation duty changed")).toBeTruthy();
    expect((within(row).getByRole("checkbox") as HTMLInputElement).checked).toBe(true);
  });
});

describe("FacultyProctoring", () => {
  it("lists the duties under each faculty member", async () => {
    const { fetch } = seatingApi();
    const { container } = render(
      <FacultyProctoring locale="en" search="" fetch={fetch} navigate={vi.fn()} />,
    );
    expect(await screen.findByRole("heading", { name: "Meera Iyer" })).toBeTruthy();
    expect(screen.getByText("meera@faculty.example")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Meera Iyer" });
    expect(within(table).getByRole("row", { name: /Financial Accounting \(A\)/ }).textContent).toContain(
      "24-11-2026",
    );
    await expectNoAxeViolations(container);
  });

  it("asks the server for the page of faculty members in the address", async () => {
    const asked: URLSearchParams[] = [];
    const { fetch } = seatingApi({
      extra: {
        "GET /api/sf/exam/facultyProctoring": (request) => {
          asked.push(new URL(request.url).searchParams);
          return json(200, {
            success: true,
            examCycle: { id: CYCLE.id, name: CYCLE.name },
            faculty: [],
            noOfRecords: 30,
          });
        },
      },
    });
    render(
      <FacultyProctoring
        locale="en"
        search={`?cycle=${CYCLE.id}&page=2&pageSize=25`}
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    expect(await screen.findByText("No Record")).toBeTruthy();
    expect(asked.map((q) => [q.get("examCycle"), q.get("pageNo"), q.get("count")])).toEqual([
      [CYCLE.id, "2", "25"],
    ]);
  });

  it("shows 'No Record' without duties", async () => {
    const { fetch, notifications } = seatingApi();
    notifications.length = 0;
    render(<FacultyProctoring locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    expect(await screen.findByText("No Record")).toBeTruthy();
  });
});

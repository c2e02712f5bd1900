import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../shell/test-api.ts";
import { chooseFromRowMenu, resetScreen, signedIn } from "../kit/test-support.tsx";
import Events from "./Events.tsx";
import { eventFixture } from "./event-fixture.ts";

beforeEach(signedIn);
afterEach(resetScreen);

/** One event of the list (version 3). */
const event = (id: string, title: string, start: string, end: string) =>
  eventFixture(id, title, start, end, 3);

const EVENTS = [
  event("e1000000-0000-4000-8000-000000000001", "Orientation", "2026-03-02T09:00", "2026-03-02T12:00"),
  event("e1000000-0000-4000-8000-000000000002", "Library tour", "2026-03-02T14:00", "2026-03-02T15:00"),
  event("e1000000-0000-4000-8000-000000000003", "Sports day", "2026-03-05T08:00", "2026-03-05T17:00"),
];

function renderEvents() {
  const api = fakeApi({
    "GET /api/admin/events": () => json(200, { success: true, events: EVENTS, noOfRecords: EVENTS.length }),
    "GET /api/admin/eventCampuses": () => json(200, { success: true, campuses: [] }),
    "DELETE /api/admin/events/e1000000-0000-4000-8000-000000000002": () => json(200, { success: true }),
  });
  render(
    <Events
      locale="en"
      search=""
      config={null}
      signedIn
      firstQueries={null}
      fetch={api.fetch}
      navigate={vi.fn()}
    />,
  );
  return api;
}

describe("Events list row menus and date groups", { timeout: 30_000 }, () => {
  it("groups the events under the day they start, in list order", async () => {
    renderEvents();
    const table = await screen.findByRole("table", { name: "Events" });
    await within(table).findByText("Orientation");
    const groups = within(table)
      .getAllByRole("rowheader")
      .filter((cell) => cell.getAttribute("scope") === "rowgroup");
    expect(groups.map((cell) => cell.textContent)).toEqual(["02-03-2026", "05-03-2026"]);
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent ?? "");
    const at = (text: string) => rows.findIndex((row) => row.includes(text));
    expect(at("02-03-2026")).toBeLessThan(at("Orientation"));
    expect(at("Library tour")).toBeLessThan(at("05-03-2026"));
    expect(at("05-03-2026")).toBeLessThan(at("Sports day"));
  });

  it("edits from a row's menu and deletes from it after asking", async () => {
    const api = renderEvents();
    const table = await screen.findByRole("table", { name: "Events" });
    await within(table).findByText("Orientation");
    // No hand-made buttons per row: one menu button each.
    expect(within(table).queryByRole("button", { name: "Edit: Orientation" })).toBeNull();
    await chooseFromRowMenu(within(table).getByRole("button", { name: "Actions: Orientation" }), "Edit");
    await waitFor(() =>
      expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("Orientation"),
    );

    vi.spyOn(window, "confirm").mockReturnValue(true);
    await chooseFromRowMenu(within(table).getByRole("button", { name: "Actions: Library tour" }), "Delete");
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === "DELETE" && c.path.endsWith("000000000002"))).toBe(true),
    );
    expect(window.confirm).toHaveBeenCalledTimes(1);
  });
});

import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import Events from "./Events.tsx";
import { eventFixture } from "./event-fixture.ts";
import { parseEventListState, serializeEventListState } from "./state.ts";

beforeEach(signedIn);
afterEach(resetScreen);

/** One event of the list, its id numbered `n`. */
function event(n: number, title: string, start: string, end: string) {
  return eventFixture(`e2000000-0000-4000-8000-00000000000${n}`, title, start, end);
}

/** Two events in March 2026 and one in May, as the server lists them (by start). */
const EVENTS = [
  event(1, "Orientation", "2026-03-02T09:00", "2026-03-02T12:00"),
  event(2, "Sports day", "2026-03-18T08:00", "2026-03-18T17:00"),
  event(3, "Convocation", "2026-05-20T10:00", "2026-05-20T13:00"),
];

/** The events API: pages of the list from `from` (events ending on or after it), as the server pages. */
function renderEvents(search: string) {
  window.history.replaceState(null, "", `/app/events${search}`);
  const queries: URLSearchParams[] = [];
  const api = fakeApi({
    "GET /api/admin/events": (request) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const from = query.get("from") ?? "";
      const pageNo = Number(query.get("pageNo") ?? "1");
      const count = Number(query.get("count") ?? "25");
      const matching = EVENTS.filter((e) => e.end.slice(0, 10) >= from);
      return json(200, {
        success: true,
        events: matching.slice((pageNo - 1) * count, pageNo * count),
        noOfRecords: matching.length,
      });
    },
    "GET /api/admin/eventCampuses": () => json(200, { success: true, campuses: [] }),
  });
  const view = render(
    <Events
      locale="en"
      search={search}
      config={null}
      signedIn
      firstQueries={null}
      fetch={api.fetch}
      navigate={vi.fn()}
    />,
  );
  const listQueries = () => queries;
  return { ...api, listQueries, container: view.container };
}

describe("Events calendar view", { timeout: 60_000 }, () => {
  it.each([
    ["", "table", ""],
    ["?view=calendar&from=2026-03-01", "calendar", "?from=2026-03-01&view=calendar"],
    ["?view=month", "table", ""],
  ])("reads the view of %s from the address", (search, view, written) => {
    const state = parseEventListState(search);
    expect(state.view).toBe(view);
    expect(serializeEventListState(state)).toBe(written);
  });

  it("shows the From day's month with its events, read through the events list for the weeks shown", async () => {
    const { container, listQueries } = renderEvents("?view=calendar&from=2026-03-01");
    const calendar = await screen.findByRole("region", { name: "Events calendar" });
    expect(await within(calendar).findByText("Orientation")).toBeTruthy();
    expect(within(calendar).getByText("Sports day")).toBeTruthy();
    // May's convocation lies past the weeks shown.
    expect(within(calendar).queryByText("Convocation")).toBeNull();
    // March 2026 from Monday 23 February: the list from the first day shown, 50 a page.
    expect(listQueries()[0]?.get("from")).toBe("2026-02-23");
    expect(listQueries()[0]?.get("count")).toBe("50");
    expect(screen.queryByRole("table", { name: "Events" })).toBeNull();
    expect((screen.getByRole("radio", { name: "Calendar" }) as HTMLInputElement).checked).toBe(true);

    // A click on an event opens its schedule, as the table's menu does.
    fireEvent.click(within(calendar).getByText("Orientation"));
    expect(await screen.findByRole("table", { name: "Schedule of Orientation" })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("switches between table and calendar, keeping the choice in the address", async () => {
    renderEvents("?from=2026-03-01");
    const table = await screen.findByRole("table", { name: "Events" });
    await within(table).findByText("Orientation");
    fireEvent.click(screen.getByRole("radio", { name: "Calendar" }));
    const calendar = await screen.findByRole("region", { name: "Events calendar" });
    expect(await within(calendar).findByText("Sports day")).toBeTruthy();
    expect(window.location.search).toBe("?from=2026-03-01&view=calendar");

    // The browser's Back leads to the table again.
    window.history.replaceState(null, "", "/app/events?from=2026-03-01");
    window.dispatchEvent(new PopStateEvent("popstate"));
    const again = await screen.findByRole("table", { name: "Events" });
    expect(within(again).getByText("Orientation")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Events calendar" })).toBeNull());
  });
});

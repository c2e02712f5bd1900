import type { FacultyRow } from "@portal/api-client";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IslandRoot } from "../../shell/IslandRoot.tsx";
import { fakeApi, json } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import { FacultyInvitationScreen } from "./FacultyInvitation.tsx";
import { parseFacultyListState, serializeFacultyListState } from "./faculty-sort.ts";

beforeEach(signedIn);
afterEach(resetScreen);

const faculty = (n: number, name: string): FacultyRow =>
  ({
    id: `d0000000-0000-4000-8000-00000000000${n}`,
    name,
    email: `${name.toLowerCase().replace(" ", ".")}@university.example`,
    phone: "",
    photo: "",
    location: "",
    association: "",
    availability: "",
    subjects: "",
    rating: null,
  }) as unknown as FacultyRow;

const MEERA = faculty(1, "Meera Iyer");
const ARJUN = faculty(2, "Arjun Rao");
const KAVYA = faculty(3, "Kavya Menon");

/** The query strings of the FacultyList calls, in order. */
let listQueries: URLSearchParams[] = [];

/**
 * Two pages of 25: Meera and Arjun on the first, Kavya on the second (26 members in all). `search`
 * is the address's query the screen opens with (the page's `Astro.url.search`).
 */
function renderScreen(search = "") {
  window.history.replaceState(null, "", `/app/faculty-management${search}`);
  listQueries = [];
  const api = fakeApi({
    "GET /api/salesforce/FacultyList": (request) => {
      listQueries.push(new URL(request.url).searchParams);
      const page = new URL(request.url).searchParams.get("pageNo");
      return json(200, { faculty: page === "2" ? [KAVYA] : [MEERA, ARJUN], noOfRecords: 26 });
    },
    "GET /api/mail/status": () =>
      json(200, { success: true, source: "planning.faculty_invitation:", queued: 0, sent: 0, failed: 0 }),
  });
  const view = render(
    <IslandRoot locale="en" signedIn fetch={api.fetch} navigate={vi.fn()}>
      <FacultyInvitationScreen search={search} />
    </IslandRoot>,
  );
  return { ...api, container: view.container };
}

const box = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

describe("Faculty Invitation row checkboxes", () => {
  it("keeps checked members across pages, counts them and gives them to the invitation dialog", async () => {
    renderScreen();
    await screen.findByRole("checkbox", { name: "Select Meera Iyer" });
    expect(screen.getByText("0 selected").getAttribute("role")).toBe("status");

    fireEvent.click(box("Select Meera Iyer"));
    expect(screen.getByText("1 selected")).toBeTruthy();
    expect(box("Select all rows on this page").indeterminate).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByRole("checkbox", { name: "Select Kavya Menon" });
    expect(screen.getByText("1 selected")).toBeTruthy();
    fireEvent.click(box("Select all rows on this page"));
    expect(box("Select Kavya Menon").checked).toBe(true);
    expect(screen.getByText("2 selected")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    await screen.findByRole("checkbox", { name: "Select Meera Iyer" });
    expect(box("Select Meera Iyer").checked).toBe(true);
    expect(box("Select Arjun Rao").checked).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Send Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Send Invite" });
    const chosen = (member: FacultyRow) =>
      (within(dialog).getByRole("checkbox", { name: `${member.name} (${member.email})` }) as HTMLInputElement)
        .checked;
    expect(
      await within(dialog).findByRole("checkbox", { name: `${KAVYA.name} (${KAVYA.email})` }),
    ).toBeTruthy();
    expect(chosen(MEERA)).toBe(true);
    expect(chosen(KAVYA)).toBe(true);
    expect(chosen(ARJUN)).toBe(false);
  });
});

describe("Faculty Invitation sorting", () => {
  it("sorts on the server from a header, back to page 1, checked members kept", async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Meera Iyer" }));
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByRole("checkbox", { name: "Select Kavya Menon" });
    expect(listQueries.at(-1)?.get("pageNo")).toBe("2");
    expect(listQueries.at(-1)?.has("sortBy")).toBe(false);
    const table = screen.getByRole("table");
    const rating = within(table).getByRole("columnheader", { name: "Rating" });
    expect(rating.getAttribute("aria-sort")).toBe("none");
    // Availability and subjects are worked out per row; they do not sort.
    expect(within(table).getByRole("columnheader", { name: "Subjects" }).hasAttribute("aria-sort")).toBe(
      false,
    );

    fireEvent.click(within(rating).getByRole("button", { name: "Rating" }));
    await waitFor(() => expect(listQueries.at(-1)?.get("sortBy")).toBe("rating"));
    expect(listQueries.at(-1)?.get("sortDirection")).toBe("asc");
    // The first page comes from the query cache: no call, but the page shown is the address's.
    expect(screen.queryByRole("checkbox", { name: "Select Kavya Menon" })).toBeNull();
    expect(rating.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(rating).getByRole("button", { name: "Rating" }));
    await waitFor(() => expect(listQueries.at(-1)?.get("sortDirection")).toBe("desc"));
    expect(rating.getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByText("1 selected")).toBeTruthy();
  });
});

describe("Faculty Invitation address (page and sort)", () => {
  it.each([
    ["", { page: 1, pageSize: 25, sort: null }, ""],
    [
      "?page=2&sort=rating&direction=desc",
      { page: 2, pageSize: 25, sort: { column: "rating", direction: "desc" } },
      "?page=2&sort=rating&direction=desc",
    ],
    ["?page=0&pageSize=7&sort=subjects&direction=up", { page: 1, pageSize: 25, sort: null }, ""],
    [
      "?pageSize=all&sort=name&direction=up",
      { page: 1, pageSize: "all", sort: { column: "name", direction: "asc" } },
      "?pageSize=all&sort=name",
    ],
  ])("reads %s forgivingly and writes it back without defaults", (search, state, written) => {
    expect(parseFacultyListState(search)).toEqual(state);
    expect(serializeFacultyListState(parseFacultyListState(search))).toBe(written);
  });

  it("opens on the address's page and sort, and writes page and sort back as they change", async () => {
    const { container } = renderScreen("?page=2&sort=rating&direction=desc");
    await screen.findByRole("checkbox", { name: "Select Kavya Menon" });
    expect(listQueries[0]?.get("pageNo")).toBe("2");
    expect(listQueries[0]?.get("sortBy")).toBe("rating");
    expect(listQueries[0]?.get("sortDirection")).toBe("desc");
    const rating = screen.getByRole("columnheader", { name: "Rating" });
    expect(rating.getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(box("Select Kavya Menon"));

    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    await screen.findByRole("checkbox", { name: "Select Meera Iyer" });
    expect(window.location.search).toBe("?sort=rating&direction=desc");
    fireEvent.click(within(rating).getByRole("button", { name: "Rating" }));
    await waitFor(() => expect(listQueries.at(-1)?.has("sortBy")).toBe(false));
    expect(window.location.search).toBe("");
    expect(screen.getByText("1 selected")).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("follows Back and Forward between pages, the checked rows kept", async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Meera Iyer" }));
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByRole("checkbox", { name: "Select Kavya Menon" });
    expect(window.location.search).toBe("?page=2");

    // The browser's Back: the address is the first page's again, then popstate.
    window.history.replaceState(null, "", "/app/faculty-management");
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(await screen.findByRole("checkbox", { name: "Select Meera Iyer" })).toBeTruthy();
    expect(box("Select Meera Iyer").checked).toBe(true);
    // The first page comes from the query cache: no call, but the page shown is the address's.
    expect(screen.queryByRole("checkbox", { name: "Select Kavya Menon" })).toBeNull();

    window.history.replaceState(null, "", "/app/faculty-management?page=2");
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(await screen.findByRole("checkbox", { name: "Select Kavya Menon" })).toBeTruthy();
    expect(screen.getByText("1 selected")).toBeTruthy();
  });
});

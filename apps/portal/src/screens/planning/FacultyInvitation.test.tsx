import type { FacultyRow } from "@portal/api-client";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IslandRoot } from "../../shell/IslandRoot.tsx";
import { fakeApi, json } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import { FacultyInvitationScreen } from "./FacultyInvitation.tsx";

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

/** Two pages of 25: Meera and Arjun on the first, Kavya on the second (26 members in all). */
function renderScreen() {
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
  render(
    <IslandRoot locale="en" signedIn fetch={api.fetch} navigate={vi.fn()}>
      <FacultyInvitationScreen />
    </IslandRoot>,
  );
  return api;
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

describe("Faculty Invitation sorting (issue 27)", () => {
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
    expect(listQueries.at(-1)?.get("pageNo")).toBe("1");
    expect(rating.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(rating).getByRole("button", { name: "Rating" }));
    await waitFor(() => expect(listQueries.at(-1)?.get("sortDirection")).toBe("desc"));
    expect(rating.getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByText("1 selected")).toBeTruthy();
  });
});

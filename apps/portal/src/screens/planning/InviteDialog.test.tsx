import type { FacultyRow } from "@portal/api-client";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IslandRoot } from "../../shell/IslandRoot.tsx";
import { fakeApi, json } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import { InviteDialog } from "./InviteDialog.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const FACULTY = {
  id: "d0000000-0000-4000-8000-000000000001",
  name: "Meera Iyer",
  email: "meera.iyer@university.example",
} as FacultyRow;

function renderDialog() {
  const api = fakeApi({
    "POST /api/salesforce/facultyOnboarding/sendEmail": () =>
      json(200, { success: true, message: "Mail Sent Successfully", invitationId: FACULTY.id, sent: 1 }),
  });
  render(
    <IslandRoot locale="en" signedIn fetch={api.fetch} navigate={vi.fn()}>
      <InviteDialog kind="email" initial={[FACULTY]} faculty={[FACULTY]} onClose={vi.fn()} />
    </IslandRoot>,
  );
  return api;
}

const sends = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === "/api/salesforce/facultyOnboarding/sendEmail");
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText("Attachment *"), { target: { files: [file] } });

describe("InviteDialog attachment", () => {
  it("states the types and the 700 KB limit before a file is chosen, refuses a larger file before sending, and sends one within it", async () => {
    const api = renderDialog();
    const limit = await screen.findByText("Doc, Docx, PDF, JPEG or PNG, at most 700 KB");
    expect(screen.getByLabelText("Attachment *").getAttribute("aria-describedby")).toContain(limit.id);

    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: "Guest lecture" } });
    choose(new File([new Uint8Array(700 * 1024 + 1)], "poster.png", { type: "image/png" }));
    await waitFor(() =>
      expect(document.getElementById("invite-attachment-error")?.textContent).toBe(
        "The file is larger than 700 KB",
      ),
    );
    // Send is off while the chosen file is over the limit: nothing is read or sent.
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(sends(api.calls)).toEqual([]);

    choose(new File([new Uint8Array(700 * 1024)], "poster.png", { type: "image/png" }));
    await waitFor(() => expect(document.getElementById("invite-attachment-error")?.textContent).toBe(""));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(sends(api.calls)).toHaveLength(1));
    expect(sends(api.calls)).toHaveLength(1);
    const body = sends(api.calls)[0]?.body as { attachment: { fileName: string; contentBase64: string } };
    expect(body.attachment.fileName).toBe("poster.png");
    expect(atob(body.attachment.contentBase64)).toHaveLength(700 * 1024);
  });
});

const OTHER_PAGE = {
  id: "d0000000-0000-4000-8000-000000000002",
  name: "Arjun Rao",
  email: "arjun.rao@university.example",
} as FacultyRow;
const FOUND = {
  id: "d0000000-0000-4000-8000-000000000003",
  name: "Kavya Menon",
  email: "kavya.menon@university.example",
} as FacultyRow;

describe("InviteDialog faculty choice", () => {
  it("keeps members checked on another page of the table and finds any other member by a search on the server", async () => {
    const searches: string[] = [];
    const api = fakeApi({
      "GET /api/salesforce/FacultyList": (request) => {
        const search = new URL(request.url).searchParams.get("search") ?? "";
        searches.push(search);
        const faculty = search.toLowerCase().includes("kavya") ? [FOUND] : [];
        return json(200, { faculty, noOfRecords: faculty.length });
      },
      "POST /api/salesforce/facultyOnboarding/sendEmail": () =>
        json(200, { success: true, message: "Mail Sent Successfully", invitationId: FOUND.id, sent: 2 }),
    });
    render(
      <IslandRoot locale="en" signedIn fetch={api.fetch} navigate={vi.fn()}>
        <InviteDialog kind="email" initial={[OTHER_PAGE]} faculty={[FACULTY]} onClose={vi.fn()} />
      </IslandRoot>,
    );
    // The member checked on another page is listed and chosen; the current page's member is offered.
    const other = await screen.findByRole("checkbox", { name: `${OTHER_PAGE.name} (${OTHER_PAGE.email})` });
    expect((other as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole("checkbox", { name: `${FACULTY.name} (${FACULTY.email})` }) as HTMLInputElement)
        .checked,
    ).toBe(false);

    fireEvent.change(screen.getByLabelText("Search faculty"), { target: { value: "Kavya" } });
    const found = await screen.findByRole("checkbox", { name: `${FOUND.name} (${FOUND.email})` });
    expect(searches).toContain("Kavya");
    fireEvent.click(found);
    // Another search: the two chosen stay listed and chosen.
    fireEvent.change(screen.getByLabelText("Search faculty"), { target: { value: "nobody" } });
    await screen.findByText("No Record");
    expect(
      (screen.getByRole("checkbox", { name: `${FOUND.name} (${FOUND.email})` }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole("checkbox", { name: `${OTHER_PAGE.name} (${OTHER_PAGE.email})` }) as HTMLInputElement)
        .checked,
    ).toBe(true);

    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: "Guest lecture" } });
    choose(new File([new Uint8Array(10)], "poster.png", { type: "image/png" }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(sends(api.calls)).toHaveLength(1));
    expect((sends(api.calls)[0]?.body as { facultyIds: string[] } | undefined)?.facultyIds).toEqual([
      OTHER_PAGE.id,
      FOUND.id,
    ]);
  });
});

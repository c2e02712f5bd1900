import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import Profile360, { profileFirstQuery } from "./Profile360.tsx";
import ProfileContacts from "./ProfileContacts.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const PROFILE = {
  contactId: ID(1),
  kind: "student",
  firstName: "Ananya",
  lastName: "Sharma",
  email: "ananya@students.example",
  code: "S0001",
  intakeName: "MBA 2025 Mumbai",
  facultyType: null,
  own: false,
  canEdit: true,
  details: { mobile: null, dateOfBirth: null, gender: null, nationality: null, photoUrl: null, version: 0 },
  addresses: [
    {
      id: ID(2),
      kind: "Permanent",
      line1: "12 MG Road",
      line2: "",
      city: "Pune",
      state: "Maharashtra",
      postalCode: "411001",
      country: "India",
      version: 3,
    },
  ],
  relationships: [],
  educationHistory: [],
  additionalInfo: [],
  adminNotes: [],
  enrolments: [
    {
      courseOfferingId: ID(3),
      courseCode: "FIN101",
      courseName: "Corporate Finance",
      section: "A",
      termName: "Term 1",
      status: "Enrolled",
      attendancePercent: 82,
    },
  ],
  exams: [],
  marks: [],
  requests: [],
};

describe("360 profile", { timeout: 30_000 }, () => {
  it("shows the profile from the server's first query, its tabs and the read-only enrolments", async () => {
    const { fetch, calls } = fakeApi({
      [`GET /api/sf/profile/${ID(1)}`]: () => json(200, { success: true, profile: PROFILE }),
    });
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/studentProfile/${ID(1)}`,
      profileFirstQuery(ID(1)),
    );
    const before = calls.length;
    const { container } = render(
      <Profile360
        locale="en"
        search=""
        contactId={ID(1)}
        fetch={fetch}
        navigate={vi.fn()}
        firstQueries={firstQueries}
      />,
    );
    expect(await screen.findByRole("heading", { name: /Ananya Sharma/ })).toBeTruthy();
    expect(screen.getByText("MBA 2025 Mumbai")).toBeTruthy();
    expect(calls.slice(before).filter((c) => c.path.startsWith("/api/sf/profile"))).toEqual([]);
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole("tab", { name: "Enrolments" }));
    const table = await screen.findByRole("table", { name: "Enrolments" });
    expect(within(table).getByText("FIN101 Corporate Finance")).toBeTruthy();
  });

  it("checks an address's fields in the browser, and on a stale version offers Reload keeping the input", async () => {
    const { fetch, calls } = fakeApi({
      [`GET /api/sf/profile/${ID(1)}`]: () => json(200, { success: true, profile: PROFILE }),
      [`PUT /api/sf/profile/${ID(1)}/addresses/${ID(2)}`]: () =>
        json(409, {
          success: false,
          errorMessage: "This address was changed by someone else since you opened it.",
          errorCode: "version_conflict",
          field: "version",
        }),
    });
    render(<Profile360 locale="en" search="" contactId={ID(1)} fetch={fetch} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole("tab", { name: "Address" }));
    fireEvent.click(await screen.findByRole("button", { name: /Edit Permanent: 12 MG Road/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Address" });
    const postal = within(dialog).getByLabelText(/Postal code/);
    fireEvent.change(postal, { target: { value: "41-1001" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Only digits are allowed")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);

    fireEvent.change(postal, { target: { value: "411002" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("button", { name: "Reload" })).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({ postalCode: "411002", city: "Pune", version: 3 });
    expect((within(dialog).getByLabelText(/Postal code/) as HTMLInputElement).value).toBe("411002");
  });

  it("tells a user whose account names no person so, instead of an error", async () => {
    const { fetch } = fakeApi({
      "GET /api/sf/profile/my360": () =>
        json(404, {
          success: false,
          errorMessage: "Your portal account names no person",
          errorCode: "not_found",
        }),
    });
    render(<Profile360 locale="en" search="" contactId={null} fetch={fetch} navigate={vi.fn()} />);
    expect(await screen.findByText(/Your account is not linked to a person yet/)).toBeTruthy();
  });
});

describe("student and faculty lists", { timeout: 30_000 }, () => {
  it("pages the students on the server and links each name to the profile", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/sf/profile/contacts": () =>
        json(200, {
          success: true,
          noOfRecords: 1,
          contacts: [
            {
              contactId: ID(1),
              name: "Ananya Sharma",
              email: "a@s.example",
              code: "S0001",
              intakeName: "MBA",
              facultyType: null,
            },
          ],
        }),
    });
    const { container } = render(
      <ProfileContacts locale="en" search="?search=ana" kind="student" fetch={fetch} navigate={vi.fn()} />,
    );
    const link = await screen.findByRole("link", { name: "Ananya Sharma" });
    expect(link.getAttribute("href")).toBe(`/app/studentProfile/${ID(1)}`);
    const call = calls.find((c) => c.path === "/api/sf/profile/contacts");
    expect(call).toBeTruthy();
    await waitFor(() => expect(container.querySelector("table")).toBeTruthy());
    await expectNoAxeViolations(container);
  });
});

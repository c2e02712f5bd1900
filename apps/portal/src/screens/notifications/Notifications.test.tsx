import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import Notifications, { notificationsFirstQuery } from "./Notifications.tsx";
import { parseNotificationState, serializeNotificationState } from "./state.ts";

beforeEach(signedIn);
afterEach(resetScreen);

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const SECTION = { id: ID(1), name: "CS101 Programming · Term 1 · Section A", students: 2 };
const SENT = {
  id: ID(2),
  channel: "mail",
  subject: "Exam hall change",
  body: "The exam moves to hall B.",
  topics: ["exams"],
  link: "/app/exams/requests",
  recipientKind: "classes",
  sections: [{ id: SECTION.id, name: SECTION.name }],
  recipients: 2,
  skipped: 0,
  sentBy: "exams@university.example",
  sentAt: "2026-11-02T04:30:00.000Z",
  counts: { queued: 0, sent: 1, failed: 1 },
};

function notificationsApi() {
  const posted: unknown[] = [];
  const api = fakeApi({
    "GET /api/notifications": () => json(200, { success: true, notifications: [SENT], noOfRecords: 1 }),
    "GET /api/notifications/choices": () =>
      json(200, {
        success: true,
        sections: [SECTION],
        contacts: [
          { id: ID(3), name: "Anil Kumar", email: "anil@university.example", kind: "student", mobile: null },
        ],
      }),
    [`GET /api/notifications/${ID(2)}`]: () =>
      json(200, {
        success: true,
        notification: SENT,
        noOfRecords: 2,
        smsGateway: false,
        recipients: [
          {
            id: ID(4),
            contactId: ID(3),
            name: "Anil Kumar",
            address: "anil@university.example",
            status: "failed",
            attempts: 5,
            lastError: "mailbox full",
          },
          {
            id: ID(5),
            contactId: null,
            name: null,
            address: "dean@university.example",
            status: "sent",
            attempts: 1,
            lastError: null,
          },
        ],
      }),
    "GET /api/mail/status": () =>
      json(200, { success: true, source: `notification:${ID(2)}:`, queued: 0, sent: 1, failed: 1 }),
    "POST /api/notifications": (_r, body) => {
      posted.push(body);
      return json(201, { success: true, notification: SENT });
    },
  });
  return { ...api, posted };
}

describe("communication channels", { timeout: 30_000 }, () => {
  it("refuses a sixth topic, no class, a missing subject and text, and a malformed address, sending nothing", async () => {
    const { fetch, posted } = notificationsApi();
    render(<Notifications locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const form = await screen.findByRole("form", { name: "New message" });
    // The choices' answer re-renders the form: click once it has come, as a user would see it.
    await within(form).findByLabelText(`${SECTION.name} (2 students)`);
    for (const topic of ["Exams", "Results", "Timetable", "Attendance", "Events", "Holidays"])
      fireEvent.click(within(form).getByLabelText(topic));
    expect(await within(form).findByText("Please select maximum of five options")).toBeTruthy();
    // The sixth is refused: with it ticked the form sends nothing; unticked, the message goes.
    fireEvent.click(within(form).getByRole("button", { name: "Send" }));
    fireEvent.click(within(form).getByLabelText("Holidays"));
    await waitFor(() => expect(within(form).queryByText("Please select maximum of five options")).toBeNull());
    fireEvent.change(within(form).getByLabelText(/^Other e-mail addresses/), {
      target: { value: "dean@university.example, not-an-address" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Send" }));
    expect(await within(form).findByText("At least one class should be selected!")).toBeTruthy();
    expect(within(form).getAllByText("Please provide all the details")).toHaveLength(2);
    expect(within(form).getByText("Field should contain a valid e-mail")).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("sends a mail to a class with extra addresses, then shows its recipients and their status", async () => {
    const { fetch, posted } = notificationsApi();
    const { container } = render(<Notifications locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const form = await screen.findByRole("form", { name: "New message" });
    fireEvent.change(within(form).getByLabelText(/^Subject/), { target: { value: "Exam hall change" } });
    fireEvent.change(within(form).getByLabelText(/^Message/), {
      target: { value: "The exam moves to hall B." },
    });
    fireEvent.click(within(form).getByLabelText("Exams"));
    fireEvent.click(await within(form).findByLabelText(`${SECTION.name} (2 students)`));
    fireEvent.change(within(form).getByLabelText(/^Other e-mail addresses/), {
      target: { value: " Dean@University.example ," },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          channel: "mail",
          subject: "Exam hall change",
          body: "The exam moves to hall B.",
          topics: ["exams"],
          recipientKind: "classes",
          sectionIds: [SECTION.id],
          contactIds: [],
          emails: "dean@university.example",
          addLink: false,
          link: "",
        },
      ]),
    );
    const recipients = await screen.findByRole("table", { name: "Recipients" });
    expect(screen.getByText("Link: /app/exams/requests")).toBeTruthy();
    expect(within(recipients).getByText("mailbox full")).toBeTruthy();
    expect(within(recipients).getByText("Failed")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Resend failed" })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("refuses 'Add a link' ticked with no URL path or a javascript: one, keeping the edits, then sends the link", async () => {
    const { fetch, posted } = notificationsApi();
    render(<Notifications locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const form = await screen.findByRole("form", { name: "New message" });
    expect(within(form).queryByLabelText(/^URL path/)).toBeNull();
    fireEvent.change(within(form).getByLabelText(/^Subject/), { target: { value: "Exam hall change" } });
    fireEvent.change(within(form).getByLabelText(/^Message/), { target: { value: "See the requests." } });
    fireEvent.click(await within(form).findByLabelText(`${SECTION.name} (2 students)`));
    fireEvent.click(within(form).getByLabelText("Add a link"));
    fireEvent.click(within(form).getByRole("button", { name: "Send" }));
    expect(await within(form).findByText("Please provide URL path")).toBeTruthy();
    expect((within(form).getByLabelText(/^Subject/) as HTMLInputElement).value).toBe("Exam hall change");
    expect((within(form).getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe("See the requests.");
    expect((within(form).getByLabelText("Add a link") as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(form).getByLabelText(/^URL path/), { target: { value: "javascript:alert(1)" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send" }));
    expect(
      await within(form).findByText(
        "Give the link as a path of the portal starting with / (such as /app/exams/requests) or an https:// address",
      ),
    ).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(within(form).getByLabelText(/^URL path/), {
      target: { value: " /app/exams/requests " },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(posted).toEqual([
        expect.objectContaining({ subject: "Exam hall change", addLink: true, link: "/app/exams/requests" }),
      ]),
    );
  });

  it("renders the sent list from the server's first query", async () => {
    const { fetch, calls } = notificationsApi();
    const firstQueries = await serverFirstQueries(fetch, "/app/notification", notificationsFirstQuery);
    const before = calls.length;
    render(
      <Notifications locale="en" search="" fetch={fetch} navigate={vi.fn()} firstQueries={firstQueries} />,
    );
    const table = await screen.findByRole("table", { name: "Sent messages" });
    expect(within(table).getByText("Exam hall change")).toBeTruthy();
    expect(within(table).getByText("0 queued · 1 sent · 1 failed")).toBeTruthy();
    expect(calls.slice(before).filter((c) => c.path === "/api/notifications")).toEqual([]);
  });

  it.each([
    [true, "SMS go out through the SMS gateway; a refused SMS is tried again up to five times"],
    [false, "No SMS gateway is configured: the SMS stay queued until one is."],
  ])("says how an SMS message's recipients are delivered (gateway configured: %s)", async (gateway, text) => {
    const SMS = { ...SENT, id: ID(6), channel: "sms", subject: "", body: "Results are out." };
    const { fetch } = fakeApi({
      "GET /api/notifications": () => json(200, { success: true, notifications: [SMS], noOfRecords: 1 }),
      "GET /api/notifications/choices": () => json(200, { success: true, sections: [], contacts: [] }),
      [`GET /api/notifications/${ID(6)}`]: () =>
        json(200, {
          success: true,
          notification: SMS,
          noOfRecords: 1,
          smsGateway: gateway,
          recipients: [
            {
              id: ID(7),
              contactId: ID(3),
              name: "Anil Kumar",
              address: "+91 9876543210",
              status: "failed",
              attempts: 5,
              lastError: "The SMS gateway answered 503: busy",
            },
          ],
        }),
    });
    render(<Notifications locale="en" search={`?message=${ID(6)}`} fetch={fetch} navigate={vi.fn()} />);
    expect(await screen.findByText((content) => content.startsWith(text))).toBeTruthy();
    const recipients = await screen.findByRole("table", { name: "Recipients" });
    expect(within(recipients).getByText("The SMS gateway answered 503: busy")).toBeTruthy();
    // SMS are not in the mail outbox: no mail resend is offered, the SMS resend instead.
    expect(screen.queryByRole("button", { name: "Resend failed" })).toBeNull();
    expect(screen.getByRole("button", { name: "Resend failed SMS" })).toBeTruthy();
  });

  /** An SMS message whose failed SMS a resend queues again (the fake server keeps the counts). */
  function smsApi(refuse = false) {
    const counts = { queued: 0, sent: 1, failed: 2 };
    const sms = () => ({ ...SENT, id: ID(8), channel: "sms", subject: "", body: "Results are out.", counts });
    const recipient = (n: number, status: string) => ({
      id: ID(n),
      contactId: null,
      name: null,
      address: `+91 98765432${n}0`,
      status,
      attempts: status === "failed" ? 5 : 1,
      lastError: status === "failed" ? "The SMS gateway answered 503: busy" : null,
    });
    return fakeApi({
      "GET /api/notifications": () => json(200, { success: true, notifications: [sms()], noOfRecords: 1 }),
      "GET /api/notifications/choices": () => json(200, { success: true, sections: [], contacts: [] }),
      [`GET /api/notifications/${ID(8)}`]: () =>
        json(200, {
          success: true,
          notification: sms(),
          noOfRecords: 3,
          smsGateway: true,
          recipients: [
            recipient(1, counts.failed > 0 ? "failed" : "queued"),
            recipient(2, counts.failed > 0 ? "failed" : "queued"),
            recipient(3, "sent"),
          ],
        }),
      [`POST /api/notifications/${ID(8)}/sms/resend`]: () => {
        if (refuse || counts.failed === 0)
          return json(409, {
            success: false,
            errorCode: "no_failed_sms",
            field: "id",
            errorMessage: "There are no failed SMS to resend. Reload to see the current counts.",
          });
        const resent = counts.failed;
        counts.queued += resent;
        counts.failed = 0;
        return json(200, { success: true, id: ID(8), resent, counts: { ...counts } });
      },
    });
  }

  it("resends an SMS message's failed SMS from its recipients, then shows them queued", async () => {
    const { fetch, calls } = smsApi();
    const { container } = render(
      <Notifications locale="en" search={`?message=${ID(8)}`} fetch={fetch} navigate={vi.fn()} />,
    );
    const status = await screen.findByRole("region", { name: "SMS" });
    expect(within(status).getByText("0 queued · 1 sent · 2 failed")).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(within(status).getByRole("button", { name: "Resend failed SMS" }));
    expect(await screen.findByText("Failed SMS queued again: 2")).toBeTruthy();
    await waitFor(() => expect(within(status).getByText("2 queued · 1 sent · 0 failed")).toBeTruthy());
    expect(within(status).queryByRole("button", { name: "Resend failed SMS" })).toBeNull();
    const recipients = screen.getByRole("table", { name: "Recipients" });
    await waitFor(() => expect(within(recipients).queryByText("Failed")).toBeNull());
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: `/api/notifications/${ID(8)}/sms/resend`, body: undefined },
    ]);
  });

  it("says why an SMS resend was refused and reads the message again", async () => {
    const { fetch, calls } = smsApi(true);
    render(<Notifications locale="en" search={`?message=${ID(8)}`} fetch={fetch} navigate={vi.fn()} />);
    const status = await screen.findByRole("region", { name: "SMS" });
    const reads = () =>
      calls.filter((c) => c.method === "GET" && c.path === `/api/notifications/${ID(8)}`).length;
    const before = reads();
    fireEvent.click(within(status).getByRole("button", { name: "Resend failed SMS" }));
    expect(
      await screen.findByText("There are no failed SMS to resend. Reload to see the current counts."),
    ).toBeTruthy();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it("keeps the list page and the chosen message in the address", () => {
    const state = parseNotificationState(`?page=2&message=${ID(2)}&status=failed&rpage=3&pageSize=7`);
    expect(state).toEqual({
      page: 2,
      pageSize: 25,
      message: ID(2),
      recipientPage: 3,
      recipientPageSize: 25,
      status: "failed",
    });
    expect(serializeNotificationState(state)).toBe(`?page=2&message=${ID(2)}&rpage=3&status=failed`);
  });
});

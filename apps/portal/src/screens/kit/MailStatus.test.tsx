import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IslandRoot } from "../../shell/IslandRoot.tsx";
import { fakeApi, json } from "../../shell/test-api.ts";
import { MailStatus } from "./MailStatus.tsx";
import { expectNoAxeViolations, resetScreen, signedIn } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const SOURCE = "grading.publish:o1000000-0000-4000-8000-000000000001";

/** A fake mail API holding the counts of SOURCE; a resend moves the failed ones to queued. */
function mailApi(initial: { queued: number; sent: number; failed: number }, resendFails = false) {
  const counts = { ...initial };
  return fakeApi({
    "GET /api/mail/status": (request) =>
      new URL(request.url).searchParams.get("source") === SOURCE
        ? json(200, { success: true, source: SOURCE, ...counts })
        : json(400, { success: false, errorMessage: "source must name a record", field: "source" }),
    "POST /api/mail/resend": (_request, body) => {
      if (resendFails || counts.failed === 0) {
        return json(409, {
          success: false,
          errorCode: "no_failed_mail",
          errorMessage: "There are no failed mails to resend. Reload to see the current counts.",
        });
      }
      const resent = counts.failed;
      counts.queued += resent;
      counts.failed = 0;
      return json(200, { success: true, source: (body as { source: string }).source, resent, ...counts });
    },
  });
}

function renderStatus(fetch: (request: Request) => Promise<Response>) {
  return render(
    <IslandRoot locale="en" fetch={fetch}>
      <MailStatus source={SOURCE} />
    </IslandRoot>,
  );
}

describe("MailStatus", () => {
  it("shows the counts and resends the failed mails, then shows the new counts", async () => {
    const { fetch, calls } = mailApi({ queued: 0, sent: 4, failed: 2 });
    const { container } = renderStatus(fetch);
    expect(await screen.findByText("0 queued · 4 sent · 2 failed")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Mails" })).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole("button", { name: "Resend failed" }));
    expect(await screen.findByText("2 queued · 4 sent · 0 failed")).toBeTruthy();
    expect(await screen.findByText("Failed mails queued again: 2")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Resend failed" })).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: "/api/mail/resend", body: { source: SOURCE } },
    ]);
  });

  it("offers no resend when nothing failed, and shows nothing when the record has no mail", async () => {
    const { fetch } = mailApi({ queued: 0, sent: 3, failed: 0 });
    renderStatus(fetch);
    expect(await screen.findByText("0 queued · 3 sent · 0 failed")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Resend failed" })).toBeNull();
    resetScreen();
    signedIn();
    // Beside a record with mails, asked first: once that one shows, the empty one has its answer too.
    const other = "exam.timetable:e1000000-0000-4000-8000-000000000001";
    const { fetch: both } = fakeApi({
      "GET /api/mail/status": (request) => {
        const source = new URL(request.url).searchParams.get("source");
        const sent = source === other ? 1 : 0;
        return json(200, { success: true, source, queued: 0, sent, failed: 0 });
      },
    });
    render(
      <IslandRoot locale="en" fetch={both}>
        <MailStatus source={SOURCE} />
        <MailStatus source={other} />
      </IslandRoot>,
    );
    expect(await screen.findByText("0 queued · 1 sent · 0 failed")).toBeTruthy();
    expect(screen.getAllByRole("region", { name: "Mails" })).toHaveLength(1);
    expect(screen.queryByText("0 queued · 0 sent · 0 failed")).toBeNull();
  });

  it("says why a resend was refused and reads the counts again", async () => {
    const { fetch, calls } = mailApi({ queued: 0, sent: 1, failed: 1 }, true);
    renderStatus(fetch);
    fireEvent.click(await screen.findByRole("button", { name: "Resend failed" }));
    expect(
      await screen.findByText("There are no failed mails to resend. Reload to see the current counts."),
    ).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "GET" && c.path === "/api/mail/status")).toHaveLength(2),
    );
  });
});

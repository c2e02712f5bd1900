import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../shell/session-storage.ts";
import { fakeApi, json } from "../../shell/test-api.ts";
import DashboardIsland from "./DashboardScreen.tsx";

const COUNTS: Record<string, number> = {
  "": 120,
  "Not Submitted": 10,
  Submitted: 20,
  "Under Review": 20,
  Approved: 50,
  "Request Sent": 20,
};

beforeEach(() => localStorage.setItem(STORAGE_KEYS.loggedIn, "true"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

it("shows the number of question papers per status, each linking to the filtered list", async () => {
  const { fetch, calls } = fakeApi({
    "POST /api/sf/exam/questionPaperList": (_request, body) => {
      const { status } = body as { status: string };
      return json(200, { success: true, questionPapersList: [], noOfRecords: COUNTS[status] ?? 0 });
    },
  });
  render(<DashboardIsland locale="en" fetch={fetch} navigate={vi.fn()} />);
  const approved = await screen.findByRole("link", { name: /^Approved/ });
  await vi.waitFor(() => expect(approved.textContent).toBe("Approved50"));
  expect(approved.getAttribute("href")).toBe("/app/exam/questionPaper?status=Approved");
  expect(screen.getByRole("link", { name: /^Not Submitted/ }).getAttribute("href")).toBe(
    "/app/exam/questionPaper?status=Not%20Submitted",
  );
  expect(screen.getByRole("link", { name: /^All question papers/ }).textContent).toBe(
    "All question papers120",
  );
  const statuses = calls
    .filter((c) => c.path.endsWith("/questionPaperList"))
    .map((c) => (c.body as { status: string }).status);
  expect(statuses.sort()).toEqual(Object.keys(COUNTS).sort());
});

it("reports a failed count instead of showing a wrong number", async () => {
  const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const { fetch } = fakeApi({
    "POST /api/sf/exam/questionPaperList": () =>
      json(400, { success: false, errorMessage: "count must be 25, 50 or 100" }),
  });
  render(<DashboardIsland locale="en" fetch={fetch} navigate={vi.fn()} />);
  expect((await screen.findByRole("alert")).textContent).toBe(
    "An error occurred: count must be 25, 50 or 100",
  );
  expect(screen.getByRole("link", { name: /^Approved/ }).textContent).toBe("Approved–");
  quiet.mockRestore();
});

import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../shell/session-storage.ts";
import { fakeApi, json } from "../../shell/test-api.ts";
import DashboardIsland from "./DashboardScreen.tsx";

const COUNTS = {
  success: true,
  noOfRecords: 120,
  statusCounts: [
    { status: "Not Submitted", count: 10 },
    { status: "Submitted", count: 20 },
    { status: "Under Review", count: 20 },
    { status: "Approved", count: 50 },
    { status: "Request Sent", count: 20 },
  ],
};

beforeEach(() => localStorage.setItem(STORAGE_KEYS.loggedIn, "true"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

it("shows the number of question papers per status, each linking to the filtered list", async () => {
  const { fetch, calls } = fakeApi({
    "GET /api/sf/exam/questionPaperCounts": () => json(200, COUNTS),
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
  // One call for all the tiles.
  expect(calls.filter((c) => c.path.startsWith("/api/sf/")).map((c) => c.path)).toEqual([
    "/api/sf/exam/questionPaperCounts",
  ]);
});

it("reports a failed count instead of showing a wrong number", async () => {
  const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const { fetch } = fakeApi({
    "GET /api/sf/exam/questionPaperCounts": () =>
      json(500, { success: false, errorMessage: "Internal server error" }),
  });
  render(<DashboardIsland locale="en" fetch={fetch} navigate={vi.fn()} />);
  // A server error is retried once before it is reported.
  expect((await screen.findByRole("alert", {}, { timeout: 4000 })).textContent).toBe(
    "An error occurred: Internal server error",
  );
  expect(screen.getByRole("link", { name: /^Approved/ }).textContent).toBe("Approved–");
  quiet.mockRestore();
});

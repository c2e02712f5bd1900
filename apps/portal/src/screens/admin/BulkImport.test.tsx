import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import BulkImport, { bulkImportFirstQuery } from "./BulkImport.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const JOB_ID = "00000000-0000-4000-8000-000000000001";
const job = (over: Record<string, unknown> = {}) => ({
  id: JOB_ID,
  kind: "students",
  status: "done",
  fileName: "students.csv",
  format: "csv",
  fileSize: 300,
  rowsTotal: 5,
  rowsDone: 5,
  rowsImported: 3,
  rowsSkipped: 0,
  rowsFailed: 2,
  message: null,
  createdBy: "admin@university.example",
  createdAt: "2026-11-02T04:30:00.000Z",
  startedAt: "2026-11-02T04:30:00.000Z",
  finishedAt: "2026-11-02T04:30:01.000Z",
  ...over,
});
const ERRORS = [
  { line: 3, field: "email", reason: "Field should contain a valid e-mail" },
  { line: 5, field: "intake", reason: "No batch is named No Such Batch 1999" },
];

describe("bulk import", { timeout: 30_000 }, () => {
  it("shows the job in the address with its counts and error log from the server's first queries", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/etl/jobs": () => json(200, { success: true, jobs: [job()], noOfRecords: 1 }),
      [`GET /api/etl/jobs/${JOB_ID}`]: () => json(200, { success: true, job: job() }),
      [`GET /api/etl/jobs/${JOB_ID}/errors`]: () =>
        json(200, { success: true, errors: ERRORS, noOfRecords: 2 }),
    });
    const search = `?job=${JOB_ID}`;
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/admin-management/import${search}`,
      bulkImportFirstQuery,
    );
    const before = calls.length;
    const { container } = render(
      <BulkImport locale="en" search={search} fetch={fetch} navigate={vi.fn()} firstQueries={firstQueries} />,
    );
    const log = await screen.findByRole("table", { name: "Error log" });
    expect(within(log).getByText("No batch is named No Such Batch 1999")).toBeTruthy();
    expect(screen.getByText("Imported: 3 · Skipped: 0 · Bad rows: 2")).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Import jobs" })).getByText("students.csv")).toBeTruthy();
    expect(calls.slice(before).filter((c) => c.path.startsWith("/api/etl"))).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it("refuses a missing kind and a file that is not CSV or XLSX before sending anything", async () => {
    let posted = 0;
    const { fetch } = fakeApi({
      "GET /api/etl/jobs": () =>
        json(200, { success: true, jobs: posted ? [job({ status: "queued" })] : [], noOfRecords: posted }),
      "POST /api/etl/jobs": () => {
        posted++;
        return json(202, { success: true, job: job({ status: "queued", rowsDone: 0, rowsTotal: 0 }) });
      },
    });
    render(<BulkImport locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByText("No Record");
    const input = screen.getByLabelText("File (CSV or XLSX)");
    fireEvent.change(input, { target: { files: [new File(["x"], "notes.txt")] } });
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    expect(
      await screen.findByText("Choose what to import: students, faculty, courses or enrolments"),
    ).toBeTruthy();
    expect(screen.getByText("The file must be a .csv or .xlsx sheet")).toBeTruthy();
    expect(posted).toBe(0);
  });
});

import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { DataTable, type DataTableColumn } from "./index.ts";

afterEach(cleanup);

type Paper = { id: string; courseName: string; term: string; status: string };

const columns: DataTableColumn<Paper>[] = [
  { id: "courseName", header: "Course Name", cell: (row) => row.courseName, rowHeader: true, width: 200 },
  { id: "term", header: "Term", cell: (row) => row.term },
  { id: "status", header: "Status", cell: (row) => <strong>{row.status}</strong>, align: "end" },
];

const papers: Paper[] = [
  { id: "p1", courseName: "Accounting", term: "Term 1", status: "Submitted" },
  { id: "p2", courseName: "Finance", term: "Term 2", status: "Approved" },
];

describe("DataTable", () => {
  it("renders a caption, column headers and one row per record", async () => {
    const { container } = render(
      <DataTable
        columns={columns}
        data={papers}
        getRowId={(row) => row.id}
        caption="Question papers"
        emptyText="No Data"
      />,
    );
    const table = screen.getByRole("table", { name: "Question papers" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Course Name", "Term", "Status"]);
    expect(headers.every((h) => h.getAttribute("scope") === "col")).toBe(true);
    expect(headers[0]!.style.width).toBe("200px");
    const rowHeaders = within(table).getAllByRole("rowheader");
    expect(rowHeaders.map((h) => h.textContent)).toEqual(["Accounting", "Finance"]);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText("Approved").tagName).toBe("STRONG");
    expect(screen.queryByText("No Data")).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("shows the empty text in a single row when there is no data", async () => {
    const { container } = render(
      <DataTable
        columns={columns}
        data={[]}
        getRowId={(row) => row.id}
        caption="Invigilators"
        captionHidden
        emptyText="No Record"
      />,
    );
    const cell = screen.getByText("No Record");
    expect(cell.tagName).toBe("TD");
    expect(cell.getAttribute("colspan")).toBe("3");
    expect(screen.getAllByRole("row")).toHaveLength(2);
    await expectNoAxeViolations(container);
  });

  it("shows a Loader row instead of the rows while loading", async () => {
    const { container } = render(
      <DataTable
        columns={columns}
        data={papers}
        getRowId={(row) => row.id}
        caption="Question papers"
        emptyText="No Data"
        loading
        loadingLabel="Loading question papers"
      />,
    );
    expect(screen.getByRole("status").textContent).toContain("Loading question papers");
    expect(screen.queryByText("Accounting")).toBeNull();
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
    await expectNoAxeViolations(container);
  });

  it("follows new data on re-render", () => {
    const { rerender } = render(
      <DataTable
        columns={columns}
        data={papers}
        getRowId={(row) => row.id}
        caption="Papers"
        emptyText="No Data"
      />,
    );
    rerender(
      <DataTable
        columns={columns}
        data={papers.slice(1)}
        getRowId={(row) => row.id}
        caption="Papers"
        emptyText="No Data"
      />,
    );
    expect(screen.queryByText("Accounting")).toBeNull();
    expect(screen.getByText("Finance")).toBeTruthy();
  });
});

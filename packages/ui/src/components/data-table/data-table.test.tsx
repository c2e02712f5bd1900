import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { DataTable, type DataTableColumn, type DataTableSorting } from "./index.ts";

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

type Batch = { id: string; name: string; term: string; students: number | null };

const batches: Batch[] = [
  { id: "b1", name: "Commerce", term: "Term 10", students: 40 },
  { id: "b2", name: "arts", term: "Term 2", students: null },
  { id: "b3", name: "Biology", term: "Term 2", students: 40 },
  { id: "b4", name: "Accounting", term: "Term 1", students: 120 },
];

const batchColumns: DataTableColumn<Batch>[] = [
  { id: "name", header: "Batch", cell: (row) => row.name, rowHeader: true, sortValue: (row) => row.name },
  { id: "term", header: "Term", cell: (row) => row.term, sortValue: (row) => row.term },
  {
    id: "students",
    header: "Students",
    cell: (row) => String(row.students ?? "-"),
    sortValue: (row) => row.students,
  },
  { id: "note", header: "Note", cell: () => "" },
];

const rowNames = () => screen.getAllByRole("rowheader").map((cell) => cell.textContent);
const sortButton = (name: string) => screen.getByRole("button", { name });
const header = (name: string) => sortButton(name).closest("th")!;

/** A parent that owns the sort, as a paged list does, and sends each change to `onChange`. */
function ControlledSort({ onChange }: { onChange: (sorting: DataTableSorting) => void }) {
  const [sorting, setSorting] = useState<DataTableSorting>([{ id: "term", desc: true }]);
  return (
    <DataTable
      columns={batchColumns}
      data={batches}
      getRowId={(row) => row.id}
      caption="Batches"
      emptyText="No Data"
      sorting={sorting}
      onSortingChange={(next) => {
        onChange(next);
        setSorting(next);
      }}
      manualSorting
    />
  );
}

describe("DataTable sorting", () => {
  it("sorts a sortable column ascending, descending, then back to the order of data", async () => {
    const { container } = render(
      <DataTable
        columns={batchColumns}
        data={batches}
        getRowId={(row) => row.id}
        caption="Batches"
        emptyText="No Data"
      />,
    );
    expect(header("Batch").getAttribute("aria-sort")).toBe("none");
    expect(screen.getByRole("columnheader", { name: "Note" }).hasAttribute("aria-sort")).toBe(false);
    expect(screen.queryByRole("button", { name: "Note" })).toBeNull();

    fireEvent.click(sortButton("Batch"));
    expect(rowNames()).toEqual(["Accounting", "arts", "Biology", "Commerce"]);
    expect(header("Batch").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Term").getAttribute("aria-sort")).toBe("none");

    fireEvent.click(sortButton("Batch"));
    expect(rowNames()).toEqual(["Commerce", "Biology", "arts", "Accounting"]);
    expect(header("Batch").getAttribute("aria-sort")).toBe("descending");
    await expectNoAxeViolations(container);

    fireEvent.click(sortButton("Batch"));
    expect(rowNames()).toEqual(["Commerce", "arts", "Biology", "Accounting"]);
    expect(header("Batch").getAttribute("aria-sort")).toBe("none");
  });

  it("compares digits as numbers, keeps equal rows in data order and puts missing values last", () => {
    render(
      <DataTable
        columns={batchColumns}
        data={batches}
        getRowId={(row) => row.id}
        caption="Batches"
        emptyText="No Data"
      />,
    );
    fireEvent.click(sortButton("Term"));
    expect(rowNames()).toEqual(["Accounting", "arts", "Biology", "Commerce"]);
    fireEvent.click(sortButton("Term"));
    // Term 2 twice: arts before Biology, as in data, in both directions.
    expect(rowNames()).toEqual(["Commerce", "arts", "Biology", "Accounting"]);

    fireEvent.click(sortButton("Students"));
    expect(header("Term").getAttribute("aria-sort")).toBe("none");
    expect(rowNames()).toEqual(["Commerce", "Biology", "Accounting", "arts"]);
    fireEvent.click(sortButton("Students"));
    expect(rowNames()).toEqual(["Accounting", "Commerce", "Biology", "arts"]);
  });

  it("sorts from the keyboard: the header is a focusable native button", () => {
    render(
      <DataTable
        columns={batchColumns}
        data={batches}
        getRowId={(row) => row.id}
        caption="Batches"
        emptyText="No Data"
      />,
    );
    const button = sortButton("Students");
    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("type")).toBe("button");
    button.focus();
    expect(document.activeElement).toBe(button);
    // Enter and Space on a focused native button dispatch a click (jsdom does not synthesise it).
    fireEvent.click(button);
    expect(header("Students").getAttribute("aria-sort")).toBe("ascending");
    expect(document.activeElement).toBe(sortButton("Students"));
  });

  it("in controlled mode reports the next sort and shows the one it is given", () => {
    const changes: DataTableSorting[] = [];
    render(<ControlledSort onChange={(next) => changes.push(next)} />);
    expect(header("Term").getAttribute("aria-sort")).toBe("descending");
    // manualSorting: the rows stay in the order of data (the server sorts them).
    expect(rowNames()).toEqual(["Commerce", "arts", "Biology", "Accounting"]);
    fireEvent.click(sortButton("Batch"));
    expect(changes).toEqual([[{ id: "name", desc: false }]]);
    expect(header("Batch").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Term").getAttribute("aria-sort")).toBe("none");
    expect(rowNames()).toEqual(["Commerce", "arts", "Biology", "Accounting"]);
  });

  it("in controlled mode without manualSorting sorts the rows by the given sort", () => {
    render(
      <DataTable
        columns={batchColumns}
        data={batches}
        getRowId={(row) => row.id}
        caption="Batches"
        emptyText="No Data"
        sorting={[{ id: "name", desc: false }]}
        onSortingChange={() => {}}
      />,
    );
    expect(rowNames()).toEqual(["Accounting", "arts", "Biology", "Commerce"]);
    // The parent does not take the change: the sort it gives stays.
    fireEvent.click(sortButton("Batch"));
    expect(header("Batch").getAttribute("aria-sort")).toBe("ascending");
  });
});

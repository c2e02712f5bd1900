import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableRowSelection,
  type DataTableSelectionLabels,
  type DataTableSorting,
  dataTableDateGrouping,
  dataTableRowActions,
  dataTableSelection,
  dataTableServerSorting,
  dataTableSorting,
} from "./index.ts";

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
      features={[dataTableSorting, dataTableSelection]}
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
        features={[dataTableSorting, dataTableSelection]}
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
        features={[dataTableSorting, dataTableSelection]}
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
        features={[dataTableSorting, dataTableSelection]}
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
        features={[dataTableSorting, dataTableSelection]}
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

const selection: DataTableSelectionLabels<Batch> = {
  selectPage: "Select all rows on this page",
  selectRow: (row) => `Select ${row.name}`,
  selectedCount: (count) => `${count} selected`,
};

const checkbox = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;
const pageBox = () => checkbox("Select all rows on this page");

/** A parent that owns the checked rows and pages through `pages`, as a server-paged list does. */
function ControlledSelection({
  pages,
  onChange,
}: {
  pages: Batch[][];
  onChange: (rowSelection: DataTableRowSelection) => void;
}) {
  const [page, setPage] = useState(0);
  const [rowSelection, setRowSelection] = useState<DataTableRowSelection>({});
  return (
    <>
      <DataTable
        columns={batchColumns}
        features={[dataTableSorting, dataTableSelection]}
        data={pages[page] ?? []}
        getRowId={(row) => row.id}
        caption="Batches"
        emptyText="No Data"
        selection={selection}
        rowSelection={rowSelection}
        onRowSelectionChange={(next) => {
          onChange(next);
          setRowSelection(next);
        }}
      />
      <button type="button" onClick={() => setPage((now) => (now + 1) % pages.length)}>
        Next page
      </button>
    </>
  );
}

/** Columns of a list the server sorts: sortable without a sortValue. */
const serverColumns: DataTableColumn<Batch>[] = [
  { id: "name", header: "Batch", cell: (row) => row.name, rowHeader: true, sortable: true },
  { id: "term", header: "Term", cell: (row) => row.term, sortable: true },
  { id: "note", header: "Note", cell: () => "" },
];

function ServerSort({ onChange }: { onChange: (sorting: DataTableSorting) => void }) {
  const [sorting, setSorting] = useState<DataTableSorting>([]);
  return (
    <DataTable
      columns={serverColumns}
      features={[dataTableServerSorting]}
      data={batches}
      getRowId={(row) => row.id}
      caption="Batches"
      emptyText="No Data"
      sorting={sorting}
      onSortingChange={(next) => {
        onChange(next);
        setSorting(next);
      }}
    />
  );
}

describe("DataTable server sorting", () => {
  it("cycles a sortable column's sort, reports each and never reorders the rows", async () => {
    const changes: DataTableSorting[] = [];
    const { container } = render(<ServerSort onChange={(next) => changes.push(next)} />);
    expect(header("Batch").getAttribute("aria-sort")).toBe("none");
    expect(screen.getByRole("columnheader", { name: "Note" }).hasAttribute("aria-sort")).toBe(false);
    fireEvent.click(sortButton("Batch"));
    fireEvent.click(sortButton("Batch"));
    expect(header("Batch").getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(sortButton("Term"));
    expect(changes).toEqual([
      [{ id: "name", desc: false }],
      [{ id: "name", desc: true }],
      [{ id: "term", desc: false }],
    ]);
    expect(header("Batch").getAttribute("aria-sort")).toBe("none");
    expect(rowNames()).toEqual(["Commerce", "arts", "Biology", "Accounting"]);
    await expectNoAxeViolations(container);
  });
});

describe("DataTable row selection", () => {
  it("has no checkboxes unless asked", () => {
    render(
      <DataTable
        columns={batchColumns}
        features={[dataTableSorting, dataTableSelection]}
        data={batches}
        getRowId={(row) => row.id}
        caption="Batches"
        emptyText="No Data"
      />,
    );
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("checks rows one by one, counts them in a status and shows the page box mixed", async () => {
    const { container } = render(
      <DataTable
        columns={batchColumns}
        features={[dataTableSorting, dataTableSelection]}
        data={batches}
        getRowId={(row) => row.id}
        caption="Batches"
        emptyText="No Data"
        selection={selection}
      />,
    );
    const headers = screen.getAllByRole("columnheader");
    expect(headers).toHaveLength(5);
    expect(within(headers[0]!).getByRole("checkbox")).toBe(pageBox());
    expect(screen.getByRole("status").textContent).toBe("0 selected");
    expect(pageBox().checked).toBe(false);
    expect(pageBox().indeterminate).toBe(false);

    fireEvent.click(checkbox("Select Biology"));
    expect(checkbox("Select Biology").checked).toBe(true);
    expect(checkbox("Select arts").checked).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("1 selected");
    expect(pageBox().checked).toBe(false);
    expect(pageBox().indeterminate).toBe(true);
    await expectNoAxeViolations(container);

    fireEvent.click(checkbox("Select Biology"));
    expect(screen.getByRole("status").textContent).toBe("0 selected");
    expect(pageBox().indeterminate).toBe(false);
  });

  it("checks and unchecks every row of the page from the header box", () => {
    render(
      <DataTable
        columns={batchColumns}
        features={[dataTableSorting, dataTableSelection]}
        data={batches}
        getRowId={(row) => row.id}
        caption="Batches"
        emptyText="No Data"
        selection={selection}
      />,
    );
    fireEvent.click(checkbox("Select arts"));
    fireEvent.click(pageBox());
    expect(batches.every((row) => checkbox(`Select ${row.name}`).checked)).toBe(true);
    expect(pageBox().checked).toBe(true);
    expect(pageBox().indeterminate).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("4 selected");

    fireEvent.click(pageBox());
    expect(batches.some((row) => checkbox(`Select ${row.name}`).checked)).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("0 selected");
  });

  it("in controlled mode keeps the rows of other pages checked and counted", () => {
    const changes: DataTableRowSelection[] = [];
    render(
      <ControlledSelection
        pages={[batches.slice(0, 2), batches.slice(2)]}
        onChange={(next) => changes.push(next)}
      />,
    );
    fireEvent.click(checkbox("Select Commerce"));
    expect(changes.map((next) => ({ ...next }))).toEqual([{ b1: true }]);

    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByRole("status").textContent).toBe("1 selected");
    expect(pageBox().checked).toBe(false);
    expect(pageBox().indeterminate).toBe(false);
    fireEvent.click(pageBox());
    expect({ ...changes.at(-1) }).toEqual({ b1: true, b3: true, b4: true });
    expect(screen.getByRole("status").textContent).toBe("3 selected");

    // Unchecking this page leaves the other page's row checked.
    fireEvent.click(pageBox());
    expect({ ...changes.at(-1) }).toEqual({ b1: true });
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(checkbox("Select Commerce").checked).toBe(true);
    expect(pageBox().indeterminate).toBe(true);
  });

  it("spans the empty text over the checkbox column and disables the page box without rows", () => {
    render(
      <DataTable
        columns={batchColumns}
        features={[dataTableSorting, dataTableSelection]}
        data={[]}
        getRowId={(row) => row.id}
        caption="Batches"
        emptyText="No Record"
        selection={selection}
      />,
    );
    expect(screen.getByText("No Record").getAttribute("colspan")).toBe("5");
    expect(pageBox().disabled).toBe(true);
  });
});

describe("DataTable features", () => {
  it("refuses sorting or checkboxes that were not turned on with their feature", () => {
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() =>
      render(
        <DataTable
          columns={batchColumns}
          data={batches}
          getRowId={(row) => row.id}
          caption="Batches"
          emptyText="No Data"
        />,
      ),
    ).toThrow("sortValue, sortable and sorting need features={[dataTableSorting]}");
    expect(() =>
      render(
        <DataTable
          columns={columns}
          data={papers}
          getRowId={(row) => row.id}
          caption="Papers"
          emptyText="No Data"
          features={[dataTableSorting]}
          selection={{ selectPage: "Select all", selectRow: (row) => row.courseName, selectedCount: String }}
        />,
      ),
    ).toThrow("selection needs features={[dataTableSelection]}");
    silence.mockRestore();
  });
});

type Exam = { id: string; courseName: string; date: string; room: string };

/** Out of date order on purpose: the grouping, not `data`, puts the dates in order. */
const exams: Exam[] = [
  { id: "e1", courseName: "Finance", date: "2026-03-04", room: "A1" },
  { id: "e2", courseName: "Accounting", date: "2026-03-02", room: "B2" },
  { id: "e3", courseName: "Marketing", date: "2026-03-04", room: "A3" },
  { id: "e4", courseName: "Economics", date: "2026-03-02", room: "C1" },
  { id: "e5", courseName: "Statistics", date: "2026-03-10", room: "A1" },
];

const examColumns: DataTableColumn<Exam>[] = [
  {
    id: "courseName",
    header: "Course Name",
    cell: (row) => row.courseName,
    rowHeader: true,
  },
  { id: "room", header: "Room", cell: (row) => row.room },
];

/** The exam columns with the course name sortable (needs `dataTableSorting`). */
const sortableExamColumns: DataTableColumn<Exam>[] = examColumns.map((column) =>
  column.id === "courseName" ? { ...column, sortValue: (row: Exam) => row.courseName } : column,
);

/** Renders a DataTable of exams named "Exams", with `props` added or replacing the defaults. */
function renderTable(props: Partial<DataTableProps<Exam>> = {}) {
  return render(
    <DataTable
      columns={examColumns}
      data={exams}
      getRowId={(row) => row.id}
      caption="Exams"
      emptyText="No Data"
      {...props}
    />,
  );
}

const dayLabel = (dateKey: string) => `Day ${dateKey}`;

/** The group headers' texts and, per group, the names of its rows, in document order. */
function groupedRowNames() {
  return screen.getAllByRole("rowgroup").flatMap((group) => {
    const heading = group.querySelector("th[scope=rowgroup]");
    if (!heading) return [];
    // The group's header is a row header too (of the whole group); the rows' own come after it.
    const rowNames = within(group)
      .getAllByRole("rowheader")
      .filter((cell) => cell !== heading)
      .map((cell) => cell.textContent);
    return [[heading.textContent, ...rowNames]];
  });
}

describe("DataTable row action menu", () => {
  it("gives each row a menu button named after it whose menu runs the row's actions", async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { container } = renderTable({
      features: [dataTableRowActions],
      rowActions: {
        header: "Actions",
        label: (row) => `Actions for ${row.courseName}`,
        actions: (row) => [
          { id: "edit", label: "Edit", onSelect: () => onEdit(row.id) },
          { id: "archive", label: "Archive", onSelect: () => {}, disabled: true },
          { id: "delete", label: "Delete", onSelect: () => onDelete(row.id), danger: true },
        ],
      },
    });
    await expectNoAxeViolations(container);
    expect(screen.getByRole("columnheader", { name: "Actions" }).getAttribute("scope")).toBe("col");
    const buttons = screen.getAllByRole("button", { name: /^Actions for / });
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual(
      exams.map((exam) => `Actions for ${exam.courseName}`),
    );
    // The button sits in its row, after the row's cells.
    const financeRow = screen.getByRole("rowheader", { name: "Finance" }).closest("tr")!;
    const trigger = within(financeRow).getByRole("button", { name: "Actions for Finance" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");

    fireEvent.click(trigger);
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(menu.hidden).toBe(false));
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Edit", "Archive", "Delete"]);
    expect(within(menu).getByRole("menuitem", { name: "Archive" }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    await expectNoAxeViolations(document.body);
    // Keyboard: the arrows skip the disabled action, Enter chooses.
    await waitFor(() =>
      expect(menu.contains(document.activeElement) || document.activeElement === menu).toBe(true),
    );
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: "Edit" }).hasAttribute("data-highlighted")).toBe(
        true,
      ),
    );
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: "Delete" }).hasAttribute("data-highlighted")).toBe(
        true,
      ),
    );
    fireEvent.keyDown(menu, { key: "Enter" });
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith("e1"));
    expect(onEdit).not.toHaveBeenCalled();
  });

  it("opens the row's menu from the keyboard and closes it with Escape", async () => {
    renderTable({
      features: [dataTableRowActions],
      rowActions: {
        header: "Actions",
        label: (row) => `Actions for ${row.courseName}`,
        actions: () => [{ id: "edit", label: "Edit", onSelect: () => {} }],
      },
    });
    const trigger = screen.getByRole("button", { name: "Actions for Economics" });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(menu.hidden).toBe(false));
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: "Edit" }).hasAttribute("data-highlighted")).toBe(
        true,
      ),
    );
    // Ark UI's menu loaded on the key press and took the button's place: it gives the focus back to it.
    const loadedTrigger = screen.getByRole("button", { name: "Actions for Economics" });
    expect(loadedTrigger.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(menu, { key: "Escape" });
    await waitFor(() => expect(menu.hidden).toBe(true));
    expect(loadedTrigger.getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(document.activeElement).toBe(loadedTrigger));
  });

  it("renders the row's menu button before its menu has loaded, and ArrowUp opens it on the last action", async () => {
    renderTable({
      features: [dataTableRowActions],
      rowActions: {
        header: "Actions",
        label: (row) => `Actions for ${row.courseName}`,
        actions: () => [
          { id: "edit", label: "Edit", onSelect: () => {} },
          { id: "delete", label: "Delete", onSelect: () => {}, danger: true },
          { id: "archive", label: "Archive", onSelect: () => {}, disabled: true },
        ],
      },
    });
    // No menu is rendered until one is asked for: the buttons are closed popup triggers.
    expect(screen.queryByRole("menu", { hidden: true })).toBeNull();
    const trigger = screen.getByRole("button", { name: "Actions for Statistics" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "ArrowUp" });
    const menu = await screen.findByRole("menu");
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: "Delete" }).hasAttribute("data-highlighted")).toBe(
        true,
      ),
    );
    // Only the row that was used holds a menu.
    expect(screen.getAllByRole("menu", { hidden: true })).toHaveLength(1);
  });

  it("leaves a row without actions without a button, and spans the empty text over the actions column", () => {
    const { rerender } = renderTable({
      features: [dataTableRowActions],
      rowActions: {
        header: "Actions",
        label: (row) => `Actions for ${row.courseName}`,
        actions: (row) => (row.room === "A1" ? [{ id: "edit", label: "Edit", onSelect: () => {} }] : []),
      },
    });
    expect(
      screen.getAllByRole("button", { name: /^Actions for / }).map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Actions for Finance", "Actions for Statistics"]);
    rerender(
      <DataTable
        columns={examColumns}
        data={[]}
        getRowId={(row) => row.id}
        caption="Exams"
        emptyText="No Record"
        features={[dataTableRowActions]}
        rowActions={{ header: "Actions", label: (row) => row.courseName, actions: () => [] }}
      />,
    );
    expect(screen.getByText("No Record").getAttribute("colspan")).toBe("3");
  });
});

describe("DataTable grouping by date", () => {
  it("groups rows under a header per date that occurs, in date order, keeping the order of data inside", async () => {
    const { container } = renderTable({
      features: [dataTableDateGrouping],
      groupByDate: { dateKey: (row) => row.date, label: dayLabel },
    });
    expect(groupedRowNames()).toEqual([
      ["Day 2026-03-02", "Accounting", "Economics"],
      ["Day 2026-03-04", "Finance", "Marketing"],
      ["Day 2026-03-10", "Statistics"],
    ]);
    const heading = screen.getByRole("rowheader", { name: "Day 2026-03-02" });
    expect(heading.tagName).toBe("TH");
    expect(heading.getAttribute("scope")).toBe("rowgroup");
    expect(heading.getAttribute("colspan")).toBe("2");
    // Each group is its own tbody, after the header's thead.
    expect(container.querySelectorAll("tbody")).toHaveLength(3);
    await expectNoAxeViolations(container);
  });

  it("orders the groups latest first when asked, and never shows an empty group", () => {
    renderTable({
      data: exams.filter((exam) => exam.date !== "2026-03-04"),
      features: [dataTableDateGrouping],
      groupByDate: { dateKey: (row) => row.date, label: dayLabel, order: "desc" },
    });
    expect(groupedRowNames()).toEqual([
      ["Day 2026-03-10", "Statistics"],
      ["Day 2026-03-02", "Accounting", "Economics"],
    ]);
  });

  it("keeps the groups in date order and sorts the rows inside each group", () => {
    renderTable({
      columns: sortableExamColumns,
      features: [dataTableSorting, dataTableDateGrouping, dataTableSelection],
      groupByDate: { dateKey: (row) => row.date, label: dayLabel },
      selection: {
        selectPage: "Select all exams",
        selectRow: (row) => `Select ${row.courseName}`,
        selectedCount: (n) => `${n} selected`,
      },
    });
    expect(screen.getByRole("rowheader", { name: "Day 2026-03-02" }).getAttribute("colspan")).toBe("3");
    fireEvent.click(sortButton("Course Name")); // ascending
    fireEvent.click(sortButton("Course Name")); // descending
    expect(header("Course Name").getAttribute("aria-sort")).toBe("descending");
    expect(groupedRowNames()).toEqual([
      ["Day 2026-03-02", "Economics", "Accounting"],
      ["Day 2026-03-04", "Marketing", "Finance"],
      ["Day 2026-03-10", "Statistics"],
    ]);
  });

  it("shows only the empty text, without group headers, when there are no rows", () => {
    renderTable({
      data: [],
      features: [dataTableDateGrouping],
      groupByDate: { dateKey: (row) => row.date, label: dayLabel },
    });
    expect(screen.getByText("No Data").tagName).toBe("TD");
    expect(document.querySelector("th[scope=rowgroup]")).toBeNull();
  });
});

describe("DataTable upload action", () => {
  it("shows the caller's upload control above the table", async () => {
    const onUpload = vi.fn();
    const { container } = renderTable({
      uploadAction: (
        <button type="button" onClick={onUpload}>
          Upload
        </button>
      ),
    });
    const upload = screen.getByRole("button", { name: "Upload" });
    const table = screen.getByRole("table", { name: "Exams" });
    // Before the table in document (and reading) order, outside the scrolling wrapper.
    expect(upload.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(upload.closest("[role=group]")).toBeNull();
    fireEvent.click(upload);
    expect(onUpload).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it("renders nothing beside the table without one", () => {
    const { container } = renderTable();
    expect(container.children).toHaveLength(1);
    expect(container.firstElementChild?.getAttribute("role")).toBe("group");
  });
});

describe("DataTable row actions and grouping without their features", () => {
  it("throws, naming the feature to pass", () => {
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() =>
      renderTable({ rowActions: { header: "Actions", label: (row) => row.courseName, actions: () => [] } }),
    ).toThrow("rowActions needs features={[dataTableRowActions]}");
    expect(() => renderTable({ groupByDate: { dateKey: (row) => row.date, label: dayLabel } })).toThrow(
      "groupByDate needs features={[dataTableDateGrouping]}",
    );
    silence.mockRestore();
  });
});

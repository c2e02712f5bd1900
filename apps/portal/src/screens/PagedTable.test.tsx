import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type PagedQuery, PagedTable, type Paging } from "./PagedTable.tsx";

afterEach(cleanup);

type Row = { id: string; name: string };
type Answer = { noOfRecords: number; rows: Row[] };
type State = Paging<10 | 25 | "all"> & { filter: string };

const columns = [{ id: "name", header: "Name", cell: (r: Row) => r.name, rowHeader: true }];
const labels = {
  nav: "Pages",
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
  rowsPerPage: "Rows per page",
  all: "All",
  range: ({ from, to, total }: { from: number; to: number; total: number }) => `${from}-${to} of ${total}`,
  capped: ({ shown, total }: { shown: number; total: number }) => `First ${shown} of ${total} rows`,
};

function answered(total: number, names: string[], more: Partial<PagedQuery<Answer>> = {}) {
  const data = { noOfRecords: total, rows: names.map((name) => ({ id: name, name })) };
  return { data, isPending: false, isFetching: false, isPlaceholderData: false, isError: false, ...more };
}

function renderTable(query: PagedQuery<Answer>, state: State, navigate = vi.fn()) {
  render(
    <PagedTable
      query={query}
      rows={(answer) => answer.rows}
      state={state}
      navigate={navigate}
      pageSizes={[10, 25, "all"] as const}
      pagerLabels={labels}
      errorView={<p role="alert">An error occurred</p>}
      caption="People"
      columns={columns}
      getRowId={(r) => r.id}
      emptyText="No Data"
      loadingLabel="Loading"
    />,
  );
  return navigate;
}

describe("PagedTable", () => {
  it("shows the page's rows and pages through the state, keeping the rest of it", () => {
    const navigate = renderTable(answered(25, ["Asha", "Ravi"]), { filter: "x", page: 2, pageSize: 10 });
    const table = screen.getByRole("table", { name: "People" });
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((c) => c.textContent),
    ).toEqual(["Asha", "Ravi"]);
    expect(screen.getByText("11-20 of 25")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "25" } });
    expect(navigate.mock.calls).toEqual([
      [{ filter: "x", page: 3, pageSize: 10 }],
      [{ filter: "x", page: 1, pageSize: 25 }],
    ]);
  });

  it.each<[string, PagedQuery<Answer>, State, unknown[]]>([
    [
      "goes back to the last page when the list shrank",
      answered(15, []),
      { filter: "", page: 3, pageSize: 10 },
      [[{ filter: "", page: 2, pageSize: 10 }, true]],
    ],
    ["stays on a page that exists", answered(15, ["Asha"]), { filter: "", page: 2, pageSize: 10 }, []],
    [
      "waits while the previous page stands in",
      answered(15, [], { isPlaceholderData: true, isFetching: true }),
      { filter: "", page: 3, pageSize: 10 },
      [],
    ],
  ])("%s", (_, query, state, calls) => {
    const navigate = renderTable(query, state);
    expect(navigate.mock.calls).toEqual(calls);
  });

  it("shows a loader and no pager until the first page arrives, then 'No Data' for an empty page", () => {
    const loading = {
      data: undefined,
      isPending: true,
      isFetching: true,
      isPlaceholderData: false,
      isError: false,
    };
    renderTable(loading, { filter: "", page: 1, pageSize: 10 });
    expect(screen.getByRole("table", { name: "People" }).getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
    cleanup();
    renderTable(answered(0, []), { filter: "", page: 1, pageSize: 10 });
    expect(screen.getByText("No Data")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Pages" })).toBeTruthy();
  });

  it("blocks the pager while another page loads", () => {
    renderTable(answered(25, ["Asha"], { isFetching: true, isPlaceholderData: true }), {
      filter: "",
      page: 1,
      pageSize: 10,
    });
    expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("table", { name: "People" }).getAttribute("aria-busy")).toBe("true");
  });

  it("shows the error view instead of table and pager when nothing could be loaded", () => {
    const failed = {
      data: undefined,
      isPending: false,
      isFetching: false,
      isPlaceholderData: false,
      isError: true,
    };
    renderTable(failed, { filter: "", page: 1, pageSize: 10 });
    expect(screen.getByRole("alert").textContent).toBe("An error occurred");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("says under an All page that the server capped it at ALL_ROWS_CAP rows, and only then", () => {
    renderTable(answered(1200, ["Asha"]), { filter: "", page: 1, pageSize: "all" });
    expect(screen.getByText("1-500 of 1200")).toBeTruthy();
    expect(screen.getByRole("note").textContent).toBe("First 500 of 1200 rows");
    cleanup();
    renderTable(answered(500, ["Asha"]), { filter: "", page: 1, pageSize: "all" });
    expect(screen.getByText("1-500 of 500")).toBeTruthy();
    expect(screen.queryByRole("note")).toBeNull();
    cleanup();
    renderTable(answered(1200, ["Asha"]), { filter: "", page: 1, pageSize: 25 });
    expect(screen.queryByRole("note")).toBeNull();
  });
});

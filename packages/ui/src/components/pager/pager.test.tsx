import { LIST_PAGE_SIZES } from "@portal/domain";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Pager, type PageSize, pageRange } from "./index.ts";

afterEach(cleanup);

function buttons() {
  return {
    first: screen.getByRole("button", { name: "First page" }) as HTMLButtonElement,
    previous: screen.getByRole("button", { name: "Previous page" }) as HTMLButtonElement,
    next: screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement,
    last: screen.getByRole("button", { name: "Last page" }) as HTMLButtonElement,
  };
}

describe("pageRange", () => {
  it.each<[number, PageSize, number, { pageCount: number; page: number; from: number; to: number }]>([
    [1, 25, 0, { pageCount: 1, page: 1, from: 0, to: 0 }],
    [1, 25, 10, { pageCount: 1, page: 1, from: 1, to: 10 }],
    [2, 25, 60, { pageCount: 3, page: 2, from: 26, to: 50 }],
    [3, 25, 60, { pageCount: 3, page: 3, from: 51, to: 60 }],
    [9, 25, 60, { pageCount: 3, page: 3, from: 51, to: 60 }],
    [0, 25, 60, { pageCount: 1 + 2, page: 1, from: 1, to: 25 }],
    [1, "all", 60, { pageCount: 1, page: 1, from: 1, to: 60 }],
  ])("page %d of size %s with %d rows", (page, size, total, expected) => {
    expect(pageRange(page, size, total)).toMatchObject(expected);
  });
});

describe("Pager", () => {
  it("renders its parts accessibly with the range text", async () => {
    const { container } = render(
      <Pager
        page={2}
        pageSize={25}
        total={60}
        pageSizes={LIST_PAGE_SIZES}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
      />,
    );
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeTruthy();
    expect(screen.getByText("26-50 of 60")).toBeTruthy();
    expect((screen.getByLabelText("Rows per page") as HTMLSelectElement).value).toBe("25");
    await expectNoAxeViolations(container);
  });

  it("disables first and previous on the first page", () => {
    const onPageChange = vi.fn();
    render(<Pager page={1} pageSize={25} total={60} onPageChange={onPageChange} />);
    const b = buttons();
    expect([b.first.disabled, b.previous.disabled, b.next.disabled, b.last.disabled]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    fireEvent.click(b.next);
    fireEvent.click(b.last);
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
  });

  it("disables next and last on the last page", () => {
    const onPageChange = vi.fn();
    render(<Pager page={3} pageSize={25} total={60} onPageChange={onPageChange} />);
    const b = buttons();
    expect([b.first.disabled, b.previous.disabled, b.next.disabled, b.last.disabled]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    fireEvent.click(b.previous);
    fireEvent.click(b.first);
    expect(onPageChange.mock.calls).toEqual([[2], [1]]);
  });

  it("disables every move when everything fits on one page", () => {
    render(<Pager page={1} pageSize={25} total={0} onPageChange={() => {}} />);
    expect(Object.values(buttons()).every((button) => button.disabled)).toBe(true);
    expect(screen.getByText("0-0 of 0")).toBeTruthy();
  });

  it("reports a new page size, including All, with translated labels", () => {
    const onPageSizeChange = vi.fn();
    render(
      <Pager<PageSize>
        page={1}
        pageSize={10}
        total={100}
        pageSizes={[10, 25, 50, "all"]}
        onPageChange={() => {}}
        onPageSizeChange={onPageSizeChange}
        labels={{
          rowsPerPage: "Zeilen pro Seite",
          all: "Alle",
          range: ({ from, to, total }) => `${from}–${to} von ${total}`,
        }}
      />,
    );
    const select = screen.getByLabelText("Zeilen pro Seite");
    fireEvent.change(select, { target: { value: "50" } });
    fireEvent.change(select, { target: { value: "all" } });
    expect(onPageSizeChange.mock.calls).toEqual([[50], ["all"]]);
    expect(screen.getByRole("option", { name: "Alle" })).toBeTruthy();
    expect(screen.getByText("1–10 von 100")).toBeTruthy();
  });
});

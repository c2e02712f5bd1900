import { describe, expect, it } from "vitest";
import type { StatTileProps } from "../components/card/index.ts";
import type { DataTableColumn } from "../components/data-table/index.ts";
import type { DisplayNode } from "./display-node.ts";

/*
 * Bare numbers in table cells and summary tiles show unformatted ("11344", "58.5"); the types refuse
 * them, so the portal's typecheck fails where a screen forgets the formatter. The @ts-expect-error
 * lines fail the typecheck the day the types accept a number again.
 */
type Row = { students: number; name: string };

describe("DisplayNode", () => {
  it("accepts formatted text and refuses a bare number", () => {
    const text: DisplayNode = "1,500";
    // @ts-expect-error a bare number is refused: format it first
    const bare: DisplayNode = 1500;
    expect([text, bare]).toEqual(["1,500", 1500]);
  });

  it("refuses a table cell or tile value that is a bare number", () => {
    const formatted: DataTableColumn<Row> = { id: "n", header: "Students", cell: (r) => String(r.students) };
    // @ts-expect-error a column whose cell is a bare number
    const bare: DataTableColumn<Row> = { id: "n", header: "Students", cell: (r) => r.students };
    // @ts-expect-error a tile whose value is a bare number
    const tile: StatTileProps = { label: "Students", value: 11344 };
    expect([formatted.cell({ students: 2, name: "a" }, 0), bare.id, tile.label]).toEqual([
      "2",
      "n",
      "Students",
    ]);
  });
});

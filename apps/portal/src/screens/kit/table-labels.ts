import type { DataTableSelectionLabels } from "@portal/ui";
import { m } from "../../lib/i18n.ts";

/**
 * Translated texts of a DataTable's row checkboxes (spec academic-planning.md, shared components:
 * row checkboxes): the page's select-all box, each row's box (`selectRow`, e.g. "Select {name}"
 * from the screen's own catalogue) and the "{count} selected" status under the table.
 */
export function selectionLabels<TRow>(selectRow: (row: TRow) => string): DataTableSelectionLabels<TRow> {
  return {
    selectPage: m.kit_select_page(),
    selectRow,
    selectedCount: (count) => m.kit_selected_count({ count }),
  };
}

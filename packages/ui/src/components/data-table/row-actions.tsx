import type { ReactNode } from "react";
import { MoreVerticalIcon } from "../icons/icons.tsx";
import { Menu } from "../menu/menu.tsx";

/** One action of a row's menu, e.g. Edit or Delete (translated by the caller). */
export type DataTableRowAction = {
  /** Unique among the row's actions. */
  id: string;
  label: ReactNode;
  /** Called when the action is chosen (click, or Enter/Space on the highlighted item). */
  onSelect: () => void;
  /** Shown but not selectable, and skipped by the arrow keys. */
  disabled?: boolean;
  /** Shown in the danger colour (e.g. Delete). */
  danger?: boolean;
};

/** The per-row action menu of a DataTable (`rowActions`), its texts translated by the caller. */
export type DataTableRowActions<TRow> = {
  /** Accessible name of the actions column's header (visually hidden), e.g. "Actions". */
  header: string;
  /** Accessible name of one row's menu button, e.g. "Actions for Asha Rao". */
  label: (row: TRow) => string;
  /** The actions of one row, in menu order; an empty list leaves the row without a button. */
  actions: (row: TRow) => readonly DataTableRowAction[];
};

/**
 * One row's action menu: a small icon button named by `label` opening the package's Menu (Ark UI:
 * Enter, Space or the arrow keys open it, arrows move, Enter chooses, Escape closes).
 */
function RowActionsMenu<TRow>({ row, rowActions }: { row: TRow; rowActions: DataTableRowActions<TRow> }) {
  const actions = rowActions.actions(row);
  if (actions.length === 0) return null;
  return (
    <Menu
      trigger={<MoreVerticalIcon />}
      triggerLabel={rowActions.label(row)}
      triggerSize="sm"
      placement="bottom-end"
      items={actions.map((action) => ({
        value: action.id,
        label: action.label,
        onSelect: action.onSelect,
        ...(action.disabled ? { disabled: true } : {}),
        ...(action.danger ? { danger: true } : {}),
      }))}
    />
  );
}

/**
 * Turns on DataTable's per-row action menu (pass it in `features`, with `rowActions`; spec
 * academic-planning.md, shared components): a last column whose cells hold a menu button. It
 * registers no part of TanStack Table. Each row's button renders at once; Ark UI's menu loads
 * when a row's button is first pointed at, focused or pressed (Menu, utils/first-open.tsx), and
 * only the rows whose menus were opened mount it.
 */
export const dataTableRowActions = { name: "rowActions", features: {}, RowActionsMenu } as const;

import { type Context, useContext } from "react";

/**
 * Reads what a table's cells share (an editor, a selection) from `context`, given to them through a
 * context so the columns need not be rebuilt on every render. Throws when a cell is rendered
 * outside the provider; `cells` names them in that error.
 */
export function useCellContext<T>(context: Context<T | null>, cells: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`${cells} cells must be rendered inside their table's provider`);
  return value;
}

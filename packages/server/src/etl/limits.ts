import { MAX_ETL_BYTES, MAX_ETL_CELLS, MAX_ETL_ROWS } from "@portal/domain";
import type { SheetLimits } from "../files/sheets/inspect.ts";

/** The caps of an import sheet (the domain's MAX_ETL_*), larger than a marks sheet's. */
export const ETL_SHEET_LIMITS: SheetLimits = {
  maxRows: MAX_ETL_ROWS,
  maxCells: MAX_ETL_CELLS,
  maxBytes: MAX_ETL_BYTES,
};

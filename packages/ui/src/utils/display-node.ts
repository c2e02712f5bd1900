import type { ReactNode } from "react";

/**
 * What a table cell or summary tile may show: any React node except a bare number, which would
 * appear unformatted ("11344", "58.5", never "11,344" or "58,50" in German). Callers format numbers
 * first (grouping and decimals per language) and pass the text.
 */
export type DisplayNode = Exclude<ReactNode, number | bigint>;

import { useId } from "react";
import { cx } from "../../utils/cx.ts";
import { IconButton } from "../button/button.tsx";
import * as styles from "./pager.css.ts";

/** A page size: a number of rows, or "all" for one page holding every row (spec §9 "All"). */
export type PageSize = number | "all";

export type PagerLabels = {
  /** Name of the navigation landmark. */
  nav: string;
  first: string;
  previous: string;
  next: string;
  last: string;
  rowsPerPage: string;
  /** Text of the "all rows" page size option. */
  all: string;
  /** The range text, e.g. "26-50 of 120". */
  range: (range: { from: number; to: number; total: number }) => string;
  /** The note under an All page the server capped, e.g. "Showing the first 500 of 1,200 rows." */
  capped: (count: { shown: number; total: number }) => string;
};

/** English defaults, only so the control is never nameless; pass translated labels. */
export const defaultPagerLabels: PagerLabels = {
  nav: "Pagination",
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
  rowsPerPage: "Rows per page",
  all: "All",
  range: ({ from, to, total }) => `${from}-${to} of ${total}`,
  capped: ({ shown, total }) => `Showing the first ${shown} of ${total} rows.`,
};

export type PagerProps<TSize extends PageSize = PageSize> = {
  /** Current page, 1-based. */
  page: number;
  pageSize: TSize;
  /** Number of rows on the server (e.g. noOfRecords). */
  total: number;
  /** Choices of the page size selector (e.g. [25, 50, 100] or [10, 25, 50, "all"]); omit to hide it. */
  pageSizes?: readonly TSize[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: TSize) => void;
  labels?: Partial<PagerLabels>;
  /** Blocks every control, e.g. while a page loads. */
  disabled?: boolean;
  /**
   * The most rows the server puts on an All page (e.g. 500): when the page size is "all" and `total`
   * is above it, the range reads 1 to `cappedAt` and a visible note says the page was capped.
   */
  cappedAt?: number;
  className?: string;
};

/**
 * The page count and the shown row range (1-based, inclusive) for a page; pure, for callers too. An
 * "all" page is one page; with `cappedAt` it holds at most that many rows and `capped` says whether
 * the list had more.
 */
export function pageRange(page: number, pageSize: PageSize, total: number, cappedAt?: number) {
  const safeTotal = Math.max(0, Math.floor(total));
  const capped = pageSize === "all" && cappedAt !== undefined && safeTotal > cappedAt;
  const size = pageSize === "all" ? Math.max(safeTotal, 1) : Math.max(1, Math.floor(pageSize));
  const pageCount = Math.max(1, Math.ceil(safeTotal / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const from = safeTotal === 0 ? 0 : (current - 1) * size + 1;
  const to = capped ? (cappedAt as number) : Math.min(current * size, safeTotal);
  return { pageCount, page: current, from, to, total: safeTotal, capped };
}

function Chevron({ direction, double }: { direction: "left" | "right"; double?: boolean }) {
  const path = direction === "left" ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6";
  const second = direction === "left" ? "M20 6l-6 6 6 6" : "M4 6l6 6-6 6";
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={styles.icon}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={double ? (direction === "left" ? "M11 6l-6 6 6 6" : "M13 6l6 6-6 6") : path} />
      {double ? <path d={second} /> : null}
    </svg>
  );
}

/**
 * Paging controls for server-paged lists (spec §2: first, previous, next and last page). First and
 * previous are disabled on the first page, next and last on the last; a page outside 1..pageCount is
 * shown clamped. Changing the page size is reported; the caller usually resets to page 1.
 */
export function Pager<TSize extends PageSize = PageSize>({
  page,
  pageSize,
  total,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  labels,
  disabled = false,
  cappedAt,
  className,
}: PagerProps<TSize>) {
  const text = { ...defaultPagerLabels, ...labels };
  const selectId = useId();
  const range = pageRange(page, pageSize, total, cappedAt);
  const atStart = range.page <= 1;
  const atEnd = range.page >= range.pageCount;
  const showSizes = pageSizes !== undefined && pageSizes.length > 0 && onPageSizeChange !== undefined;

  return (
    <nav aria-label={text.nav} className={cx(styles.pager, className)}>
      {showSizes ? (
        <span className={styles.sizeField}>
          <label htmlFor={selectId}>{text.rowsPerPage}</label>
          <select
            id={selectId}
            className={styles.sizeSelect}
            value={String(pageSize)}
            disabled={disabled}
            onChange={(event) => {
              const chosen = pageSizes.find((size) => String(size) === event.target.value);
              if (chosen !== undefined) onPageSizeChange(chosen);
            }}
          >
            {pageSizes.map((size) => (
              <option key={String(size)} value={String(size)}>
                {size === "all" ? text.all : String(size)}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      <span aria-live="polite">{text.range({ from: range.from, to: range.to, total: range.total })}</span>
      {range.capped ? (
        <span role="note" className={styles.cappedNote}>
          {text.capped({ shown: range.to, total: range.total })}
        </span>
      ) : null}
      <span className={styles.buttons}>
        <IconButton
          aria-label={text.first}
          size="sm"
          disabled={disabled || atStart}
          onClick={() => onPageChange(1)}
        >
          <Chevron direction="left" double />
        </IconButton>
        <IconButton
          aria-label={text.previous}
          size="sm"
          disabled={disabled || atStart}
          onClick={() => onPageChange(range.page - 1)}
        >
          <Chevron direction="left" />
        </IconButton>
        <IconButton
          aria-label={text.next}
          size="sm"
          disabled={disabled || atEnd}
          onClick={() => onPageChange(range.page + 1)}
        >
          <Chevron direction="right" />
        </IconButton>
        <IconButton
          aria-label={text.last}
          size="sm"
          disabled={disabled || atEnd}
          onClick={() => onPageChange(range.pageCount)}
        >
          <Chevron direction="right" double />
        </IconButton>
      </span>
    </nav>
  );
}

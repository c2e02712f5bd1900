import type { ComponentProps, ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import type { DisplayNode } from "../../utils/display-node.ts";
import * as styles from "./card.css.ts";

/** The card's frame. Use `as="section"` with a `Card.Title` heading for a labelled region. */
export function CardRoot({
  as: Tag = "div",
  className,
  ...rest
}: ComponentProps<"div"> & { as?: "div" | "section" | "article" }) {
  return <Tag {...rest} className={cx(styles.root, className)} />;
}

/** Top row of a card: title on the left, actions on the right. */
export function CardHeader({ className, ...rest }: ComponentProps<"div">) {
  return <div {...rest} className={cx(styles.header, className)} />;
}

/** The card's heading; `level` picks h2-h4 to fit the page outline (default h2). */
export function CardTitle({ level = 2, className, ...rest }: ComponentProps<"h2"> & { level?: 2 | 3 | 4 }) {
  const Tag = `h${level}` as const;
  return <Tag {...rest} className={cx(styles.title, className)} />;
}

/** The card's main content, padded. */
export function CardBody({ className, ...rest }: ComponentProps<"div">) {
  return <div {...rest} className={cx(styles.body, className)} />;
}

/** Bottom row of a card, actions aligned to the end. */
export function CardFooter({ className, ...rest }: ComponentProps<"div">) {
  return <div {...rest} className={cx(styles.footer, className)} />;
}

export type StatTileProps = {
  /** What the number is, e.g. "Course Name" or "No of student". */
  label: ReactNode;
  /** The value as shown: a formatted text or node, never a bare number. */
  value: DisplayNode;
  /** A small line under the value. */
  hint?: DisplayNode;
  className?: string;
};

/**
 * A summary tile (label over value), as on the question paper view and the evaluation page.
 * Renders a `<div>` pair of `<dt>`/`<dd>` inside a `StatTileGroup` (a `<dl>`), so label and value
 * stay associated for screen readers.
 */
export function StatTile({ label, value, hint, className }: StatTileProps) {
  return (
    <div className={cx(styles.tile, className)}>
      <dt className={styles.tileLabel}>{label}</dt>
      <dd className={styles.tileValue}>{value}</dd>
      {hint ? <dd className={styles.tileHint}>{hint}</dd> : null}
    </div>
  );
}

/** A responsive grid of StatTiles (a description list). */
export function StatTileGroup({ className, ...rest }: ComponentProps<"dl">) {
  return <dl {...rest} className={cx(styles.tileGrid, className)} />;
}

import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./badge.css.ts";

export type Tone = "success" | "warning" | "danger" | "info" | "neutral";

export type BadgeProps = { tone?: Tone; children: ReactNode; className?: string };

/** A small coloured label (counts, tags). The text carries the meaning; colour only supports it. */
export function Badge({ tone = "neutral", children, className }: BadgeProps) {
  return <span className={cx(styles.badge, styles.tone[tone], className)}>{children}</span>;
}

/** A status label with a leading dot, e.g. Approved (success), Pending (warning), Rejected (danger). */
export function StatusChip({ tone = "neutral", children, className }: BadgeProps) {
  return (
    <span className={cx(styles.badge, styles.tone[tone], className)}>
      <span aria-hidden="true" className={styles.dot} />
      {children}
    </span>
  );
}

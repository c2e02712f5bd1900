import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./empty-state.css.ts";

export type EmptyStateProps = {
  /** The main line, e.g. 'No Data' or 'No Programs Found' (spec §8). */
  title: ReactNode;
  message?: ReactNode;
  icon?: ReactNode;
  /** A next step, e.g. a create button. */
  action?: ReactNode;
  className?: string;
};

/** What a list or panel shows when it has nothing to show. */
export function EmptyState({ title, message, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx(styles.root, className)}>
      {icon ? <span aria-hidden="true">{icon}</span> : null}
      <p className={styles.title}>{title}</p>
      {message ? <p className={styles.message}>{message}</p> : null}
      {action}
    </div>
  );
}

import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./breadcrumbs.css.ts";

export type BreadcrumbItem = {
  label: ReactNode;
  /** Link target; items without one render as text. */
  href?: string;
  /** The page the user is on (normally the last item): text with `aria-current="page"`. */
  current?: boolean;
};

export type BreadcrumbsProps = {
  items: readonly BreadcrumbItem[];
  /** Name of the navigation landmark; default "Breadcrumb". */
  label?: string;
  /** Visual separator between items (hidden from screen readers); default "/". */
  separator?: ReactNode;
  className?: string;
};

/** The trail of pages above the current one (spec breadcrumbs, e.g. EXAM > STUDENT STATUS). */
export function Breadcrumbs({ items, label = "Breadcrumb", separator = "/", className }: BreadcrumbsProps) {
  return (
    <nav aria-label={label} className={className}>
      <ol className={styles.list}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the trail is static for one render; labels can repeat
          <li key={index} className={styles.item}>
            {index > 0 ? (
              <span aria-hidden="true" className={styles.separator}>
                {separator}
              </span>
            ) : null}
            {item.current ? (
              <span aria-current="page" className={styles.current}>
                {item.label}
              </span>
            ) : item.href ? (
              <a href={item.href} className={styles.link}>
                {item.label}
              </a>
            ) : (
              <span className={cx(styles.current)}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import { type BreadcrumbItem, Breadcrumbs } from "../breadcrumbs/breadcrumbs.tsx";
import * as styles from "./page-header.css.ts";

export type PageHeaderProps = {
  /** The page title, rendered as the page's `<h1>`. */
  title: ReactNode;
  /** Breadcrumb trail above the title (spec breadcrumbs). */
  breadcrumbs?: readonly BreadcrumbItem[];
  /** Name of the breadcrumb landmark; default "Breadcrumb". */
  breadcrumbsLabel?: string;
  /** A line under the title, e.g. a record count. */
  description?: ReactNode;
  /** Buttons on the right, e.g. Back and Save. */
  actions?: ReactNode;
  className?: string;
};

/** Top of a screen: breadcrumbs, title and actions. Presentational and server-renderable. */
export function PageHeader({
  title,
  breadcrumbs,
  breadcrumbsLabel,
  description,
  actions,
  className,
}: PageHeaderProps) {
  return (
    <div className={cx(styles.root, className)}>
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <Breadcrumbs items={breadcrumbs} label={breadcrumbsLabel} />
      ) : null}
      <div className={styles.row}>
        <h1 className={styles.title}>{title}</h1>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {description ? <p className={styles.description}>{description}</p> : null}
    </div>
  );
}

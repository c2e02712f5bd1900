import { type ReactNode, useId } from "react";
import { cx } from "../../utils/cx.ts";
import { visuallyHidden } from "../../utils/visually-hidden.css.ts";
import { IconButton } from "../button/button.tsx";
import { ChevronLeftIcon } from "../icons/icons.tsx";
import * as styles from "./drawer.css.ts";

export type DrawerItem = {
  /** Unique among the items (used as the key). */
  id: string;
  label: string;
  href: string;
  /** A decorative icon; required in practice, since a collapsed drawer shows only icons. */
  icon?: ReactNode;
  /** The item of the current page: highlighted and `aria-current="page"`. */
  active?: boolean;
};

export type DrawerLabels = {
  /** Name of the navigation landmark, e.g. "Main menu". */
  nav: string;
  /** Accessible name of the toggle while expanded, e.g. "Collapse menu". */
  collapse: string;
  /** Accessible name of the toggle while collapsed, e.g. "Expand menu". */
  expand: string;
};

export type DrawerProps = {
  items: readonly DrawerItem[];
  /** 65 px wide with icons only when true, 260 px with labels otherwise (spec §9). */
  collapsed: boolean;
  /** Called with the new state by the toggle; without it no toggle is rendered (static server HTML). */
  onCollapsedChange?: (collapsed: boolean) => void;
  labels: DrawerLabels;
  /** Content above the items next to the toggle (e.g. a title); hidden while collapsed. */
  header?: ReactNode;
  className?: string;
};

/**
 * The side menu of the shell (spec §2, §9): a navigation landmark whose items are plain links, so it
 * works server-rendered before any JavaScript runs. While collapsed, labels stay available to screen
 * readers and as the links' `title`. The toggle reports the change; the caller stores the state.
 */
export function Drawer({ items, collapsed, onCollapsedChange, labels, header, className }: DrawerProps) {
  const listId = `${useId()}-drawer-items`;
  return (
    <nav
      aria-label={labels.nav}
      data-collapsed={collapsed ? "true" : "false"}
      className={cx(styles.drawer, collapsed && styles.collapsed, className)}
    >
      {onCollapsedChange || (header && !collapsed) ? (
        <div className={cx(styles.top, collapsed && styles.collapsedTop)}>
          {header && !collapsed ? header : null}
          {onCollapsedChange ? (
            <IconButton
              aria-label={collapsed ? labels.expand : labels.collapse}
              aria-expanded={!collapsed}
              aria-controls={listId}
              onClick={() => onCollapsedChange(!collapsed)}
            >
              <ChevronLeftIcon className={cx(styles.toggleIcon, collapsed && styles.toggleIconFlipped)} />
            </IconButton>
          ) : null}
        </div>
      ) : null}
      <ul id={listId} className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={item.href}
              aria-current={item.active ? "page" : undefined}
              title={collapsed ? item.label : undefined}
              className={cx(styles.link, collapsed && styles.collapsedLink)}
            >
              {item.icon ? (
                <span aria-hidden="true" className={styles.icon}>
                  {item.icon}
                </span>
              ) : null}
              <span className={collapsed ? visuallyHidden : styles.label}>{item.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

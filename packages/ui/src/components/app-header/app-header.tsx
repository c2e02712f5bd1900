import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./app-header.css.ts";

export type AppHeaderProps = {
  /** The logo, normally a link home (spec §2: the logo links to /dashboard). */
  logo: ReactNode;
  /** Before the logo, e.g. a menu button that opens the drawer on small screens. */
  start?: ReactNode;
  /** The greeting of the signed-in user, e.g. "Hello, Asha" (already translated). */
  greeting?: ReactNode;
  /** Right-hand actions: language, theme, avatar menu, apps popover. */
  actions?: ReactNode;
  /** Target and text of a "skip to content" link, the first stop of keyboard users. */
  skipLink?: { href: string; label: string };
  className?: string;
};

/**
 * The top bar of the application shell (banner landmark). Presentational only and safe to render on
 * the server: it reads no browser global.
 */
export function AppHeader({ logo, start, greeting, actions, skipLink, className }: AppHeaderProps) {
  return (
    <header className={cx(styles.header, className)}>
      {skipLink ? (
        <a href={skipLink.href} className={styles.skipLink}>
          {skipLink.label}
        </a>
      ) : null}
      <div className={styles.start}>
        {start}
        {logo}
      </div>
      <div className={styles.end}>
        {greeting ? <span className={styles.greeting}>{greeting}</span> : null}
        {actions}
      </div>
    </header>
  );
}

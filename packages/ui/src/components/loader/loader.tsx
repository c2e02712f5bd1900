import { cx } from "../../utils/cx.ts";
import { visuallyHidden } from "../../utils/visually-hidden.css.ts";
import * as styles from "./loader.css.ts";

export type SpinnerSize = "sm" | "md" | "lg";

/** A decorative spinner (hidden from assistive technology); pair it with a text that says what loads. */
export function Spinner({ size = "md", className }: { size?: SpinnerSize; className?: string }) {
  return <span aria-hidden="true" className={cx(styles.spinner, styles.spinnerSize[size], className)} />;
}

export type LoaderProps = {
  /** Accessible name announced by screen readers; visible when `showLabel` is set. */
  label?: string;
  /** Show the label next to the spinner (always shown in the full-page variant). */
  showLabel?: boolean;
  size?: SpinnerSize;
  /**
   * `inline` sits in the text flow, `block` centres itself in its container (table cells, panels),
   * `fullPage` covers the viewport (e.g. until the configuration has loaded, spec §2).
   */
  variant?: "inline" | "block" | "fullPage";
  className?: string;
};

/**
 * A loading indicator with `role="status"`, so its label is announced politely.
 * The default label "Loading" exists only so the indicator is never nameless; pass a translated one.
 */
export function Loader({
  label = "Loading",
  showLabel = false,
  size,
  variant = "inline",
  className,
}: LoaderProps) {
  const visible = showLabel || variant === "fullPage";
  const spinnerSize = size ?? (variant === "fullPage" ? "lg" : "md");
  const body = (
    <>
      <Spinner size={spinnerSize} />
      <span className={visible ? undefined : visuallyHidden}>{label}</span>
    </>
  );
  if (variant === "fullPage") {
    return (
      <div role="status" aria-live="polite" className={cx(styles.fullPage, className)}>
        {body}
      </div>
    );
  }
  if (variant === "block") {
    return (
      <div className={cx(styles.block, className)}>
        <span role="status" aria-live="polite" className={styles.loader}>
          {body}
        </span>
      </div>
    );
  }
  return (
    <span role="status" aria-live="polite" className={cx(styles.loader, className)}>
      {body}
    </span>
  );
}

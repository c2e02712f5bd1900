import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import { Button } from "../button/button.tsx";
import * as styles from "../empty-state/empty-state.css.ts";

export type ErrorFallbackProps = {
  /** What went wrong, e.g. 'An error occurred: {message}' (spec §8), already formatted. */
  message: ReactNode;
  /** Label of the retry button, e.g. "Try again". Without `onRetry` no button is shown. */
  retryLabel?: string;
  onRetry?: () => void;
  className?: string;
};

/** An error panel announced as an alert, with an optional retry button (page fallback, spec §8). */
export function ErrorFallback({ message, retryLabel, onRetry, className }: ErrorFallbackProps) {
  return (
    <div role="alert" className={cx(styles.errorRoot, className)}>
      <p className={styles.errorMessage}>{message}</p>
      {onRetry && retryLabel ? (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}

import { Button } from "@portal/ui";
import { m } from "../../lib/i18n.ts";
import * as styles from "./evaluation.css.ts";

/** The error state of a screen: 'An error occurred: {message}' and Try again (spec §8). */
export function QueryError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className={styles.errorBox}>
      <p className={styles.errorText}>{m.ev_error({ message })}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {m.ev_try_again()}
        </Button>
      ) : null}
    </div>
  );
}

import { Button } from "@portal/ui";
import { m } from "../../lib/i18n.ts";
import * as styles from "../screen.css.ts";
import { errorText } from "./error-text.ts";

/**
 * What {@link QueryError} shows: the failure itself (`error`, read through {@link errorText}) or a
 * ready `message`; `onRetry`, when given, adds Try again.
 */
export type QueryErrorProps = ({ error: unknown } | { message: string }) & { onRetry?: () => void };

/** The error state of a screen: 'An error occurred: {message}' and Try again (spec §8). */
export function QueryError(props: QueryErrorProps) {
  const message = "message" in props ? props.message : errorText(props.error);
  return (
    <div role="alert" className={styles.errorBox}>
      <p className={styles.errorText}>{m.kit_error({ message })}</p>
      {props.onRetry ? (
        <Button variant="secondary" onClick={props.onRetry}>
          {m.kit_try_again()}
        </Button>
      ) : null}
    </div>
  );
}

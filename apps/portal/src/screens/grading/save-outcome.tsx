import { m } from "../../lib/i18n.ts";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { errorText } from "../kit/error-text.ts";
import { isVersionConflict } from "../row-edit.ts";
import * as styles from "./grading.css.ts";
import { translateGradingMessage } from "./grading-messages.ts";

/**
 * What a failed save of the Grading Setting tabs shows: a stale version (409) offers Reload
 * (ConflictNotice; Reload refetches, then clears the failure and keeps what was typed); any other
 * failure reads 'Failed to add. Please try again.' with the server's reason. Nothing while `save`
 * has not failed.
 */
export function SaveOutcome({
  save,
  onReload,
}: {
  save: { isError: boolean; error: unknown; reset: () => void };
  onReload: () => Promise<unknown>;
}) {
  if (!save.isError) return null;
  if (isVersionConflict(save.error)) {
    return (
      <ConflictNotice
        onReload={async () => {
          await onReload();
          save.reset();
        }}
      />
    );
  }
  return (
    <p role="alert" className={styles.formError}>
      {m.grading_failed_save()} {translateGradingMessage(errorText(save.error))}
    </p>
  );
}

import { ConflictNotice } from "../ConflictNotice.tsx";
import { errorText } from "../kit/error-text.ts";
import * as screenStyles from "../screen.css.ts";
import { isVersionConflict } from "../version-conflict.ts";

/**
 * What a grading form shows after a refused save (the typed values stay): ConflictNotice with Reload
 * when the record's version was stale (Reload runs `onReload`, then `onCleared`), else the error's
 * text under an optional `heading`; nothing while there is no `failure`.
 */
export function FailureNotice({
  failure,
  heading,
  onReload,
  onCleared,
}: {
  failure: unknown;
  heading?: string;
  onReload: () => Promise<unknown>;
  onCleared: () => void;
}) {
  if (!failure) return null;
  if (isVersionConflict(failure)) {
    return (
      <ConflictNotice
        onReload={async () => {
          await onReload();
          onCleared();
        }}
      />
    );
  }
  return (
    <div role="alert" className={screenStyles.errorBox}>
      {heading ? <p className={screenStyles.errorText}>{heading}</p> : null}
      <p className={screenStyles.errorText}>{errorText(failure)}</p>
    </div>
  );
}

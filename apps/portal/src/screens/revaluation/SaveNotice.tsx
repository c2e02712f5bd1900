import { m } from "../../lib/i18n.ts";
import { ConflictNotice } from "../ConflictNotice.tsx";
import * as styles from "../screen.css.ts";

/**
 * What a revaluation or retest student list shows after a refused inline save (the error stays
 * visible and the typed values stay): ConflictNotice with Reload while any row's version was stale
 * (`conflicted`), else 'Not saved: {message}' for `failure`; nothing when neither.
 */
export function SaveNotice({
  conflicted,
  failure,
  onReload,
}: {
  conflicted: boolean;
  failure: string | null;
  onReload: () => Promise<unknown>;
}) {
  if (conflicted) return <ConflictNotice onReload={onReload} />;
  if (!failure) return null;
  return (
    <p role="alert" className={styles.errorBox} data-testid="save-failure">
      {m.reval_not_saved({ message: failure })}
    </p>
  );
}

import { ApiError } from "@portal/api-client";
import { m } from "../../lib/i18n.ts";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { errorText } from "../kit/error-text.ts";
import { isVersionConflict } from "../row-edit.ts";
import * as styles from "../screen.css.ts";

/**
 * Whether the API refused a save with 409: a stale version (`version_conflict`), a record that exists
 * already (`duplicate_intake`, `duplicate_subject`) or one still in use (`in_use`). Such a refusal
 * is shown where the user is working (RefusalNotice), never as a passing toast, and nothing typed is
 * dropped.
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The server's refusal text in the page's language (the planning API's known texts; others as sent). */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.errorCode === "duplicate_intake") return m.intake_intake_exists();
    if (error.errorCode === "duplicate_subject") return m.intake_subject_exists();
  }
  return errorText(error);
}

/**
 * A refused save's notice: a stale version shows the shared ConflictNotice (record changed, Reload
 * refetches and keeps what was typed); any other 409 shows the server's reason as an alert.
 */
export function RefusalNotice({ error, onReload }: { error: unknown; onReload: () => Promise<unknown> }) {
  if (isVersionConflict(error)) return <ConflictNotice onReload={onReload} />;
  return (
    <div role="alert" className={styles.errorBox}>
      <p className={styles.errorText}>{refusalText(error)}</p>
    </div>
  );
}

import { Button } from "@portal/ui";
import { useState } from "react";
import { m } from "../lib/i18n.ts";
import * as styles from "./screen.css.ts";

/**
 * What a screen shows where a save was refused because someone else changed the record since it was
 * read (409 `version_conflict`, see isVersionConflict): the record-changed message and a Reload
 * button. `onReload` refetches the screen's data (the record with its new version) and resolves once
 * it has; what the user typed stays where it is, so the next save sends it over the fresh version.
 * `label` names the record for the button's accessible name when one screen may show several.
 */
export function ConflictNotice({ onReload, label }: { onReload: () => Promise<unknown>; label?: string }) {
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };
  return (
    <div role="alert" className={styles.errorBox}>
      <p className={styles.errorText}>{m.row_conflict()}</p>
      <Button
        variant="secondary"
        size="sm"
        loading={reloading}
        aria-label={label}
        onClick={() => void reload()}
      >
        {m.row_reload()}
      </Button>
    </div>
  );
}

import { m } from "../../lib/i18n.ts";
import * as styles from "./planning.css.ts";

/** §4 schedule progress label: 0% 'Not yet started', above 0% 'Ongoing'. */
export function progressLabel(percent: number): string {
  return percent > 0 ? m.planning_ongoing() : m.planning_not_yet_started();
}

/**
 * The schedule progress of spec §4: a percentage bar (`<progress>`, named after `label`) with the
 * percent and its status, from the class sessions held over those planned.
 */
export function ProgressCell({ percent, label }: { percent: number; label: string }) {
  return (
    <span className={styles.progress}>
      <progress
        className={styles.progressBar}
        max={100}
        value={percent}
        aria-label={m.planning_progress_of({ name: label })}
      />
      <span>
        {percent}% {progressLabel(percent)}
      </span>
    </span>
  );
}

import { Tooltip } from "@portal/ui";
import { m } from "../../../lib/i18n.ts";
import * as styles from "./evaluation.css.ts";

/**
 * The reason marker of a Rejected evaluator (spec §4): a small "i" button beside the status chip.
 * Its accessible name carries the reason ("Reason for rejection: …"), and the reason shows as a
 * tooltip on hover and keyboard focus.
 */
export function ReasonMarker({ reason }: { reason: string }) {
  const text = reason.trim() || m.ev_na();
  return (
    <Tooltip content={text} placement="top" openDelay={150}>
      <button type="button" className={styles.reasonMarker} aria-label={m.ev_reason_marker({ reason: text })}>
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          width="1em"
          height="1em"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        >
          <path d="M12 11v6M12 7h.01" />
        </svg>
      </button>
    </Tooltip>
  );
}

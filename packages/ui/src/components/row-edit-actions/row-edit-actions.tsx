import { type ReactNode, useEffect, useId, useRef } from "react";
import { cx } from "../../utils/cx.ts";
import { Button } from "../button/button.tsx";
import * as styles from "./row-edit-actions.css.ts";

/** Texts of the row actions, already translated. */
export type RowEditLabels = {
  /** Visible texts of the three buttons, e.g. "Edit", "Done", "Revert". */
  edit: string;
  done: string;
  revert: string;
  /**
   * Accessible names that say which row a button acts on, e.g. "Edit the exam of Financial
   * Accounting"; they should start with the visible text. Without them the visible text is the name.
   */
  editName?: string;
  doneName?: string;
  revertName?: string;
};

export type RowEditActionsProps = {
  /** Whether the row is in edit mode (Done and Revert shown) or in read mode (Edit shown). */
  editing: boolean;
  labels: RowEditLabels;
  onEdit: () => void;
  /** Done: check and save the row, or keep its change for a later save. */
  onDone: () => void;
  /** Revert: restore the row's stored values and leave edit mode. */
  onRevert: () => void;
  /** A save of this row is running: Done shows a spinner and is blocked, and so is Revert. */
  saving?: boolean;
  /** Edit is not offered now, e.g. while another row is edited or the screen saves. */
  editDisabled?: boolean;
  /** Why Edit is off (or what it does), shown as the Edit button's title and read as its description. */
  editTitle?: string;
  /**
   * A short note about the row shown under the buttons, e.g. "not saved" for a change that is kept
   * but not stored; the buttons are described by it (`aria-describedby`).
   */
  note?: ReactNode;
  /** Controls shown under Done and Revert while editing, e.g. a "notify by mail" check box. */
  children?: ReactNode;
  /** Id of the Edit button, so a screen can move the focus there. */
  editId?: string;
  className?: string;
};

/**
 * The Edit / Done / Revert actions of a table row that edits inline (one row at a time): Edit in
 * read mode; Done and Revert (and `children`) in edit mode; an optional `note` under them.
 *
 * Keyboard: when the row leaves edit mode while the focus was on one of its actions (Done or Revert
 * pressed) or was lost (an input of the row closed, e.g. by Escape), the focus moves to Edit, so a
 * keyboard user stays on the row.
 *
 * The component keeps no draft; the screen owns it. The rule it is built for (spec §4, §8 of the
 * portal): Done saves, the row returns to read mode and the data reloads; a failed save also returns
 * the row to read mode, but never drops what was typed: the screen keeps the draft, shows the
 * failure, marks the row with a `note` ("not saved"), reopens the kept draft on Edit and drops it on
 * Revert.
 */
export function RowEditActions({
  editing,
  labels,
  onEdit,
  onDone,
  onRevert,
  saving = false,
  editDisabled = false,
  editTitle,
  note,
  children,
  editId,
  className,
}: RowEditActionsProps) {
  const noteId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) {
      const active = document.activeElement;
      if (!active || active === document.body || rootRef.current?.contains(active)) {
        editRef.current?.focus();
      }
    }
    wasEditing.current = editing;
  }, [editing]);
  const describedBy = note ? noteId : undefined;

  return (
    <div ref={rootRef} className={cx(styles.root, className)}>
      {editing ? (
        <>
          <span className={styles.buttons}>
            <Button
              size="sm"
              loading={saving}
              aria-label={labels.doneName}
              aria-describedby={describedBy}
              onClick={onDone}
            >
              {labels.done}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={saving}
              aria-label={labels.revertName}
              onClick={onRevert}
            >
              {labels.revert}
            </Button>
          </span>
          {children}
        </>
      ) : (
        <Button
          ref={editRef}
          id={editId}
          size="sm"
          variant="secondary"
          disabled={editDisabled}
          title={editTitle}
          aria-label={labels.editName}
          aria-describedby={describedBy}
          onClick={onEdit}
        >
          {labels.edit}
        </Button>
      )}
      {note ? (
        <span id={noteId} className={styles.note}>
          {note}
        </span>
      ) : null}
    </div>
  );
}

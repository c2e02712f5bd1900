import { RowEditActions } from "@portal/ui";
import { m } from "../../lib/i18n.ts";
import { unsavedNote } from "../row-edit.ts";

/** What RequestEditActions needs of a student list's inline editor (one row edited at a time). */
export type RequestRowEditor<R> = {
  editing: { id: string } | null;
  kept: ReadonlyMap<string, unknown>;
  conflicts: ReadonlySet<string>;
  saving: boolean;
  start: (row: R) => void;
  done: (row: R) => void;
  revert: () => void;
};

/**
 * Edit, Done and Revert of one request in a revaluation or retest student list (spec §4 edit, done,
 * revert), named by the student; "not saved" under a row whose save failed. `final` keeps Edit off
 * for a request the domain's transition table lets go nowhere (a completed or rejected revaluation,
 * a scheduled retest; the server refuses such a change with illegal_transition), with the reason as
 * the button's title.
 */
export function RequestEditActions<R extends { id: string; StudentName: string }>({
  editor,
  row,
  final = false,
}: {
  editor: RequestRowEditor<R>;
  row: R;
  final?: boolean;
}) {
  const name = row.StudentName;
  return (
    <RowEditActions
      editing={editor.editing?.id === row.id}
      saving={editor.saving}
      editDisabled={editor.editing !== null || final}
      editTitle={final ? m.reval_edit_final() : undefined}
      labels={{
        edit: m.reval_edit(),
        done: m.reval_done(),
        revert: m.reval_revert(),
        editName: m.reval_edit_of({ name }),
        doneName: m.reval_done_of({ name }),
        revertName: m.reval_revert_of({ name }),
      }}
      note={unsavedNote(editor, row.id)}
      onEdit={() => editor.start(row)}
      onDone={() => editor.done(row)}
      onRevert={editor.revert}
    />
  );
}

import {
  type ExamOverlap,
  type ExamTimetableRow,
  saveExamTimetableMutationOptions,
} from "@portal/api-client";
import { EXAM_DURATION_MAX_MINUTES, EXAM_DURATION_MIN_MINUTES, EXAM_TYPES } from "@portal/domain";
import { Checkbox, RowEditActions } from "@portal/ui";
import { useMutation } from "@tanstack/react-query";
import { createContext, type KeyboardEvent, type ReactNode, useCallback, useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { useApi, useToast } from "../../../shell/IslandRoot.tsx";
import { useCellContext } from "../../cell-context.ts";
import { displayDate } from "../../kit/display-date.ts";
import { errorText } from "../../kit/error-text.ts";
import { formatNumber, formatTime, plural, pluralCount } from "../../kit/format.ts";
import { focusById, isVersionConflict, useRowEdit } from "../../row-edit.ts";
import { useExamRefresh } from "./exam-refresh.ts";
import * as styles from "./exams.css.ts";
import { examTypeLabel } from "./labels.ts";
import {
  type DraftErrors,
  type DraftField,
  draftOf,
  fieldLabel,
  serverErrorField,
  type TimetableDraft,
  validateDraft,
} from "./timetable-edit.ts";

export { focusById };

/**
 * What the editable cells of a timetable row read: which row is being edited, its draft and field
 * errors, the "Notify faculty by mail" choice, and the actions. The inline timetable edits one row
 * at a time (spec §4 edit, done, revert); the details page keeps its single row always in edit mode.
 */
export type TimetableEditor = {
  editingId: string | null;
  draft: TimetableDraft | null;
  errors: DraftErrors;
  sendEmail: boolean;
  saving: boolean;
  setField: (field: DraftField, value: string) => void;
  setSendEmail: (value: boolean) => void;
  /** Turns a row into inputs (inline only). */
  startEdit: (row: ExamTimetableRow) => void;
  /** Checks the draft and saves it (inline: Done; details: Save). */
  done: (row: ExamTimetableRow) => void;
  /** Restores the row and leaves edit mode (inline only). */
  revert: () => void;
  /** The typed values of a row whose save failed, shown marked "not saved" (inline only). */
  unsaved?: (examId: string) => TimetableDraft | null;
  /** Whether the row's kept draft was refused because someone else changed the exam (409). */
  conflicted?: (examId: string) => boolean;
};

const EditorContext = createContext<TimetableEditor | null>(null);
const useEditor = (): TimetableEditor => useCellContext(EditorContext, "Timetable");

/** Gives the editable cells below it their editor. */
export const TimetableEditorProvider = EditorContext.Provider;

/** Id of a row's input (stable, so focus can be moved to it). */
export function inputId(examId: string, field: DraftField): string {
  return `exam-${examId}-${field}`;
}

/** Focuses the first invalid input of a row. */
export function focusFirstError(examId: string, errors: DraftErrors): void {
  const first = (Object.keys(errors) as DraftField[])[0];
  if (first) focusById(inputId(examId, first));
}

/** What the inline editor keeps per row: the inputs' values and the "Notify faculty by mail" choice. */
type InlineDraft = { fields: TimetableDraft; sendEmail: boolean };

/**
 * Inline edit of the exam timetable (spec §4): Edit turns a row into inputs; Done checks it with
 * ZExamTimetableItem (an invalid field shows its message under the input and nothing is sent) and
 * saves it through POST /salesforce/TimeTable (sendEmail from "Notify faculty by mail"); Revert
 * restores it. Saved: the server's message as a toast (spec §7, §8), the data reloaded, the row back
 * in read mode. Refused or failed (the portal's rule, see useRowEdit): the server's errorMessage as an
 * error toast, and the row leaves edit mode too (spec §4) showing the typed values marked "not
 * saved"; Edit reopens them with the message under the field the server names, Revert drops them.
 */
/**
 * The warning toast of a timetable save that made student clashes (POST /salesforce/TimeTable
 * `clashes`): a title with their number and one line per clash (the first 5; the clash report has
 * the rest), dates and times as the rest of the screen shows them.
 */
export function clashWarning(clashes: readonly ExamOverlap[]): [string, ReactNode] {
  const title = pluralCount(clashes.length, m.exam_move_clashes_one, m.exam_move_clashes_other);
  const lines = clashes.slice(0, 5).map((c) => {
    const inputs = {
      course: c.courseCode,
      section: c.section,
      other: c.otherCourseCode,
      otherSection: c.otherSection,
      date: displayDate(c.date),
      time: formatTime(c.startTime),
      students: formatNumber(c.students),
    };
    return (
      <li key={`${c.examId}:${c.otherExamId}`}>
        {plural(c.students, m.exam_move_clash_one, m.exam_move_clash_other, inputs)}
      </li>
    );
  });
  return [title, <ul key="clashes">{lines}</ul>];
}

export function useInlineTimetableEditor(): TimetableEditor & { cancel: () => void } {
  const api = useApi();
  const toast = useToast();
  const refresh = useExamRefresh();
  const { editing, kept, conflicts, start, update, revert, close, saved, failed } = useRowEdit<
    InlineDraft,
    DraftErrors
  >();
  const mutation = useMutation({
    ...saveExamTimetableMutationOptions(api),
    onSuccess: async (answer, items) => {
      toast.success(answer.message);
      if (answer.clashes.length > 0) toast.warning(...clashWarning(answer.clashes));
      await refresh();
      const id = items[0]?.id;
      if (id) saved(id);
    },
    onError: async (error) => {
      if (isVersionConflict(error)) {
        // Someone saved the exam since it was read: keep what was typed, marked as such, and fetch
        // the fresh row, whose new version the next Done sends, saving the typed values over it.
        toast.error(m.row_conflict());
        failed({}, true);
        await refresh();
        return;
      }
      const message = errorText(error);
      toast.error(message);
      const field = serverErrorField(error);
      failed(field ? { [field]: message } : {});
    },
  });
  const saving = mutation.isPending;
  const startEdit = useCallback(
    (row: ExamTimetableRow) => {
      start(row.id, () => ({
        id: row.id,
        draft: { fields: draftOf(row), sendEmail: false },
        errors: {},
      }));
      const keptErrors = kept.get(row.id)?.errors ?? {};
      if (Object.keys(keptErrors).length > 0) focusFirstError(row.id, keptErrors);
      else focusById(inputId(row.id, "dateOfExam"));
    },
    [start, kept],
  );
  const setField = useCallback(
    (field: DraftField, value: string) =>
      update(({ draft, errors: { [field]: _cleared, ...errors }, ...open }) => ({
        ...open,
        draft: { ...draft, fields: { ...draft.fields, [field]: value } },
        errors,
      })),
    [update],
  );
  const setSendEmail = useCallback(
    (sendEmail: boolean) => update((open) => ({ ...open, draft: { ...open.draft, sendEmail } })),
    [update],
  );
  const { mutate } = mutation;
  const done = useCallback(
    (row: ExamTimetableRow) => {
      if (!editing || editing.id !== row.id) return;
      const result = validateDraft(row.id, editing.draft.fields, editing.draft.sendEmail, row.version);
      if (!result.ok) {
        update((open) => ({ ...open, errors: result.errors }));
        focusFirstError(row.id, result.errors);
        return;
      }
      mutate([result.item]);
    },
    [editing, update, mutate],
  );
  const unsaved = useCallback((examId: string) => kept.get(examId)?.draft.fields ?? null, [kept]);
  const conflicted = useCallback((examId: string) => conflicts.has(examId), [conflicts]);
  return useMemo(
    () => ({
      editingId: editing?.id ?? null,
      draft: editing?.draft.fields ?? null,
      errors: editing?.errors ?? {},
      sendEmail: editing?.draft.sendEmail ?? false,
      saving,
      setField,
      setSendEmail,
      startEdit,
      done,
      revert,
      cancel: close,
      unsaved,
      conflicted,
    }),
    [editing, saving, setField, setSendEmail, startEdit, done, revert, close, unsaved, conflicted],
  );
}

/** A field's value in read mode: the stored one, or the typed one of a save that failed. */
function readValue(row: ExamTimetableRow, field: DraftField, unsaved: TimetableDraft | null): string {
  if (unsaved) {
    if (field === "dateOfExam") return displayDate(unsaved.dateOfExam);
    return field === "examType" ? examTypeLabel(unsaved.examType) : unsaved[field];
  }
  switch (field) {
    case "dateOfExam":
      return displayDate(row.dateOfExam);
    case "timeOfExam":
      return row.startTimeOfExam;
    case "duration":
      return String(row.duration);
    case "examType":
      return examTypeLabel(row.examType);
    case "venue":
      return row.venue;
    case "studentFacultyRatio":
      return row.studentFacultyRatio;
  }
}

/**
 * One field of a timetable row: its value in read mode, an input while the row is edited (date
 * input, time input, minutes, exam type choice, venue text, ratio text), with the field's message
 * under it. Enter saves (Done), Escape reverts.
 */
export function EditableCell({ row, field }: { row: ExamTimetableRow; field: DraftField }) {
  const editor = useEditor();
  if (editor.editingId !== row.id || !editor.draft) {
    return <>{readValue(row, field, editor.unsaved?.(row.id) ?? null)}</>;
  }
  const id = inputId(row.id, field);
  const error = editor.errors[field];
  const errorId = `${id}-error`;
  const common = {
    id,
    "aria-label": m.exam_input_label({
      field: fieldLabel(field),
      course: row.course,
      section: row.section,
      batch: row.batch,
    }),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    disabled: editor.saving,
  } as const;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      editor.done(row);
    } else if (event.key === "Escape") {
      event.preventDefault();
      editor.revert();
    }
  };
  const value = editor.draft[field];
  const onChange = (next: string) => editor.setField(field, next);
  let control: ReactNode;
  switch (field) {
    case "examType":
      control = (
        <select
          {...common}
          className={styles.cellInput}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {EXAM_TYPES.map((type) => (
            <option key={type} value={type}>
              {examTypeLabel(type)}
            </option>
          ))}
        </select>
      );
      break;
    case "duration":
      control = (
        <input
          {...common}
          className={styles.cellInputNarrow}
          type="number"
          inputMode="numeric"
          min={EXAM_DURATION_MIN_MINUTES}
          max={EXAM_DURATION_MAX_MINUTES}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      );
      break;
    default:
      control = (
        <input
          {...common}
          className={field === "studentFacultyRatio" ? styles.cellInputNarrow : styles.cellInput}
          type={field === "dateOfExam" ? "date" : field === "timeOfExam" ? "time" : "text"}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      );
  }
  return (
    <div className={styles.cellField}>
      {control}
      {error ? (
        <p id={errorId} role="alert" className={styles.cellError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The edit column of the inline timetable: Edit (offered while no other row is edited), or Done,
 * Revert and "Notify faculty by mail" while this row is edited; "not saved" under them while the row
 * holds the typed values of a failed save.
 */
export function EditActionsCell({ row }: { row: ExamTimetableRow }) {
  const editor = useEditor();
  const names = { course: row.course, section: row.section, batch: row.batch };
  return (
    <RowEditActions
      editing={editor.editingId === row.id}
      saving={editor.saving}
      editDisabled={editor.editingId !== null}
      labels={{
        edit: m.exam_edit(),
        done: m.exam_done(),
        revert: m.exam_revert(),
        editName: m.exam_edit_label(names),
        doneName: m.exam_done_label(names),
        revertName: m.exam_revert_label(names),
      }}
      note={
        editor.unsaved?.(row.id)
          ? editor.conflicted?.(row.id)
            ? m.row_unsaved_conflict()
            : m.row_unsaved()
          : undefined
      }
      onEdit={() => editor.startEdit(row)}
      onDone={() => editor.done(row)}
      onRevert={editor.revert}
    >
      <NotifyCheckbox />
    </RowEditActions>
  );
}

/** The "Notify faculty by mail" choice (sendEmail of the save). */
export function NotifyCheckbox() {
  const editor = useEditor();
  return (
    <Checkbox
      className={styles.notify}
      label={m.exam_notify_faculty()}
      checked={editor.sendEmail}
      onChange={editor.setSendEmail}
      disabled={editor.saving}
    />
  );
}

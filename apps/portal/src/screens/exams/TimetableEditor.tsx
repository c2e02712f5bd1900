import { type ExamTimetableRow, saveExamTimetableMutationOptions } from "@portal/api-client";
import { EXAM_DURATION_MAX_MINUTES, EXAM_DURATION_MIN_MINUTES, EXAM_TYPES } from "@portal/domain";
import { Button, Checkbox } from "@portal/ui";
import { useMutation } from "@tanstack/react-query";
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useState,
} from "react";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import * as styles from "./exams.css.ts";
import { displayDate, errorText, examTypeLabel } from "./labels.ts";
import { useExamRefresh } from "./shared.tsx";
import {
  type DraftErrors,
  type DraftField,
  draftOf,
  fieldLabel,
  type TimetableDraft,
  validateDraft,
} from "./timetable-edit.ts";

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
};

const EditorContext = createContext<TimetableEditor | null>(null);

/** Gives the editable cells below it their editor. */
export const TimetableEditorProvider = EditorContext.Provider;

function useEditor(): TimetableEditor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error("Timetable cells must be rendered inside TimetableEditorProvider");
  return editor;
}

/** Id of a row's input (stable, so focus can be moved to it). */
export function inputId(examId: string, field: DraftField): string {
  return `exam-${examId}-${field}`;
}

/** Id of a row's Edit button (focus returns there after done or revert). */
export function editButtonId(examId: string): string {
  return `exam-${examId}-edit`;
}

/** Moves the focus to an element by id once the next frame has rendered it. */
export function focusById(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** Focuses the first invalid input of a row. */
export function focusFirstError(examId: string, errors: DraftErrors): void {
  const first = (Object.keys(errors) as DraftField[])[0];
  if (first) focusById(inputId(examId, first));
}

/**
 * Inline edit of the exam timetable (spec §4): Edit turns a row into inputs; Done checks it with
 * ZExamTimetableItem (an invalid field shows its message under the input and nothing is sent) and
 * saves it through POST /salesforce/TimeTable (sendEmail from "Notify faculty by mail"); Revert
 * restores it. Saved: the server's message as a toast (spec §7, §8), the data reloaded, the row back
 * in read mode. Refused or failed: the server's errorMessage as an error toast and the row leaves edit
 * mode too (spec §4), showing the stored values.
 */
export function useInlineTimetableEditor(): TimetableEditor & { cancel: () => void } {
  const api = useApi();
  const toast = useToast();
  const refresh = useExamRefresh();
  const [editing, setEditing] = useState<{
    id: string;
    draft: TimetableDraft;
    errors: DraftErrors;
    sendEmail: boolean;
  } | null>(null);
  const mutation = useMutation({
    ...saveExamTimetableMutationOptions(api),
    onSuccess: async (answer, items) => {
      toast.success(answer.message);
      await refresh();
      setEditing(null);
      const id = items[0]?.id;
      if (id) focusById(editButtonId(id));
    },
    onError: (error, items) => {
      toast.error(errorText(error));
      setEditing(null);
      const id = items[0]?.id;
      if (id) focusById(editButtonId(id));
    },
  });
  const saving = mutation.isPending;
  const startEdit = useCallback((row: ExamTimetableRow) => {
    setEditing({ id: row.id, draft: draftOf(row), errors: {}, sendEmail: false });
    focusById(inputId(row.id, "dateOfExam"));
  }, []);
  const revert = useCallback(() => {
    setEditing((current) => {
      if (current) focusById(editButtonId(current.id));
      return null;
    });
  }, []);
  const setField = useCallback((field: DraftField, value: string) => {
    setEditing((current) => {
      if (!current) return current;
      const { [field]: _cleared, ...errors } = current.errors;
      return { ...current, draft: { ...current.draft, [field]: value }, errors };
    });
  }, []);
  const setSendEmail = useCallback(
    (value: boolean) => setEditing((current) => (current ? { ...current, sendEmail: value } : current)),
    [],
  );
  const { mutate } = mutation;
  const done = useCallback(
    (row: ExamTimetableRow) => {
      if (!editing || editing.id !== row.id) return;
      const result = validateDraft(row.id, editing.draft, editing.sendEmail);
      if (!result.ok) {
        setEditing({ ...editing, errors: result.errors });
        focusFirstError(row.id, result.errors);
        return;
      }
      mutate([result.item]);
    },
    [editing, mutate],
  );
  const cancel = useCallback(() => setEditing(null), []);
  return useMemo(
    () => ({
      editingId: editing?.id ?? null,
      draft: editing?.draft ?? null,
      errors: editing?.errors ?? {},
      sendEmail: editing?.sendEmail ?? false,
      saving,
      setField,
      setSendEmail,
      startEdit,
      done,
      revert,
      cancel,
    }),
    [editing, saving, setField, setSendEmail, startEdit, done, revert, cancel],
  );
}

/** A field's value in read mode. */
function readValue(row: ExamTimetableRow, field: DraftField): string {
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
  if (editor.editingId !== row.id || !editor.draft) return <>{readValue(row, field)}</>;
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
 * Revert and "Notify faculty by mail" while this row is edited.
 */
export function EditActionsCell({ row }: { row: ExamTimetableRow }) {
  const editor = useEditor();
  const names = { course: row.course, section: row.section, batch: row.batch };
  if (editor.editingId !== row.id) {
    return (
      <Button
        id={editButtonId(row.id)}
        size="sm"
        variant="secondary"
        disabled={editor.editingId !== null}
        aria-label={m.exam_edit_label(names)}
        onClick={() => editor.startEdit(row)}
      >
        {m.exam_edit()}
      </Button>
    );
  }
  return (
    <div className={styles.editActions}>
      <span className={styles.actions}>
        <Button
          size="sm"
          loading={editor.saving}
          aria-label={m.exam_done_label(names)}
          onClick={() => editor.done(row)}
        >
          {m.exam_done()}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={editor.saving}
          aria-label={m.exam_revert_label(names)}
          onClick={editor.revert}
        >
          {m.exam_revert()}
        </Button>
      </span>
      <NotifyCheckbox />
    </div>
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

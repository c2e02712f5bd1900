import { useCallback, useMemo, useState } from "react";
import { m } from "../lib/i18n.ts";

export { isVersionConflict } from "./version-conflict.ts";

/**
 * The note under a row's Edit/Done/Revert (RowEditActions `note`) for a {@link useRowEdit} table:
 * "not saved" while the row keeps a draft whose save failed, with the Reload hint when it failed on a
 * stale version; undefined otherwise.
 */
export function unsavedNote(
  edit: { kept: ReadonlyMap<string, unknown>; conflicts: ReadonlySet<string> },
  id: string,
): string | undefined {
  if (!edit.kept.has(id)) return undefined;
  return edit.conflicts.has(id) ? m.row_unsaved_conflict() : m.row_unsaved();
}

/** A row's draft as its inputs hold it, with the messages to show under them. */
export type OpenDraft<D, E> = { id: string; draft: D; errors: E };

/** The inline edit of a table whose Done saves the row at once (see useRowEdit). */
export type RowEdit<D, E> = {
  /** The row being edited (one at a time), or null. */
  editing: OpenDraft<D, E> | null;
  /** Drafts whose save failed, by row id: shown marked "not saved" until saved or reverted. */
  kept: ReadonlyMap<string, OpenDraft<D, E>>;
  /** Edit: opens the row's kept draft if it has one, else a fresh one. */
  start: (id: string, fresh: () => OpenDraft<D, E>) => void;
  /** Changes the open draft (typing, or the messages of a check before saving). */
  update: (change: (open: OpenDraft<D, E>) => OpenDraft<D, E>) => void;
  /** Revert: leaves edit mode and drops the row's draft, kept or open; the stored values show again. */
  revert: () => void;
  /** Leaves edit mode without a save, e.g. for another page; kept drafts stay. */
  close: () => void;
  /** The save of a row succeeded: its draft is gone, the row is back in read mode. */
  saved: (id: string) => void;
  /**
   * The save of the open row failed: the row leaves edit mode, its draft is kept with `errors`. With
   * `conflict` (the record changed since it was read) the row is also listed in `conflicts`.
   */
  failed: (errors: E, conflict?: boolean) => void;
  /** Rows whose kept draft was refused because someone else changed the record: they offer Reload. */
  conflicts: ReadonlySet<string>;
  /**
   * Reload of a conflicting row: the screen has fetched the fresh row (with its new version); the
   * typed draft stays kept, so the next Done saves it over the fresh row. Clears the conflict mark.
   */
  reloaded: (id: string) => void;
};

/** Moves the focus to an element by id once the next frame has rendered it (e.g. a row's first input). */
export function focusById(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

type State<D, E> = {
  editing: OpenDraft<D, E> | null;
  kept: ReadonlyMap<string, OpenDraft<D, E>>;
  conflicts: ReadonlySet<string>;
};

function withoutId(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  if (!set.has(id)) return set;
  const next = new Set(set);
  next.delete(id);
  return next;
}

function without<V>(map: ReadonlyMap<string, V>, id: string): ReadonlyMap<string, V> {
  if (!map.has(id)) return map;
  const next = new Map(map);
  next.delete(id);
  return next;
}

/**
 * The state of an inline row edit whose Done saves the row (spec §4: edit, then done or revert) and
 * the portal's rule for a failed save. Spec §4 and §8 say a failed row save leaves edit mode, like a
 * successful one; docs/architecture.md ("Versions") says nothing the user typed is lost. Both hold here: on a
 * failed save the row leaves edit mode, the screen shows the failure (the server's message as an error
 * toast), the draft is kept with the server's message for the field it names, and the row shows the typed
 * values marked "not saved". Edit reopens the kept draft (messages included) so Done can try again; Revert
 * drops it. Screens whose Done only keeps a change for a later Save (seating plan, invigilation)
 * follow the same rule with their list of unsaved changes.
 */
export function useRowEdit<D, E>(): RowEdit<D, E> {
  const [state, setState] = useState<State<D, E>>({ editing: null, kept: new Map(), conflicts: new Set() });
  const start = useCallback(
    (id: string, fresh: () => OpenDraft<D, E>) =>
      setState((s) => ({ ...s, editing: s.kept.get(id) ?? fresh() })),
    [],
  );
  const update = useCallback(
    (change: (open: OpenDraft<D, E>) => OpenDraft<D, E>) =>
      setState((s) => (s.editing ? { ...s, editing: change(s.editing) } : s)),
    [],
  );
  const revert = useCallback(
    () =>
      setState((s) => ({
        editing: null,
        kept: s.editing ? without(s.kept, s.editing.id) : s.kept,
        conflicts: s.editing ? withoutId(s.conflicts, s.editing.id) : s.conflicts,
      })),
    [],
  );
  const close = useCallback(() => setState((s) => (s.editing ? { ...s, editing: null } : s)), []);
  const saved = useCallback(
    (id: string) =>
      setState((s) => ({
        editing: s.editing?.id === id ? null : s.editing,
        kept: without(s.kept, id),
        conflicts: withoutId(s.conflicts, id),
      })),
    [],
  );
  const failed = useCallback(
    (errors: E, conflict = false) =>
      setState((s) => {
        if (!s.editing) return s;
        const kept = new Map(s.kept);
        kept.set(s.editing.id, { ...s.editing, errors });
        const conflicts = new Set(s.conflicts);
        if (conflict) conflicts.add(s.editing.id);
        else conflicts.delete(s.editing.id);
        return { editing: null, kept, conflicts };
      }),
    [],
  );
  const reloaded = useCallback(
    (id: string) => setState((s) => ({ ...s, conflicts: withoutId(s.conflicts, id) })),
    [],
  );
  return useMemo(
    () => ({
      editing: state.editing,
      kept: state.kept,
      conflicts: state.conflicts,
      start,
      update,
      revert,
      close,
      saved,
      failed,
      reloaded,
    }),
    [state, start, update, revert, close, saved, failed, reloaded],
  );
}

/** The inline edit of a table whose Done keeps a change for a later Save (see useStagedRowEdit). */
export type StagedRowEdit<D, E, C> = {
  /** The row being edited (one at a time), or null. */
  editing: OpenDraft<D, E> | null;
  /** The changes kept for Save, by row id, in the order they were first kept. */
  pending: ReadonlyMap<string, C>;
  /** Edit: opens a row with a draft (e.g. its kept change, else its stored values). */
  open: (id: string, draft: D, errors: E) => void;
  /** Changes the open draft and sets its messages (e.g. none while typing). */
  setDraft: (draft: D, errors: E) => void;
  /** Done: keeps `change` for the row (null: the row is back to its stored values) and closes it. */
  stage: (id: string, change: C | null) => void;
  /** Revert: closes the row and drops its kept change. */
  revert: (id: string) => void;
  /** Leaves edit mode without keeping anything, e.g. for another page; kept changes stay. */
  close: () => void;
  /** Forgets every kept change (after Save, or a plan made afresh). */
  clearPending: () => void;
};

/**
 * The state of an inline row edit whose Done only keeps the change for a later Save of them all
 * (seating plan moves, invigilation assignments). The same failed-save rule as {@link useRowEdit}:
 * a failed Save keeps every change, marked "not saved", for Edit to reopen or Revert to drop.
 */
export function useStagedRowEdit<D, E, C>(): StagedRowEdit<D, E, C> {
  const [editing, setEditing] = useState<OpenDraft<D, E> | null>(null);
  const [pending, setPending] = useState<ReadonlyMap<string, C>>(new Map());
  const open = useCallback((id: string, draft: D, errors: E) => setEditing({ id, draft, errors }), []);
  const setDraft = useCallback(
    (draft: D, errors: E) => setEditing((current) => (current ? { ...current, draft, errors } : current)),
    [],
  );
  const stage = useCallback((id: string, change: C | null) => {
    setPending((current) => {
      if (change === null) return without(current, id);
      const next = new Map(current);
      next.set(id, change);
      return next;
    });
    setEditing(null);
  }, []);
  const revert = useCallback((id: string) => {
    setEditing(null);
    setPending((current) => without(current, id));
  }, []);
  const close = useCallback(() => setEditing(null), []);
  const clearPending = useCallback(() => setPending(new Map()), []);
  return useMemo(
    () => ({ editing, pending, open, setDraft, stage, revert, close, clearPending }),
    [editing, pending, open, setDraft, stage, revert, close, clearPending],
  );
}

import {
  constructTable,
  type RowData,
  type Table,
  type TableFeatures,
  type TableOptions,
} from "@tanstack/react-table";
import { useState } from "react";

type Updater<T> = T | ((previous: T) => T);

/**
 * TanStack Table's reactivity bindings for a table whose state React owns: every state slice the
 * table reads is passed in `options.state` on each render, so atoms are plain values read on
 * demand and nothing needs to subscribe. This replaces the React adapter's TanStack Store atoms
 * (`useTable`), which a DataTable that re-renders on every state change does not use.
 */
function plainReactivity() {
  const noSubscription = () => ({ unsubscribe() {} });
  return {
    createOptionsStore: false,
    wrapExternalAtoms: false,
    addSubscription: () => {},
    unmount: () => {},
    schedule: (fn: () => void) => queueMicrotask(fn),
    batch: (fn: () => void) => fn(),
    untrack: <T>(fn: () => T) => fn(),
    createReadonlyAtom: <T>(fn: () => T, options?: { compare?: (a: T, b: T) => boolean }) => {
      const compare = options?.compare ?? Object.is;
      let has = false;
      let snapshot: T;
      const get = () => {
        const next = fn();
        if (!has || !compare(snapshot, next)) {
          snapshot = next;
          has = true;
        }
        return snapshot;
      };
      return { get, subscribe: noSubscription };
    },
    createWritableAtom: <T>(initial: T) => {
      let value = initial;
      return {
        get: () => value,
        set: (updater: Updater<T>) => {
          value = typeof updater === "function" ? (updater as (previous: T) => T)(value) : updater;
        },
        subscribe: noSubscription,
      };
    },
  };
}

/**
 * A TanStack Table instance driven by the library's core (`constructTable`) with React owning the
 * state: pass every state slice the features keep in `options.state` and its `on…Change`
 * handler, and re-render with the next options. Returns the same table object on every render.
 * Used by DataTable instead of `useTable`, whose store subscriptions cost the list page about
 * 2 KB gzip for nothing (docs/performance.md, "list page JavaScript").
 */
export function useCoreTable<TFeatures extends TableFeatures, TRow extends RowData>(
  options: TableOptions<TFeatures, TRow>,
): Table<TFeatures, TRow> {
  const [table] = useState(() =>
    constructTable<TFeatures, TRow>({
      ...options,
      features: { coreReactivityFeature: plainReactivity(), ...options.features } as unknown as TFeatures,
    }),
  );
  // Options are plain (createOptionsStore: false): the render's options replace the previous ones.
  (table as { options: TableOptions<TFeatures, TRow> }).options = {
    ...table.options,
    ...options,
    features: table.options.features,
  };
  return table;
}

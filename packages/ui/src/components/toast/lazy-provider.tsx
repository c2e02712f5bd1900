import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type ToastApi, ToastContext, type ToastType, toastShortcuts } from "./context.ts";
import type { CreateToasterOptions } from "./toaster.tsx";

type ToasterModule = typeof import("./toaster.tsx");
type Loaded = { module: ToasterModule; store: ReturnType<ToasterModule["createToaster"]> };
type Pending =
  | { kind: "show"; id: string; type: ToastType; title: ReactNode; description?: ReactNode }
  | { kind: "dismiss"; id?: string };

let nextId = 0;

export type LazyToastProviderProps = {
  children: ReactNode;
  /** Accessible name of each toast's × button. */
  closeLabel?: string;
  /** Placement, duration and the rest, as for `createToaster`; the spec's defaults where omitted. */
  options?: CreateToasterOptions;
};

/**
 * Provides `useToast()` like `ToastProvider`, but loads the toast library (Ark UI's toaster, about
 * 12 KB gzip) only when the first toast is shown: a screen that never shows one never loads it.
 * Toasts asked for while it loads appear once it has loaded (in order); `show` returns the toast's
 * id at once, so `dismiss(id)` works before and after. Renders nothing of its own on the server.
 */
export function LazyToastProvider({ children, closeLabel, options }: LazyToastProviderProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const pending = useRef<Pending[]>([]);
  const loading = useRef(false);
  const loadedRef = useRef<Loaded | null>(null);
  // Read when the toaster is made (the first toast); a later change of the options is not applied.
  const optionsRef = useRef(options);

  const apply = useCallback((target: Loaded, action: Pending) => {
    if (action.kind === "show") {
      target.store.create({
        id: action.id,
        type: action.type,
        title: action.title,
        description: action.description,
      });
    } else {
      target.store.dismiss(action.id);
    }
  }, []);

  const run = useCallback(
    (action: Pending) => {
      const target = loadedRef.current;
      // Loaded, and nothing asked for earlier still waits for the mount: show it now.
      if (target && pending.current.length === 0) {
        apply(target, action);
        return;
      }
      pending.current.push(action);
      if (target || loading.current) return;
      loading.current = true;
      void import("./toaster.tsx").then((module) => {
        const next = { module, store: module.createToaster(optionsRef.current) };
        loadedRef.current = next;
        setLoaded(next);
      });
    },
    [apply],
  );

  // Once the toaster is mounted, show what was asked for meanwhile. Its machine subscribes to the
  // store in a microtask queued while mounting; a microtask queued here runs after that one.
  useEffect(() => {
    if (!loaded) return;
    queueMicrotask(() => {
      for (const action of pending.current.splice(0)) apply(loaded, action);
    });
  }, [loaded, apply]);

  const api = useMemo<ToastApi>(
    () =>
      toastShortcuts(
        (type, title, description) => {
          nextId += 1;
          const id = `toast-${nextId}`;
          run({ kind: "show", id, type, title, description });
          return id;
        },
        (id) => run({ kind: "dismiss", ...(id === undefined ? {} : { id }) }),
      ),
    [run],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {loaded ? <loaded.module.Toaster toaster={loaded.store} closeLabel={closeLabel} /> : null}
    </ToastContext.Provider>
  );
}

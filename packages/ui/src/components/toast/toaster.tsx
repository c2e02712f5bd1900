import { Toaster as ArkToaster, createToaster as createArkToaster, Toast } from "@ark-ui/react/toast";
import { TOAST_DURATION_MS } from "@portal/domain";
import { type ReactNode, useMemo } from "react";
import { IconButton } from "../button/button.tsx";
import { CloseIcon } from "../icons/icons.tsx";
import { type ToastApi, ToastContext, toastShortcuts } from "./context.ts";
import * as styles from "./toast.css.ts";

/** The toast store (Ark UI); create one with `createToaster` and render it with `<Toaster>`. */
export type ToasterStore = ReturnType<typeof createArkToaster>;

export type CreateToasterOptions = {
  /** Default "top-end" (spec §8: toasts at the top right). */
  placement?: "top-start" | "top" | "top-end" | "bottom-start" | "bottom" | "bottom-end";
  /** Milliseconds until a toast closes itself; default 5000 (spec §9: toasts close after 5 s). */
  duration?: number;
  /** Most toasts shown at once; more wait in a queue. Default 5. */
  max?: number;
  /**
   * Distance of the toast stack from the viewport edges (CSS lengths). The default top offset,
   * 4.5rem, keeps toasts below an application header so they never cover its controls (a toast
   * pauses while hovered, so one sitting on a header button would block it).
   */
  offsets?: string | Record<"top" | "right" | "bottom" | "left", string>;
};

/** Default offsets of the toast stack: below a header at the top, 1rem from the other edges. */
export const DEFAULT_TOAST_OFFSETS = { top: "4.5rem", right: "1rem", bottom: "1rem", left: "1rem" } as const;

/**
 * Creates a toast store with the spec's defaults (top-end, 5 s). Safe at module top level and on the
 * server: it touches no browser global until a `<Toaster>` mounts.
 */
export function createToaster(options: CreateToasterOptions = {}): ToasterStore {
  return createArkToaster({
    placement: options.placement ?? "top-end",
    duration: options.duration ?? TOAST_DURATION_MS,
    max: options.max ?? 5,
    overlap: false,
    gap: 12,
    offsets: options.offsets ?? { ...DEFAULT_TOAST_OFFSETS },
  });
}

export type ToasterProps = {
  toaster: ToasterStore;
  /** Accessible name of each toast's × button. */
  closeLabel?: string;
};

/** Renders the toasts of a store (title, description, close button); mount it once per page. */
export function Toaster({ toaster, closeLabel = "Close" }: ToasterProps) {
  return (
    <ArkToaster toaster={toaster} className={styles.group}>
      {(toast) => (
        <Toast.Root key={toast.id} className={styles.toast}>
          <div className={styles.text}>
            {toast.title ? <Toast.Title className={styles.title}>{toast.title}</Toast.Title> : null}
            {toast.description ? (
              <Toast.Description className={styles.description}>{toast.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.CloseTrigger asChild>
            <IconButton aria-label={closeLabel} size="sm">
              <CloseIcon />
            </IconButton>
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}

/** A `ToastApi` over a store, for code outside React (e.g. a query's error handler). */
export function toastApi(toaster: ToasterStore): ToastApi {
  return toastShortcuts(
    (type, title, description) => toaster.create({ type, title, description }),
    (id) => toaster.dismiss(id),
  );
}

export type ToastProviderProps = {
  children: ReactNode;
  /** A store to share (e.g. one per page across islands); by default the provider creates its own. */
  toaster?: ToasterStore;
  closeLabel?: string;
};

/** Provides `useToast()` to its children and renders the toasts. */
export function ToastProvider({ children, toaster, closeLabel }: ToastProviderProps) {
  const store = useMemo(() => toaster ?? createToaster(), [toaster]);
  const api = useMemo(() => toastApi(store), [store]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toaster={store} closeLabel={closeLabel} />
    </ToastContext.Provider>
  );
}

import { createContext, type ReactNode, useContext } from "react";

/** Kinds of toast, each with its accent colour. */
export type ToastType = "success" | "error" | "warning" | "info";

/** What `useToast()` returns: one function per type, each returning the toast id. */
export type ToastApi = {
  show: (type: ToastType, title: ReactNode, description?: ReactNode) => string;
  success: (title: ReactNode, description?: ReactNode) => string;
  error: (title: ReactNode, description?: ReactNode) => string;
  warning: (title: ReactNode, description?: ReactNode) => string;
  info: (title: ReactNode, description?: ReactNode) => string;
  /** Closes one toast, or all when no id is given. */
  dismiss: (id?: string) => void;
};

/**
 * The toasts of the surrounding provider (`ToastProvider` or `LazyToastProvider`). Kept apart from
 * the toast library, so a provider that loads it on demand costs nothing until the first toast.
 */
export const ToastContext = createContext<ToastApi | null>(null);

/** The type shortcuts of a `ToastApi` over its `show` and `dismiss`. */
export function toastShortcuts(show: ToastApi["show"], dismiss: ToastApi["dismiss"]): ToastApi {
  return {
    show,
    success: (title, description) => show("success", title, description),
    error: (title, description) => show("error", title, description),
    warning: (title, description) => show("warning", title, description),
    info: (title, description) => show("info", title, description),
    dismiss,
  };
}

/**
 * Shows toasts from a component: `const toast = useToast(); toast.success(message)`.
 * @throws Error when called outside a `<ToastProvider>` or `<LazyToastProvider>`.
 */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() needs a <ToastProvider> above the component.");
  return api;
}

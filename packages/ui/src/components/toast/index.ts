export type { ToastApi, ToastType } from "./context.ts";
export { useToast } from "./context.ts";
export type { LazyToastProviderProps } from "./lazy-provider.tsx";
export { LazyToastProvider } from "./lazy-provider.tsx";
export type {
  CreateToasterOptions,
  ToasterProps,
  ToasterStore,
  ToastProviderProps,
} from "./toaster.tsx";
export { createToaster, DEFAULT_TOAST_OFFSETS, Toaster, ToastProvider, toastApi } from "./toaster.tsx";

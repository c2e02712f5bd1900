export type {
  CreateToasterOptions,
  ToastApi,
  ToasterProps,
  ToasterStore,
  ToastProviderProps,
  ToastType,
} from "./toaster.tsx";
export {
  createToaster,
  DEFAULT_TOAST_OFFSETS,
  Toaster,
  ToastProvider,
  toastApi,
  useToast,
} from "./toaster.tsx";

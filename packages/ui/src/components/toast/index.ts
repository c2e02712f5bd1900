export type {
  CreateToasterOptions,
  ToastApi,
  ToasterProps,
  ToasterStore,
  ToastProviderProps,
  ToastType,
} from "./toaster.tsx";
export { createToaster, Toaster, ToastProvider, toastApi, useToast } from "./toaster.tsx";

export type { ConfirmDialogProps, DialogProps } from "./dialog.tsx";
export { ConfirmDialog, Dialog } from "./dialog.tsx";

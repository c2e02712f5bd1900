import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import { Button, type ButtonVariant, IconButton } from "../button/button.tsx";
import { CloseIcon } from "../icons/icons.tsx";
import * as styles from "./dialog.css.ts";

export type DialogProps = {
  open: boolean;
  /** Called with false when the user closes the dialog (close button, Escape, outside click). */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, shown at the bottom right. */
  footer?: ReactNode;
  /** Accessible name of the × button (English default "Close"; pass a translated one). */
  closeLabel?: string;
  hideCloseButton?: boolean;
  size?: "sm" | "md" | "lg" | "xl";
  /** "alertdialog" for confirmations that interrupt the user. */
  role?: "dialog" | "alertdialog";
  /** Whether a click on the backdrop closes the dialog (default true; false for forms with input). */
  closeOnInteractOutside?: boolean;
  /** Element to focus when the dialog opens (default: the first focusable element). */
  initialFocusEl?: () => HTMLElement | null;
  className?: string;
};

/**
 * A modal dialog (Ark UI): focus is trapped inside while open and returns to the opener on close;
 * Escape closes it. Its content mounts only while open, in a portal at the end of `<body>`.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  closeLabel = "Close",
  hideCloseButton = false,
  size = "md",
  role = "dialog",
  closeOnInteractOutside = true,
  initialFocusEl,
  className,
}: DialogProps) {
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      lazyMount
      unmountOnExit
      closeOnInteractOutside={closeOnInteractOutside}
      initialFocusEl={initialFocusEl}
    >
      <Portal>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={styles.positioner}>
          <ArkDialog.Content className={cx(styles.content, styles.size[size], className)}>
            <div className={styles.header}>
              <div>
                <ArkDialog.Title className={styles.title}>{title}</ArkDialog.Title>
                {description ? (
                  <ArkDialog.Description className={styles.description}>{description}</ArkDialog.Description>
                ) : null}
              </div>
              {hideCloseButton ? null : (
                <ArkDialog.CloseTrigger asChild>
                  <IconButton aria-label={closeLabel} size="sm">
                    <CloseIcon />
                  </IconButton>
                </ArkDialog.CloseTrigger>
              )}
            </div>
            {children !== undefined ? <div className={styles.body}>{children}</div> : null}
            {footer ? <div className={styles.footer}>{footer}</div> : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to delete {activity} ?' (spec §5). */
  message: ReactNode;
  /** Label of the confirming button, e.g. "Yes". */
  confirmLabel: string;
  /** Label of the cancelling button, e.g. "Cancel". */
  cancelLabel: string;
  /** Runs on confirm; the caller closes the dialog when the action has finished. */
  onConfirm: () => void;
  /** "danger" for destructive actions (default), "primary" otherwise. */
  confirmVariant?: Extract<ButtonVariant, "danger" | "primary">;
  /** Shows the confirm button busy and blocks both buttons. */
  loading?: boolean;
  closeLabel?: string;
};

/** A yes/cancel question in an alert dialog; Cancel, Escape and × all report `onOpenChange(false)`. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  confirmVariant = "danger",
  loading = false,
  closeLabel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!loading) onOpenChange(next);
      }}
      role="alertdialog"
      size="sm"
      title={title}
      description={message}
      closeLabel={closeLabel}
      closeOnInteractOutside={false}
      footer={
        <>
          <Button variant="secondary" disabled={loading} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

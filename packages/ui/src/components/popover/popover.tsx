import { Popover as ArkPopover } from "@ark-ui/react/popover";
import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import { Button, type ButtonSize, type ButtonVariant, IconButton } from "../button/button.tsx";
import { CloseIcon } from "../icons/icons.tsx";
import * as styles from "../menu/floating.css.ts";

export type PopoverProps = {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content has no text (e.g. an apps icon). */
  triggerLabel?: string;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  /** Heading of the panel; also its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Accessible name of the × button. */
  closeLabel?: string;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  placement?: "bottom-start" | "bottom-end" | "bottom" | "top" | "left" | "right";
  className?: string;
};

/**
 * A non-modal floating panel anchored to its trigger (e.g. the mobile apps grid, spec §2). Like Menu it
 * renders in place with fixed positioning, inside the trigger's landmark.
 */
export function Popover({
  trigger,
  triggerLabel,
  triggerVariant = "ghost",
  triggerSize = "md",
  title,
  children,
  closeLabel = "Close",
  open,
  onOpenChange,
  placement = "bottom-end",
  className,
}: PopoverProps) {
  return (
    <ArkPopover.Root
      positioning={{ placement, strategy: "fixed" }}
      lazyMount
      unmountOnExit
      {...(open === undefined ? {} : { open })}
      onOpenChange={(details) => onOpenChange?.(details.open)}
    >
      <ArkPopover.Trigger asChild>
        <Button variant={triggerVariant} size={triggerSize} aria-label={triggerLabel}>
          {trigger}
        </Button>
      </ArkPopover.Trigger>
      <ArkPopover.Positioner>
        <ArkPopover.Content className={cx(styles.panel, styles.popover, className)}>
          <div className={styles.popoverHeader}>
            <ArkPopover.Title className={styles.popoverTitle}>{title}</ArkPopover.Title>
            <ArkPopover.CloseTrigger asChild>
              <IconButton aria-label={closeLabel} size="sm">
                <CloseIcon />
              </IconButton>
            </ArkPopover.CloseTrigger>
          </div>
          {children}
        </ArkPopover.Content>
      </ArkPopover.Positioner>
    </ArkPopover.Root>
  );
}

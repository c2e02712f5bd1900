import { Popover as ArkPopover } from "@ark-ui/react/popover";
import { cx } from "../../utils/cx.ts";
import { type LoadedPartProps, useReplayOpening } from "../../utils/first-open.tsx";
import { IconButton } from "../button/button.tsx";
import { CloseIcon } from "../icons/icons.tsx";
import * as styles from "../menu/floating.css.ts";
import type { PopoverProps } from "./popover.tsx";

/**
 * The Ark UI popover behind {@link Popover} (popover.tsx), loaded when a Popover is first opened
 * (or at once when its owner opens it): the trigger as `renderTrigger` draws it, and the panel.
 * Replays the opening click on its trigger.
 */
export function ArkPopoverPart({
  title,
  children,
  closeLabel = "Close",
  open,
  onOpenChange,
  placement = "bottom-end",
  className,
  renderTrigger,
  opening,
}: PopoverProps & LoadedPartProps) {
  const triggerRef = useReplayOpening(opening);
  return (
    <ArkPopover.Root
      positioning={{ placement, strategy: "fixed" }}
      lazyMount
      unmountOnExit
      {...(open === undefined ? {} : { open })}
      onOpenChange={(details) => onOpenChange?.(details.open)}
    >
      <ArkPopover.Trigger asChild>{renderTrigger({ ref: triggerRef })}</ArkPopover.Trigger>
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

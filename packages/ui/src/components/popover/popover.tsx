import type { ReactNode } from "react";
import { loadOnFirstOpen } from "../../utils/first-open.tsx";
import { Button, type ButtonSize, type ButtonVariant } from "../button/button.tsx";

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

/** The Ark UI popover loads on first open (the trigger's native click, also from Enter and Space). */
const LazyPopover = loadOnFirstOpen<PopoverProps>(
  () => import("./ark-popover.tsx").then((module) => module.ArkPopoverPart),
  { haspopup: "dialog" },
);

/**
 * A non-modal floating panel anchored to its trigger (e.g. the mobile apps grid, spec §2). Like Menu it
 * renders in place with fixed positioning, inside the trigger's landmark. The trigger renders at
 * once (server side too); Ark UI's popover loads when it is first pointed at, focused, pressed or
 * opened through `open` (utils/first-open.tsx), so pages with popovers do not load it with their
 * first paint.
 */
export function Popover(props: PopoverProps) {
  const { trigger, triggerLabel, triggerVariant = "ghost", triggerSize = "md", open } = props;
  return (
    <LazyPopover
      {...props}
      loadNow={open === true}
      renderTrigger={(triggerProps) => (
        <Button {...triggerProps} variant={triggerVariant} size={triggerSize} aria-label={triggerLabel}>
          {trigger}
        </Button>
      )}
    />
  );
}

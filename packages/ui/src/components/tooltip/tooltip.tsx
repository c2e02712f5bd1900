import { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import type { ReactElement, ReactNode } from "react";
import * as styles from "../menu/floating.css.ts";

export type TooltipProps = {
  /** Supplementary text shown on hover and keyboard focus; never the only name of a control. */
  content: ReactNode;
  /** One focusable element (e.g. an IconButton), which receives the trigger props. */
  children: ReactElement;
  placement?: "top" | "bottom" | "left" | "right";
  /** Milliseconds before opening; default 400. */
  openDelay?: number;
};

/** A hint that appears on hover or focus (Ark UI), e.g. drawer labels while it is collapsed. */
export function Tooltip({ content, children, placement = "right", openDelay = 400 }: TooltipProps) {
  return (
    <ArkTooltip.Root
      positioning={{ placement, strategy: "fixed" }}
      openDelay={openDelay}
      closeDelay={100}
      lazyMount
      unmountOnExit
    >
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <ArkTooltip.Positioner>
        <ArkTooltip.Content className={styles.tooltip}>{content}</ArkTooltip.Content>
      </ArkTooltip.Positioner>
    </ArkTooltip.Root>
  );
}

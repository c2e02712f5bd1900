import { Tabs as ArkTabs } from "@ark-ui/react/tabs";
import type { ReactNode } from "react";
import * as styles from "./tabs.css.ts";

export type TabItem = { value: string; label: ReactNode; content: ReactNode; disabled?: boolean };

export type TabsProps = {
  items: readonly TabItem[];
  /** Selected tab (controlled); omit with `defaultValue` for uncontrolled use. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Name of the tab list, e.g. "Grading settings". */
  label: string;
  className?: string;
};

/**
 * Tabs (Ark UI): arrow keys move between tabs, panels are linked to their tabs. Only the selected
 * panel is mounted, e.g. Grading Setting / Master Component (spec §2 Grading).
 */
export function Tabs({ items, value, defaultValue, onValueChange, label, className }: TabsProps) {
  return (
    <ArkTabs.Root
      className={className}
      {...(value === undefined ? {} : { value })}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={(details) => onValueChange?.(details.value)}
      lazyMount
      unmountOnExit
    >
      <ArkTabs.List aria-label={label} className={styles.list}>
        {items.map((item) => (
          <ArkTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={styles.trigger}
          >
            {item.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value} className={styles.content}>
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  );
}

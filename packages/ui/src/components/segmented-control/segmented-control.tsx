import { type ReactNode, useId } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./segmented-control.css.ts";

export type SegmentedOption<T extends string> = { value: T; label: ReactNode; disabled?: boolean };

export type SegmentedControlProps<T extends string> = {
  /** The group's name, e.g. "Resource type". */
  label: ReactNode;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  name?: string;
  className?: string;
};

/**
 * A one-of-few choice shown as joined buttons, built on native radio inputs (arrow keys move the
 * choice), e.g. Faculty / Facility or References / Sessions / All (spec §2 exam planning).
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  name,
  className,
}: SegmentedControlProps<T>) {
  const generatedName = useId();
  const groupName = name ?? generatedName;
  return (
    <fieldset className={cx(styles.group, className)}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              className={styles.input}
              name={groupName}
              value={option.value}
              checked={option.value === value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { type ReactNode, useEffect, useRef } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./checkbox.css.ts";

export type CheckboxProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Mixed state, e.g. Select All when only some sections are chosen. */
  indeterminate?: boolean;
  disabled?: boolean;
  name?: string;
  value?: string;
  className?: string;
};

/** A labelled native checkbox with an optional mixed (indeterminate) state. */
export function Checkbox({
  label,
  checked,
  onChange,
  indeterminate = false,
  disabled,
  name,
  value,
  className,
}: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={cx(styles.root, className)}>
      <input
        ref={ref}
        type="checkbox"
        className={styles.input}
        checked={checked}
        disabled={disabled}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

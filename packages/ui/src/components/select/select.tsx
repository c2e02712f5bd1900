import { type ReactNode, useId } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "../text-field/field.css.ts";
import { FieldLabel, FieldMessage, fieldMessageKind } from "../text-field/field-parts.tsx";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The chosen option's value; "" selects the placeholder. */
  value: string;
  onChange: (value: string) => void;
  /** Text of an empty first option (value ""), e.g. "Select term". */
  placeholder?: string;
  /** Whether the placeholder option may be chosen again (acts as "no filter"). Default true. */
  placeholderSelectable?: boolean;
  error?: string | null;
  helper?: ReactNode;
  name?: string;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
};

/** A labelled native `<select>`; error and helper text are wired like TextField's. */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder,
  placeholderSelectable = true,
  error,
  helper,
  name,
  id,
  required,
  disabled,
  className,
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? `${generatedId}-select`;
  const messageId = `${selectId}-message`;
  const kind = fieldMessageKind(error, undefined, helper);
  return (
    <div className={cx(styles.field, className)}>
      <FieldLabel htmlFor={selectId} label={label} required={required} />
      <select
        id={selectId}
        name={name}
        value={value}
        required={required}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={kind === "error" || undefined}
        aria-describedby={kind ? messageId : undefined}
        className={styles.control}
      >
        {placeholder !== undefined ? (
          <option value="" disabled={!placeholderSelectable}>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} kind={kind} error={error} helper={helper} />
    </div>
  );
}

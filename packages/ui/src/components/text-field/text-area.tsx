import { type KeyboardEvent, type ReactNode, useId } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./field.css.ts";

export type TextAreaProps = {
  label: ReactNode;
  /** Hide the label visually (it still names the box), e.g. a chat message box. */
  labelHidden?: boolean;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  error?: string | null;
  helper?: ReactNode;
  rows?: number;
  maxLength?: number;
  name?: string;
  id?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
};

/** A labelled multi-line text box; error and helper wired like TextField's. */
export function TextArea({
  label,
  labelHidden = false,
  value,
  onChange,
  onKeyDown,
  error,
  helper,
  rows = 3,
  maxLength,
  name,
  id,
  placeholder,
  required,
  disabled,
  className,
}: TextAreaProps) {
  const generatedId = useId();
  const areaId = id ?? `${generatedId}-textarea`;
  const messageId = `${areaId}-message`;
  const hasError = Boolean(error);
  const hasHelper = !hasError && helper != null && helper !== "";
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={areaId} className={labelHidden ? styles.hiddenLabel : styles.label}>
        {label}
      </label>
      <textarea
        id={areaId}
        name={name}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError || hasHelper ? messageId : undefined}
        className={cx(styles.control, styles.multiline)}
      />
      {hasError ? (
        <p id={messageId} role="alert" className={cx(styles.message, styles.errorText)}>
          {error}
        </p>
      ) : hasHelper ? (
        <p id={messageId} className={cx(styles.message, styles.helperText)}>
          {helper}
        </p>
      ) : null}
    </div>
  );
}

import { type HTMLInputTypeAttribute, type KeyboardEvent, type ReactNode, useId } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./field.css.ts";

export type TextFieldProps = {
  /** Visible label, tied to the input with `for`/`id`. */
  label: ReactNode;
  value: string;
  /** Called with the new text on every change. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Error text: marks the input invalid and is announced (role="alert"). */
  error?: string | null;
  /** Warning text (e.g. 'Field cannot be empty.' once touched, spec §5); shown when there is no error. */
  warning?: string | null;
  /** Help text under the input, shown when there is neither error nor warning. */
  helper?: ReactNode;
  type?: HTMLInputTypeAttribute;
  inputMode?: "none" | "text" | "tel" | "url" | "email" | "numeric" | "decimal" | "search";
  maxLength?: number;
  autoFocus?: boolean;
  autoComplete?: string;
  name?: string;
  id?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  className?: string;
};

/**
 * A labelled text input. The message under it is the error, else the warning, else the helper;
 * it is linked with `aria-describedby`, and an error sets `aria-invalid` and is a live alert.
 */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  onKeyDown,
  error,
  warning,
  helper,
  type = "text",
  inputMode,
  maxLength,
  autoFocus,
  autoComplete,
  name,
  id,
  placeholder,
  required,
  disabled,
  readOnly,
  className,
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const messageId = `${inputId}-message`;
  const hasError = Boolean(error);
  const hasWarning = !hasError && Boolean(warning);
  const hasHelper = !hasError && !hasWarning && helper != null && helper !== "";
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {required ? (
          <span aria-hidden="true" className={styles.required}>
            *
          </span>
        ) : null}
      </label>
      <input
        id={inputId}
        name={name}
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        // biome-ignore lint/a11y/noAutofocus: callers opt in where the spec focuses a field (login steps)
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError || hasWarning || hasHelper ? messageId : undefined}
        className={cx(styles.control, hasWarning && styles.warningControl)}
      />
      {hasError ? (
        <p id={messageId} role="alert" className={cx(styles.message, styles.errorText)}>
          {error}
        </p>
      ) : hasWarning ? (
        <p id={messageId} aria-live="polite" className={cx(styles.message, styles.warningText)}>
          {warning}
        </p>
      ) : hasHelper ? (
        <p id={messageId} className={cx(styles.message, styles.helperText)}>
          {helper}
        </p>
      ) : null}
    </div>
  );
}

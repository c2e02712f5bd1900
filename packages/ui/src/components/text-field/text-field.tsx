import { type HTMLInputTypeAttribute, type KeyboardEvent, type ReactNode, useId } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./field.css.ts";
import { FieldLabel, FieldMessage, fieldMessageKind } from "./field-parts.tsx";

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
  /**
   * Language of the input. Date and time inputs default to {@link DATE_INPUT_LANG}, so browsers
   * that follow the element's language show day-month-year and 24-hour times (the portal's display
   * form) whatever the page's language; Chromium follows the browser's own language instead.
   */
  lang?: string;
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

/** Language given to date and time inputs: day before month, 24-hour clock. */
export const DATE_INPUT_LANG = "en-GB";

const DATE_TIME_TYPES = new Set<HTMLInputTypeAttribute>(["date", "time", "datetime-local"]);

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
  lang,
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
  const kind = fieldMessageKind(error, warning, helper);
  return (
    <div className={cx(styles.field, className)}>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <input
        id={inputId}
        name={name}
        type={type}
        lang={lang ?? (DATE_TIME_TYPES.has(type) ? DATE_INPUT_LANG : undefined)}
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
        aria-invalid={kind === "error" || undefined}
        aria-describedby={kind ? messageId : undefined}
        className={cx(styles.control, kind === "warning" && styles.warningControl)}
      />
      <FieldMessage id={messageId} kind={kind} error={error} warning={warning} helper={helper} />
    </div>
  );
}

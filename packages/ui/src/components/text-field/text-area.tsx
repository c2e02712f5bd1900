import { type KeyboardEvent, type ReactNode, useId } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./field.css.ts";
import { FieldLabel, FieldMessage, fieldMessageKind } from "./field-parts.tsx";

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
  const kind = fieldMessageKind(error, undefined, helper);
  return (
    <div className={cx(styles.field, className)}>
      <FieldLabel htmlFor={areaId} label={label} required={required} hidden={labelHidden} />
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
        aria-invalid={kind === "error" || undefined}
        aria-describedby={kind ? messageId : undefined}
        className={cx(styles.control, styles.multiline)}
      />
      <FieldMessage id={messageId} kind={kind} error={error} helper={helper} />
    </div>
  );
}

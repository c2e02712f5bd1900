import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import * as styles from "./field.css.ts";

/** What shows under a field: the error, else the warning, else the helper, else nothing. */
export type FieldMessageKind = "error" | "warning" | "helper" | null;

/** Picks the message kind of a field from its error, warning and helper (in that order). */
export function fieldMessageKind(
  error: string | null | undefined,
  warning: ReactNode | undefined,
  helper: ReactNode | undefined,
): FieldMessageKind {
  if (error) return "error";
  if (warning != null && warning !== "" && warning !== false) return "warning";
  if (helper != null && helper !== "" && helper !== false) return "helper";
  return null;
}

/** The label of a field, with the required marker hidden from assistive technology (the control says it). */
export function FieldLabel(props: {
  htmlFor: string;
  label: ReactNode;
  required?: boolean;
  hidden?: boolean;
}) {
  return (
    <label htmlFor={props.htmlFor} className={props.hidden ? styles.hiddenLabel : styles.label}>
      {props.label}
      {props.required && !props.hidden ? (
        <span aria-hidden="true" className={styles.required}>
          *
        </span>
      ) : null}
    </label>
  );
}

/**
 * The message under a field, with the id its control names in `aria-describedby`. An error is a live
 * alert, a warning is announced politely, a helper is plain text.
 */
export function FieldMessage(props: {
  id: string;
  kind: FieldMessageKind;
  error?: string | null;
  warning?: ReactNode;
  helper?: ReactNode;
}) {
  switch (props.kind) {
    case "error":
      return (
        <p id={props.id} role="alert" className={cx(styles.message, styles.errorText)}>
          {props.error}
        </p>
      );
    case "warning":
      return (
        <p id={props.id} aria-live="polite" className={cx(styles.message, styles.warningText)}>
          {props.warning}
        </p>
      );
    case "helper":
      return (
        <p id={props.id} className={cx(styles.message, styles.helperText)}>
          {props.helper}
        </p>
      );
    default:
      return null;
  }
}

import { Select, type SelectProps, TextField, type TextFieldProps } from "@portal/ui";
import type { AnyFieldApi } from "@tanstack/react-form";

/**
 * Shared pieces for forms built with TanStack Form and the domain's zod schemas (docs/architecture.md
 * "Forms"): the schema validates in the browser exactly as the server validates, and these helpers turn a
 * field's state into the props of the design system's inputs.
 */

/**
 * Turns a rule's English message into the user's language. A screen passes a map from the domain's
 * English texts (spec §5 messages, `SPEC_MESSAGES`, its schemas' messages) to catalogue entries;
 * a message the map does not know is shown as it is, so a missing entry never hides an error.
 */
export type MessageTranslations = Readonly<Record<string, () => string>>;

/** The first error message of a schema issue list, a plain string list or a mix of both. */
export function firstErrorMessage(errors: readonly unknown[]): string | null {
  for (const error of errors) {
    if (!error) continue;
    if (typeof error === "string") return error;
    if (typeof error === "object" && "message" in error && typeof error.message === "string") {
      return error.message;
    }
  }
  return null;
}

/**
 * The error to show under a field: none until the user has touched the field or tried to submit
 * (so an empty form does not open in red), then the first failing rule, translated.
 */
export function fieldErrorText(field: AnyFieldApi, translations: MessageTranslations = {}): string | null {
  const shown = field.state.meta.isTouched || field.form.state.submissionAttempts > 0;
  if (!shown) return null;
  const message = firstErrorMessage(field.state.meta.errors);
  if (message === null) return null;
  return translations[message]?.() ?? message;
}

/**
 * Drops the message a refused save put on a field (kit/form-refusal.ts, `errorMap.onServer`) once
 * the user changes the field: the server judged the old value, not the new one.
 */
export function clearServerError(field: AnyFieldApi): void {
  if (field.state.meta.errorMap.onServer === undefined) return;
  field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
}

/**
 * A TextField bound to a TanStack Form field whose value is a string: value, change, blur and the
 * translated error come from the field.
 */
export function BoundTextField({
  field,
  translations,
  ...props
}: { field: AnyFieldApi; translations?: MessageTranslations } & Omit<
  TextFieldProps,
  "value" | "onChange" | "onBlur" | "error" | "name"
>) {
  return (
    <TextField
      {...props}
      name={field.name}
      value={String(field.state.value ?? "")}
      onChange={(value) => {
        clearServerError(field);
        field.handleChange(value);
      }}
      onBlur={field.handleBlur}
      error={fieldErrorText(field, translations)}
    />
  );
}

/** A Select bound to a TanStack Form field whose value is the chosen option's value (a string). */
export function BoundSelect({
  field,
  translations,
  ...props
}: { field: AnyFieldApi; translations?: MessageTranslations } & Omit<
  SelectProps,
  "value" | "onChange" | "error" | "name"
>) {
  return (
    <Select
      {...props}
      name={field.name}
      value={String(field.state.value ?? "")}
      onChange={(value) => {
        clearServerError(field);
        field.handleChange(value);
        field.handleBlur();
      }}
      error={fieldErrorText(field, translations)}
    />
  );
}

import type { AnyFormApi } from "@tanstack/react-form";
import type { MessageTranslations } from "../form-field.tsx";
import { readRefusal, type SaveRefusal } from "./save-refusal.ts";

/** A refused save as put on a TanStack Form: `placedOn` is the form field showing it, or null. */
export type FormRefusal = SaveRefusal & { placedOn: string | null };

/**
 * Puts a refused save's message on the form field the server named (docs/architecture.md "Saves"):
 * the field's `errorMap.onServer` gets the translated message ({@link readRefusal}), the field is
 * marked touched so it shows, and the form keeps every typed value. The bound inputs (form-field.tsx)
 * clear the message as soon as the field is changed. `fields` maps the server's field name to the form's where they
 * differ (e.g. `{ courseId: "course" }`); a field the form does not have is not placed, and the
 * caller shows the message near the form instead (`placedOn` null).
 */
export function showRefusalOnForm(
  form: AnyFormApi,
  error: unknown,
  options: { fields?: Readonly<Record<string, string>>; translations?: MessageTranslations } = {},
): FormRefusal {
  const refusal = readRefusal(error, options.translations);
  const name = refusal.field === null ? null : (options.fields?.[refusal.field] ?? refusal.field);
  if (name === null || refusal.conflict || !(name in form.fieldInfo)) return { ...refusal, placedOn: null };
  form.setFieldMeta(name, (meta) => ({
    ...meta,
    isTouched: true,
    errorMap: { ...meta.errorMap, onServer: refusal.message },
  }));
  return { ...refusal, placedOn: name };
}

import type { ProfilePartName } from "@portal/api-client";
import { PROFILE_PART_SCHEMAS, ZContactDetails } from "@portal/domain";
import { Button, Dialog, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useState } from "react";
import type { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import type { PartForm } from "./parts.ts";
import { PROFILE_TRANSLATIONS } from "./parts.ts";
import * as styles from "./profiles.css.ts";

/** The domain schema each dialog validates with: the server's, without the version it adds. */
const SCHEMAS: Record<ProfilePartName | "contact", z.ZodObject> = {
  contact: ZContactDetails.omit({ version: true }),
  ...PROFILE_PART_SCHEMAS,
};

/**
 * An edit dialog of the 360 profile (contact details, an address, a relationship, an education
 * history entry, additional information): the part's fields (parts.ts) in a TanStack Form validated
 * with the domain's zod schema, the same the server parses with. Save calls `onSave` with the typed
 * values (strings, "" for an empty optional field) and closes on success. A refusal puts the server's
 * message on the field it names (or above the buttons), a stale version shows the conflict notice
 * with Reload (`onReload`); either way the dialog stays open with what was typed.
 */
export function PartDialog({
  open,
  onOpenChange,
  title,
  part,
  form: config,
  initial,
  onSave,
  onReload,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  part: ProfilePartName | "contact";
  form: PartForm;
  initial: Readonly<Record<string, string>>;
  onSave: (values: Record<string, string>) => Promise<unknown>;
  onReload: () => Promise<unknown>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      closeLabel={m.profile_close()}
      closeOnInteractOutside={false}
      size="md"
    >
      {/* Mounted only while open: every opening starts from the record as shown. */}
      <PartFormBody
        config={config}
        schema={SCHEMAS[part]}
        initial={initial}
        onSave={onSave}
        onReload={onReload}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

function PartFormBody({
  config,
  schema: partSchema,
  initial,
  onSave,
  onReload,
  onDone,
}: {
  config: PartForm;
  schema: z.ZodObject;
  initial: Readonly<Record<string, string>>;
  onSave: (values: Record<string, string>) => Promise<unknown>;
  onReload: () => Promise<unknown>;
  onDone: () => void;
}) {
  const toast = useToast();
  const [conflict, setConflict] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const defaultValues: Record<string, string> = Object.fromEntries(
    config.fields.map((f) => [f.name, initial[f.name] ?? ""]),
  );
  // The domain's schema takes these strings as the server takes them ("" is "not given").
  const schema = partSchema as unknown as z.ZodType<unknown, Record<string, string>>;
  const form = useForm({
    defaultValues,
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value }) => {
      setConflict(false);
      setRefusal(null);
      try {
        await onSave(value);
        toast.success(m.profile_saved());
        onDone();
      } catch (error) {
        const placed = showRefusalOnForm(form, error, { translations: PROFILE_TRANSLATIONS });
        if (placed.conflict) setConflict(true);
        else if (placed.placedOn === null) setRefusal(placed.message);
        toast.error(placed.message);
      }
    },
  });
  return (
    <form
      noValidate
      className={styles.dialogForm}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <div className={styles.formGrid}>
        {config.fields.map((f) => (
          <form.Field key={f.name} name={f.name}>
            {(field) =>
              f.options ? (
                <BoundSelect
                  field={field}
                  translations={PROFILE_TRANSLATIONS}
                  label={f.label()}
                  placeholder={m.profile_select()}
                  placeholderSelectable={!f.required}
                  required={f.required ?? false}
                  options={f.options.map((o) => ({ value: o.value, label: o.label() }))}
                />
              ) : (
                <BoundTextField
                  field={field}
                  translations={PROFILE_TRANSLATIONS}
                  label={f.label()}
                  type={f.type ?? "text"}
                  required={f.required ?? false}
                />
              )
            }
          </form.Field>
        ))}
      </div>
      {conflict ? (
        <ConflictNotice
          onReload={async () => {
            await onReload();
            setConflict(false);
          }}
        />
      ) : null}
      {refusal ? (
        <p role="alert" className={styles.error}>
          {refusal}
        </p>
      ) : null}
      <div className={styles.dialogActions}>
        <Button variant="secondary" type="button" onClick={onDone}>
          {m.profile_cancel()}
        </Button>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <Button variant="primary" type="submit" loading={submitting}>
              {m.profile_save()}
            </Button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}

import { createAdminNoteMutationOptions, type Profile360, profileKeys } from "@portal/api-client";
import { Button, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { BoundTextField } from "../form-field.tsx";
import { displayDate } from "../kit/display-date.ts";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import * as screen from "../screen.css.ts";
import { PROFILE_TRANSLATIONS } from "./parts.ts";
import * as styles from "./profiles.css.ts";

/** The domain's ZAdminNote, loaded after first paint (kit/lazy-schema.ts). */
const adminNoteSchema = lazySchema(() =>
  import("@portal/domain/profile-input").then((module) => module.ZAdminNote),
);

/** The admin notes, newest first, with a form to add one (administrator and academic office). */
export function AdminNotes({ profile }: { profile: Profile360 }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const add = useMutation(createAdminNoteMutationOptions(api));
  const adminNoteValidators = useSchemaValidators(adminNoteSchema);
  const form = useForm({
    defaultValues: { note: "" },
    validators: adminNoteValidators,
    onSubmit: async ({ value, formApi }) => {
      try {
        await add.mutateAsync({ contactId: profile.contactId, note: value.note });
        toast.success(m.profile_saved());
        formApi.reset();
        await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      } catch (error) {
        toast.error(showRefusalOnForm(form, error, { translations: PROFILE_TRANSLATIONS }).message);
      }
    },
  });
  const notes = profile.adminNotes ?? [];
  return (
    <div className={styles.section}>
      {notes.length === 0 ? <p className={screen.muted}>{m.profile_no_record()}</p> : null}
      <ul className={styles.items} aria-label={m.profile_tab_admin_notes()}>
        {notes.map((n) => (
          <li key={n.id} className={styles.item}>
            <span>{n.note}</span>
            <span className={screen.muted}>
              {m.profile_note_by({ author: n.authorEmail, date: displayDate(n.createdAt.slice(0, 10)) })}
            </span>
          </li>
        ))}
      </ul>
      <form
        noValidate
        className={styles.dialogForm}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="note">
          {(field) => (
            <BoundTextField
              field={field}
              translations={PROFILE_TRANSLATIONS}
              label={m.profile_field_note()}
              required
            />
          )}
        </form.Field>
        <div className={screen.actions}>
          <Button type="submit" variant="primary" loading={add.isPending}>
            {m.profile_add_note()}
          </Button>
        </div>
      </form>
    </div>
  );
}

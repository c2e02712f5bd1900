import { type FacultyRow, type InvitationRequest, sendInvitationMutationOptions } from "@portal/api-client";
import { ATTACHMENT_MAX_BYTES, kilobytes, ZInvitation } from "@portal/domain";
import { Button, Checkbox, Dialog, TextArea } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { BoundTextField, fieldErrorText } from "../form-field.tsx";
import { errorText } from "../kit/error-text.ts";
import * as styles from "../screen.css.ts";
import type { InviteKind } from "./FacultyInvitation.tsx";
import { planningMessages } from "./messages.ts";
import { attachmentProblem } from "./state.ts";

/** Reads a file as base64 (no data: prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

const ZInviteForm = z.object({
  facultyIds: ZInvitation.shape.facultyIds,
  subject: ZInvitation.shape.subject,
  body: z.string().max(10_000),
  attachmentName: ZInvitation.shape.attachmentName,
});

/**
 * The Send New Invite / Send Invite / Send Email dialog (spec §2, §5): faculty-name multi-select
 * (the checked rows chosen at first), required Subject, multi-line Body, required Attachment (doc,
 * docx, pdf, jpeg, jpg or png, else 'Please Select Only Doc ,Pdf and Image'; at most the domain's
 * ATTACHMENT_MAX_BYTES, stated before a file is chosen and checked on the chosen file's own size, as
 * the server counts it; the server also reads the type from the content). Send mails each chosen
 * member with the attachment (POST /salesforce/facultyOnboarding/sendEmail).
 */
export function InviteDialog({
  kind,
  initial,
  faculty,
  onClose,
}: {
  kind: InviteKind;
  initial: readonly string[];
  faculty: readonly FacultyRow[];
  onClose: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const send = useMutation(sendInvitationMutationOptions(api));
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const limitKb = String(kilobytes(ATTACHMENT_MAX_BYTES));
  const translations = planningMessages();
  const form = useForm({
    defaultValues: { facultyIds: [...initial], subject: "", body: "", attachmentName: "" } as {
      facultyIds: string[];
      subject: string;
      body: string;
      attachmentName: string;
    },
    validators: { onChange: ZInviteForm, onSubmit: ZInviteForm },
    onSubmit: async ({ value }) => {
      if (!file) return;
      try {
        const body: InvitationRequest = {
          kind,
          facultyIds: value.facultyIds,
          subject: value.subject,
          body: value.body,
          attachment: { fileName: file.name, contentBase64: await readBase64(file) },
        } as InvitationRequest;
        const answer = await send.mutateAsync(body);
        toast.success(answer.message);
        onClose();
      } catch (error) {
        toast.error(errorText(error));
      }
    },
  });
  const title =
    kind === "newInvite"
      ? m.intake_send_new_invite()
      : kind === "invite"
        ? m.intake_send_invite()
        : m.intake_send_email();
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={title}
      closeLabel={m.intake_close()}
      size="lg"
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            {m.intake_cancel()}
          </Button>
          <Button
            variant="primary"
            loading={send.isPending}
            disabled={tooLarge}
            onClick={() => void form.handleSubmit()}
          >
            {m.intake_send()}
          </Button>
        </div>
      }
    >
      <form
        className={styles.screen}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="facultyIds">
          {(field) => (
            <fieldset className={styles.cellList}>
              <legend>{m.intake_faculty_name()}</legend>
              {faculty.map((f) => (
                <Checkbox
                  key={f.id}
                  label={`${f.name} (${f.email})`}
                  checked={field.state.value.includes(f.id)}
                  onChange={(on) => {
                    const now = field.state.value;
                    field.handleChange(on ? [...new Set([...now, f.id])] : now.filter((x) => x !== f.id));
                    field.handleBlur();
                  }}
                />
              ))}
              {fieldErrorText(field, translations) && (
                <p role="alert" className={styles.errorText}>
                  {fieldErrorText(field, translations)}
                </p>
              )}
            </fieldset>
          )}
        </form.Field>
        <form.Field name="subject">
          {(field) => (
            <BoundTextField field={field} label={m.intake_subject()} translations={translations} required />
          )}
        </form.Field>
        <form.Field name="body">
          {(field) => (
            <TextArea
              label={m.intake_body()}
              name="body"
              rows={5}
              value={field.state.value}
              onChange={(value) => field.handleChange(value)}
            />
          )}
        </form.Field>
        <form.Field name="attachmentName">
          {(field) => (
            <div>
              <label htmlFor="invite-attachment">{m.intake_attachment()} *</label>
              <p id="invite-attachment-limit" className={styles.muted}>
                {m.intake_attachment_limit({ size: limitKb })}
              </p>
              <input
                id="invite-attachment"
                type="file"
                accept=".doc,.docx,.pdf,.jpeg,.jpg,.png"
                aria-describedby="invite-attachment-limit invite-attachment-error"
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  const large = chosen !== null && chosen.size > ATTACHMENT_MAX_BYTES;
                  setTooLarge(large);
                  setFile(chosen && !large && attachmentProblem(chosen.name) === null ? chosen : null);
                  field.handleChange(chosen?.name ?? "");
                  field.handleBlur();
                }}
              />
              <p id="invite-attachment-error" role="alert" className={styles.errorText}>
                {fieldErrorText(field, translations) ??
                  (tooLarge ? m.intake_attachment_too_large({ size: limitKb }) : "")}
              </p>
            </div>
          )}
        </form.Field>
      </form>
    </Dialog>
  );
}

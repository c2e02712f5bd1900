import {
  type FacultyRow,
  facultyListQueryOptions,
  type InvitationRequest,
  sendInvitationMutationOptions,
} from "@portal/api-client";
import { ATTACHMENT_MAX_BYTES, kilobytes, ZInvitation } from "@portal/domain";
import { Button, Checkbox, Dialog, TextArea, TextField } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
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

/** Faculty found by one search of the dialog: the first 25 matches, as the faculty table pages them. */
const SEARCH_PAGE = { pageNo: 1, count: 25 } as const;

/**
 * The Send New Invite / Send Invite / Send Email dialog (spec §2, §5): faculty-name multi-select
 * (the rows checked in the table, on any of its pages, chosen at first; a Search faculty field finds
 * any other member on the server by name or email, so every faculty member can be chosen whatever
 * page the table shows), required Subject, multi-line Body, required Attachment (doc,
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
  /** The rows checked in the faculty table (any page), chosen when the dialog opens. */
  initial: readonly FacultyRow[];
  /** The table's current page, offered before anything is searched. */
  faculty: readonly FacultyRow[];
  onClose: () => void;
}) {
  const api = useApi();
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim());
  const found = useQuery({
    ...facultyListQueryOptions(api, { search: deferredSearch, ...SEARCH_PAGE }),
    enabled: deferredSearch !== "",
    placeholderData: keepPreviousData,
  });
  // Every member seen (chosen at first, on the table's page, found by a search), by id, so a chosen
  // member stays listed with a name after the search moves on.
  const [known, setKnown] = useState(() => new Map([...faculty, ...initial].map((f) => [f.id, f])));
  const offered = deferredSearch === "" ? faculty : (found.data?.faculty ?? []);
  const toast = useToast();
  const send = useMutation(sendInvitationMutationOptions(api));
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const limitKb = String(kilobytes(ATTACHMENT_MAX_BYTES));
  const translations = planningMessages();
  const form = useForm({
    defaultValues: { facultyIds: initial.map((f) => f.id), subject: "", body: "", attachmentName: "" } as {
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
        <TextField
          label={m.intake_search_faculty()}
          type="search"
          inputMode="search"
          maxLength={100}
          value={search}
          onChange={setSearch}
        />
        <form.Field name="facultyIds">
          {(field) => {
            const chosen = field.state.value.flatMap((id) => known.get(id) ?? []);
            const listed = [...chosen, ...offered.filter((f) => !field.state.value.includes(f.id))];
            return (
              <fieldset className={styles.cellList}>
                <legend>{m.intake_faculty_name()}</legend>
                {listed.map((f) => (
                  <Checkbox
                    key={f.id}
                    label={`${f.name} (${f.email})`}
                    checked={field.state.value.includes(f.id)}
                    onChange={(on) => {
                      const now = field.state.value;
                      if (on) setKnown((map) => new Map(map).set(f.id, f));
                      field.handleChange(on ? [...new Set([...now, f.id])] : now.filter((x) => x !== f.id));
                      field.handleBlur();
                    }}
                  />
                ))}
                {deferredSearch !== "" && found.data && found.data.faculty.length === 0 && (
                  <p className={styles.muted}>{m.intake_no_record()}</p>
                )}
                {fieldErrorText(field, translations) && (
                  <p role="alert" className={styles.errorText}>
                    {fieldErrorText(field, translations)}
                  </p>
                )}
              </fieldset>
            );
          }}
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

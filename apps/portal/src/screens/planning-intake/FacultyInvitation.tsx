import {
  type FacultyRow,
  facultyListQueryOptions,
  type InvitationRequest,
  planningKeys,
  planningMutations,
} from "@portal/api-client";
import { ZInvitation } from "@portal/domain";
import { Button, Checkbox, DataTable, type DataTableColumn, Dialog, TextArea } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../shell/IslandRoot.tsx";
import { errorText, pagerLabels } from "../exams/labels.ts";
import { QueryError } from "../exams/shared.tsx";
import { BoundTextField, fieldErrorText } from "../form-field.tsx";
import { ListPager } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { planningMessages } from "./messages.ts";
import { planningLinks } from "./routes.ts";
import { attachmentProblem } from "./state.ts";

const PAGE = { pageNo: 1, count: 25 } as const;

/** The Faculty Invitation island (`/app/faculty-management`). */
export default function FacultyInvitation({ search: _search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <FacultyInvitationScreen />
    </IslandRoot>
  );
}

/** First query on the server: the first page of the faculty table. */
export const facultyInvitationFirstQuery: FirstQuery = async ({ api, fetch }) => {
  await fetch(facultyListQueryOptions(api, { search: "", ...PAGE }));
};

type InviteKind = "newInvite" | "invite" | "email";
type Info = { kind: "availability" | "subjects" | "rating" | "location"; faculty: FacultyRow } | null;

/**
 * Faculty Invitation (spec §2 Faculty Invitation, §3 faculty, §5 attachment rule): the faculty table
 * (photo and name, phone, email, location, association, availability, subjects, rating) with row
 * checkboxes, paged on the server; Send New Invite, Send Invite and Send Email open the invitation
 * dialog; a click on availability, subjects, rating or location opens its read-only dialog from the
 * stored data. Names link to /app/faculty-details.
 */
export function FacultyInvitationScreen() {
  const api = useApi();
  const [state, setState] = useState({ page: 1, pageSize: 25 as 10 | 25 | 50 });
  const [checked, setChecked] = useState<string[]>([]);
  const [invite, setInvite] = useState<InviteKind | null>(null);
  const [info, setInfo] = useState<Info>(null);
  const list = useQuery({
    ...facultyListQueryOptions(api, { search: "", pageNo: state.page, count: state.pageSize }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.faculty ?? [];
  const toggle = (id: string, on: boolean) =>
    setChecked((now) => (on ? [...new Set([...now, id])] : now.filter((x) => x !== id)));
  const cellButton = (f: FacultyRow, kind: NonNullable<Info>["kind"], text: string) => (
    <button type="button" className={styles.link} onClick={() => setInfo({ kind, faculty: f })}>
      {text || "-"}
    </button>
  );
  const columns: DataTableColumn<FacultyRow>[] = [
    {
      id: "check",
      header: m.intake_col_select(),
      cell: (f) => (
        <Checkbox
          label={m.intake_select_named({ name: f.name })}
          checked={checked.includes(f.id)}
          onChange={(on) => toggle(f.id, on)}
        />
      ),
    },
    {
      id: "name",
      header: m.intake_col_name(),
      rowHeader: true,
      cell: (f) => (
        <span className={styles.actions}>
          {f.photo && <img src={f.photo} alt="" width={32} height={32} />}
          <a className={styles.link} href={planningLinks.facultyDetails(f.email)}>
            {f.name}
          </a>
        </span>
      ),
    },
    { id: "phone", header: m.intake_col_phone(), cell: (f) => f.phone },
    { id: "email", header: m.intake_col_email(), cell: (f) => f.email },
    { id: "location", header: m.intake_col_location(), cell: (f) => cellButton(f, "location", f.location) },
    { id: "association", header: m.intake_col_association(), cell: (f) => f.association },
    {
      id: "availability",
      header: m.intake_col_availability(),
      cell: (f) => cellButton(f, "availability", f.availability),
    },
    { id: "subjects", header: m.intake_col_subjects(), cell: (f) => cellButton(f, "subjects", f.subjects) },
    {
      id: "rating",
      header: m.intake_col_rating(),
      cell: (f) => cellButton(f, "rating", f.rating === null ? "" : `${f.rating} / 5`),
    },
  ];
  return (
    <div className={styles.screen}>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => setInvite("newInvite")}>
          {m.intake_send_new_invite()}
        </Button>
        <Button variant="secondary" onClick={() => setInvite("invite")}>
          {m.intake_send_invite()}
        </Button>
        <Button variant="secondary" onClick={() => setInvite("email")}>
          {m.intake_send_email()}
        </Button>
      </div>
      {list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <DataTable
            columns={columns}
            data={rows}
            getRowId={(f) => f.id}
            caption={m.intake_faculty_table()}
            captionHidden
            emptyText={m.intake_no_record()}
            loading={list.isPending || list.isPlaceholderData}
            loadingLabel={m.intake_loading()}
          />
          <ListPager
            query={list}
            state={state}
            navigate={(next) => setState(next)}
            pageSizes={[10, 25, 50] as const}
            labels={pagerLabels()}
          />
        </>
      )}
      {invite && (
        <InviteDialog kind={invite} initial={checked} faculty={rows} onClose={() => setInvite(null)} />
      )}
      {info && <FacultyInfoDialog info={info} onClose={() => setInfo(null)} />}
    </div>
  );
}

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
 * docx, pdf, jpeg, jpg or png, else 'Please Select Only Doc ,Pdf and Image'). Send mails each chosen
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
  const queryClient = useQueryClient();
  const send = useMutation(planningMutations.sendInvitation(api));
  const [file, setFile] = useState<File | null>(null);
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
        await queryClient.invalidateQueries({ queryKey: planningKeys.invitations() });
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
          <Button variant="primary" loading={send.isPending} onClick={() => void form.handleSubmit()}>
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
              <input
                id="invite-attachment"
                type="file"
                accept=".doc,.docx,.pdf,.jpeg,.jpg,.png"
                aria-describedby="invite-attachment-error"
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  setFile(chosen && attachmentProblem(chosen.name) === null ? chosen : null);
                  field.handleChange(chosen?.name ?? "");
                  field.handleBlur();
                }}
              />
              <p id="invite-attachment-error" role="alert" className={styles.errorText}>
                {fieldErrorText(field, translations) ?? ""}
              </p>
            </div>
          )}
        </form.Field>
      </form>
    </Dialog>
  );
}

/** Availability, Subjects, Rating or Location of a faculty member (spec §2), read-only, from stored data. */
export function FacultyInfoDialog({ info, onClose }: { info: NonNullable<Info>; onClose: () => void }) {
  const f = info.faculty;
  const title = {
    availability: m.intake_availability(),
    subjects: m.intake_subjects(),
    rating: m.intake_rating(),
    location: m.intake_location(),
  }[info.kind];
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={title}
      description={f.name}
      closeLabel={m.intake_close()}
    >
      <FacultyInfo kind={info.kind} faculty={f} />
    </Dialog>
  );
}

/** The body of one faculty information block (shared by the dialogs and the details page). */
export function FacultyInfo({ kind, faculty: f }: { kind: NonNullable<Info>["kind"]; faculty: FacultyRow }) {
  if (kind === "availability") {
    return f.association === "Visiting" ? (
      f.visits.length === 0 ? (
        <p className={styles.muted}>{m.intake_no_data()}</p>
      ) : (
        <ul className={styles.cellList}>
          {f.visits.map((v) => (
            <li key={`${v.startDate}-${v.startTime}`}>
              {v.startDate} - {v.endDate}, {v.startTime} - {v.endTime}
            </li>
          ))}
        </ul>
      )
    ) : (
      <p>{f.availability}</p>
    );
  }
  if (kind === "subjects") {
    return f.subjects ? (
      <ul className={styles.cellList}>
        {f.subjects.split(", ").map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    ) : (
      <p className={styles.muted}>{m.intake_no_data()}</p>
    );
  }
  if (kind === "rating") {
    return f.subjectList.length === 0 ? (
      <p className={styles.muted}>{m.intake_no_data()}</p>
    ) : (
      <ul className={styles.cellList}>
        {f.subjectList.map((s) => (
          <li key={`${s.label}-${s.batch}`}>
            {s.label} ({s.batch}):{" "}
            <span role="img" aria-label={m.intake_stars({ rating: s.rating })}>
              {"★".repeat(Math.floor(s.rating))}
              {s.rating % 1 ? "½" : ""}
            </span>{" "}
            {s.rating} / 5
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div>
      <p>
        {m.intake_current_location()}: {f.location || "-"}
      </p>
      <p>{m.intake_location_preference()}</p>
      <ol className={styles.cellList}>
        {f.locationPreference.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ol>
    </div>
  );
}

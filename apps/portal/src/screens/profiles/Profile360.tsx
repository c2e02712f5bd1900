import {
  ApiError,
  type Profile360,
  type ProfilePartName,
  profileKeys,
  profilePartMutationOptions,
  profileQueryOptions,
  saveContactDetailsMutationOptions,
  uploadProfilePhotoMutationOptions,
} from "@portal/api-client";
import { PROFILE_PHOTO_MAX_BYTES } from "@portal/domain";
import { Badge, Button, DataTable, type DataTableColumn, Dialog, Loader, Tabs, useToast } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { displayDate } from "../kit/display-date.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import * as screen from "../screen.css.ts";
import { CONTACT_DETAILS_FORM, choiceLabel, PART_FORMS, PROFILE_TRANSLATIONS } from "./parts.ts";
import * as styles from "./profiles.css.ts";

// The edit dialogs and the admin notes' form bring TanStack Form and zod: loaded when first shown.
const PartDialog = lazyDialog(() => import("./PartDialog.tsx").then((module) => module.PartDialog));
const AdminNotes = lazyDialog(() => import("./AdminNotes.tsx").then((module) => module.AdminNotes));

type Part<P extends ProfilePartName> = Profile360[P][number];
type AnyPart = Part<ProfilePartName>;

/**
 * The 360 profile island (`/app/my360`, `/app/my360/{contactId}`, `/app/studentProfile/{contactId}`,
 * `/app/facultyProfile/{contactId}`): `contactId` null is the signed-in user's own.
 */
export default function Profile360Island({
  contactId,
  ...root
}: ScreenIslandProps & { contactId: string | null }) {
  return (
    <IslandRoot {...root}>
      <Profile360Screen contactId={contactId} />
    </IslandRoot>
  );
}

/** First query of a profile page, run on the server: the profile itself. */
export function profileFirstQuery(contactId: string | null): FirstQuery {
  return async ({ api, fetch }) => {
    await fetch(profileQueryOptions(api, contactId));
  };
}

/**
 * One person's 360 view: the header with the passport photo (upload when the profile may be
 * edited), then tabs for contact details, addresses, relationships, education history, additional
 * information, admin notes (for those who may read them) and the read-only enrolments, exams, marks
 * and requests. Every edit goes through a dialog (PartDialog) and reloads the profile after saving.
 */
export function Profile360Screen({ contactId }: { contactId: string | null }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQueryOptions(api, contactId));
  if (profile.isPending) return <Loader label={m.profile_loading()} showLabel />;
  if (profile.isError) {
    const unlinked = contactId === null && profile.error instanceof ApiError && profile.error.status === 404;
    return unlinked ? (
      <p role="status" className={screen.muted}>
        {m.profile_no_contact()}
      </p>
    ) : (
      <QueryError error={profile.error} onRetry={() => void profile.refetch()} />
    );
  }
  // What an edit dialog reads the version from when it saves (the latest load, after a Reload too).
  const latest = () => queryClient.getQueryData<Profile360>(profileQueryOptions(api, contactId).queryKey);
  return <ProfileView profile={profile.data} reload={() => profile.refetch()} latest={latest} />;
}

type Latest = () => Profile360 | undefined;

function ProfileView({
  profile,
  reload,
  latest,
}: {
  profile: Profile360;
  reload: () => Promise<unknown>;
  latest: Latest;
}) {
  const name = `${profile.firstName} ${profile.lastName}`;
  const items = [
    {
      value: "contact",
      label: m.profile_tab_contact(),
      content: <ContactSection profile={profile} reload={reload} latest={latest} />,
    },
    ...(["addresses", "relationships", "educationHistory", "additionalInfo"] as const).map((part) => ({
      value: part,
      label: PART_FORMS[part].section(),
      content: <PartSection profile={profile} part={part} reload={reload} latest={latest} />,
    })),
    ...(profile.adminNotes === null
      ? []
      : [{ value: "notes", label: m.profile_tab_admin_notes(), content: <AdminNotes profile={profile} /> }]),
    { value: "enrolments", label: m.profile_tab_enrolments(), content: <Enrolments profile={profile} /> },
    { value: "exams", label: m.profile_tab_exams(), content: <Exams profile={profile} /> },
    ...(profile.kind === "student"
      ? [
          { value: "marks", label: m.profile_tab_marks(), content: <Marks profile={profile} /> },
          { value: "requests", label: m.profile_tab_requests(), content: <Requests profile={profile} /> },
        ]
      : []),
  ];
  return (
    <div className={screen.screen}>
      <div className={styles.header}>
        <Photo profile={profile} name={name} />
        <div className={styles.section}>
          <h2 className={screen.sectionTitle}>
            {name}{" "}
            <Badge tone="info">
              {profile.kind === "student" ? m.profile_kind_student() : m.profile_kind_faculty()}
            </Badge>
          </h2>
          <dl className={styles.facts}>
            <Fact term={m.profile_field_email()} value={profile.email} />
            <Fact term={m.profile_col_code()} value={profile.code} />
            {profile.kind === "student" ? (
              <Fact term={m.profile_col_intake()} value={profile.intakeName} />
            ) : (
              <Fact term={m.profile_col_faculty_type()} value={profile.facultyType} />
            )}
          </dl>
        </div>
      </div>
      <Tabs label={m.profile_tabs_label()} items={items} />
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string | null }) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value ? value : m.profile_not_given()}</dd>
    </>
  );
}

/** The passport photo, and for an editor a file input that uploads a PNG or JPEG of at most 2 MB. */
function Photo({ profile, name }: { profile: Profile360; name: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const upload = useMutation(uploadProfilePhotoMutationOptions(api));
  const [error, setError] = useState<string | null>(null);
  const { photoUrl, version } = profile.details;
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > PROFILE_PHOTO_MAX_BYTES) {
      setError(m.profile_photo_too_large());
      return;
    }
    try {
      await upload.mutateAsync({ contactId: profile.contactId, file });
      toast.success(m.profile_photo_saved());
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    } catch (refused) {
      const message = readRefusal(refused, PROFILE_TRANSLATIONS).message;
      setError(message);
      toast.error(message);
    }
  };
  return (
    <div className={styles.photoBox}>
      {photoUrl ? (
        // The version changes with every new photo, so the browser never shows the old one.
        <img className={styles.photo} src={`${photoUrl}?v=${version}`} alt={m.profile_photo_alt({ name })} />
      ) : (
        <div className={styles.noPhoto}>{m.profile_no_photo()}</div>
      )}
      {profile.canEdit ? (
        <label className={screen.muted}>
          {m.profile_upload_photo()} ({m.profile_photo_hint()})
          <input
            className={styles.fileInput}
            type="file"
            accept="image/png,image/jpeg"
            disabled={upload.isPending}
            onChange={(event) => {
              void onFile(event.currentTarget.files?.[0]);
              event.currentTarget.value = "";
            }}
          />
        </label>
      ) : null}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ContactSection({
  profile,
  reload,
  latest,
}: {
  profile: Profile360;
  reload: () => Promise<unknown>;
  latest: Latest;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const save = useMutation(saveContactDetailsMutationOptions(api));
  const [open, setOpen] = useState(false);
  const d = profile.details;
  return (
    <div className={styles.section}>
      <dl className={styles.facts}>
        <Fact term={m.profile_field_first_name()} value={profile.firstName} />
        <Fact term={m.profile_field_last_name()} value={profile.lastName} />
        <Fact term={m.profile_field_email()} value={profile.email} />
        <Fact term={m.profile_field_mobile()} value={d.mobile} />
        <Fact term={m.profile_field_dob()} value={d.dateOfBirth ? displayDate(d.dateOfBirth) : null} />
        <Fact term={m.profile_field_gender()} value={choiceLabel(d.gender)} />
        <Fact term={m.profile_field_nationality()} value={d.nationality} />
      </dl>
      {profile.canEdit ? (
        <div className={screen.actions}>
          <Button variant="primary" onClick={() => setOpen(true)}>
            {m.profile_edit()}
          </Button>
        </div>
      ) : null}
      {open ? (
        <PartDialog
          open={open}
          onOpenChange={setOpen}
          title={m.profile_dialog_edit({ section: CONTACT_DETAILS_FORM.section() })}
          part="contact"
          form={CONTACT_DETAILS_FORM}
          initial={{
            firstName: profile.firstName,
            lastName: profile.lastName,
            email: profile.email,
            mobile: d.mobile ?? "",
            dateOfBirth: d.dateOfBirth ?? "",
            gender: d.gender ?? "",
            nationality: d.nationality ?? "",
          }}
          onSave={async (values) => {
            // The version of the details as now loaded: after Reload the next save sends the fresh one.
            const fresh = latest();
            await save.mutateAsync({
              contactId: profile.contactId,
              body: { ...values, version: fresh?.details.version ?? d.version } as never,
            });
            await queryClient.invalidateQueries({ queryKey: profileKeys.all });
          }}
          onReload={reload}
        />
      ) : null}
    </div>
  );
}

/** The one-line text of a part's item. */
function itemText(part: ProfilePartName, item: AnyPart): string {
  const join = (values: Array<string | null | undefined>) => values.filter((v) => v).join(", ");
  switch (part) {
    case "addresses": {
      const a = item as Part<"addresses">;
      return `${choiceLabel(a.kind)}: ${join([a.line1, a.line2, a.city, `${a.state} ${a.postalCode}`, a.country])}`;
    }
    case "relationships": {
      const r = item as Part<"relationships">;
      return `${r.relatedName} (${choiceLabel(r.relationshipType)}) ${join([r.mobile, r.email])}`.trim();
    }
    case "educationHistory": {
      const e = item as Part<"educationHistory">;
      return join([e.qualification, e.institutionName, e.yearOfPassing, e.score]);
    }
    default: {
      const i = item as Part<"additionalInfo">;
      return `${i.label}: ${i.value}`;
    }
  }
}

/** An item as the values of its edit dialog (strings; null as ""). */
function itemValues(item: AnyPart): Record<string, string> {
  return Object.fromEntries(
    Object.entries(item)
      .filter(([key]) => key !== "id" && key !== "version")
      .map(([key, value]) => [key, value === null || value === undefined ? "" : String(value)]),
  );
}

function PartSection({
  profile,
  part,
  reload,
  latest,
}: {
  profile: Profile360;
  part: ProfilePartName;
  reload: () => Promise<unknown>;
  latest: Latest;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const write = useMutation(profilePartMutationOptions(api));
  const config = PART_FORMS[part];
  const [editing, setEditing] = useState<AnyPart | "new" | null>(null);
  const [deleting, setDeleting] = useState<AnyPart | null>(null);
  const list = profile[part] as readonly AnyPart[];
  const section = config.section();
  const afterWrite = () => queryClient.invalidateQueries({ queryKey: profileKeys.all });
  return (
    <div className={styles.section}>
      {list.length === 0 ? <p className={screen.muted}>{m.profile_no_record()}</p> : null}
      <ul className={styles.items} aria-label={section}>
        {list.map((item) => {
          const text = itemText(part, item);
          return (
            <li key={item.id} className={styles.item}>
              <span>{text}</span>
              {profile.canEdit ? (
                <span className={screen.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={m.profile_edit_item({ item: text })}
                    onClick={() => setEditing(item)}
                  >
                    {m.profile_edit()}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={m.profile_delete_item({ item: text })}
                    onClick={() => setDeleting(item)}
                  >
                    {m.profile_delete()}
                  </Button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {profile.canEdit ? (
        <div className={screen.actions}>
          <Button variant="primary" onClick={() => setEditing("new")}>
            {m.profile_dialog_add({ section })}
          </Button>
        </div>
      ) : null}
      {editing !== null ? (
        <PartDialog
          open={editing !== null}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          title={editing === "new" ? m.profile_dialog_add({ section }) : m.profile_dialog_edit({ section })}
          part={part}
          form={config}
          initial={editing === null || editing === "new" ? {} : itemValues(editing)}
          onSave={async (values) => {
            if (editing === null || editing === "new") {
              await write.mutateAsync({ op: "create", contactId: profile.contactId, part, body: values });
            } else {
              // The version as now loaded: after Reload the next save sends the fresh one.
              const fresh = latest();
              const current = (fresh?.[part] as readonly AnyPart[] | undefined)?.find(
                (i) => i.id === editing.id,
              );
              await write.mutateAsync({
                op: "update",
                contactId: profile.contactId,
                part,
                id: editing.id,
                body: { ...values, version: current?.version ?? editing.version },
              });
            }
            await afterWrite();
          }}
          onReload={reload}
        />
      ) : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={m.profile_delete_title()}
        description={deleting ? itemText(part, deleting) : ""}
        closeLabel={m.profile_close()}
        size="sm"
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            {m.profile_cancel()}
          </Button>
          <Button
            variant="danger"
            loading={write.isPending}
            onClick={async () => {
              if (!deleting) return;
              try {
                await write.mutateAsync({
                  op: "delete",
                  contactId: profile.contactId,
                  part,
                  id: deleting.id,
                });
                toast.success(m.profile_deleted());
                setDeleting(null);
              } catch (error) {
                toast.error(readRefusal(error, PROFILE_TRANSLATIONS).message);
              } finally {
                await afterWrite();
              }
            }}
          >
            {m.profile_delete()}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function Summary<T extends object>({
  rows,
  columns,
  caption,
  rowId,
}: {
  rows: readonly T[];
  columns: DataTableColumn<T>[];
  caption: string;
  rowId: (row: T, index: number) => string;
}) {
  return (
    <DataTable
      data={rows}
      columns={columns}
      caption={caption}
      captionHidden
      getRowId={rowId}
      emptyText={m.profile_no_record()}
      loadingLabel={m.profile_loading()}
    />
  );
}

const courseCell = (r: { courseCode: string; courseName: string }) => `${r.courseCode} ${r.courseName}`;

function Enrolments({ profile }: { profile: Profile360 }) {
  return (
    <Summary
      rows={profile.enrolments}
      caption={m.profile_tab_enrolments()}
      rowId={(r) => r.courseOfferingId}
      columns={[
        { id: "course", header: m.profile_col_course(), cell: courseCell, rowHeader: true },
        { id: "section", header: m.profile_col_section(), cell: (r) => r.section },
        { id: "term", header: m.profile_col_term(), cell: (r) => r.termName },
        {
          id: "status",
          header: m.profile_col_status(),
          cell: (r) =>
            r.status === "Teaching" && profile.kind === "faculty" ? m.profile_teaching() : r.status,
        },
        {
          id: "attendance",
          header: m.profile_col_attendance(),
          cell: (r) => (r.attendancePercent === null ? "" : String(r.attendancePercent)),
        },
      ]}
    />
  );
}

function Exams({ profile }: { profile: Profile360 }) {
  return (
    <Summary
      rows={profile.exams}
      caption={m.profile_tab_exams()}
      rowId={(r) => r.examId}
      columns={[
        { id: "course", header: m.profile_col_course(), cell: courseCell, rowHeader: true },
        { id: "component", header: m.profile_col_component(), cell: (r) => r.component },
        { id: "type", header: m.profile_col_exam_type(), cell: (r) => r.examType },
        { id: "date", header: m.profile_col_date(), cell: (r) => displayDate(r.examDate) },
        { id: "time", header: m.profile_col_time(), cell: (r) => r.startTime },
      ]}
    />
  );
}

function Marks({ profile }: { profile: Profile360 }) {
  return (
    <Summary
      rows={profile.marks}
      caption={m.profile_tab_marks()}
      rowId={(r) => r.courseOfferingId}
      columns={[
        { id: "course", header: m.profile_col_course(), cell: courseCell, rowHeader: true },
        { id: "term", header: m.profile_col_term(), cell: (r) => r.termName },
        { id: "total", header: m.profile_col_total(), cell: (r) => String(r.totalPercent) },
        { id: "grade", header: m.profile_col_grade(), cell: (r) => r.finalGrade },
        { id: "point", header: m.profile_col_grade_point(), cell: (r) => String(r.gradePoint) },
        {
          id: "published",
          header: m.profile_col_published(),
          cell: (r) => (r.published ? m.profile_yes() : m.profile_no()),
        },
      ]}
    />
  );
}

function Requests({ profile }: { profile: Profile360 }) {
  return (
    <Summary
      rows={profile.requests}
      caption={m.profile_tab_requests()}
      rowId={(r) => `${r.type}-${r.id}`}
      columns={[
        { id: "course", header: m.profile_col_course(), cell: courseCell, rowHeader: true },
        { id: "component", header: m.profile_col_component(), cell: (r) => r.component },
        {
          id: "type",
          header: m.profile_col_request_type(),
          cell: (r) => (r.type === "Revaluation" ? m.profile_revaluation() : m.profile_retest()),
        },
        { id: "state", header: m.profile_col_status(), cell: (r) => r.state },
        {
          id: "requested",
          header: m.profile_col_requested(),
          cell: (r) => displayDate(r.requestedAt.slice(0, 10)),
        },
      ]}
    />
  );
}

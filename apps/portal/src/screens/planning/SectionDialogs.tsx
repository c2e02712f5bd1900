import {
  classRoomsQueryOptions,
  type FacultyRow,
  planningKeys,
  type SectionRow,
  saveSectionMutationOptions,
  sectionsQueryOptions,
  setSectionFacultyMutationOptions,
  setSectionRoomMutationOptions,
  type TermSubjectRow,
} from "@portal/api-client";
import { PLANNING_MESSAGES, ZId, ZSectionStrengthText } from "@portal/domain";
import { Button, Dialog, TextField } from "@portal/ui";
import { useForm, useStore } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import { errorText } from "../kit/error-text.ts";
import * as styles from "../screen.css.ts";
import { FacultyTable } from "./FacultyTable.tsx";
import { planningMessages } from "./messages.ts";
import { isRefusal, RefusalNotice } from "./refusal.tsx";
import { planningLinks } from "./routes.ts";
import { chooseFaculty, nextSectionLabel } from "./state.ts";

type DraftSection = { key: string; letter: string; strength: string; row: SectionRow | null };

function drafts(sections: readonly SectionRow[]): DraftSection[] {
  return sections.map((s) => ({
    key: s.id,
    letter: s.courseOfferingSectionId,
    strength: String(s.courseOfferingCapacity),
    row: s,
  }));
}

/**
 * Select Section (spec §2, §4 section row, §5 section letters, §7 Section create/update/delete): the
 * subject's sections with their read-only name (Section A, B, ...) and strength (free text, sent as
 * a number). Add appends the next letter in order (A..Z) as a new row saved with Create; Save on an
 * existing row sends Update with its version; Delete removes the selected section. 'No Sections
 * Found' when there are none; a failed load empties the list. A 409 (stale version, section in use)
 * shows in the dialog (RefusalNotice); Reload keeps the strengths typed.
 */
export function SelectSectionDialog({ subject, onClose }: { subject: TermSubjectRow; onClose: () => void }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const sections = useQuery(sectionsQueryOptions(api, subject.id));
  const save = useMutation(saveSectionMutationOptions(api));
  const [rows, setRows] = useState<DraftSection[] | null>(null);
  const [selected, setSelected] = useState("");
  const [refused, setRefused] = useState<unknown>(null);
  const loaded = sections.data ? drafts(sections.data.sections) : [];
  const shown = rows ?? loaded;
  const next = nextSectionLabel(shown.map((r) => ({ courseOfferingSectionId: r.letter })));
  const refresh = async () => {
    setRows(null);
    await queryClient.invalidateQueries({ queryKey: planningKeys.all });
  };
  const run = async (body: Parameters<typeof save.mutateAsync>[0]) => {
    setRefused(null);
    try {
      const answer = await save.mutateAsync(body);
      toast.success(answer.message);
      await refresh();
    } catch (error) {
      if (isRefusal(error)) setRefused(error);
      else toast.error(errorText(error));
    }
  };
  // Reload after a 409: the sections again with their new versions, keeping the strengths typed.
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...sectionsQueryOptions(api, subject.id), staleTime: 0 });
    setRows((now) =>
      now === null
        ? null
        : now.flatMap((r) => {
            if (!r.row) return [r];
            const row = fresh.sections.find((f) => f.id === r.row?.id);
            return row ? [{ ...r, row }] : [];
          }),
    );
    setRefused(null);
    await queryClient.invalidateQueries({ queryKey: planningKeys.all });
  };
  const onSave = (r: DraftSection, strength: string) => {
    const capacity = Number(strength.trim());
    return run(
      r.row
        ? {
            Operation: "Update",
            CourseOffering: {
              courseOfferingId: r.row.id,
              courseVersionId: subject.id,
              courseOfferingCapacity: capacity,
              version: r.row.version,
            },
          }
        : {
            Operation: "Create",
            CourseOffering: { courseVersionId: subject.id, courseOfferingCapacity: capacity },
          },
    );
  };
  const selectedRow = shown.find((r) => r.key === selected)?.row ?? null;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={m.intake_select_section()}
      description={subject.courseName}
      closeLabel={m.intake_close()}
      size="lg"
      footer={
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={next === null}
            onClick={() =>
              next && setRows([...shown, { key: `new-${next}`, letter: next, strength: "", row: null }])
            }
          >
            {m.intake_add()}
          </Button>
          <Button
            variant="danger"
            disabled={!selectedRow || save.isPending}
            onClick={() =>
              selectedRow && void run({ Operation: "Delete", courseOfferingIds: [selectedRow.id] })
            }
          >
            {m.intake_delete()}
          </Button>
        </div>
      }
    >
      {refused ? <RefusalNotice error={refused} onReload={reload} /> : null}
      {sections.isError ? (
        <p className={styles.muted}>{errorText(sections.error)}</p>
      ) : shown.length === 0 ? (
        <p className={styles.muted}>
          {sections.isPending ? m.intake_loading() : m.intake_no_sections_found()}
        </p>
      ) : (
        <ul className={styles.cellList}>
          {shown.map((r) => (
            <li key={r.key} className={styles.filters}>
              <input
                type="radio"
                name="section"
                aria-label={m.intake_section_name({ letter: r.letter })}
                checked={selected === r.key}
                disabled={!r.row}
                onChange={() => setSelected(r.key)}
              />
              <TextField
                label={m.intake_section()}
                value={m.intake_section_name({ letter: r.letter })}
                onChange={() => {}}
                readOnly
              />
              <StrengthForm
                initial={r.strength}
                saving={save.isPending}
                onSave={(strength) => onSave(r, strength)}
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/**
 * One section's strength (spec §5: free text sent as a number) as a TanStack Form over the domain's
 * ZSectionStrengthText, so the dialog refuses what the server would; Save sends it through `onSave`.
 * What was typed stays in the field across a reload of the sections.
 */
function StrengthForm({
  initial,
  saving,
  onSave,
}: {
  initial: string;
  saving: boolean;
  onSave: (strength: string) => Promise<unknown>;
}) {
  const schema = z.object({ strength: ZSectionStrengthText });
  const form = useForm({
    defaultValues: { strength: initial },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: ({ value }) => onSave(value.strength),
  });
  return (
    <form
      className={styles.filters}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="strength">
        {(field) => (
          <BoundTextField
            field={field}
            label={m.intake_section_strength()}
            inputMode="numeric"
            translations={planningMessages()}
          />
        )}
      </form.Field>
      <Button size="sm" variant="primary" type="submit" loading={saving}>
        {m.intake_save()}
      </Button>
    </form>
  );
}

/** The Select Faculty / Select Class Room/Faculty form: the section, and its class room ("" = none). */
const ZSectionChoice = z.object({
  sectionId: ZId.or(z.literal("")).refine((v) => v !== "", { error: PLANNING_MESSAGES.fieldCannotBeEmpty }),
  roomId: ZId.or(z.literal("")),
});

/**
 * Select Faculty (spec §2, §4 duplicates removed, §5 'Only 1 faculty can be selected') and, with
 * `withRoom`, Select Class Room/Faculty: per section of the subject, its faculty member (the shared
 * faculty table's Add Faculty picks one; a second one is refused with the info message) and its
 * class room (a room of the intake's campus, or none). Save sends the room when it changed
 * (ClassRoomAssociation) and then the faculty member when one is picked (FacultyCourseAssociation),
 * each with the section's version as just read. A 409 shows in the dialog (RefusalNotice: Reload
 * refetches the sections and keeps the choices). Invite Faculty goes to the faculty invitation route.
 */
export function SelectFacultyDialog({
  subject,
  intakeId,
  withRoom = false,
  title,
  onClose,
}: {
  subject: TermSubjectRow;
  /** The intake whose campus rooms are offered (needed with `withRoom`). */
  intakeId?: string | null;
  withRoom?: boolean;
  title?: string;
  onClose: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const saveFaculty = useMutation(setSectionFacultyMutationOptions(api));
  const saveRoom = useMutation(setSectionRoomMutationOptions(api));
  // The sections as the server has them now (fresh versions after a reload), the row's copy first.
  const fresh = useQuery(sectionsQueryOptions(api, subject.id));
  const sections = fresh.data?.sections ?? subject.sections;
  const rooms = useQuery({
    ...classRoomsQueryOptions(api, intakeId ?? ""),
    enabled: withRoom && !!intakeId,
  });
  const [picked, setPicked] = useState<FacultyRow[]>([]);
  const [refused, setRefused] = useState<unknown>(null);
  const translations = planningMessages();
  // Stable defaults (the first section and its room), so a re-render never resets the choice.
  const [defaults] = useState(() => ({
    sectionId: subject.sections[0]?.id ?? "",
    roomId: subject.sections[0]?.roomId ?? "",
  }));
  const form = useForm({
    defaultValues: defaults,
    validators: { onChange: ZSectionChoice, onSubmit: ZSectionChoice },
    onSubmit: async ({ value }) => {
      const section = sections.find((s) => s.id === value.sectionId);
      if (!section) return;
      setRefused(null);
      const roomChanged = withRoom && value.roomId !== (section.roomId ?? "");
      try {
        let version = section.version;
        let message = "";
        if (roomChanged) {
          const answer = await saveRoom.mutateAsync({
            courseOfferingId: section.id,
            roomId: value.roomId === "" ? null : value.roomId,
            version,
          });
          version = answer.version;
          message = answer.message;
        }
        if (picked.length === 1) {
          const answer = await saveFaculty.mutateAsync({
            courseOfferingId: section.id,
            facultyIds: picked.map((p) => p.id),
            version,
          });
          message = answer.message;
        }
        toast.success(message);
        await queryClient.invalidateQueries({ queryKey: planningKeys.all });
        onClose();
      } catch (error) {
        if (isRefusal(error)) setRefused(error);
        else toast.error(errorText(error));
        await queryClient.invalidateQueries({ queryKey: planningKeys.all });
      }
    },
  });
  const values = useStore(form.store, (s) => s.values);
  const section = sections.find((s) => s.id === values.sectionId) ?? null;
  const roomChanged = withRoom && section !== null && values.roomId !== (section.roomId ?? "");
  const onAdd = (f: FacultyRow) => {
    const { ids, info } = chooseFaculty(
      picked.map((p) => p.id),
      f.id,
    );
    if (info) toast.info(m.intake_only_one_faculty());
    setPicked(ids.map((id) => picked.find((p) => p.id === id) ?? f));
  };
  const roomList = rooms.data?.rooms ?? [];
  const busy = saveFaculty.isPending || saveRoom.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title ?? m.intake_select_faculty()}
      description={subject.courseName}
      closeLabel={m.intake_close()}
      size="xl"
      footer={
        <div className={styles.actions}>
          <a className={styles.link} href={planningLinks.facultyManagement()}>
            {m.intake_invite_faculty()}
          </a>
          <Button
            variant="primary"
            disabled={!section || (picked.length !== 1 && !roomChanged)}
            loading={busy}
            onClick={() => void form.handleSubmit()}
          >
            {m.intake_save()}
          </Button>
        </div>
      }
    >
      {refused ? (
        <RefusalNotice
          error={refused}
          onReload={async () => {
            await queryClient.invalidateQueries({ queryKey: planningKeys.all });
            setRefused(null);
          }}
        />
      ) : null}
      {sections.length === 0 ? (
        <p className={styles.muted}>{m.intake_select_section_first()}</p>
      ) : (
        <div className={styles.screen}>
          <form
            className={styles.screen}
            onSubmit={(event) => {
              event.preventDefault();
              void form.handleSubmit();
            }}
          >
            <form.Field
              name="sectionId"
              listeners={{
                onChange: ({ value }) => {
                  form.setFieldValue("roomId", sections.find((s) => s.id === value)?.roomId ?? "");
                  setPicked([]);
                },
              }}
            >
              {(field) => (
                <BoundSelect
                  field={field}
                  label={m.intake_section()}
                  translations={translations}
                  options={sections.map((s) => ({
                    value: s.id,
                    label: `${m.intake_section_name({ letter: s.courseOfferingSectionId })} (${s.facultyName ?? m.intake_no_faculty()}${withRoom ? `, ${s.roomCode ?? m.intake_no_class_room()}` : ""})`,
                  }))}
                  required
                />
              )}
            </form.Field>
            {withRoom ? (
              <form.Field name="roomId">
                {(field) => (
                  <BoundSelect
                    field={field}
                    label={m.intake_class_room()}
                    placeholder={m.intake_no_class_room()}
                    translations={translations}
                    options={roomList.map((r) => ({
                      value: r.id,
                      label: `${r.code} ${r.name} (${r.capacity})`,
                    }))}
                  />
                )}
              </form.Field>
            ) : null}
            {withRoom && rooms.isSuccess && roomList.length === 0 ? (
              <p className={styles.muted}>{m.intake_no_class_rooms()}</p>
            ) : null}
          </form>
          <p className={styles.muted} aria-live="polite">
            {m.intake_chosen_faculty()}: {picked.map((p) => p.name).join(", ") || "-"}
            {picked.length > 0 && (
              <>
                {" "}
                <Button size="sm" variant="ghost" onClick={() => setPicked([])}>
                  {m.intake_remove()}
                </Button>
              </>
            )}
          </p>
          <FacultyTable onAdd={onAdd} addedIds={picked.map((p) => p.id)} />
        </div>
      )}
    </Dialog>
  );
}

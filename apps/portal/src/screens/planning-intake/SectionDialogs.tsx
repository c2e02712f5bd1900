import {
  type FacultyRow,
  planningKeys,
  planningMutations,
  type SectionRow,
  sectionsQueryOptions,
  type TermSubjectRow,
} from "@portal/api-client";
import { Button, Dialog, Select, TextField } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { errorText } from "../exams/labels.ts";
import * as styles from "../screen.css.ts";
import { FacultyTable } from "./FacultyTable.tsx";
import { planningLinks } from "./routes.ts";
import { chooseFaculty, nextSectionLabel, strengthNumber } from "./state.ts";

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
 * Found' when there are none; a failed load empties the list.
 */
export function SelectSectionDialog({ subject, onClose }: { subject: TermSubjectRow; onClose: () => void }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const sections = useQuery(sectionsQueryOptions(api, subject.id));
  const save = useMutation(planningMutations.saveSection(api));
  const [rows, setRows] = useState<DraftSection[] | null>(null);
  const [selected, setSelected] = useState("");
  const loaded = sections.data ? drafts(sections.data.sections) : [];
  const shown = rows ?? loaded;
  const next = nextSectionLabel(shown.map((r) => ({ courseOfferingSectionId: r.letter })));
  const refresh = async () => {
    setRows(null);
    await queryClient.invalidateQueries({ queryKey: planningKeys.all });
  };
  const run = async (body: Parameters<typeof save.mutateAsync>[0]) => {
    try {
      const answer = await save.mutateAsync(body);
      toast.success(answer.message);
      await refresh();
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const onSave = (r: DraftSection) => {
    const capacity = strengthNumber(r.strength);
    if (capacity === null) {
      toast.error(m.intake_strength_invalid());
      return;
    }
    void run(
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
              <TextField
                label={m.intake_section_strength()}
                inputMode="numeric"
                value={r.strength}
                onChange={(value) =>
                  setRows(shown.map((x) => (x.key === r.key ? { ...x, strength: value } : x)))
                }
              />
              <Button size="sm" variant="primary" loading={save.isPending} onClick={() => onSave(r)}>
                {m.intake_save()}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/**
 * Select Faculty (spec §2, §4 duplicates removed, §5 'Only 1 faculty can be selected'): per section
 * of the subject, its faculty member; the shared faculty table's Add Faculty picks one (a second one
 * is refused with the info message), Save assigns it (FacultyCourseAssociation with the section's
 * version). Invite Faculty goes to the faculty invitation route.
 */
export function SelectFacultyDialog({
  subject,
  title,
  onClose,
}: {
  subject: TermSubjectRow;
  title?: string;
  onClose: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation(planningMutations.setSectionFaculty(api));
  const sections = subject.sections;
  const [sectionId, setSectionId] = useState(sections[0]?.id ?? "");
  const [picked, setPicked] = useState<FacultyRow[]>([]);
  const section = sections.find((s) => s.id === sectionId) ?? null;
  const onAdd = (f: FacultyRow) => {
    const { ids, info } = chooseFaculty(
      picked.map((p) => p.id),
      f.id,
    );
    if (info) toast.info(m.intake_only_one_faculty());
    setPicked(ids.map((id) => picked.find((p) => p.id === id) ?? f));
  };
  const onSave = async () => {
    if (!section) return;
    try {
      const answer = await save.mutateAsync({
        courseOfferingId: section.id,
        facultyIds: picked.map((p) => p.id),
        version: section.version,
      });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: planningKeys.all });
      onClose();
    } catch (error) {
      toast.error(errorText(error));
    }
  };
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
          <a className={styles.link} href={planningLinks.facultyInvitation()}>
            {m.intake_invite_faculty()}
          </a>
          <Button
            variant="primary"
            disabled={!section || picked.length !== 1}
            loading={save.isPending}
            onClick={() => void onSave()}
          >
            {m.intake_save()}
          </Button>
        </div>
      }
    >
      {sections.length === 0 ? (
        <p className={styles.muted}>{m.intake_select_section_first()}</p>
      ) : (
        <div className={styles.screen}>
          <Select
            label={m.intake_section()}
            options={sections.map((s) => ({
              value: s.id,
              label: `${m.intake_section_name({ letter: s.courseOfferingSectionId })} (${s.facultyName ?? m.intake_no_faculty()})`,
            }))}
            value={sectionId}
            onChange={(value) => {
              setSectionId(value);
              setPicked([]);
            }}
          />
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

import {
  planningKeys,
  planningSetupQueryOptions,
  saveTermSubjectMutationOptions,
  type TermSubjectRow,
  termSubjectsQueryOptions,
} from "@portal/api-client";
import {
  changePlanningSelection,
  EMPTY_PLANNING_SELECTION,
  type INTAKE_MONTHS,
  intakeChoices,
  isPlanningSelectionComplete,
  toWireDate,
} from "@portal/domain";
import {
  Button,
  ButtonLink,
  DataTable,
  type DataTableColumn,
  dataTableSorting,
  Popover,
  Select,
  TextField,
} from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import * as styles from "../screen.css.ts";
import { planningMessages } from "./messages.ts";
import { isRefusal, RefusalNotice } from "./refusal.tsx";
import { planningLinks } from "./routes.ts";
import {
  initialSelection,
  readStoredSelection,
  selectionSearch,
  sessionStore,
  storeSelection,
  wireToDisplay,
  wireToIso,
} from "./state.ts";

/** The section, faculty and master import dialogs load when they open (shell/lazy-dialog.tsx). */
const SelectSectionDialog = lazyDialog(() =>
  import("./SectionDialogs.tsx").then((module) => module.SelectSectionDialog),
);
const SelectFacultyDialog = lazyDialog(() =>
  import("./SectionDialogs.tsx").then((module) => module.SelectFacultyDialog),
);
const MasterImportDialog = lazyDialog(() =>
  import("./MasterImportDialog.tsx").then((module) => module.MasterImportDialog),
);

/** A term's subjects are one unpaged answer: the data columns' headers sort them in the browser. */
const SORTING = [dataTableSorting];

/** The Term-Wise Subject List island (`/app/term-subjects?program=&year=&intake=`). */
export default function TermSubjects({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <TermSubjectsScreen search={search} />
    </IslandRoot>
  );
}

/** The subject list's call for a selection (program name, optional intake and year). */
function subjectsQuery(s: { program: string; year: string; intake: string }) {
  return {
    programName: s.program,
    ...(s.intake ? { intake: s.intake as (typeof INTAKE_MONTHS)[number] } : {}),
    ...(s.year ? { year: Number(s.year) } : {}),
  };
}

/** First query on the server: the setup options and, when the address names a programme, its subjects. */
export const termSubjectsFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const s = initialSelection(search, readStoredSelection(null));
  await Promise.all([
    fetch(planningSetupQueryOptions(api)),
    s.program ? fetch(termSubjectsQueryOptions(api, subjectsQuery(s))) : Promise.resolve(),
  ]);
};

/** The inputs of a subject row. */
type SubjectField = "courseId" | "startDate" | "endDate";

/**
 * The one subject row being added or edited (spec §4: only one at a time), with the messages of a
 * refused save: under the input the server named (`errors`), else at the row (`note`).
 */
type Editing = {
  term: string;
  id: string | null;
  courseId: string;
  startDate: string;
  endDate: string;
  errors?: Partial<Record<SubjectField, string>>;
  note?: string;
};

const SUBJECT_FIELDS: readonly string[] = ["courseId", "startDate", "endDate"] satisfies SubjectField[];

/** The open row with one input changed; that input's message and the row's of a refused save go. */
function withValue(editing: Editing, field: SubjectField, value: string): Editing {
  const { [field]: _cleared, ...errors } = editing.errors ?? {};
  const { note: _note, ...open } = editing;
  return { ...open, [field]: value, errors };
}

type Open =
  | { kind: "section"; subject: TermSubjectRow }
  | { kind: "faculty"; subject: TermSubjectRow }
  | { kind: "room"; subject: TermSubjectRow }
  | null;

/**
 * Term-Wise Subject List (spec §2; §4 subject row and master import; §5; §7 List term subjects, Add
 * term subject, Master curriculum lookup, Master import): selectors Academic Program, Year, Intake
 * (a new program resets year and intake); Choose Curriculum Version (enabled once all three are
 * set) opens the Master Subject Import dialog, whose Import copies the curriculum into the intake's
 * terms and refreshes the list. One expandable panel per term with Subject, Subject Code, Credits,
 * Start Date, End Date, Section, Faculty, Action; Add Subjects adds an unsaved row (disabled while a
 * row is added or edited), Save posts it, revert drops it. A refused save alerts 'Failed to add.
 * Please try again.' (§8) and, unlike §8's "leaves edit mode", keeps the row open with what was
 * typed (docs/architecture.md "Saves"): the server's reason, translated with its dates DD-MM-YYYY
 * ('Cannot exceed 28-06-2027'), shows under the input it names, or at the row. A 409 (stale
 * version, subject in the term already) shows above the terms, the row kept likewise. Section and Faculty open Select Section
 * and Select Faculty; the action column opens Select Class Room/Faculty (faculty and class room of a
 * section, rooms of the intake's campus) and the Faculty & Class Room Details popover (per section
 * its faculty member, strength and class room). Next
 * goes to /app/add-activity. Program, year and intake live in the address and in session storage
 * (with the program plan, its id and the first term).
 */
export function TermSubjectsScreen({ search }: { search: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState(() => initialSelection(search, readStoredSelection(null)));
  // After hydration, fall back to the session storage when the address names no programme.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    if (selection.program === "") {
      const stored = initialSelection(search, readStoredSelection(sessionStore()));
      if (stored.program !== "") setSelection(stored);
    }
  }, []);
  const setup = useQuery(planningSetupQueryOptions(api));
  const programme = setup.data?.["Academic Program"].find((p) => p.name === selection.program) ?? null;
  const complete = isPlanningSelectionComplete(selection);
  const subjects = useQuery({
    ...termSubjectsQueryOptions(api, subjectsQuery(selection)),
    enabled: selection.program !== "",
  });
  const saveSubject = useMutation(saveTermSubjectMutationOptions(api));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [importOpen, setImportOpen] = useState(false);
  // A 409 of the subject save (stale version, subject in the term already): the row stays open.
  const [refused, setRefused] = useState<unknown>(null);

  useEffect(() => {
    const data = subjects.data;
    storeSelection(sessionStore(), {
      program: selection.program,
      year: selection.year,
      intake: selection.intake,
      ...(data
        ? {
            programPlan: data.batchName ?? "",
            programPlanId: data.programPlanId ?? "",
            academicTerm: data.terms[0]?.name ?? "",
          }
        : {}),
    });
  }, [selection, subjects.data]);

  const stopEditing = () => {
    setEditing(null);
    setRefused(null);
  };

  const select = (key: "program" | "year" | "intake") => (value: string) => {
    const next = changePlanningSelection({ ...EMPTY_PLANNING_SELECTION, ...selection }, key, value);
    const s = { program: next.program, year: next.year, intake: next.intake };
    setSelection(s);
    stopEditing();
    window.history.replaceState(null, "", `${window.location.pathname}${selectionSearch(s)}`);
  };

  const onSaveSubject = async () => {
    if (!editing || !subjects.data?.intakeId) return;
    const body = {
      CourseVersion: {
        intakeId: subjects.data.intakeId,
        termName: editing.term,
        courseVersionId: editing.id,
        courseId: editing.courseId,
        startDate: editing.startDate ? toWireDate(editing.startDate) : "",
        endDate: editing.endDate ? toWireDate(editing.endDate) : "",
        ...(editing.id
          ? {
              version: Object.values(subjects.data.data)
                .flat()
                .find((r) => r.id === editing.id)?.version,
            }
          : {}),
      },
    };
    // The schema (and zod) load on the first save, not with the page (planning/planner-input.ts).
    const { ZAddTermSubject } = await import("./planner-input.ts");
    const check = ZAddTermSubject.safeParse({
      CourseVersion: { ...body.CourseVersion, courseVersionId: null },
    });
    if (!check.success) {
      toast.error(m.intake_provide_all_details());
      return;
    }
    setRefused(null);
    try {
      const answer = await saveSubject.mutateAsync(body as Parameters<typeof saveSubject.mutateAsync>[0]);
      toast.success(answer.message);
    } catch (error) {
      if (isRefusal(error)) {
        // Shown above the terms; the row keeps what was typed (Reload, then Save again).
        setRefused(error);
        return;
      }
      // The row stays open with what was typed; the reason goes under the input it names.
      const refusal = readRefusal(error, planningMessages());
      const field = refusal.field !== null && SUBJECT_FIELDS.includes(refusal.field) ? refusal.field : null;
      setEditing({
        ...editing,
        errors: field ? { [field]: refusal.message } : {},
        ...(field ? {} : { note: refusal.message }),
      });
      toast.error(m.intake_failed_to_add());
      return;
    }
    setEditing(null);
    await queryClient.invalidateQueries({ queryKey: planningKeys.all });
  };

  const courses = setup.data?.Courses ?? [];
  const columns = (term: string, termStart: string, termEnd: string): DataTableColumn<TermSubjectRow>[] => [
    {
      id: "subject",
      header: m.intake_col_subject(),
      rowHeader: true,
      cell: (r) =>
        editing && editing.term === term && editing.id === (r.id === "" ? null : r.id) && r.id === "" ? (
          <Select
            label={m.intake_col_subject()}
            placeholder={m.intake_select()}
            options={courses.map((c) => ({ value: c.id, label: c.label }))}
            value={editing.courseId}
            error={editing.errors?.courseId ?? null}
            onChange={(courseId) => setEditing(withValue(editing, "courseId", courseId))}
          />
        ) : (
          r.courseName
        ),
      sortValue: (r) => r.courseName,
    },
    {
      id: "code",
      header: m.intake_col_subject_code(),
      cell: (r) =>
        r.id === "" ? (courses.find((c) => c.id === editing?.courseId)?.courseId ?? "") : r.courseId,
      sortValue: (r) => r.courseId,
    },
    {
      id: "credits",
      header: m.intake_col_credits(),
      cell: (r) => {
        const credit = r.id === "" ? courses.find((c) => c.id === editing?.courseId)?.credit : r.credit;
        return credit === undefined ? "" : formatNumber(credit);
      },
      sortValue: (r) => r.credit,
    },
    {
      id: "startDate",
      header: m.intake_col_start_date(),
      cell: (r) =>
        editing && editing.term === term && (editing.id ?? "") === r.id ? (
          <TextField
            type="date"
            label={m.intake_col_start_date()}
            value={editing.startDate}
            error={editing.errors?.startDate ?? null}
            onChange={(startDate) => setEditing(withValue(editing, "startDate", startDate))}
          />
        ) : (
          wireToDisplay(r.startDate)
        ),
      sortValue: (r) => wireToIso(r.startDate),
    },
    {
      id: "endDate",
      header: m.intake_col_end_date(),
      cell: (r) =>
        editing && editing.term === term && (editing.id ?? "") === r.id ? (
          <TextField
            type="date"
            label={m.intake_col_end_date()}
            value={editing.endDate}
            error={editing.errors?.endDate ?? null}
            onChange={(endDate) => setEditing(withValue(editing, "endDate", endDate))}
          />
        ) : (
          wireToDisplay(r.endDate)
        ),
      sortValue: (r) => wireToIso(r.endDate),
    },
    {
      id: "section",
      header: m.intake_col_section(),
      cell: (r) =>
        r.id === "" ? null : (
          <Button
            size="sm"
            variant="ghost"
            aria-label={m.intake_sections_of({ name: r.courseName })}
            onClick={() => setOpen({ kind: "section", subject: r })}
          >
            {r.section || m.intake_add_section()}
          </Button>
        ),
    },
    {
      id: "faculty",
      header: m.intake_col_faculty(),
      cell: (r) =>
        r.id === "" ? null : (
          <Button
            size="sm"
            variant="ghost"
            aria-label={m.intake_faculty_of({ name: r.courseName })}
            onClick={() => setOpen({ kind: "faculty", subject: r })}
          >
            {r.faculty || m.intake_select_faculty()}
          </Button>
        ),
    },
    {
      id: "action",
      header: m.intake_col_action(),
      cell: (r) =>
        editing && editing.term === term && (editing.id ?? "") === r.id ? (
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="primary"
              loading={saveSubject.isPending}
              onClick={() => void onSaveSubject()}
            >
              {m.intake_save()}
            </Button>
            <Button size="sm" variant="secondary" onClick={stopEditing}>
              {m.intake_revert()}
            </Button>
          </div>
        ) : (
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="ghost"
              disabled={editing !== null}
              aria-label={m.intake_edit_subject({ name: r.courseName })}
              onClick={() =>
                setEditing({
                  term,
                  id: r.id,
                  courseId: r.courseRecordId ?? "",
                  startDate: wireToIso(r.startDate) || termStart,
                  endDate: wireToIso(r.endDate) || termEnd,
                })
              }
            >
              {m.intake_edit()}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: "room", subject: r })}>
              {m.intake_select_room_faculty()}
            </Button>
            <Popover
              trigger={m.intake_details()}
              triggerLabel={m.intake_room_details_of({ name: r.courseName })}
              triggerSize="sm"
              title={m.intake_room_details()}
              closeLabel={m.intake_close()}
            >
              {r.sections.length === 0 ? (
                <p className={styles.muted}>{m.intake_no_sections_found()}</p>
              ) : (
                <ul className={styles.cellList}>
                  {r.sections.map((s) => (
                    <li key={s.id}>
                      {m.intake_section_name({ letter: s.courseOfferingSectionId })}:{" "}
                      {s.facultyName ?? m.intake_no_faculty()} ({m.intake_section_strength()}{" "}
                      {s.courseOfferingCapacity}) · {m.intake_class_room()}:{" "}
                      {s.roomCode ? `${s.roomCode} ${s.roomName ?? ""}`.trim() : m.intake_no_class_room()}
                    </li>
                  ))}
                </ul>
              )}
            </Popover>
          </div>
        ),
    },
  ];

  // Only the years and intake months that exist for the programme (the spec's lists before they load).
  const choices = intakeChoices(setup.data?.intakes ?? [], selection);
  const years = choices.years.map((y) => ({ value: y, label: y }));
  const data = subjects.data;
  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.intake_academic_program()}
          placeholder={m.intake_select()}
          options={(setup.data?.["Academic Program"] ?? []).map((p) => ({ value: p.name, label: p.name }))}
          value={selection.program}
          onChange={select("program")}
        />
        <Select
          className={styles.filterField}
          label={m.intake_year()}
          placeholder={m.intake_select()}
          options={years}
          value={selection.year}
          onChange={select("year")}
        />
        <Select
          className={styles.filterField}
          label={m.intake_intake()}
          placeholder={m.intake_select()}
          options={choices.months.map((v) => ({ value: v, label: v }))}
          value={selection.intake}
          onChange={select("intake")}
        />
        <Button variant="secondary" disabled={!complete || !programme} onClick={() => setImportOpen(true)}>
          {m.intake_choose_curriculum_version()}
        </Button>
      </div>
      {selection.program === "" ? (
        <p className={styles.muted}>{m.intake_choose_program()}</p>
      ) : subjects.isError ? (
        <QueryError error={subjects.error} onRetry={() => void subjects.refetch()} />
      ) : !data ? (
        <p className={styles.muted}>{m.intake_loading()}</p>
      ) : data.terms.length === 0 ? (
        <p className={styles.muted}>{m.intake_no_data()}</p>
      ) : (
        <>
          {data.batchName && <p className={styles.muted}>{data.batchName}</p>}
          {refused ? (
            <RefusalNotice
              error={refused}
              onReload={async () => {
                await queryClient.invalidateQueries({ queryKey: planningKeys.all });
                setRefused(null);
              }}
            />
          ) : null}
          {data.terms.map((t) => {
            const rows = [...(data.data[t.name] ?? [])];
            if (editing && editing.term === t.name && editing.id === null) {
              rows.push({
                id: "",
                termId: t.id,
                courseName: "",
                courseId: "",
                courseRecordId: "",
                credit: 0,
                startDate: "",
                endDate: "",
                section: "",
                faculty: "",
                sections: [],
                version: 0,
              } as TermSubjectRow);
            }
            return (
              <details key={t.id} open>
                <summary className={styles.sectionTitle}>
                  {t.name} ({wireToDisplay(t.startDate)} - {wireToDisplay(t.endDate)})
                </summary>
                <DataTable
                  columns={columns(t.name, wireToIso(t.startDate), wireToIso(t.endDate))}
                  data={rows}
                  getRowId={(r) => r.id || "new"}
                  caption={m.intake_subjects_of_term({ term: t.name })}
                  captionHidden
                  emptyText={m.intake_no_data()}
                  features={SORTING}
                />
                {editing?.term === t.name && editing.note ? (
                  <p role="alert" className={styles.errorText}>
                    {editing.note}
                  </p>
                ) : null}
                <Button
                  variant="secondary"
                  disabled={editing !== null}
                  onClick={() =>
                    setEditing({
                      term: t.name,
                      id: null,
                      courseId: "",
                      startDate: wireToIso(t.startDate),
                      endDate: wireToIso(t.endDate),
                    })
                  }
                >
                  {m.intake_add_subjects()}
                </Button>
              </details>
            );
          })}
        </>
      )}
      <div className={styles.toolbar}>
        <span />
        <ButtonLink
          variant="primary"
          href={planningLinks.planner({
            program: selection.program,
            year: selection.year,
            intake: selection.intake,
          })}
        >
          {m.intake_next()}
        </ButtonLink>
      </div>

      {importOpen && programme && (
        <MasterImportDialog
          programmeId={programme.id}
          intake={selection.intake}
          year={selection.year}
          onClose={() => setImportOpen(false)}
        />
      )}
      {open?.kind === "section" && (
        <SelectSectionDialog subject={open.subject} onClose={() => setOpen(null)} />
      )}
      {open?.kind === "faculty" && (
        <SelectFacultyDialog subject={open.subject} onClose={() => setOpen(null)} />
      )}
      {open?.kind === "room" && (
        <SelectFacultyDialog
          subject={open.subject}
          intakeId={data?.intakeId ?? null}
          withRoom
          title={m.intake_select_room_faculty()}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

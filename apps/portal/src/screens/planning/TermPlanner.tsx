import {
  ApiError,
  importMasterPlannerMutationOptions,
  masterPlannerQueryOptions,
  type PlannerActivityRequest,
  type PlannerTerm,
  plannerQueryOptions,
  planningKeys,
  planningSetupQueryOptions,
  savePlannerActivityMutationOptions,
} from "@portal/api-client";
import { ACTIVITY_TYPES, intakeChoices, isPlanningSelectionComplete, toWireDate } from "@portal/domain";
import {
  Button,
  ButtonLink,
  DataTable,
  type DataTableColumn,
  Dialog,
  Select,
  TextField,
  useToast,
} from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { formatNumber } from "../kit/format.ts";
import { readRefusal } from "../kit/save-refusal.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import type { DialogActivity } from "./ActivityDialog.tsx";
import { activityTypeLabel } from "./activity-labels.ts";
import { displayWire, isoOf } from "./dates.ts";
import { useActivityDialogData } from "./dialog-data.ts";
import { planningMessages } from "./messages.ts";
import {
  changePlannerSelection,
  type PlannerSelection,
  parsePlannerSelection,
  plannerQueryOf,
  serializePlannerSelection,
} from "./planner-state.ts";
import * as styles from "./planning.css.ts";
import { planningLinks } from "./routes.ts";
import { ActivityToastProvider } from "./toasts.tsx";

/** The Program Clone dialog (TanStack Form, zod) loads when it opens. */
const CloneDialog = lazyDialog(() => import("./CloneDialog.tsx").then((module) => module.CloneDialog));

/** The activity dialog loads when it opens (shell/lazy-dialog.tsx). */
const ActivityDialog = lazyDialog(() =>
  import("./ActivityDialog.tsx").then((module) => module.CalendarActivityDialog),
);

/** The Term Academic Planner island (/app/add-activity?program=&intake=&year=). */
export default function TermPlanner({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <ActivityToastProvider>
        <TermPlannerScreen search={search} />
      </ActivityToastProvider>
    </IslandRoot>
  );
}

/** First query of the planner, on the server: the programmes and, with a full selection, the planner. */
export const termPlannerFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const selection = parsePlannerSelection(search);
  await Promise.all([
    fetch(planningSetupQueryOptions(api)),
    isPlanningSelectionComplete(selection)
      ? fetch(plannerQueryOptions(api, plannerQueryOf(selection)))
      : Promise.resolve(),
  ]);
};

type PlannerRow = PlannerTerm["activities"][number];
type SectionRow = PlannerTerm["sectionActivities"][number];

/**
 * The Term Academic Planner (spec, Academic planning §2 "Term Academic Planner (add-activity)",
 * §4, §5, §7 Planner get / add / Master term import, §8): Academic Program, Year and Intake (from the
 * address); Master Term Import, Clone and Next, disabled until all three are set; one collapsible
 * card per term with Term Start and End, its planner activities (Week No., Activity, Subject,
 * Faculty, Start Date, End Date, Actions; Add Activity and Add Reference add an unsaved row, saved
 * with DD/MM/YYYY dates; the server's message confirms a save in the term's card; a failure shows
 * 'Failed to add. Please try again.' and keeps the row open with what was typed, the server's reason
 * (dates DD-MM-YYYY) under the input it names) and its course-section activities, planned with the
 * activity dialog.
 */
export function TermPlannerScreen({ search }: { search: string }) {
  const api = useApi();
  const [selection, navigate] = useUrlState(search, parsePlannerSelection, serializePlannerSelection);
  const setup = useQuery(planningSetupQueryOptions(api));
  const complete = isPlanningSelectionComplete(selection);
  const planner = useQuery({ ...plannerQueryOptions(api, plannerQueryOf(selection)), enabled: complete });
  const programmes = setup.data?.["Academic Program"] ?? [];
  // Only the years and intake months that exist for the programme (the spec's lists before they load).
  const choices = intakeChoices(setup.data?.intakes ?? [], selection);
  const programme = programmes.find(
    (p) => p.name === selection.program || p.code === selection.program || p.id === selection.program,
  );
  const [dialog, setDialog] = useState<"import" | "clone" | null>(null);
  const [activityDialog, setActivityDialog] = useState<{
    term: PlannerTerm;
    activity: DialogActivity | null;
  } | null>(null);
  const intakeId = planner.data?.intakeId ?? null;
  const dialogData = useActivityDialogData(
    activityDialog !== null,
    complete ? plannerQueryOf(selection) : null,
    intakeId,
  );
  const change = (key: keyof PlannerSelection, value: string) =>
    navigate(changePlannerSelection(selection, key, value));
  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.planning_academic_program()}
          placeholder={m.planning_select()}
          value={programme?.name ?? selection.program}
          options={programmes.map((p) => ({ value: p.name, label: p.name }))}
          onChange={(value) => change("program", value)}
        />
        <Select
          className={styles.filterField}
          label={m.planning_year()}
          placeholder={m.planning_select()}
          value={selection.year}
          options={choices.years.map((y) => ({ value: y, label: y }))}
          onChange={(value) => change("year", value)}
        />
        <Select
          className={styles.filterField}
          label={m.planning_intake()}
          placeholder={m.planning_select()}
          value={selection.intake}
          options={choices.months.map((i) => ({ value: i, label: i }))}
          onChange={(value) => change("intake", value)}
        />
      </div>
      <div className={styles.toolbar}>
        <Button variant="secondary" disabled={!complete || !programme} onClick={() => setDialog("import")}>
          {m.planning_master_term_import()}
        </Button>
        <Button variant="secondary" disabled={!complete || !programme} onClick={() => setDialog("clone")}>
          {m.planning_clone()}
        </Button>
        {complete && intakeId ? (
          <ButtonLink variant="primary" href={planningLinks.programmeDetails(intakeId)}>
            {m.planning_next()}
          </ButtonLink>
        ) : (
          <Button variant="primary" disabled>
            {m.planning_next()}
          </Button>
        )}
        {intakeId ? (
          <a className={styles.link} href={planningLinks.calendar(intakeId)}>
            {m.planning_calendar_link()}
          </a>
        ) : null}
      </div>
      {!complete ? (
        <p>{m.planning_choose_selection()}</p>
      ) : planner.isPending ? (
        <p role="status">{m.planning_loading()}</p>
      ) : planner.isError ? (
        <p role="alert" className={styles.error}>
          {planner.error instanceof ApiError ? planner.error.errorMessage : m.planning_something_went_wrong()}
        </p>
      ) : planner.data.terms.length === 0 ? (
        <p>{m.planning_no_data_found()}</p>
      ) : (
        planner.data.terms.map((term) => (
          <TermCard
            key={term.termId}
            term={term}
            onPlanActivity={(activity) => setActivityDialog({ term, activity })}
          />
        ))
      )}
      {programme && complete ? (
        <>
          <MasterImportDialog
            open={dialog === "import"}
            onOpenChange={(open) => setDialog(open ? "import" : null)}
            programmeId={programme.id}
            selection={selection}
          />
          {dialog === "clone" ? (
            <CloneDialog
              open
              onOpenChange={(open) => setDialog(open ? "clone" : null)}
              programmes={programmes}
              target={{
                academicProgramId: programme.id,
                intake: selection.intake,
                year: Number(selection.year),
              }}
            />
          ) : null}
        </>
      ) : null}
      {activityDialog ? (
        dialogData.ready ? (
          <ActivityDialog
            open
            onOpenChange={(open) => {
              if (!open) setActivityDialog(null);
            }}
            term={{
              termId: activityDialog.term.termId,
              termName: activityDialog.term.termName,
              startDate: isoOf(activityDialog.term.startDate),
              endDate: isoOf(activityDialog.term.endDate),
            }}
            subjects={dialogData.subjects.get(activityDialog.term.termId) ?? []}
            faculty={dialogData.faculty}
            facultyTotal={dialogData.facultyTotal}
            calendar={dialogData.calendar}
            activity={activityDialog.activity}
          />
        ) : dialogData.failed ? (
          <p role="alert" className={styles.error}>
            {m.planning_something_went_wrong()}
          </p>
        ) : (
          <p role="status">{m.planning_loading()}</p>
        )
      ) : null}
    </div>
  );
}

type Draft = {
  id: string | null;
  version?: number;
  name: string;
  type: string;
  start: string;
  end: string;
  isReference: boolean;
};

function TermCard({
  term,
  onPlanActivity,
}: {
  term: PlannerTerm;
  onPlanActivity: (activity: DialogActivity | null) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const save = useMutation(savePlannerActivityMutationOptions(api));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // A refused save's reasons under the inputs the server named (the draft is kept, see saveDraft).
  const [fieldErrors, setFieldErrors] = useState<DraftErrors>({});
  // The last save's confirmation, shown in the term's card where the row was saved.
  const [savedText, setSavedText] = useState<string | null>(null);
  const changeDraft = (next: Draft) => {
    if (draft) {
      const changed = (Object.keys(DRAFT_FIELDS) as Array<keyof DraftErrors>).filter(
        (k) => draft[k] !== next[k],
      );
      if (changed.length > 0)
        setFieldErrors((errors) =>
          Object.fromEntries(
            Object.entries(errors).filter(([k]) => !changed.includes(k as keyof DraftErrors)),
          ),
        );
    }
    setDraft(next);
  };
  const openDraft = (next: Draft) => {
    setFailed(false);
    setProblem(null);
    setFieldErrors({});
    setSavedText(null);
    setDraft(next);
  };
  const startDraft = (isReference: boolean) => {
    setFailed(false);
    setProblem(null);
    setFieldErrors({});
    setSavedText(null);
    setDraft({
      id: null,
      name: "",
      type: isReference ? "Other" : "Lecture",
      start: "",
      end: "",
      isReference,
    });
  };
  const saveDraft = async () => {
    if (!draft) return;
    const body: PlannerActivityRequest = {
      AcademicPlannerActivity: {
        termId: term.termId,
        termName: term.termName,
        academicPlannerActivityId: draft.id,
        academicPlannerActivityName: draft.name,
        activityType: draft.type as PlannerActivityRequest["AcademicPlannerActivity"]["activityType"],
        activityStartDate: draft.start ? toWireDate(draft.start) : "",
        activityEndDate: draft.end ? toWireDate(draft.end) : "",
        isReference: draft.isReference,
        ...(draft.version !== undefined ? { version: draft.version } : {}),
      },
    };
    // The domain's schema (and zod) load on the first save, not with the page.
    const { ZPlannerActivity } = await import("./planner-input.ts");
    const checked = ZPlannerActivity.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? m.planning_field_cannot_be_empty());
      return;
    }
    setFailed(false);
    try {
      const answer = await save.mutateAsync(body);
      setDraft(null);
      setProblem(null);
      setFieldErrors({});
      setSavedText(answer.message);
      await queryClient.invalidateQueries({ queryKey: planningKeys.all });
    } catch (error) {
      // §8's alert 'Failed to add. Please try again.'; the row stays open with what was typed
      // (docs/architecture.md "Saves") and the server's reason shows under the input it names.
      setFailed(true);
      const refusal = readRefusal(error, planningMessages());
      const field = Object.entries(DRAFT_FIELDS).find(([, wire]) => wire === refusal.field)?.[0];
      if (field) setFieldErrors({ [field]: refusal.message });
      else setProblem(refusal.message);
    }
  };
  const draftRow = (row: PlannerRow | null) =>
    draft && (row === null ? draft.id === null : draft.id === row.id) ? (
      <DraftRow
        draft={draft}
        errors={fieldErrors}
        onChange={changeDraft}
        onSave={() => void saveDraft()}
        onCancel={() => setDraft(null)}
        saving={save.isPending}
        problem={problem}
      />
    ) : null;
  const columns: DataTableColumn<{ row: PlannerRow | null }>[] = [
    { id: "week", header: m.planning_col_week_no(), cell: ({ row: r }) => (r ? formatNumber(r.weekNo) : "") },
    {
      id: "activity",
      header: m.planning_col_activity(),
      rowHeader: true,
      cell: ({ row: r }) =>
        draftRow(r) ??
        (r ? (
          <>
            {r.activity}
            {r.isReference ? ` (${m.planning_reference()})` : ""}
          </>
        ) : null),
    },
    { id: "subject", header: m.planning_col_subject(), cell: ({ row: r }) => r?.subject ?? "" },
    { id: "faculty", header: m.planning_faculty(), cell: ({ row: r }) => r?.faculty ?? "" },
    {
      id: "start",
      header: m.planning_start_date(),
      cell: ({ row: r }) => (r ? displayWire(r.startDate) : ""),
    },
    { id: "end", header: m.planning_end_date(), cell: ({ row: r }) => (r ? displayWire(r.endDate) : "") },
    {
      id: "actions",
      header: m.planning_col_actions(),
      cell: ({ row: r }) =>
        r && !draft ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={m.planning_edit_named({ name: r.activity })}
            onClick={() =>
              openDraft({
                id: r.id,
                version: r.version,
                name: r.activity,
                type: r.activityType,
                start: isoOf(r.startDate),
                end: isoOf(r.endDate),
                isReference: r.isReference,
              })
            }
          >
            {m.planning_edit()}
          </Button>
        ) : null,
    },
  ];
  const rows: Array<{ row: PlannerRow | null }> = [
    ...term.activities.map((row) => ({ row })),
    ...(draft && draft.id === null ? [{ row: null }] : []),
  ];
  const sectionColumns: DataTableColumn<SectionRow>[] = [
    { id: "week", header: m.planning_col_week_no(), cell: (r) => formatNumber(r.weekNo) },
    { id: "type", header: m.planning_type_of_activity(), cell: (r) => activityTypeLabel(r.activityType) },
    { id: "subject", header: m.planning_col_subject(), rowHeader: true, cell: (r) => r.subject },
    { id: "section", header: m.planning_section(), cell: (r) => r.section },
    { id: "faculty", header: m.planning_faculty(), cell: (r) => r.faculty },
    { id: "start", header: m.planning_start_date(), cell: (r) => displayWire(r.startDate) },
    { id: "end", header: m.planning_end_date(), cell: (r) => displayWire(r.endDate) },
    {
      id: "actions",
      header: m.planning_col_actions(),
      cell: (r) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={m.planning_edit_named({ name: `${r.subject} ${r.section}` })}
          onClick={() =>
            onPlanActivity({
              id: r.id,
              version: r.version,
              courseVersionId: r.courseVersionId,
              courseOfferingId: r.courseOfferingId,
              facultyId: r.facultyId,
              activityType: r.activityType,
              startDate: isoOf(r.startDate),
              duration: r.duration,
              numberOfSessions: r.numberOfSessions,
              numberOfhoursSessions: r.numberOfhoursSessions,
              descriptions: r.descriptions,
            })
          }
        >
          {m.planning_edit()}
        </Button>
      ),
    },
  ];
  return (
    <details open className={styles.termCard}>
      <summary className={styles.termSummary}>{term.termName}</summary>
      <p className={styles.termDates}>
        {m.planning_term_start()}: {displayWire(term.startDate)} · {m.planning_term_end()}:{" "}
        {displayWire(term.endDate)}
      </p>
      {failed ? (
        <p role="alert" className={styles.error}>
          {m.planning_failed_to_add()}
        </p>
      ) : null}
      {savedText ? (
        <p role="status" className={styles.termDates}>
          {savedText}
        </p>
      ) : null}
      <DataTable
        caption={m.planning_activities_of({ term: term.termName })}
        columns={columns}
        data={rows}
        getRowId={(r) => r.row?.id ?? "new"}
        emptyText={m.planning_no_data()}
      />
      <div className={styles.toolbar}>
        <Button variant="secondary" disabled={draft !== null} onClick={() => startDraft(false)}>
          {m.planning_add_activity()}
        </Button>
        <Button variant="secondary" disabled={draft !== null} onClick={() => startDraft(true)}>
          {m.planning_add_reference()}
        </Button>
      </div>
      <DataTable
        caption={m.planning_section_activities_of({ term: term.termName })}
        columns={sectionColumns}
        data={term.sectionActivities}
        getRowId={(r) => r.id}
        emptyText={m.planning_no_data()}
      />
      <div className={styles.toolbar}>
        <Button variant="secondary" onClick={() => onPlanActivity(null)}>
          {m.planning_add_section_activity()}
        </Button>
      </div>
    </details>
  );
}

/** The draft's inputs a refused save may name, with the server's field for each. */
const DRAFT_FIELDS = {
  name: "academicPlannerActivityName",
  start: "activityStartDate",
  end: "activityEndDate",
} as const;

/** A refused save's reasons by draft input. */
type DraftErrors = Partial<Record<keyof typeof DRAFT_FIELDS, string>>;

function DraftRow({
  draft,
  errors,
  onChange,
  onSave,
  onCancel,
  saving,
  problem,
}: {
  draft: Draft;
  errors: DraftErrors;
  onChange: (d: Draft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  problem: string | null;
}) {
  return (
    <div className={styles.formGrid}>
      <TextField
        className={styles.rowInput}
        label={m.planning_col_activity()}
        required
        value={draft.name}
        error={errors.name ?? null}
        maxLength={200}
        onChange={(name) => onChange({ ...draft, name })}
      />
      <Select
        label={m.planning_type_of_activity()}
        value={draft.type}
        options={ACTIVITY_TYPES.map((t) => ({ value: t, label: activityTypeLabel(t) }))}
        onChange={(type) => onChange({ ...draft, type })}
      />
      <TextField
        label={m.planning_start_date()}
        type="date"
        required
        value={draft.start}
        error={errors.start ?? null}
        onChange={(start) => onChange({ ...draft, start })}
      />
      <TextField
        label={m.planning_end_date()}
        type="date"
        required
        value={draft.end}
        error={errors.end ?? null}
        onChange={(end) => onChange({ ...draft, end })}
      />
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem === "Field cannot be empty." ? m.planning_field_cannot_be_empty() : problem}
        </p>
      ) : null}
      <div className={styles.toolbar}>
        <Button size="sm" variant="primary" loading={saving} onClick={onSave}>
          {m.planning_save()}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          {m.planning_cancel()}
        </Button>
      </div>
    </div>
  );
}

/** Master Term Import (spec §2, §7): the programme's template by term, imported into the intake. */
function MasterImportDialog({
  open,
  onOpenChange,
  programmeId,
  selection,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  programmeId: string;
  selection: PlannerSelection;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const master = useQuery({ ...masterPlannerQueryOptions(api, programmeId), enabled: open });
  const importIt = useMutation(importMasterPlannerMutationOptions(api));
  const run = async () => {
    try {
      const answer = await importIt.mutateAsync({
        academicProgramId: programmeId,
        intake: selection.intake as "JAN",
        year: Number(selection.year),
      });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: planningKeys.all });
      onOpenChange(false);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.errorMessage : m.planning_something_went_wrong());
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.planning_master_term_import()}
      closeLabel={m.planning_close()}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {m.planning_cancel()}
          </Button>
          <Button variant="primary" loading={importIt.isPending} onClick={() => void run()}>
            {m.planning_import()}
          </Button>
        </>
      }
    >
      {master.isPending ? (
        <p role="status">{m.planning_loading()}</p>
      ) : master.isError ? (
        <p role="alert">{m.planning_something_went_wrong()}</p>
      ) : master.data.terms.length === 0 ? (
        <p>{m.planning_no_data_found()}</p>
      ) : (
        master.data.terms.map((t) => (
          <DataTable
            key={t.termNumber}
            caption={t.termName}
            columns={[
              { id: "week", header: m.planning_col_week_no(), cell: (a) => formatNumber(a.startWeek) },
              { id: "name", header: m.planning_col_activity(), rowHeader: true, cell: (a) => a.name },
              {
                id: "type",
                header: m.planning_type_of_activity(),
                cell: (a) => activityTypeLabel(a.activityType),
              },
              { id: "weeks", header: m.planning_weeks(), cell: (a) => formatNumber(a.durationWeeks) },
            ]}
            data={t.activities}
            getRowId={(a) => a.id}
            emptyText={m.planning_no_data()}
          />
        ))
      )}
    </Dialog>
  );
}

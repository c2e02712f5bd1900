import {
  facilityBookingsQueryOptions,
  facultyBookingsQueryOptions,
  type PlannerEvent,
  type SchedulerData,
  saveBookingMutationOptions,
  schedulerDataQueryOptions,
  schedulerFiltersQueryOptions,
  schedulingKeys,
  sessionDataQueryOptions,
} from "@portal/api-client";
import { addDays, instantToLocal, intakeChoices, type SchedulerEventForm, todayIn } from "@portal/domain";
import { Button, Checkbox, ConfirmDialog, Dialog, SegmentedControl, Select } from "@portal/ui";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useConfig,
  useToast,
} from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { formatDate, formatTime, pluralCount } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import * as styles from "../screen.css.ts";
import { refusalText } from "./refusal.ts";
import type { SelectedRange } from "./SchedulerCalendar.tsx";
import {
  allOfTree,
  byFilter,
  byTree,
  canEdit,
  changeSchedulerSelection,
  orNa,
  parseSchedulerSelection,
  pendingKind,
  resourcesOf,
  type SchedulerSelection,
  type SchedulerVariant,
  serializeSchedulerSelection,
  type TreeChoice,
  UNASSIGNED_RESOURCE,
} from "./scheduler-state.ts";

const SchedulerCalendar = lazy(() => import("./SchedulerCalendar.tsx"));
/** The create and edit dialog (TanStack Form, the domain's zod schema) loads when it first opens. */
const CreateDialog = lazyDialog(() => import("./CreateDialog.tsx").then((x) => x.CreateDialog));
const BookedSlotsCalendar = lazy(() =>
  import("./SchedulerCalendar.tsx").then((mod) => ({ default: mod.BookedSlotsCalendar })),
);

/** Props of the scheduler island: the page's variant and, for tests, the day taken as today. */
export type SchedulerProps = ScreenIslandProps & { variant: SchedulerVariant; today?: string };

/**
 * The scheduler island shared by /app/session-scheduler, /app/session-planner,
 * /app/session-scheduler-old (without the subject tree), /app/full-calendar(-premium) and
 * /app/exam/examPlanner (references and exams).
 */
export default function Scheduler({ search, variant, today, ...root }: SchedulerProps) {
  return (
    <IslandRoot {...root}>
      <SchedulerScreen search={search} variant={variant} today={today} />
    </IslandRoot>
  );
}

const parsers: Record<
  SchedulerVariant,
  [(s: string) => SchedulerSelection, (s: SchedulerSelection) => string]
> = Object.fromEntries(
  (["scheduler", "planner", "old", "full", "exam"] as const).map((v) => [
    v,
    [
      (s: string) => parseSchedulerSelection(s, v),
      (s: SchedulerSelection) => serializeSchedulerSelection(s, v),
    ],
  ]),
) as never;

const filterQueryOf = (s: SchedulerSelection) =>
  s.program && s.intake && s.year ? { programName: s.program, intake: s.intake, year: s.year } : {};

/** The first day shown: the address's date, else the term's start. */
const initialDateOf = (s: SchedulerSelection, data: SchedulerData | undefined) =>
  s.date || data?.term.startDate || "";

/** The day range read first: the initial day and the six after it (the week timeline's span). */
const firstRange = (date: string) => ({ from: date, to: addDays(date, 6) });

/**
 * First query on the server, for every variant: the filters' options (programmes, and the named
 * intake's terms) and, when the address names a term, the term's scheduler load and its events of
 * the first week shown, so the page's HTML holds them.
 */
export function schedulerFirstQuery(variant: SchedulerVariant): FirstQuery {
  return async ({ api, search, fetch }) => {
    const s = parseSchedulerSelection(search, variant);
    await fetch(schedulerFiltersQueryOptions(api, filterQueryOf(s)));
    if (!/^[0-9a-f-]{36}$/i.test(s.term)) return;
    const data = (await fetch(schedulerDataQueryOptions(api, s.term))) as SchedulerData | undefined;
    const date = initialDateOf(s, data);
    if (date) await fetch(sessionDataQueryOptions(api, { termId: s.term, ...firstRange(date) }));
  };
}

/**
 * The scheduler (spec, Exam management §2 "Exam planning scheduler", §4, §5, §7, §8, §9;
 * spec, Academic planning §3 "Entities and their fields", session-scheduler state): filters Academic Program,
 * Year, Intake and Term with the reset rules; Faculty/Facility and References/Sessions/All toggles; the
 * subject and section tree with Select All and 'Unassigned'; the resource timeline. A resource's name opens
 * its Booked Slots; an event its View Details (Edit only after today, Delete with confirmation, Close,
 * Create Exam for references); a selected range the create dialog of the pending kind, or 'Select
 * term to create any activity' without a term.
 */
export function SchedulerScreen({
  search,
  variant,
  today: givenToday,
}: {
  search: string;
  variant: SchedulerVariant;
  today?: string | undefined;
}) {
  const api = useApi();
  const config = useConfig();
  const toast = useToast();
  const [parse, serialize] = parsers[variant];
  const [selection, navigate] = useUrlState(search, parse, serialize);
  const today = givenToday ?? todayIn(Date.now());
  const filters = useQuery({
    ...schedulerFiltersQueryOptions(api, filterQueryOf(selection)),
    placeholderData: keepPreviousData,
  });
  const termChosen = /^[0-9a-f-]{36}$/i.test(selection.term);
  const data = useQuery({ ...schedulerDataQueryOptions(api, selection.term), enabled: termChosen });
  const initialDate = initialDateOf(selection, data.data);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const readRange = range ?? (initialDate ? firstRange(initialDate) : null);
  const sessions = useQuery({
    ...sessionDataQueryOptions(api, { termId: selection.term, ...(readRange ?? { from: "", to: "" }) }),
    enabled: termChosen && readRange !== null,
    placeholderData: keepPreviousData,
  });
  const [choice, setChoice] = useState<TreeChoice | null>(null);
  const tree = data.data?.tree ?? [];
  const treeChoice = choice ?? allOfTree(tree);
  const [viewing, setViewing] = useState<PlannerEvent | null>(null);
  const [creating, setCreating] = useState<{
    form: SchedulerEventForm;
    replaces: PlannerEvent | null;
  } | null>(null);
  const [booked, setBooked] = useState<{ id: string; title: string } | null>(null);
  // The day of the event just saved: the calendar goes there so it is in view.
  const [goTo, setGoTo] = useState<{ date: string } | null>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const change = (key: Parameters<typeof changeSchedulerSelection>[1], value: string) => {
    const next = changeSchedulerSelection(selection, key, value);
    if (next.term !== selection.term) {
      // §4: a new term (or none) clears the events, activities, references and sessions shown.
      setRange(null);
      setChoice(null);
      setViewing(null);
      setCreating(null);
    }
    navigate(next);
  };

  const events = useMemo(
    () => (termChosen ? byTree(byFilter(sessions.data?.events ?? [], selection.filter), treeChoice) : []),
    [termChosen, sessions.data, selection.filter, treeChoice],
  );

  const onSelect = (r: SelectedRange) => {
    const kind = pendingKind(variant, selection.filter, r.allDay, termChosen ? selection.term : "");
    if (!kind) {
      toast.warning(m.schedr_select_term());
      return;
    }
    const resource = r.resourceId && r.resourceId !== UNASSIGNED_RESOURCE ? r.resourceId : "";
    setCreating({
      replaces: null,
      form: {
        ...emptyForm(kind),
        startDate: r.startDate,
        startTime: r.startTime,
        // An all-day selection ends at midnight after its last day: the last day is the day before.
        endDate: r.allDay ? addDays(r.endDate, -1) : r.endDate,
        endTime: r.endTime,
        // The row selected on is kept for every kind (a reference sends neither): switching the
        // exam planner's dialog from a reference to an exam keeps it.
        faculty1: selection.resource === "faculty" ? resource : "",
        facilityId: selection.resource === "facility" ? resource : "",
      },
    });
  };

  const programs = filters.data?.programs ?? [];
  // Only the years and intake months that exist for the programme (the spec's lists before they load).
  const choices = intakeChoices(filters.data?.intakes ?? [], selection);
  const terms = filters.data?.terms ?? [];
  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.schedr_academic_program()}
          placeholder={m.schedr_select()}
          value={programs.find((p) => [p.name, p.code, p.id].includes(selection.program))?.name ?? ""}
          options={programs.map((p) => ({ value: p.name, label: p.name }))}
          onChange={(v) => change("program", v)}
        />
        <Select
          className={styles.filterField}
          label={m.schedr_year()}
          placeholder={m.schedr_select()}
          value={selection.year}
          options={choices.years.map((y) => ({ value: y, label: y }))}
          onChange={(v) => change("year", v)}
        />
        <Select
          className={styles.filterField}
          label={m.schedr_intake()}
          placeholder={m.schedr_select()}
          value={selection.intake}
          options={choices.months.map((i) => ({ value: i, label: i }))}
          onChange={(v) => change("intake", v)}
        />
        <Select
          className={styles.filterField}
          label={m.schedr_term()}
          placeholder={m.schedr_select()}
          value={terms.some((t) => t.TermRecordId === selection.term) ? selection.term : ""}
          options={terms.map((t) => ({ value: t.TermRecordId, label: t.Semester }))}
          onChange={(v) => change("term", v)}
        />
      </div>
      <div className={styles.toolbar}>
        <SegmentedControl
          label={m.schedr_resource_type()}
          value={selection.resource}
          options={[
            { value: "faculty", label: m.sched_faculty() },
            { value: "facility", label: m.schedr_facility() },
          ]}
          onChange={(v) => change("resource", v)}
        />
        <SegmentedControl
          label={m.schedr_event_type()}
          value={selection.filter}
          options={[
            { value: "reference", label: m.schedr_references() },
            { value: "session", label: m.schedr_sessions() },
            { value: "all", label: m.schedr_all() },
          ]}
          onChange={(v) => change("filter", v)}
        />
      </div>
      {filters.isError ? <QueryError error={filters.error} onRetry={() => void filters.refetch()} /> : null}
      {data.isError ? <QueryError error={data.error} onRetry={() => void data.refetch()} /> : null}
      {sessions.isError ? (
        <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : null}
      {!termChosen ? <p className={styles.muted}>{m.schedr_choose_filters()}</p> : null}
      <div style={{ display: "flex", gap: "1rem", alignItems: "flex-start" }}>
        {variant !== "old" && termChosen ? (
          <SubjectTree tree={tree} choice={treeChoice} onChange={setChoice} />
        ) : null}
        <div style={{ flex: 1, minWidth: 0 }}>
          <p className={styles.muted} aria-live="polite">
            {sessions.isFetching || data.isPending
              ? m.sched_loading()
              : pluralCount(events.length, m.sched_event_count_one, m.sched_event_count_other)}
          </p>
          {mounted && data.data && initialDate ? (
            <Suspense fallback={<p className={styles.muted}>{m.sched_loading()}</p>}>
              <SchedulerCalendar
                key={selection.term}
                licenseKey={config.calendarLicenseKey}
                initialDate={initialDate}
                goTo={goTo}
                resources={resourcesOf(data.data, selection.resource)}
                resourceType={selection.resource}
                events={events}
                holidays={data.data.holidays}
                onRange={(next) => {
                  // SessionData reads at most 62 days: a month grid is well within that.
                  setRange(next);
                }}
                onSelect={onSelect}
                onOpen={setViewing}
                onResource={(r) => (r.id === UNASSIGNED_RESOURCE ? undefined : setBooked(r))}
                timeZone={data.data.timeZone}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
      {viewing ? (
        <ViewDetails
          event={viewing}
          today={today}
          timeZone={data.data?.timeZone}
          onClose={() => setViewing(null)}
          onEdit={() => {
            setCreating({ form: formOfEvent(viewing, data.data?.timeZone), replaces: viewing });
            setViewing(null);
          }}
          onCreateExam={() => {
            setCreating({ form: examFormOfReference(viewing), replaces: null });
            setViewing(null);
          }}
        />
      ) : null}
      {creating && data.data ? (
        <CreateDialog
          key={creating.replaces?.id ?? "new"}
          initial={creating.form}
          replaces={creating.replaces}
          examOrReference={variant === "exam" && creating.replaces === null}
          termId={selection.term}
          data={data.data}
          onClose={() => setCreating(null)}
          onSaved={(date) => {
            setGoTo({ date });
            navigate({ ...selection, date });
          }}
        />
      ) : null}
      {booked && initialDate ? (
        <BookedSlots
          resource={booked}
          type={selection.resource}
          initialDate={readRange?.from ?? initialDate}
          timeZone={data.data?.timeZone}
          onClose={() => setBooked(null)}
        />
      ) : null}
    </div>
  );
}

/** The subject-and-section tree: Select All, each subject with its sections, and 'Unassigned'. */
function SubjectTree({
  tree,
  choice,
  onChange,
}: {
  tree: SchedulerData["tree"];
  choice: TreeChoice;
  onChange: (next: TreeChoice) => void;
}) {
  const all = allOfTree(tree);
  const everything =
    choice.unassigned &&
    choice.subjects.size === all.subjects.size &&
    choice.sections.size === all.sections.size;
  const toggle = (set: ReadonlySet<string>, ids: string[], on: boolean) => {
    const next = new Set(set);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    return next;
  };
  return (
    <nav aria-label={m.schedr_subjects()} style={{ minWidth: "14rem", display: "grid", gap: "0.25rem" }}>
      <Checkbox
        label={m.schedr_select_all()}
        checked={everything}
        onChange={(on) =>
          onChange(on ? all : { subjects: new Set(), sections: new Set(), unassigned: false })
        }
      />
      {tree.map((t) => {
        const ids = t.courseOffering.map((o) => o.id);
        return (
          <div key={t.courseVersionId} style={{ display: "grid", gap: "0.25rem" }}>
            <Checkbox
              label={t.courseName}
              checked={choice.subjects.has(t.courseVersionId) && ids.every((id) => choice.sections.has(id))}
              indeterminate={
                !(choice.subjects.has(t.courseVersionId) && ids.every((id) => choice.sections.has(id))) &&
                (choice.subjects.has(t.courseVersionId) || ids.some((id) => choice.sections.has(id)))
              }
              onChange={(on) =>
                onChange({
                  ...choice,
                  subjects: toggle(choice.subjects, [t.courseVersionId], on),
                  sections: toggle(choice.sections, ids, on),
                })
              }
            />
            {t.courseOffering.map((o) => (
              <div key={o.id} style={{ paddingInlineStart: "1.5rem" }}>
                <Checkbox
                  label={m.schedr_section_named({ section: o.name })}
                  checked={choice.sections.has(o.id)}
                  onChange={(on) => onChange({ ...choice, sections: toggle(choice.sections, [o.id], on) })}
                />
              </div>
            ))}
          </div>
        );
      })}
      <Checkbox
        label={m.schedr_unassigned()}
        checked={choice.unassigned}
        onChange={(on) => onChange({ ...choice, unassigned: on })}
      />
    </nav>
  );
}

/** An empty form of a kind (§5). */
function emptyForm(kind: SchedulerEventForm["kind"]): SchedulerEventForm {
  return {
    kind,
    sessionName: "",
    examType: "",
    courseVersionId: "",
    courseOfferingId: "",
    faculty1: "",
    faculty2: "",
    faculty3: "",
    facilityId: "",
    startDate: "",
    startTime: "",
    endDate: "",
    endTime: "",
  };
}

/** The form of an existing event (Edit), its times as wall times at `timeZone` (the term's campus zone). */
function formOfEvent(e: PlannerEvent, timeZone: string | undefined): SchedulerEventForm {
  const start = instantToLocal(e.startDate, timeZone);
  const end = instantToLocal(e.endDate, timeZone);
  const reference = e.eventType === "reference";
  return {
    kind: e.eventType,
    sessionName: e.activity,
    examType: e.examType ?? "",
    courseVersionId: e.subjectId ?? "",
    courseOfferingId: e.courseOfferingId ?? "",
    faculty1: e.faculty1Id ?? "",
    faculty2: e.faculty2Id ?? "",
    faculty3: e.faculty3Id ?? "",
    facilityId: e.FacilityBooking?.facilityId ?? "",
    startDate: reference ? e.startDate.slice(0, 10) : start.date,
    startTime: reference ? "" : start.time,
    endDate: reference ? addDays(e.endDate.slice(0, 10), -1) : end.date,
    endTime: reference ? "" : end.time,
  };
}

/** §5 Create Exam from a reference: its subject and day, everything else to fill in. */
function examFormOfReference(e: PlannerEvent): SchedulerEventForm {
  return {
    ...emptyForm("exam"),
    courseVersionId: e.subjectId ?? "",
    startDate: e.startDate.slice(0, 10),
    endDate: e.startDate.slice(0, 10),
  };
}

/**
 * View Details (spec "Exam planning scheduler"): Session, start and end date, start and end time
 * (timed events), Subject, Section, Faculty, Facility, each N/A if missing; Edit only when the
 * event's date is after today; Delete after 'Are you sure you want to delete {activity} ?'; Close;
 * Create Exam for references.
 */
export function ViewDetails({
  event,
  today,
  timeZone,
  onClose,
  onEdit,
  onCreateExam,
}: {
  event: PlannerEvent;
  today: string;
  /** The term's campus zone (IANA) the times are shown in; default Asia/Kolkata. */
  timeZone?: string;
  onClose: () => void;
  onEdit: () => void;
  onCreateExam: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useMutation({
    ...saveBookingMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.schedr_deleted());
      setConfirming(false);
      onClose();
      await queryClient.invalidateQueries({ queryKey: schedulingKeys.all });
    },
    onError: (err) => {
      setConfirming(false);
      setRefusal(refusalText(err));
      toast.error(m.schedr_error_saving());
    },
  });
  const na = m.sched_na();
  const reference = event.eventType === "reference";
  const start = instantToLocal(event.startDate, timeZone);
  const end = instantToLocal(event.endDate, timeZone);
  const faculty = event.FacultyBooking.map((f) => f.facultyName).join(", ");
  const rows: Array<[string, string]> = [
    [m.schedr_session(), orNa(event.activity, na)],
    [m.schedr_start_date(), formatDate(reference ? event.startDate.slice(0, 10) : start.date)],
    [m.schedr_end_date(), formatDate(reference ? addDays(event.endDate.slice(0, 10), -1) : end.date)],
    ...(reference
      ? []
      : ([
          [m.schedr_start_time(), formatTime(start.time)],
          [m.schedr_end_time(), formatTime(end.time)],
        ] as Array<[string, string]>)),
    [
      m.schedr_subject(),
      orNa(event.SubjectPlanner.courseName === "Unassigned" ? "" : event.SubjectPlanner.courseName, na),
    ],
    [
      m.schedr_section(),
      orNa(
        event.SubjectPlanner.courseOfferingSectionId === "Unassigned"
          ? ""
          : event.SubjectPlanner.courseOfferingSectionId,
        na,
      ),
    ],
    [m.sched_faculty(), orNa(faculty, na)],
    [m.schedr_facility(), orNa(event.FacilityBooking?.facilityName, na)],
  ];
  return (
    <>
      <Dialog
        open={!confirming}
        onOpenChange={(o) => (o ? undefined : onClose())}
        title={m.schedr_view_details()}
        closeLabel={m.sched_close()}
        size="sm"
        footer={
          <>
            {reference ? (
              <Button variant="secondary" onClick={onCreateExam}>
                {m.schedr_create_exam()}
              </Button>
            ) : null}
            {canEdit(event, today, timeZone) ? (
              <Button variant="secondary" onClick={onEdit}>
                {m.schedr_edit()}
              </Button>
            ) : null}
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {m.schedr_delete()}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {m.sched_close()}
            </Button>
          </>
        }
      >
        {refusal ? (
          <p role="alert" className={styles.errorText}>
            {refusal}
          </p>
        ) : null}
        <dl className={styles.screen}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className={styles.muted}>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => (o ? undefined : setConfirming(false))}
        title={m.schedr_delete()}
        message={m.schedr_delete_confirm({ activity: event.activity })}
        confirmLabel={m.schedr_yes()}
        cancelLabel={m.schedr_cancel()}
        confirmVariant="danger"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate({
            Operation: "Delete",
            FacilityFacultyBooking: { id: event.id, version: event.version },
          })
        }
      />
    </>
  );
}

/** Booked Slots: the calendar of one faculty member's or facility's bookings (spec §7). */
function BookedSlots({
  resource,
  type,
  initialDate,
  timeZone,
  onClose,
}: {
  resource: { id: string; title: string };
  type: "faculty" | "facility";
  initialDate: string;
  /** The term's campus zone (IANA) the slots are drawn in. */
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const api = useApi();
  const [range, setRange] = useState({ from: initialDate, to: addDays(initialDate, 41) });
  const faculty = useQuery({
    ...facultyBookingsQueryOptions(api, { contactId: resource.id, ...range }),
    enabled: type === "faculty",
    placeholderData: keepPreviousData,
  });
  const facility = useQuery({
    ...facilityBookingsQueryOptions(api, { facilityId: resource.id, ...range }),
    enabled: type === "facility",
    placeholderData: keepPreviousData,
  });
  const slots =
    type === "faculty"
      ? (faculty.data?.events ?? []).map((e) => ({
          id: e.id,
          title: `${e.courseName} - ${e.sessionName}`,
          startDate: e.startDate,
          endDate: e.endDate,
        }))
      : (facility.data?.slots ?? []).map((s) => ({
          id: s.id,
          title: `${s.courseName} - ${s.activity}`,
          startDate: s.startDate,
          endDate: s.endDate,
        }));
  const error = type === "faculty" ? faculty.error : facility.error;
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={m.schedr_booked_slots_of({ name: resource.title })}
      closeLabel={m.sched_close()}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {m.sched_close()}
        </Button>
      }
    >
      {error ? (
        <QueryError error={error} onRetry={() => void (type === "faculty" ? faculty : facility).refetch()} />
      ) : null}
      <Suspense fallback={<p className={styles.muted}>{m.sched_loading()}</p>}>
        <BookedSlotsCalendar initialDate={initialDate} slots={slots} onRange={setRange} timeZone={timeZone} />
      </Suspense>
    </Dialog>
  );
}

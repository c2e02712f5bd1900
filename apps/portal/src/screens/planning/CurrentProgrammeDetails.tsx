import {
  ApiError,
  academicCalendarQueryOptions,
  currentProgrammeQueryOptions,
  type CurrentProgrammeDetails as Details,
  plannerQueryOptions,
  planningKeys,
  planningSetupQueryOptions,
  saveTermSubjectMutationOptions,
} from "@portal/api-client";
import { toWireDate } from "@portal/domain";
import { Button, DataTable, type DataTableColumn, Popover, Select, TextField } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { formatNumber, formatTime } from "../kit/format.ts";
import { isVersionConflict } from "../row-edit.ts";
import type { DialogActivity } from "./ActivityDialog.tsx";
import { displayWire, isoOf } from "./dates.ts";
import { useActivityDialogData } from "./dialog-data.ts";
import * as styles from "./planning.css.ts";
import { ProgressCell } from "./progress.tsx";
import { planningLinks } from "./routes.ts";
import { ActivityToastProvider } from "./toasts.tsx";

/** The activity dialog loads when it opens (shell/lazy-dialog.tsx). */
const ActivityDialog = lazyDialog(() =>
  import("./ActivityDialog.tsx").then((module) => module.CalendarActivityDialog),
);

export type CurrentProgrammeDetailsProps = ScreenIslandProps & { intakeId: string };

/** The island of /app/current-programmes/{id}/details. */
export default function CurrentProgrammeDetails({
  search: _search,
  intakeId,
  ...root
}: CurrentProgrammeDetailsProps) {
  return (
    <IslandRoot {...root}>
      <ActivityToastProvider>
        <CurrentProgrammeDetailsScreen intakeId={intakeId} />
      </ActivityToastProvider>
    </IslandRoot>
  );
}

/** First query on the server: the programme's terms, subjects and workshops. */
export function currentProgrammeFirstQuery(intakeId: string): FirstQuery {
  return async ({ api, fetch }) => {
    await fetch(currentProgrammeQueryOptions(api, intakeId));
  };
}

type Term = Details["terms"][number];
type SubjectRow = Term["subjects"][number];
type WorkshopRow = Term["workshops"][number];

/**
 * One current programme (spec, Academic planning §2 "Current Programmes"): a panel per term with
 * its editable Subjects table (subject or unit, credits, start and end date, start and end time,
 * TZ, faculty, class room, status as a progress bar from sessions held, holiday, actions; Add
 * Subjects adds a row saved with POST createCourseVersion, one add or edit at a time, §4) and its
 * WorkShops table (Add workshop opens the activity dialog with type Workshop), and the holiday list
 * popover of the intake's academic calendar. Class room shows the rooms chosen for the subject's
 * sections ("A: MUM-R101, B: MUM-R102"; a workshop, its section's room), 'No class room' when none
 * is chosen (Select Class Room/Faculty). A subject's start and end time and TZ are those of its
 * first session booked on the scheduler, a workshop's times, TZ and facility those of the first
 * scheduler activity of its section within its dates ('Not scheduled' without one).
 */
export function CurrentProgrammeDetailsScreen({ intakeId }: { intakeId: string }) {
  const api = useApi();
  const details = useQuery(currentProgrammeQueryOptions(api, intakeId));
  const calendar = useQuery(academicCalendarQueryOptions(api, intakeId));
  const [dialog, setDialog] = useState<{ term: Term; activity: DialogActivity | null; type?: string } | null>(
    null,
  );
  const head = details.data?.programme;
  const subjectsQuery = head ? { programName: head.programName, intake: head.intake, year: head.year } : null;
  const dialogData = useActivityDialogData(dialog !== null, subjectsQuery, intakeId);
  const planner = useQuery({
    ...plannerQueryOptions(api, subjectsQuery ?? { programName: "" }),
    enabled: dialog !== null && subjectsQuery !== null,
  });
  if (details.isPending) return <p role="status">{m.planning_loading()}</p>;
  if (details.isError) {
    return (
      <p role="alert" className={styles.error}>
        {details.error instanceof ApiError ? details.error.errorMessage : m.planning_something_went_wrong()}
      </p>
    );
  }
  const holidays = (calendar.data?.entries ?? []).filter((e) => e.kind === "Holiday");
  const editWorkshop = (term: Term, w: WorkshopRow) => {
    const found = planner.data?.terms
      .find((t) => t.termId === term.termId)
      ?.sectionActivities.find((a) => a.id === w.id);
    setDialog({
      term,
      activity: found
        ? {
            id: found.id,
            version: found.version,
            courseVersionId: found.courseVersionId,
            courseOfferingId: found.courseOfferingId,
            facultyId: found.facultyId,
            activityType: found.activityType,
            startDate: isoOf(found.startDate),
            duration: found.duration,
            numberOfSessions: found.numberOfSessions,
            numberOfhoursSessions: found.numberOfhoursSessions,
            descriptions: found.descriptions,
          }
        : null,
      type: "Workshop",
    });
  };
  return (
    <div className={styles.screen}>
      <p className={styles.termDates}>
        {details.data.programme.batchName} · {details.data.programme.campus}
      </p>
      <div className={styles.toolbar}>
        <Popover
          trigger={m.planning_holiday_list()}
          triggerVariant="secondary"
          title={m.planning_holiday_list()}
          closeLabel={m.planning_close()}
        >
          {holidays.length === 0 ? (
            <p>{m.planning_no_data()}</p>
          ) : (
            <ul>
              {holidays.map((h) => (
                <li key={h.id}>
                  {h.name}: {displayWire(h.startDate)}
                  {h.endDate !== h.startDate ? ` – ${displayWire(h.endDate)}` : ""}
                </li>
              ))}
            </ul>
          )}
        </Popover>
        <a className={styles.link} href={planningLinks.calendar(intakeId)}>
          {m.planning_calendar_link()}
        </a>
        <a
          className={styles.link}
          href={planningLinks.planner({
            program: details.data.programme.programName,
            intake: details.data.programme.intake,
            year: String(details.data.programme.year),
          })}
        >
          {m.planning_planner_link()}
        </a>
      </div>
      {details.data.terms.map((term) => (
        <TermPanel
          key={term.termId}
          term={term}
          intakeId={intakeId}
          onAddWorkshop={() => setDialog({ term, activity: null, type: "Workshop" })}
          onEditWorkshop={(w) => editWorkshop(term, w)}
        />
      ))}
      {dialog && dialogData.ready && (!dialog.activity || planner.isSuccess) ? (
        <ActivityDialog
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
          term={{
            termId: dialog.term.termId,
            termName: dialog.term.termName,
            startDate: isoOf(dialog.term.startDate),
            endDate: isoOf(dialog.term.endDate),
          }}
          subjects={dialogData.subjects.get(dialog.term.termId) ?? []}
          faculty={dialogData.faculty}
          facultyTotal={dialogData.facultyTotal}
          calendar={dialogData.calendar}
          activity={dialog.activity}
          activityType={dialog.type}
        />
      ) : dialog ? (
        <p role="status">{m.planning_loading()}</p>
      ) : null}
    </div>
  );
}

type SubjectDraft = {
  id: string | null;
  version?: number;
  courseRecordId: string;
  start: string;
  end: string;
};

function TermPanel({
  term,
  intakeId,
  onAddWorkshop,
  onEditWorkshop,
}: {
  term: Term;
  intakeId: string;
  onAddWorkshop: () => void;
  onEditWorkshop: (w: WorkshopRow) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const setup = useQuery(planningSetupQueryOptions(api));
  const save = useMutation(saveTermSubjectMutationOptions(api));
  const [draft, setDraft] = useState<SubjectDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [conflict, setConflict] = useState(false);
  const saveDraft = async () => {
    if (!draft) return;
    const body = {
      CourseVersion: {
        intakeId,
        termName: term.termName,
        courseVersionId: draft.id,
        courseId: draft.courseRecordId,
        startDate: draft.start ? toWireDate(draft.start) : "",
        endDate: draft.end ? toWireDate(draft.end) : "",
        ...(draft.version !== undefined ? { version: draft.version } : {}),
      },
    };
    // The domain's schema (and zod) load on the first save, not with the page.
    const { ZAddTermSubject } = await import("./planner-input.ts");
    const checked = ZAddTermSubject.safeParse({
      CourseVersion: { ...body.CourseVersion, courseVersionId: null },
    });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? "";
      setProblem(message === "Field cannot be empty." ? m.planning_field_cannot_be_empty() : message);
      return;
    }
    setConflict(false);
    try {
      await save.mutateAsync(body as never);
      setDraft(null);
      setProblem(null);
      setFailed(false);
    } catch (error) {
      // §8: 'Failed to add. Please try again.'; the row leaves edit mode.
      setConflict(isVersionConflict(error));
      setFailed(true);
      setDraft(null);
    }
    await queryClient.invalidateQueries({ queryKey: planningKeys.all });
  };
  const notScheduled = () => <span className={styles.termDates}>{m.planning_not_scheduled()}</span>;
  const classRoom = (room: string) =>
    room === "" ? <span className={styles.termDates}>{m.planning_no_class_room()}</span> : room;
  const editing = (r: SubjectRow | null) =>
    draft !== null && (r === null ? draft.id === null : draft.id === r.courseVersionId);
  const subjectColumns: DataTableColumn<{ row: SubjectRow | null }>[] = [
    {
      id: "subject",
      header: m.planning_col_subject_unit(),
      rowHeader: true,
      cell: ({ row: r }) =>
        r === null && draft ? (
          <Select
            label={m.planning_col_subject()}
            placeholder={m.planning_select()}
            required
            value={draft.courseRecordId}
            options={(setup.data?.Courses ?? []).map((c) => ({ value: c.id, label: c.label }))}
            onChange={(courseRecordId) => setDraft({ ...draft, courseRecordId })}
          />
        ) : (
          (r?.subject ?? "")
        ),
    },
    {
      id: "credits",
      header: m.planning_col_credits(),
      cell: ({ row: r }) => (r ? formatNumber(r.credits) : ""),
    },
    {
      id: "start",
      header: m.planning_start_date(),
      cell: ({ row: r }) =>
        editing(r) && draft ? (
          <TextField
            label={m.planning_start_date()}
            type="date"
            required
            value={draft.start}
            onChange={(start) => setDraft({ ...draft, start })}
          />
        ) : r ? (
          displayWire(r.startDate)
        ) : null,
    },
    {
      id: "end",
      header: m.planning_end_date(),
      cell: ({ row: r }) =>
        editing(r) && draft ? (
          <TextField
            label={m.planning_end_date()}
            type="date"
            required
            value={draft.end}
            onChange={(end) => setDraft({ ...draft, end })}
          />
        ) : r ? (
          displayWire(r.endDate)
        ) : null,
    },
    {
      id: "startTime",
      header: m.planning_col_start_time(),
      cell: ({ row: r }) => (r ? (r.startTime === null ? notScheduled() : formatTime(r.startTime)) : null),
    },
    {
      id: "endTime",
      header: m.planning_col_end_time(),
      cell: ({ row: r }) => (r ? (r.endTime === null ? notScheduled() : formatTime(r.endTime)) : null),
    },
    {
      id: "tz",
      header: m.planning_col_tz(),
      cell: ({ row: r }) => (r ? (r.timeZone ?? notScheduled()) : null),
    },
    { id: "faculty", header: m.planning_faculty(), cell: ({ row: r }) => r?.faculty ?? "" },
    {
      id: "room",
      header: m.planning_col_class_room(),
      cell: ({ row: r }) => (r ? classRoom(r.classRoom) : null),
    },
    {
      id: "status",
      header: m.planning_col_status(),
      cell: ({ row: r }) => (r ? <ProgressCell percent={r.status} label={r.subject} /> : null),
    },
    { id: "holiday", header: m.planning_col_holiday(), cell: ({ row: r }) => r?.holiday ?? "" },
    {
      id: "actions",
      header: m.planning_col_actions(),
      cell: ({ row: r }) =>
        editing(r) ? (
          <span className={styles.toolbar}>
            <Button size="sm" variant="primary" loading={save.isPending} onClick={() => void saveDraft()}>
              {m.planning_save()}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDraft(null)}>
              {m.planning_cancel()}
            </Button>
          </span>
        ) : r ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={draft !== null}
            aria-label={m.planning_edit_named({ name: r.subject })}
            onClick={() => {
              setProblem(null);
              setDraft({
                id: r.courseVersionId,
                version: r.version,
                courseRecordId: r.courseRecordId,
                start: isoOf(r.startDate),
                end: isoOf(r.endDate),
              });
            }}
          >
            {m.planning_edit()}
          </Button>
        ) : null,
    },
  ];
  const workshopColumns: DataTableColumn<WorkshopRow>[] = [
    {
      id: "subject",
      header: m.planning_col_subject(),
      rowHeader: true,
      cell: (w) => `${w.subject} (${w.section})`,
    },
    { id: "start", header: m.planning_start_date(), cell: (w) => displayWire(w.startDate) },
    { id: "end", header: m.planning_end_date(), cell: (w) => displayWire(w.endDate) },
    {
      id: "startTime",
      header: m.planning_col_start_time(),
      cell: (w) => (w.startTime === null ? notScheduled() : formatTime(w.startTime)),
    },
    {
      id: "endTime",
      header: m.planning_col_end_time(),
      cell: (w) => (w.endTime === null ? notScheduled() : formatTime(w.endTime)),
    },
    { id: "tz", header: m.planning_col_tz(), cell: (w) => w.timeZone ?? notScheduled() },
    { id: "facility", header: m.planning_col_facility(), cell: (w) => w.facility ?? notScheduled() },
    { id: "room", header: m.planning_col_class_room(), cell: (w) => classRoom(w.classRoom) },
    {
      id: "action",
      header: m.planning_col_action(),
      cell: (w) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={m.planning_edit_named({ name: w.subject })}
          onClick={() => onEditWorkshop(w)}
        >
          {m.planning_edit()}
        </Button>
      ),
    },
  ];
  const rows: Array<{ row: SubjectRow | null }> = [
    ...term.subjects.map((row) => ({ row })),
    ...(draft && draft.id === null ? [{ row: null }] : []),
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
      {conflict ? (
        <ConflictNotice onReload={() => queryClient.invalidateQueries({ queryKey: planningKeys.all })} />
      ) : null}
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
      <DataTable
        caption={m.planning_subjects_of({ term: term.termName })}
        columns={subjectColumns}
        data={rows}
        getRowId={(r) => r.row?.courseVersionId ?? "new"}
        emptyText={m.planning_no_data()}
      />
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          disabled={draft !== null}
          onClick={() => {
            setProblem(null);
            setDraft({
              id: null,
              courseRecordId: "",
              start: isoOf(term.startDate),
              end: isoOf(term.endDate),
            });
          }}
        >
          {m.planning_add_subjects()}
        </Button>
      </div>
      {term.workshops.length > 0 ? (
        <DataTable
          caption={m.planning_workshops_of({ term: term.termName })}
          columns={workshopColumns}
          data={term.workshops}
          getRowId={(w) => w.id}
          emptyText={m.planning_no_data()}
        />
      ) : null}
      <div className={styles.toolbar}>
        <Button variant="secondary" onClick={onAddWorkshop}>
          {m.planning_add_workshop()}
        </Button>
      </div>
    </details>
  );
}

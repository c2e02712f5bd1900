import {
  ApiError,
  type ClashReport,
  clashReportQueryOptions,
  examCyclesQueryOptions,
  examDashboardQueryOptions,
} from "@portal/api-client";
import { Button, ButtonLink, DataTable, type DataTableColumn, EmptyState, Loader, Tabs } from "@portal/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../../shell/lazy-dialog.tsx";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { formatNumber, formatTime, pluralCount } from "../../kit/format.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { useUrlState } from "../../kit/use-url-state.ts";
import * as styles from "./exams.css.ts";
import { parseCycle, serializeCycle } from "./grid-state.ts";
import { examLinks } from "./routes.ts";

/**
 * The cycle's Periods dialog loads when first opened (docs/performance.md, lazyDialog): its form
 * library and the domain's scheme rules stay out of the dashboard's first load.
 */
const PeriodSchemeDialog = lazyDialog(() =>
  import("./PeriodSchemeDialog.tsx").then((module) => module.PeriodSchemeDialog),
);

/** Items of each clash list the dashboard shows (the totals are always shown in full). */
export const CLASH_LIST_LIMIT = 25;

export type ExamDashboardProps = ScreenIslandProps;

/** The exam dashboard island (/app/exams/examDashboard), inside its IslandRoot. */
export default function ExamDashboard({ search, ...root }: ExamDashboardProps) {
  return (
    <IslandRoot {...root}>
      <ExamDashboardScreen search={search} />
    </IslandRoot>
  );
}

/**
 * The dashboard's first query, run on the server by its page: the figures of the address's cycle
 * (or the server's pick) and the cycles, then the clash report of the cycle the figures name.
 */
export const examDashboardFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const cycle = parseCycle(search);
  const [dashboard] = await Promise.all([
    fetch(examDashboardQueryOptions(api, cycle)),
    fetch(examCyclesQueryOptions(api)),
  ]);
  if (dashboard) await fetch(clashReportQueryOptions(api, dashboard.examCycle.id, CLASH_LIST_LIMIT));
};

type StudentClash = ClashReport["studentClashes"]["items"][number];
type FacultyClash = ClashReport["facultyClashes"]["items"][number];
type RoomOverCapacity = ClashReport["roomsOverCapacity"]["items"][number];

/**
 * The exam dashboard (spec §2 examDashboard): the exam cycle (`?cycle=`; without it the server shows
 * the exam screens' default cycle, kit/exam-cycle.ts, and the address then names it), links to Upcoming, completed exams, Exam Setup
 * and the exam timetable, the cycle's figures (GET /sf/exam/examDashboard: exams, periods, students,
 * upcoming, completed, seated / unseated, invigilators assigned / needed) and its clash report
 * (GET /sf/exam/clashReport: three counts and the first items of each list, linking to the timetable).
 * Periods opens the cycle's period scheme and timetabling rules (PeriodSchemeDialog).
 */
export function ExamDashboardScreen({ search }: { search: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [cycle, navigate] = useUrlState(search, parseCycle, serializeCycle);
  const dashboard = useQuery(examDashboardQueryOptions(api, cycle));
  const cycleId = cycle || dashboard.data?.examCycle.id || "";
  // The server's pick is the exam screens' default cycle (exam-cycle.ts): written into the address,
  // with the figures kept under the cycle's own key so naming it asks nothing again.
  useEffect(() => {
    const shown = dashboard.data;
    if (cycle !== "" || !shown) return;
    queryClient.setQueryData(examDashboardQueryOptions(api, shown.examCycle.id).queryKey, shown);
    navigate(shown.examCycle.id, true);
  }, [api, cycle, dashboard.data, navigate, queryClient]);
  const linkCycle = cycleId || undefined;
  const [periodsOpen, setPeriodsOpen] = useState(false);
  const cycleName = dashboard.data?.examCycle.name ?? "";

  let body: ReactNode;
  if (dashboard.isPending) {
    body = <Loader variant="block" label={m.exam_loading()} />;
  } else if (dashboard.isError) {
    body =
      cycle === "" && dashboard.error instanceof ApiError && dashboard.error.status === 404 ? (
        <EmptyState title={m.exam_no_data()} message={m.exam_no_cycles()} />
      ) : (
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      );
  } else {
    const { summary, examCycle } = dashboard.data;
    body = (
      <>
        <p className={styles.muted}>
          {m.exam_cycle_dates({
            start: displayDate(examCycle.startDate),
            end: displayDate(examCycle.endDate),
          })}
          {" · "}
          {m.exam_dashboard_today({ date: displayDate(dashboard.data.today) })}
        </p>
        <section className={styles.section} aria-labelledby="exam-dashboard-summary">
          <h2 className={styles.sectionTitle} id="exam-dashboard-summary">
            {m.exam_dashboard_summary()}
          </h2>
          <ul className={styles.cards}>
            <SummaryCard
              label={m.exam_card_exams()}
              value={formatNumber(summary.exams)}
              href={examLinks.timetable({ cycle: examCycle.id })}
            />
            <SummaryCard
              label={m.exam_card_periods()}
              value={formatNumber(summary.periods)}
              hint={pluralCount(summary.roomsUsed, m.exam_card_rooms_one, m.exam_card_rooms_other)}
            />
            <SummaryCard
              label={m.exam_card_students()}
              value={formatNumber(summary.students)}
              hint={pluralCount(summary.enrolments, m.exam_card_enrolments_one, m.exam_card_enrolments_other)}
            />
            <SummaryCard
              label={m.exam_card_upcoming()}
              value={formatNumber(summary.upcomingExams)}
              href={examLinks.upcoming(examCycle.id)}
            />
            <SummaryCard
              label={m.exam_card_completed()}
              value={formatNumber(summary.completedExams)}
              href={examLinks.completed(examCycle.id)}
            />
            <SummaryCard
              label={m.exam_card_seating()}
              value={m.exam_pair({
                first: formatNumber(summary.seated),
                second: formatNumber(summary.unseated),
              })}
            />
            <SummaryCard
              label={m.exam_card_invigilators()}
              value={m.exam_pair({
                first: formatNumber(summary.invigilatorsAssigned),
                second: formatNumber(summary.invigilatorsNeeded),
              })}
            />
          </ul>
        </section>
        <ClashSection cycleId={examCycle.id} counts={dashboard.data.clashes} />
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <CycleSelect allowAll={false} value={cycleId} onChange={navigate} />
        </div>
        <nav aria-label={m.exam_links()} className={styles.actions}>
          <ButtonLink href={examLinks.upcoming(linkCycle)} size="sm">
            {m.exam_upcoming_title()}
          </ButtonLink>
          <ButtonLink href={examLinks.completed(linkCycle)} size="sm">
            {m.exam_completed_title()}
          </ButtonLink>
          <ButtonLink href={examLinks.setup(linkCycle)} size="sm">
            {m.exam_setup_title()}
          </ButtonLink>
          <ButtonLink href={examLinks.timetable({ cycle: linkCycle })} size="sm">
            {m.exam_timetable_title()}
          </ButtonLink>
          <Button size="sm" disabled={!dashboard.isSuccess} onClick={() => setPeriodsOpen(true)}>
            {m.pscheme_open()}
          </Button>
        </nav>
      </div>
      {body}
      {periodsOpen && dashboard.data ? (
        <PeriodSchemeDialog
          open
          onOpenChange={setPeriodsOpen}
          cycleId={dashboard.data.examCycle.id}
          cycleName={cycleName}
        />
      ) : null}
    </div>
  );
}

/** One figure of the summary; a link when a screen lists what it counts. */
function SummaryCard({
  label,
  value,
  hint,
  href,
}: {
  label: string;
  value: string;
  hint?: string;
  href?: string;
}) {
  const content = (
    <>
      <span className={styles.cardLabel}>{label}</span>
      <span className={styles.cardValue}>{value}</span>
      {hint ? <span className={styles.cardHint}>{hint}</span> : null}
    </>
  );
  return (
    <li>
      {href ? (
        <a className={styles.summaryCardLink} href={href}>
          {content}
        </a>
      ) : (
        <div className={styles.summaryCard}>{content}</div>
      )}
    </li>
  );
}

/**
 * The clash report of the dashboard's cycle: the three counts (students with two exams at once,
 * faculty in two rooms at once, rooms over capacity) from the dashboard's answer, then a tab per
 * list with its first items (GET /sf/exam/clashReport, limit {@link CLASH_LIST_LIMIT}).
 */
function ClashSection({
  cycleId,
  counts,
}: {
  cycleId: string;
  counts: { students: number; faculty: number; roomsOverCapacity: number };
}) {
  const api = useApi();
  const report = useQuery(clashReportQueryOptions(api, cycleId, CLASH_LIST_LIMIT));
  const studentColumns = useMemo(() => studentClashColumns(cycleId), [cycleId]);
  const facultyColumns = useMemo(() => facultyClashColumns(cycleId), [cycleId]);
  const roomColumns = useMemo(roomColumnsOf, []);
  const tiles: { label: string; count: number }[] = [
    { label: m.exam_clash_students(), count: counts.students },
    { label: m.exam_clash_faculty(), count: counts.faculty },
    { label: m.exam_clash_rooms(), count: counts.roomsOverCapacity },
  ];

  let lists: ReactNode;
  if (report.isPending) {
    lists = <Loader variant="block" label={m.exam_loading()} />;
  } else if (report.isError) {
    lists = <QueryError error={report.error} onRetry={() => void report.refetch()} />;
  } else {
    const data = report.data;
    lists = (
      <Tabs
        label={m.exam_clash_lists()}
        items={[
          {
            value: "students",
            label: m.exam_clash_tab({
              label: m.exam_clash_students(),
              count: formatNumber(data.studentClashes.total),
            }),
            content: (
              <ClashList
                caption={m.exam_clash_students()}
                columns={studentColumns}
                items={data.studentClashes.items}
                total={data.studentClashes.total}
                rowId={(c) => `${c.studentId}-${c.exams.map((e) => e.examId).join("-")}`}
              />
            ),
          },
          {
            value: "faculty",
            label: m.exam_clash_tab({
              label: m.exam_clash_faculty(),
              count: formatNumber(data.facultyClashes.total),
            }),
            content: (
              <ClashList
                caption={m.exam_clash_faculty()}
                columns={facultyColumns}
                items={data.facultyClashes.items}
                total={data.facultyClashes.total}
                rowId={(c) => `${c.facultyId}-${c.assignments.map((a) => `${a.examId}-${a.room}`).join("-")}`}
              />
            ),
          },
          {
            value: "rooms",
            label: m.exam_clash_tab({
              label: m.exam_clash_rooms(),
              count: formatNumber(data.roomsOverCapacity.total),
            }),
            content: (
              <ClashList
                caption={m.exam_clash_rooms()}
                columns={roomColumns}
                items={data.roomsOverCapacity.items}
                total={data.roomsOverCapacity.total}
                rowId={(r) => `${r.roomId}-${r.date}-${r.startTime}`}
              />
            ),
          },
        ]}
      />
    );
  }

  return (
    <section className={styles.section} aria-labelledby="exam-dashboard-clashes">
      <h2 className={styles.sectionTitle} id="exam-dashboard-clashes">
        {m.exam_clash_title()}
      </h2>
      <ul className={styles.cards}>
        {tiles.map((tile) => (
          <li key={tile.label}>
            <div className={tile.count > 0 ? styles.clashCountAlert : styles.clashCount}>
              <span className={styles.cardLabel}>{tile.label}</span>
              <span className={styles.cardValue}>{formatNumber(tile.count)}</span>
            </div>
          </li>
        ))}
      </ul>
      {lists}
    </section>
  );
}

function ClashList<T extends object>({
  caption,
  columns,
  items,
  total,
  rowId,
}: {
  caption: string;
  columns: DataTableColumn<T>[];
  items: readonly T[];
  total: number;
  rowId: (item: T) => string;
}) {
  return (
    <div className={styles.section}>
      <DataTable
        caption={caption}
        captionHidden
        columns={columns}
        data={items}
        getRowId={(item) => rowId(item)}
        emptyText={m.exam_no_data()}
      />
      {total > items.length ? (
        <p className={styles.muted}>{m.exam_clash_showing({ shown: items.length, total })}</p>
      ) : null}
    </div>
  );
}

function studentClashColumns(cycleId: string): DataTableColumn<StudentClash>[] {
  return [
    { id: "code", header: m.exam_col_student_code(), cell: (c) => c.studentCode },
    { id: "name", header: m.exam_col_student(), cell: (c) => c.studentName, rowHeader: true },
    { id: "date", header: m.exam_col_date(), cell: (c) => displayDate(c.date) },
    {
      id: "exams",
      header: m.exam_col_exams(),
      cell: (c) => (
        <ul className={styles.cellList}>
          {c.exams.map((e) => (
            <li key={e.examId}>
              <a
                className={styles.link}
                href={examLinks.timetable({ cycle: cycleId, course: e.courseCode })}
                aria-label={m.exam_clash_timetable_link({ course: `${e.courseCode} ${e.courseName}` })}
              >
                {e.courseCode}
              </a>{" "}
              {m.exam_clash_exam({ course: e.courseName, time: e.startTime, minutes: e.duration })}
            </li>
          ))}
        </ul>
      ),
    },
  ];
}

function facultyClashColumns(cycleId: string): DataTableColumn<FacultyClash>[] {
  return [
    {
      id: "faculty",
      header: m.exam_col_faculty(),
      cell: (c) => (
        <>
          {c.facultyName}
          <br />
          <span className={styles.muted}>{c.facEmail}</span>
        </>
      ),
      rowHeader: true,
    },
    { id: "date", header: m.exam_col_date(), cell: (c) => displayDate(c.date) },
    {
      id: "rooms",
      header: m.exam_col_rooms(),
      cell: (c) => (
        <ul className={styles.cellList}>
          {c.assignments.map((a) => (
            <li key={`${a.examId}-${a.room}`}>
              <a className={styles.link} href={examLinks.timetable({ cycle: cycleId, course: a.courseName })}>
                {m.exam_clash_assignment({
                  room: a.room,
                  course: a.courseName,
                  time: a.startTime,
                  minutes: a.duration,
                })}
              </a>
            </li>
          ))}
        </ul>
      ),
    },
  ];
}

function roomColumnsOf(): DataTableColumn<RoomOverCapacity>[] {
  return [
    { id: "room", header: m.exam_col_room(), cell: (r) => r.room, rowHeader: true },
    { id: "date", header: m.exam_col_date(), cell: (r) => displayDate(r.date) },
    { id: "time", header: m.exam_col_start_time(), cell: (r) => formatTime(r.startTime) },
    {
      id: "seated",
      header: m.exam_col_seated_capacity(),
      cell: (r) => m.exam_pair({ first: r.seated, second: r.capacity }),
      align: "end",
    },
  ];
}

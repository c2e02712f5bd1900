import {
  gradingAuditQueryOptions,
  gradingKeys,
  mailKeys,
  mailStatusQueryOptions,
  type StudentScoreRow,
  type SubjectScores,
  sendMarksMutationOptions,
  subjectScoresQueryOptions,
} from "@portal/api-client";
import {
  DEFAULT_GRADE_TABLE_PAGE_SIZE,
  GRADE_LETTERS,
  GRADE_STUDENT_SORT_COLUMNS,
  GRADE_TABLE_PAGE_SIZES,
  type GradeLetter,
} from "@portal/domain";
import {
  Button,
  ButtonLink,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  type DataTableSorting,
  dataTableServerSorting,
  Loader,
  Pager,
  type PageSize,
  StatusChip,
} from "@portal/ui";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import type { FirstQuery } from "../../shell/first-query-state.ts";
import { IslandRoot, type ScreenIslandProps, useApi, useToast } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { formatMarks, formatNumber, plural } from "../kit/format.ts";
import { MailStatus } from "../kit/MailStatus.tsx";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import * as screenStyles from "../screen.css.ts";
import { AuditTable } from "./AuditTable.tsx";
import { FailureNotice } from "./failure-notice.tsx";
import {
  type GradeStudentsSort,
  gradePage,
  parseGradeStudentsState,
  serializeGradeStudentsState,
} from "./grade-students-state.ts";
import { MarksSheet } from "./MarksSheet.tsx";
import * as styles from "./results.css.ts";
import { gradingResultsLinks } from "./results-routes.ts";
import { OfferingFacts, OfferingSelect, offeringChoicesFirstQuery } from "./results-shared.tsx";

/** The grade dialog (TanStack Form, the domain's schemas) loads when first opened (docs/performance.md). */
const GradeDialog = lazyDialog(() => import("./GradeDialog.tsx").then((x) => x.GradeDialog));

/** spec §9: the student grade table pages 5, 10, 25 or All, 5 first. */
export const GRADE_PAGE_SIZES: readonly PageSize[] = GRADE_TABLE_PAGE_SIZES;

/** The headers sort on the server: the table keeps the sort's state, not sorted rows. */
const TABLE_FEATURES = [dataTableServerSorting];

/** The /app/gradeStudents island (`?courseOfferingId=&sort=&direction=`), inside its IslandRoot. */
export default function GradeStudents({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <GradeStudentsScreen search={search} />
    </IslandRoot>
  );
}

/**
 * First query of /app/gradeStudents, run by its page on the server: the course offering choices
 * and, for `?courseOfferingId=`, its subject scores, its grading audit and the mails of its last
 * send (which of the two sends follows from the scores' status).
 */
export const gradeStudentsFirstQuery: FirstQuery = async (context) => {
  const { courseOfferingId, sort } = parseGradeStudentsState(context.search);
  const scoresAndMail = async (id: string) => {
    const scores = await context.fetch(subjectScoresQueryOptions(context.api, id, gradePage(1, 5, sort)));
    if (scores) {
      const source = gradingMailSource(id, scores.status === "Published");
      await context.fetch(mailStatusQueryOptions(context.api, source));
    }
  };
  await Promise.all([
    offeringChoicesFirstQuery(context),
    courseOfferingId ? scoresAndMail(courseOfferingId) : null,
    courseOfferingId ? context.fetch(gradingAuditQueryOptions(context.api, courseOfferingId)) : null,
  ]);
};

/**
 * The mail source of a course offering's last send: its results mails once published
 * (`grading.publish:<id>`), else its marks sent for acknowledgement (`grading.send_marks:<id>`).
 */
export function gradingMailSource(courseOfferingId: string, published: boolean): string {
  return `grading.${published ? "publish" : "send_marks"}:${courseOfferingId}`;
}

/** The letter of a wire grade, or null when it is not one of A, B, C, F. */
export function asGradeLetter(value: string): GradeLetter | null {
  return (GRADE_LETTERS as readonly string[]).includes(value) ? (value as GradeLetter) : null;
}

/**
 * Grade students (spec §2 /app/gradeStudents, §3 student score row, §7 student grade save,
 * SendEmailForMarks, §9 paging 5/10/25/All): for the chosen course offering each student's total,
 * calculated grade, penalty and final grade; Edit opens the grade dialog (final grade and penalty;
 * once published the grades are locked and a change needs a reason). Send marks for
 * acknowledgement (state and comState Ack) and Publish results (Publish: mails the results and
 * locks the grades); the marks sheet (upload with preview, download) and the audit of the offering.
 * The student, total, grade and penalty headers sort on the server
 * (GRADE_STUDENT_SORT_COLUMNS); the sort is kept in the address and a new sort shows page 1.
 */
export function GradeStudentsScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseGradeStudentsState, serializeGradeStudentsState);
  const id = state.courseOfferingId;
  const onSortChange = useCallback(
    (sort: GradeStudentsSort) => navigate({ ...state, sort }),
    [navigate, state],
  );
  return (
    <div className={screenStyles.screen}>
      <div className={screenStyles.filters}>
        <OfferingSelect
          value={id}
          onChange={(courseOfferingId) => navigate({ ...state, courseOfferingId })}
        />
      </div>
      {id ? (
        <OfferingResults
          key={id}
          courseOfferingId={id}
          api={api}
          sort={state.sort}
          onSortChange={onSortChange}
        />
      ) : (
        <p className={screenStyles.muted}>{m.gres_choose_offering()}</p>
      )}
    </div>
  );
}

function OfferingResults({
  courseOfferingId,
  api,
  sort,
  onSortChange,
}: {
  courseOfferingId: string;
  api: ReturnType<typeof useApi>;
  sort: GradeStudentsSort;
  onSortChange: (sort: GradeStudentsSort) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_GRADE_TABLE_PAGE_SIZE);
  // The server pages and sorts the students; the summary and statistics are the whole class's.
  const scores = useQuery({
    ...subjectScoresQueryOptions(api, courseOfferingId, gradePage(page, pageSize, sort)),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => gradeColumns((row) => setEditing(row.id)), []);
  const sorting = useMemo<DataTableSorting>(
    () => (sort ? [{ id: sort.column, desc: sort.direction === "desc" }] : []),
    [sort],
  );
  const onSortingChange = useCallback(
    (next: DataTableSorting) => {
      const column = GRADE_STUDENT_SORT_COLUMNS.find((name) => name === next[0]?.id);
      onSortChange(column ? { column, direction: next[0]?.desc ? "desc" : "asc" } : null);
      setPage(1);
    },
    [onSortChange],
  );
  if (scores.isPending) return <Loader label={m.gres_loading()} />;
  if (scores.isError) {
    return <QueryError error={scores.error} onRetry={() => void scores.refetch()} />;
  }
  const data = scores.data;
  const students = data.students;
  const size = pageSize === "all" ? Math.max(1, data.noOfRecords) : (pageSize as number);
  const pageCount = Math.max(1, Math.ceil(data.noOfRecords / size));
  const current = Math.min(page, pageCount);
  const shown = students;
  const editingRow = students.find((s) => s.id !== null && s.id === editing) ?? null;
  return (
    <>
      <OfferingSummary data={data} />
      <SendActions data={data} courseOfferingId={courseOfferingId} />
      <DataTable
        caption={m.gres_grades_table()}
        columns={columns}
        data={shown}
        getRowId={(row) => row.id ?? row.StudentId}
        emptyText={m.gres_no_data()}
        features={TABLE_FEATURES}
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
      />
      <Pager
        page={current}
        pageSize={pageSize}
        total={data.noOfRecords}
        pageSizes={GRADE_PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setPageSize(next);
          setPage(1);
        }}
        labels={{ ...pagerLabels(m.exam_pager_nav()), nav: m.gres_pager_nav() }}
      />
      {editingRow?.id ? (
        <GradeDialog
          courseOfferingId={courseOfferingId}
          row={{ ...editingRow, id: editingRow.id }}
          onClose={() => setEditing(null)}
          onReload={() => scores.refetch()}
        />
      ) : null}
      <MarksSheet courseOfferingId={courseOfferingId} published={data.status === "Published"} />
      <AuditTable courseOfferingId={courseOfferingId} />
    </>
  );
}

function gradeColumns(onEdit: (row: StudentScoreRow) => void): DataTableColumn<StudentScoreRow>[] {
  return [
    {
      id: "student",
      header: m.gres_col_student(),
      rowHeader: true,
      sortable: true,
      cell: (row) => (
        <a
          className={screenStyles.link}
          href={gradingResultsLinks.studentDetails(row.CourseOfferingId, row.StudentId)}
        >
          {row.studentName}
        </a>
      ),
    },
    {
      id: "total",
      header: m.gres_col_total(),
      align: "end",
      cell: (row) => formatMarks(row.TotalMarksObtained),
      sortable: true,
    },
    {
      id: "calculated",
      header: m.gres_col_calculated(),
      cell: (row) => row.CalculatedGrade,
      sortable: true,
    },
    { id: "penalty", header: m.gres_col_penalty(), cell: (row) => row.penality || "—", sortable: true },
    {
      id: "final",
      header: m.gres_col_final(),
      sortable: true,
      cell: (row) => (
        <span>
          {row.finalGrade} {row.locked ? <StatusChip tone="info">{m.gres_locked()}</StatusChip> : null}
        </span>
      ),
    },
    {
      id: "edit",
      header: m.gres_col_edit(),
      cell: (row) => (
        <Button
          size="sm"
          variant="secondary"
          disabled={row.id === null}
          aria-label={m.gres_edit_grade_of({ name: row.studentName })}
          onClick={() => onEdit(row)}
        >
          {m.gres_col_edit()}
        </Button>
      ),
    },
  ];
}

/** Course, section, term, status, number of students and the class's real statistics. */
function OfferingSummary({ data }: { data: SubjectScores }) {
  return (
    <OfferingFacts
      course={data.course}
      more={[
        [m.gres_status(), statusLabel(data.status)],
        [m.gres_students(), formatNumber(data.noOfRecords)],
        [m.gres_mean(), formatNumber(data.statistics.mean)],
        [m.gres_standard_deviation(), formatNumber(data.statistics.standardDeviation)],
      ]}
    />
  );
}

/** The label of a grading status (Draft, Acknowledged, Published). */
export function statusLabel(status: string): string {
  if (status === "Published") return m.gres_status_published();
  if (status === "Acknowledged") return m.gres_status_acknowledged();
  return m.gres_status_draft();
}

/**
 * Send marks for acknowledgement (SendEmailForMarks state and comState Ack: each student gets their
 * component marks) and Publish results (state and comState Publish: each student gets their total
 * and final grade, and the grades lock), each after a confirmation; links to the offering's other views;
 * the mails of the last send (MailStatus: queued, sent, failed, Resend failed).
 */
function SendActions({ data, courseOfferingId }: { data: SubjectScores; courseOfferingId: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<"Ack" | "Publish" | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const send = useMutation({
    ...sendMarksMutationOptions(api),
    onSuccess: (answer) => {
      setAsking(null);
      setFailure(null);
      toast.success(
        answer.status === "Published"
          ? plural(answer.mails, m.gres_published_toast_one, m.gres_published_toast_other, {
              mails: formatNumber(answer.mails),
            })
          : plural(answer.mails, m.gres_sent_toast_one, m.gres_sent_toast_other, {
              mails: formatNumber(answer.mails),
            }),
      );
      void queryClient.invalidateQueries({ queryKey: gradingKeys.all });
      void queryClient.invalidateQueries({ queryKey: mailKeys.all });
    },
    onError: (error) => {
      setAsking(null);
      setFailure(error);
    },
  });
  const published = data.status === "Published";
  return (
    <div className={styles.section}>
      <div className={screenStyles.toolbar}>
        <Button variant="secondary" disabled={published} onClick={() => setAsking("Ack")}>
          {m.gres_send_ack()}
        </Button>
        <Button disabled={published} onClick={() => setAsking("Publish")}>
          {m.gres_publish()}
        </Button>
        <ButtonLink href={gradingResultsLinks.gradingPage(courseOfferingId)}>
          {m.gres_grading_page()}
        </ButtonLink>
        <ButtonLink href={gradingResultsLinks.bySection(courseOfferingId)}>
          {m.gres_by_section_title()}
        </ButtonLink>
      </div>
      <MailStatus source={gradingMailSource(courseOfferingId, published)} />
      <FailureNotice
        failure={failure}
        onReload={() => queryClient.invalidateQueries({ queryKey: gradingKeys.offering(courseOfferingId) })}
        onCleared={() => setFailure(null)}
      />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking === "Publish" ? m.gres_publish() : m.gres_send_ack()}
        message={
          asking === "Publish"
            ? plural(data.noOfRecords, m.gres_publish_confirm_one, m.gres_publish_confirm_other, {
                students: formatNumber(data.noOfRecords),
              })
            : plural(data.noOfRecords, m.gres_send_ack_confirm_one, m.gres_send_ack_confirm_other, {
                students: formatNumber(data.noOfRecords),
              })
        }
        confirmLabel={m.gres_yes()}
        cancelLabel={m.gres_cancel()}
        confirmVariant="primary"
        loading={send.isPending}
        onConfirm={() => {
          if (!asking) return;
          send.mutate({
            gradingId: courseOfferingId,
            state: asking,
            comState: asking,
            version: data.version,
          });
        }}
      />
    </div>
  );
}

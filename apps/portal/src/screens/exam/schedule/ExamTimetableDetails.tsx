import {
  type ExamTimetableRow,
  examSetupQueryOptions,
  mailKeys,
  type PublicConfig,
  saveExamTimetableMutationOptions,
} from "@portal/api-client";
import type { Locale } from "@portal/domain";
import {
  Button,
  ButtonLink,
  DataTable,
  type DataTableColumn,
  Loader,
  StatTile,
  StatTileGroup,
} from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { IslandRoot, type IslandRootProps, useApi, useToast } from "../../../shell/IslandRoot.tsx";
import { errorText } from "../../kit/error-text.ts";
import { MailStatus } from "../../kit/MailStatus.tsx";
import { useExamRefresh } from "./exam-refresh.ts";
import * as styles from "./exams.css.ts";
import { examModeLabel } from "./labels.ts";
import { examLinks } from "./routes.ts";
import {
  clashWarning,
  EditableCell,
  focusById,
  focusFirstError,
  inputId,
  NotifyCheckbox,
  type TimetableEditor,
  TimetableEditorProvider,
} from "./TimetableEditor.tsx";
import {
  type DraftErrors,
  type DraftField,
  draftOf,
  serverErrorField,
  type TimetableDraft,
  validateDraft,
} from "./timetable-edit.ts";

export type ExamTimetableDetailsProps = {
  locale: Locale;
  /** The exam's id (`?id=` of the address); "" when the address names none. */
  examId: string;
  config?: PublicConfig | null;
} & Pick<IslandRootProps, "fetch" | "navigate">;

/** The "Exam timetable and seating plan details" island, inside its IslandRoot. */
export default function ExamTimetableDetails({ locale, examId, ...rest }: ExamTimetableDetailsProps) {
  return (
    <IslandRoot locale={locale} {...rest}>
      <ExamTimetableDetailsScreen examId={examId} />
    </IslandRoot>
  );
}

function detailColumns(): DataTableColumn<ExamTimetableRow>[] {
  return [
    { id: "course", header: m.exam_col_course(), cell: (r) => r.course, rowHeader: true },
    { id: "date", header: m.exam_col_date(), cell: (r) => <EditableCell row={r} field="dateOfExam" /> },
    {
      id: "startTime",
      header: m.exam_col_start_time(),
      cell: (r) => <EditableCell row={r} field="timeOfExam" />,
    },
    { id: "duration", header: m.exam_col_duration(), cell: (r) => <EditableCell row={r} field="duration" /> },
    {
      id: "examType",
      header: m.exam_col_exam_type(),
      cell: (r) => <EditableCell row={r} field="examType" />,
    },
    { id: "timeZone", header: m.exam_col_time_zone(), cell: (r) => r.examTimeZone },
    {
      id: "ratio",
      header: m.exam_col_ratio(),
      cell: (r) => <EditableCell row={r} field="studentFacultyRatio" />,
    },
    { id: "venue", header: m.exam_col_venue(), cell: (r) => <EditableCell row={r} field="venue" /> },
  ];
}

/**
 * "Exam timetable and seating plan details" (spec §2, /app/exams/ExamSetup/ExamTimeTableDetails?id=;
 * breadcrumb Exam > Exam Setup > Exam Details): Back (to the Exam Setup) and Save, the exam's facts
 * and one editable row (GET /sf/exam/getExamSetupSPJ/{id}), a link to its seating plan. Save checks
 * the row with ZExamTimetableItem and sends it through POST /salesforce/TimeTable; the server's
 * message shows as a toast and the row reloads. A failed save shows the server's message as an
 * error toast (and under the field it names) and keeps what was typed. The faculty's timetable mails
 * of this exam ("Notify faculty by mail") show under the toolbar (MailStatus: queued, sent, failed,
 * Resend failed), read again after a save.
 */
export function ExamTimetableDetailsScreen({ examId }: { examId: string }) {
  const api = useApi();
  const query = useQuery({ ...examSetupQueryOptions(api, examId), enabled: examId !== "" });
  const back = (
    <ButtonLink href={examLinks.setup()} variant="secondary">
      {m.exam_back()}
    </ButtonLink>
  );
  if (examId === "") {
    return (
      <div className={styles.screen}>
        <div role="alert" className={styles.errorBox}>
          <p className={styles.errorText}>{m.exam_details_no_id()}</p>
          {back}
        </div>
      </div>
    );
  }
  if (query.isPending) return <Loader variant="block" label={m.exam_loading()} />;
  if (query.isError) {
    return (
      <div className={styles.screen}>
        <div role="alert" className={styles.errorBox}>
          <p className={styles.errorText}>{m.exam_error({ message: errorText(query.error) })}</p>
          {back}
        </div>
      </div>
    );
  }
  // A reload after a save brings new data: the editor starts again from the stored values.
  return <DetailsEditor key={query.dataUpdatedAt} row={query.data.exam} back={back} />;
}

function DetailsEditor({ row, back }: { row: ExamTimetableRow; back: ReactNode }) {
  const api = useApi();
  const toast = useToast();
  const refresh = useExamRefresh();
  const columns = useMemo(detailColumns, []);
  const [draft, setDraft] = useState<TimetableDraft>(() => draftOf(row));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [sendEmail, setSendEmail] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...saveExamTimetableMutationOptions(api),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      if (answer.clashes.length > 0) toast.warning(...clashWarning(answer.clashes));
      await refresh();
      await queryClient.invalidateQueries({ queryKey: mailKeys.all });
    },
    onError: (error) => {
      const message = errorText(error);
      toast.error(message);
      const field = serverErrorField(error);
      if (field) {
        setErrors({ [field]: message });
        focusById(inputId(row.id, field));
      }
    },
  });
  const { mutate } = mutation;
  const save = useCallback(() => {
    const result = validateDraft(row.id, draft, sendEmail, row.version);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(row.id, result.errors);
      return;
    }
    mutate([result.item]);
  }, [row.id, row.version, draft, sendEmail, mutate]);
  const setField = useCallback((field: DraftField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }, []);
  const editor = useMemo<TimetableEditor>(
    () => ({
      editingId: row.id,
      draft,
      errors,
      sendEmail,
      saving: mutation.isPending,
      setField,
      setSendEmail,
      startEdit: () => undefined,
      done: save,
      // Escape restores the stored values.
      revert: () => {
        setDraft(draftOf(row));
        setErrors({});
      },
    }),
    [row, draft, errors, sendEmail, mutation.isPending, setField, save],
  );

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <p className={styles.muted}>
          {row.courseCode} · {row.section} · {row.examCycle}
        </p>
        <div className={styles.actions}>
          {back}
          <ButtonLink href={examLinks.seatingPlan(row.id)} variant="secondary">
            {m.exam_seating_plan_link()}
          </ButtonLink>
          <Button loading={mutation.isPending} onClick={save}>
            {m.exam_save()}
          </Button>
        </div>
      </div>
      <MailStatus source={`exam.timetable:${row.id}`} />
      <StatTileGroup>
        <StatTile label={m.exam_col_course_name()} value={row.course} hint={row.courseCode} />
        <StatTile label={m.exam_col_section()} value={row.section} />
        <StatTile label={m.exam_col_term()} value={row.term} />
        <StatTile label={m.exam_col_batch()} value={row.batch} />
        <StatTile label={m.exam_col_programme()} value={row.program} />
        <StatTile label={m.exam_col_component()} value={row.component} />
        <StatTile label={m.exam_col_exam_cycle()} value={row.examCycle} />
        <StatTile
          label={m.exam_col_seated_students()}
          value={m.exam_pair({ first: row.seated, second: row.students })}
        />
        <StatTile
          label={m.exam_card_invigilators()}
          value={m.exam_pair({ first: row.invigilatorsAssigned, second: row.invigilatorsNeeded })}
        />
        <StatTile label={m.exam_col_exam_mode()} value={examModeLabel(row.examMode)} />
      </StatTileGroup>
      <TimetableEditorProvider value={editor}>
        <DataTable
          caption={m.exam_details_table()}
          captionHidden
          columns={columns}
          data={[row]}
          getRowId={(r) => r.id}
          emptyText={m.exam_no_data()}
        />
        <NotifyCheckbox />
      </TimetableEditorProvider>
    </div>
  );
}

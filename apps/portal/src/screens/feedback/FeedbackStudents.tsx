import {
  type FeedbackStudents as FeedbackStudentsAnswer,
  feedbackKeys,
  feedbackStudentsQueryOptions,
  issueFeedbackLinksMutationOptions,
  mailKeys,
} from "@portal/api-client";
import { Button, DataTable, type DataTableColumn, StatusChip, useToast } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatInstant, formatNumber, pluralCount } from "../kit/format.ts";
import { MailStatus } from "../kit/MailStatus.tsx";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import * as styles from "../screen.css.ts";
import { FEEDBACK_TRANSLATIONS, feedbackLinks, feedbackStatusLabel } from "./labels.ts";

type StudentRow = FeedbackStudentsAnswer["students"][number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form named by the address (`?form=<id>`), or "" when there is none. */
export function feedbackFormOf(search: string): string {
  const form = new URLSearchParams(search).get("form") ?? "";
  return UUID.test(form) ? form : "";
}

/** The student list island (`/app/feedback/Student-list?form=<id>`). */
export default function FeedbackStudents({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <FeedbackStudentsScreen formId={feedbackFormOf(search)} />
    </IslandRoot>
  );
}

/** First query, run on the server: the form's students. */
export const feedbackStudentsFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const formId = feedbackFormOf(search);
  if (formId) await fetch(feedbackStudentsQueryOptions(api, formId));
};

/**
 * Student List (`/app/feedback/Student-list?form=<id>`, spec route studentList): the students
 * enrolled in the form's course offering by name, with number, e-mail, when their link was last
 * sent and Answered / Not answered (never what they said), a count of those who answered, and Send
 * links, which mails a new single-use link to each student who has not answered (an earlier link of
 * theirs stops working); the mails' delivery shows below (queued, sent, failed, Resend failed).
 */
export function FeedbackStudentsScreen({ formId }: { formId: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const students = useQuery({ ...feedbackStudentsQueryOptions(api, formId), enabled: Boolean(formId) });
  const issue = useMutation(issueFeedbackLinksMutationOptions(api));
  if (!formId) return <p className={styles.muted}>{m.feedback_choose_form()}</p>;
  if (students.isPending) return <p className={styles.muted}>{m.feedback_loading()}</p>;
  if (students.isError) return <QueryError error={students.error} onRetry={() => void students.refetch()} />;
  const { form } = students.data;
  const answered = students.data.students.filter((s) => s.answered).length;
  const status = feedbackStatusLabel(form.status);
  const columns: DataTableColumn<StudentRow>[] = [
    { id: "name", header: m.feedback_col_student(), cell: (s) => s.name, rowHeader: true },
    { id: "number", header: m.feedback_col_number(), cell: (s) => s.code ?? "—" },
    { id: "email", header: m.feedback_col_email(), cell: (s) => s.email },
    {
      id: "link",
      header: m.feedback_col_link(),
      cell: (s) => (s.linkIssuedAt ? formatInstant(s.linkIssuedAt) : m.feedback_no_link()),
    },
    {
      id: "answered",
      header: m.feedback_col_answered(),
      cell: (s) =>
        s.answered ? (
          <StatusChip tone="success">{m.feedback_answered()}</StatusChip>
        ) : (
          <StatusChip tone="warning">{m.feedback_not_answered()}</StatusChip>
        ),
    },
  ];
  const send = async () => {
    try {
      const { issued } = await issue.mutateAsync({ id: formId });
      toast.success(pluralCount(issued, m.feedback_links_sent_one, m.feedback_links_sent_other));
    } catch (error) {
      toast.error(readRefusal(error, FEEDBACK_TRANSLATIONS).message);
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
        queryClient.invalidateQueries({ queryKey: mailKeys.all }),
      ]);
    }
  };
  return (
    <div className={styles.screen}>
      <h2 className={styles.sectionTitle}>
        {m.feedback_form_heading({
          title: form.title,
          code: form.courseCode,
          name: form.courseName,
          section: form.section,
        })}
      </h2>
      <p className={styles.muted}>
        <StatusChip tone={status.tone}>{status.label}</StatusChip>{" "}
        {m.feedback_answered_summary({
          answered: formatNumber(answered),
          total: formatNumber(students.data.students.length),
        })}
      </p>
      <p className={styles.muted}>{m.feedback_anonymous_note()}</p>
      <div className={styles.actions}>
        <Button
          variant="primary"
          loading={issue.isPending}
          disabled={form.status === "closed" || answered === students.data.students.length}
          onClick={() => void send()}
        >
          {m.feedback_send_links()}
        </Button>
        <a className={styles.link} href={feedbackLinks.list(formId)}>
          {m.feedback_back_to_list()}
        </a>
      </div>
      <DataTable
        caption={m.feedback_students_title()}
        captionHidden
        columns={columns}
        data={students.data.students}
        getRowId={(s) => s.studentId}
        emptyText={m.feedback_no_record()}
      />
      <MailStatus source={`feedback.links:${formId}`} />
    </div>
  );
}

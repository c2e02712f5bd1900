import {
  type ExamTimetableRow,
  examKeys,
  examTimetableQueryOptions,
  setExamLockMutationOptions,
} from "@portal/api-client";
import { Checkbox, useToast, visuallyHidden } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { m } from "../../../lib/i18n.ts";
import { useApi } from "../../../shell/IslandRoot.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { errorText } from "../../kit/error-text.ts";
import * as screen from "../../screen.css.ts";

/** How an exam is named in the lock's label and toasts: course code, name, section and component. */
function examName(row: ExamTimetableRow): string {
  return `${row.courseCode} ${row.course} ${row.section} (${row.component})`;
}

/**
 * The exams of exam cycle `examCycleId` (GET /salesforce/TimeTable, every row, by date and start
 * time) with a lock each (PUT /sf/exam/exams/{id}/lock, sending the row's version): a locked exam
 * stays in its period when the timetable is improved. A refused change (e.g. 409 version_conflict)
 * is said in a toast; the list is read again after every change. Exam office.
 */
export function ExamLocks({ examCycleId }: { examCycleId: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const exams = useQuery({
    ...examTimetableQueryOptions(api, { examCycleId, course: "", pageNo: 1, count: 0 }),
    enabled: examCycleId !== "",
  });
  const lock = useMutation(setExamLockMutationOptions(api));

  const toggle = async (row: ExamTimetableRow, locked: boolean) => {
    try {
      await lock.mutateAsync({ id: row.id, locked, version: row.version });
      toast.success(
        locked ? m.ttjob_locked({ exam: examName(row) }) : m.ttjob_unlocked({ exam: examName(row) }),
      );
    } catch (error) {
      toast.error(errorText(error));
    }
    await queryClient.invalidateQueries({ queryKey: examKeys.all });
  };

  if (examCycleId === "") return null;
  const rows = exams.data?.timetable ?? [];
  const busy = lock.isPending ? lock.variables?.id : undefined;
  return (
    <section aria-labelledby="ttjob-locks-title">
      <h3 id="ttjob-locks-title" className={screen.sectionTitle}>
        {m.ttjob_locks_title()}
      </h3>
      <p className={screen.muted}>{m.ttjob_locks_intro()}</p>
      {exams.isError ? <p role="alert">{m.kit_error({ message: errorText(exams.error) })}</p> : null}
      {exams.isSuccess && rows.length === 0 ? <p className={screen.muted}>{m.ttjob_locks_none()}</p> : null}
      {rows.length > 0 ? (
        <table>
          <caption>{m.ttjob_locks_caption()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.ttjob_col_course()}</th>
              <th scope="col">{m.ttjob_col_section()}</th>
              <th scope="col">{m.ttjob_col_period()}</th>
              <th scope="col">{m.ttjob_col_locked()}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  {row.courseCode} {row.course} ({row.component})
                </td>
                <td>{row.section}</td>
                <td>
                  {displayDate(row.dateOfExam)} {row.startTimeOfExam}
                </td>
                <td>
                  <Checkbox
                    label={
                      <span className={visuallyHidden}>{m.ttjob_lock_label({ exam: examName(row) })}</span>
                    }
                    checked={row.locked}
                    disabled={busy === row.id}
                    onChange={(locked) => void toggle(row, locked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

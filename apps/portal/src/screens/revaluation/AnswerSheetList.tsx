import { requestStudentsQueryOptions } from "@portal/api-client";
import { ButtonLink, DataTable, type DataTableColumn } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { QueryError } from "../kit/QueryError.tsx";
import * as styles from "../screen.css.ts";
import { RequestHeader, type RevaluationRow } from "./RevaluationStudents.tsx";
import { idOf, revaluationLinks } from "./routes.ts";

/** The answer sheets island (/app/exams/requests/AnswerSheetView?id=<exam>). */
export default function AnswerSheetList({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <AnswerSheetListScreen examId={idOf(search)} />
    </IslandRoot>
  );
}

/** First query, run on the server: the exam's revaluation requests with their answer sheet flags. */
export const answerSheetListFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const examId = idOf(search);
  if (examId) await fetch(requestStudentsQueryOptions(api, examId, "Revaluation"));
};

function columns(): DataTableColumn<RevaluationRow>[] {
  return [
    { id: "name", header: m.reval_col_student_name(), cell: (r) => r.StudentName, rowHeader: true },
    { id: "set", header: m.reval_col_answer_type(), cell: (r) => r.AnswerSheetType },
    {
      id: "sheet",
      header: m.reval_answer_sheet(),
      cell: (r) => (r.answerSheetAvailable ? m.reval_submitted() : m.reval_answer_sheet_not_available()),
    },
    {
      id: "open",
      header: m.reval_col_action(),
      cell: (r) => (
        <a
          className={styles.link}
          href={revaluationLinks.questionPaper(r.id)}
          aria-label={m.reval_answer_sheet_of({ name: r.StudentName })}
        >
          {r.answerSheetAvailable ? m.reval_view() : m.reval_upload()}
        </a>
      ),
    },
  ];
}

/**
 * Answer sheets of an exam's revaluation requests (spec §2 requests/AnswerSheetView, breadcrumb
 * Exam > Answer Sheets): the header, each requesting student with the set they wrote and whether
 * their answer sheet is on file, View or Upload to the question paper and answer sheet screen.
 */
export function AnswerSheetListScreen({ examId }: { examId: string }) {
  const api = useApi();
  const query = useQuery({
    ...requestStudentsQueryOptions(api, examId, "Revaluation"),
    enabled: examId !== "",
  });
  const cols = useMemo(columns, []);
  const back = (
    <ButtonLink variant="secondary" href={revaluationLinks.requestsRevaluation()}>
      {m.ev_back()}
    </ButtonLink>
  );
  if (examId === "")
    return (
      <p role="alert" className={styles.errorBox}>
        {m.ev_no_exam()}
      </p>
    );
  if (query.isError && !query.data)
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const rows = (query.data?.StudentList ?? []).filter((s): s is RevaluationRow => "RevalutionStatus" in s);
  return (
    <div className={styles.screen}>
      <RequestHeader data={query.data} back={back} />
      <DataTable<RevaluationRow>
        caption={m.reval_answer_sheets_title()}
        captionHidden
        columns={cols}
        data={rows}
        getRowId={(r) => r.id}
        emptyText={m.ev_no_record()}
        loading={query.isPending}
        loadingLabel={m.ev_loading()}
      />
    </div>
  );
}

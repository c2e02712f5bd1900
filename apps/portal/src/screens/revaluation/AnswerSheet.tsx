import {
  requestAnswerQueryOptions,
  revaluationKeys,
  uploadAnswerSheetMutationOptions,
} from "@portal/api-client";
import { ANSWER_SHEET_MAX_BYTES, kilobytes } from "@portal/domain";
import { Button, ButtonLink } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { errorText } from "../kit/error-text.ts";
import { formatInstant, formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { isVersionConflict } from "../row-edit.ts";
import * as styles from "../screen.css.ts";
import { revaluationLinks } from "./routes.ts";

export type AnswerSheetProps = ScreenIslandProps & { requestId: string };

/** The question paper and answer sheet island (/app/exam/revaluation/requestStudentQuestionPaper/{id}). */
export default function AnswerSheet({ requestId, search: _search, ...root }: AnswerSheetProps) {
  return (
    <IslandRoot {...root}>
      <AnswerSheetScreen requestId={requestId} />
    </IslandRoot>
  );
}

/** First query, run on the server: RequestAnswer of the revaluation request. */
export function answerSheetFirstQuery(requestId: string): FirstQuery {
  return async ({ api, fetch }) => {
    if (requestId) await fetch(requestAnswerQueryOptions(api, requestId));
  };
}

/**
 * Why a chosen file cannot be uploaded, or null: PDF only, at most the domain's
 * ANSWER_SHEET_MAX_BYTES (700 KB) of the file itself, the limit the server counts on the decoded
 * upload. The server also reads the type from the content.
 */
export function answerSheetFileProblem(file: { name: string; size: number; type: string }): string | null {
  if (!file.name.toLowerCase().endsWith(".pdf") || (file.type !== "" && file.type !== "application/pdf")) {
    return m.reval_pdf_only();
  }
  if (file.size > ANSWER_SHEET_MAX_BYTES)
    return m.reval_pdf_too_large({ size: formatNumber(kilobytes(ANSWER_SHEET_MAX_BYTES)) });
  return null;
}

/** The file's bytes in base64. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * The question paper a revaluation's student asks for and their answer sheet (spec §2
 * requestStudentQuestionPaper, §7 RequestAnswer, §8 'Question paper is not available'): course,
 * term, program, batch and the set the student wrote; the paper's PDF link or 'Question paper is
 * not available'; the answer sheet's PDF link (file name, size, when) or 'Answer sheet is not
 * available', and an upload (PDF only, at most 700 KB) that adds or replaces it with its version
 * (409 when someone replaced it meanwhile: ConflictNotice with Reload). Back to the student list.
 */
export function AnswerSheetScreen({ requestId }: { requestId: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const query = useQuery({ ...requestAnswerQueryOptions(api, requestId), enabled: requestId !== "" });
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    ...uploadAnswerSheetMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.reval_answer_sheet_uploaded());
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: revaluationKeys.all });
    },
  });
  const data = query.data;
  const back = (
    <ButtonLink
      variant="secondary"
      href={
        data ? revaluationLinks.requestsRevaluationView(data.examId) : revaluationLinks.requestsRevaluation()
      }
    >
      {m.ev_back()}
    </ButtonLink>
  );
  if (query.isError && !data) {
    return (
      <div className={styles.screen}>
        <div className={styles.actions}>{back}</div>
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!data) return <p className={styles.muted}>{m.ev_loading()}</p>;
  const sheet = data.answerSheet;
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <p className={styles.muted}>
          {m.reval_answer_header({
            course: data.CourseName,
            term: data.Term,
            program: data.ProgrameName,
            batch: data.Batch,
          })}
        </p>
        <div className={styles.actions}>{back}</div>
      </div>
      <section aria-label={m.reval_question_paper()}>
        <h2 className={styles.sectionTitle}>{m.reval_question_paper_set({ set: data.AnswerSheetType })}</h2>
        {data.questionPaper.url ? (
          <a className={styles.link} href={data.questionPaper.url} target="_blank" rel="noreferrer">
            {m.reval_open_question_paper()}
          </a>
        ) : (
          <p className={styles.muted} data-testid="paper-missing">
            {m.reval_question_paper_not_available()}
          </p>
        )}
      </section>
      <section aria-label={m.reval_answer_sheet()}>
        <h2 className={styles.sectionTitle}>{m.reval_answer_sheet()}</h2>
        {sheet.available && sheet.url ? (
          <p>
            <a
              className={styles.link}
              href={sheet.url}
              target="_blank"
              rel="noreferrer"
              data-testid="answer-sheet-link"
            >
              {m.reval_open_answer_sheet({ name: sheet.fileName ?? "" })}
            </a>{" "}
            <span className={styles.muted}>
              {m.reval_answer_sheet_meta({
                size: formatNumber(Math.ceil((sheet.size ?? 0) / 1024)),
                at: sheet.uploadedAt ? formatInstant(sheet.uploadedAt) : "",
              })}
            </span>
          </p>
        ) : (
          <p className={styles.muted} data-testid="answer-sheet-missing">
            {m.reval_answer_sheet_not_available()}
          </p>
        )}
        <form
          className={styles.filters}
          onSubmit={async (event) => {
            event.preventDefault();
            if (!file) {
              setProblem(m.reval_choose_pdf());
              return;
            }
            const bad = answerSheetFileProblem(file);
            setProblem(bad);
            if (bad) return;
            upload.mutate({
              examId: data.examId,
              studentId: data.studentId,
              fileName: file.name,
              content: await base64Of(file),
              version: sheet.version ?? 0,
            });
          }}
        >
          <label htmlFor={inputId}>{sheet.available ? m.reval_replace_pdf() : m.reval_upload_pdf()}</label>
          <span id={`${inputId}-limit`} className={styles.muted}>
            {m.reval_pdf_limit({ size: formatNumber(kilobytes(ANSWER_SHEET_MAX_BYTES)) })}
          </span>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            aria-describedby={`${inputId}-limit`}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setProblem(chosen ? answerSheetFileProblem(chosen) : null);
            }}
          />
          <Button type="submit" loading={upload.isPending}>
            {m.reval_upload()}
          </Button>
        </form>
        {problem ? (
          <p role="alert" className={styles.errorBox}>
            {problem}
          </p>
        ) : null}
        {upload.isError ? (
          isVersionConflict(upload.error) ? (
            <ConflictNotice
              onReload={async () => {
                await query.refetch();
                upload.reset();
              }}
            />
          ) : (
            <p role="alert" className={styles.errorBox}>
              {errorText(upload.error)}
            </p>
          )
        ) : null}
      </section>
    </div>
  );
}

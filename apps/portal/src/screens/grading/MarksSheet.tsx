import {
  downloadMarksSheet,
  gradingKeys,
  type MarksUploadAnswer,
  uploadMarksMutationOptions,
} from "@portal/api-client";
import {
  MAX_SHEET_BYTES,
  MAX_SHEET_ROWS,
  type SheetFileProblem,
  sheetFileProblem,
  sheetFormatOf,
} from "@portal/domain";
import { Button, TextField } from "@portal/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useId, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { errorText } from "../kit/error-text.ts";
import { formatNumber, plural, pluralCount } from "../kit/format.ts";
import * as screenStyles from "../screen.css.ts";
import * as styles from "./results.css.ts";

/** The file's bytes in base64, as the upload call takes them (read as a data URL, whose tail is the base64). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.onload = () => {
      const url = String(reader.result ?? "");
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** The file's bytes (FileReader, which every browser and the test DOM have). */
function fileBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(file);
  });
}

/** Largest sheet in KB and most student rows, as the dialog states them (the domain's limits). */
const SHEET_LIMIT_KB = MAX_SHEET_BYTES / 1024;
const SHEET_STUDENT_ROWS = MAX_SHEET_ROWS - 1;

/** What the screen says when the browser refuses a file before sending it. */
function refusalText(problem: SheetFileProblem, fileName: string): string {
  if (problem === "size") return m.gres_upload_refused_size({ size: SHEET_LIMIT_KB });
  if (problem === "content") {
    return m.gres_upload_refused_content({ format: (sheetFormatOf(fileName) ?? "csv").toUpperCase() });
  }
  return m.gres_upload_refused_format();
}

/** Saves `blob` as `fileName` through a temporary link. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The marks sheet of a course offering (on /app/gradeStudents; openapi marksUpload, marksSheet):
 * Download CSV or XLSX (every enrolled student with their stored marks); Upload a CSV or XLSX:
 * first a preview (rows read, marks that would change, marks already so, and each bad row by line
 * and reason), then Apply, which writes every change in one transaction (refused while a row is
 * bad). Once the results are published the upload asks for the reason of the change. The limits
 * (700 KB, 5,000 rows of students) are stated before a file is chosen, and a file past the size, of
 * another extension, or whose content is not its format is refused here without being sent
 * (`sheetFileProblem` of the domain, the server checks the same and more).
 */
export function MarksSheet({
  courseOfferingId,
  published,
}: {
  courseOfferingId: string;
  published: boolean;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [reason, setReason] = useState("");
  const [preview, setPreview] = useState<MarksUploadAnswer | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<"csv" | "xlsx" | null>(null);
  const upload = useMutation({
    ...uploadMarksMutationOptions(api),
    onMutate: () => setFailure(null),
    onSuccess: async (answer) => {
      if (answer.applied) {
        toast.success(
          plural(answer.changes, m.gres_upload_applied_one, m.gres_upload_applied_other, {
            changes: formatNumber(answer.changes),
          }),
        );
        setPreview(null);
        setFile(null);
        await queryClient.invalidateQueries({ queryKey: gradingKeys.offering(courseOfferingId) });
      } else {
        setPreview(answer);
      }
    },
    onError: setFailure,
  });
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setPreview(null);
    setFailure(null);
    setRefusal(null);
    setFile(null);
    if (!chosen) return;
    // The size first, from the file's own length, so an oversized file is not even read.
    const problem =
      chosen.size > MAX_SHEET_BYTES ? "size" : sheetFileProblem(chosen.name, await fileBytes(chosen));
    if (problem) {
      setRefusal(refusalText(problem, chosen.name));
      return;
    }
    const content = await fileToBase64(chosen);
    setFile({ name: chosen.name, content });
    upload.mutate({ courseOfferingId, fileName: chosen.name, content, apply: false, reason });
  };
  const download = async (format: "csv" | "xlsx") => {
    setDownloading(format);
    setFailure(null);
    try {
      const blob = await downloadMarksSheet(api, courseOfferingId, format);
      saveBlob(blob, `marks-${courseOfferingId}.${format}`);
    } catch (error) {
      setFailure(error);
    } finally {
      setDownloading(null);
    }
  };
  const problems = preview?.problems ?? [];
  return (
    <section className={styles.section} aria-labelledby={`${inputId}-title`}>
      <h2 className={screenStyles.sectionTitle} id={`${inputId}-title`}>
        {m.gres_sheet_title()}
      </h2>
      <div className={screenStyles.toolbar}>
        <Button variant="secondary" loading={downloading === "csv"} onClick={() => void download("csv")}>
          {m.gres_download_csv()}
        </Button>
        <Button variant="secondary" loading={downloading === "xlsx"} onClick={() => void download("xlsx")}>
          {m.gres_download_xlsx()}
        </Button>
      </div>
      <label htmlFor={inputId}>{m.gres_upload_label()}</label>
      <p id={`${inputId}-limits`} className={screenStyles.muted}>
        {m.gres_upload_limits({ size: SHEET_LIMIT_KB, rows: SHEET_STUDENT_ROWS })}
      </p>
      <input
        id={inputId}
        className={styles.fileInput}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-describedby={`${inputId}-limits`}
        onChange={(event) => void onFile(event)}
      />
      {refusal ? (
        <p role="alert" className={screenStyles.errorText}>
          {refusal}
        </p>
      ) : null}
      {published ? (
        <TextField label={m.gres_reason()} value={reason} onChange={setReason} maxLength={500} />
      ) : null}
      {upload.isPending ? <p className={screenStyles.muted}>{m.gres_upload_checking()}</p> : null}
      {preview ? (
        <div className={styles.section} aria-live="polite">
          <p className={screenStyles.muted}>
            {m.gres_upload_preview({
              rows: preview.rows,
              changes: preview.changes,
              unchanged: preview.unchanged,
            })}
          </p>
          {problems.length > 0 ? (
            <>
              <p role="alert">
                {pluralCount(problems.length, m.gres_upload_bad_rows_one, m.gres_upload_bad_rows_other)}
              </p>
              <ul className={styles.problems} aria-label={m.gres_upload_problems()}>
                {problems.map((p) => (
                  <li key={`${p.line}-${p.reason}`}>
                    {m.gres_upload_problem({ line: p.line, reason: p.reason })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <div className={screenStyles.toolbar}>
            <Button
              disabled={problems.length > 0 || !file || preview.changes === 0}
              loading={upload.isPending}
              onClick={() => {
                if (file) {
                  upload.mutate({
                    courseOfferingId,
                    fileName: file.name,
                    content: file.content,
                    apply: true,
                    reason,
                  });
                }
              }}
            >
              {m.gres_upload_apply()}
            </Button>
          </div>
        </div>
      ) : null}
      {failure ? (
        <div role="alert" className={screenStyles.errorBox}>
          <p className={screenStyles.errorText}>{errorText(failure)}</p>
        </div>
      ) : null}
    </section>
  );
}

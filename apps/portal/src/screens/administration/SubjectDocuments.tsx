import {
  type CourseDocumentRow,
  deleteCourseDocumentMutationOptions,
  subjectDocumentKeys,
  type TermCourseDocuments,
  termCourseDocumentsQueryOptions,
  uploadCourseDocumentMutationOptions,
} from "@portal/api-client";
import { SUBJECT_DOCUMENT_MAX_BYTES, SUBJECT_DOCUMENT_MESSAGES } from "@portal/domain";
import { Button, DataTable, type DataTableColumn, TextField, useToast } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { EnrolmentFilters } from "../enrolment/EnrolmentFilters.tsx";
import { parseEnrolmentState, serializeEnrolmentState } from "../enrolment/state.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import * as styles from "../screen.css.ts";

/** The English messages of the subject document calls in the page's language. */
const TRANSLATIONS = {
  [SUBJECT_DOCUMENT_MESSAGES.tooLarge]: m.docs_err_too_large,
  [SUBJECT_DOCUMENT_MESSAGES.wrongType]: m.docs_err_wrong_type,
  [SUBJECT_DOCUMENT_MESSAGES.titleRequired]: m.events_err_title_required,
};

/** The subject documents island (`/app/subject-documents?institute=&programme=&plan=&term=`). */
export default function SubjectDocuments({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <SubjectDocumentsScreen search={search} />
    </IslandRoot>
  );
}

/** First query, run on the server: the chosen term's course documents (none before a term is chosen). */
export const subjectDocumentsFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseEnrolmentState(search);
  if (state.term) await fetch(termCourseDocumentsQueryOptions(api, state.term));
};

/** The file's bytes in base64, without the data: prefix (what POST /courseDocuments takes). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The upload row of one course offering: a title and a file (checked for size here, type by the server). */
function UploadForm({ offering }: { offering: TermCourseDocuments }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const upload = useMutation(uploadCourseDocumentMutationOptions(api));
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = `${offering.courseCode} ${offering.section}`;
  return (
    <form
      aria-label={m.docs_upload_for({ name })}
      noValidate
      className={styles.filters}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        if (!title.trim()) return setError(m.events_err_title_required());
        if (!file) return setError(m.docs_err_choose_file());
        if (file.size > SUBJECT_DOCUMENT_MAX_BYTES) return setError(m.docs_err_too_large());
        setError(null);
        try {
          await upload.mutateAsync({
            courseOfferingId: offering.courseOfferingId,
            title: title.trim(),
            fileName: file.name,
            content: await base64Of(file),
          });
          toast.success(m.docs_uploaded());
          setTitle("");
          setFile(null);
          form.reset();
        } catch (failure) {
          setError(readRefusal(failure, TRANSLATIONS).message);
        } finally {
          await queryClient.invalidateQueries({ queryKey: subjectDocumentKeys.all });
        }
      }}
    >
      <TextField className={styles.filterField} label={m.docs_title()} value={title} onChange={setTitle} />
      <label className={styles.filterField}>
        {m.docs_file()}
        <input
          type="file"
          name="file"
          accept=".pdf,.doc,.docx,.png,.jpg,.jpeg"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
      </label>
      <Button type="submit" variant="primary" loading={upload.isPending}>
        {m.docs_upload()}
      </Button>
      {error && (
        <p role="alert" className={styles.errorText}>
          {error}
        </p>
      )}
    </form>
  );
}

/** One course offering with its documents (download, delete) and its upload form. */
function OfferingDocuments({ offering }: { offering: TermCourseDocuments }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation(deleteCourseDocumentMutationOptions(api));
  const heading = `${offering.courseCode} ${offering.courseName} · ${m.docs_section({ section: offering.section })}`;
  const columns: DataTableColumn<CourseDocumentRow>[] = [
    { id: "title", header: m.docs_title(), cell: (d) => d.title, rowHeader: true },
    {
      id: "file",
      header: m.docs_file(),
      cell: (d) => (
        <a className={styles.link} href={d.url} download={d.fileName}>
          {d.fileName}
        </a>
      ),
    },
    { id: "size", header: m.docs_size(), cell: (d) => m.docs_kilobytes({ size: Math.ceil(d.size / 1024) }) },
    { id: "by", header: m.docs_uploaded_by(), cell: (d) => d.uploadedBy },
    {
      id: "actions",
      header: m.dept_actions(),
      cell: (d) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`${m.events_delete()}: ${d.title}`}
          onClick={async () => {
            if (!window.confirm(m.events_confirm_delete())) return;
            try {
              await remove.mutateAsync({ id: d.id, version: d.version });
              toast.success(m.events_deleted());
            } catch (error) {
              toast.error(readRefusal(error, TRANSLATIONS).message);
            } finally {
              await queryClient.invalidateQueries({ queryKey: subjectDocumentKeys.all });
            }
          }}
        >
          {m.events_delete()}
        </Button>
      ),
    },
  ];
  return (
    <section className={styles.screen} aria-label={heading}>
      <h2 className={styles.sectionTitle}>{heading}</h2>
      <DataTable
        caption={heading}
        captionHidden
        columns={columns}
        data={offering.documents}
        getRowId={(d) => d.id}
        emptyText={m.admin_no_record()}
      />
      <UploadForm offering={offering} />
    </section>
  );
}

/**
 * Subject Documents (`/app/subject-documents`, spec route table; screen subjectDocuments; §7
 * "course document by termId"): choose institute, programme, programme plan (intake) and term; each
 * course offering of the term with its documents, a download link each, Delete, and an upload of a
 * PDF, Word or image file of at most 700 KB. The choices live in the address.
 */
export function SubjectDocumentsScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseEnrolmentState, serializeEnrolmentState);
  const documents = useQuery(termCourseDocumentsQueryOptions(api, state.term));
  return (
    <div className={styles.screen}>
      <EnrolmentFilters state={state} navigate={navigate} termLabel={m.docs_term()} />
      {state.term === "" ? (
        <p className={styles.muted}>{m.docs_choose_term()}</p>
      ) : documents.isError ? (
        <QueryError error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.isPending ? (
        <p className={styles.muted}>{m.admin_loading()}</p>
      ) : documents.data.courseOfferings.length === 0 ? (
        <p className={styles.muted}>{m.admin_no_record()}</p>
      ) : (
        documents.data.courseOfferings.map((o) => <OfferingDocuments key={o.courseOfferingId} offering={o} />)
      )}
    </div>
  );
}

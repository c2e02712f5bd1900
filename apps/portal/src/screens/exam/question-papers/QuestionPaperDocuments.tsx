import {
  type ApiClient,
  ApiError,
  type QuestionPaperDetail,
  questionPaperQueryOptions,
  unwrap,
} from "@portal/api-client";
import { canApproveSet, type QuestionPaperSet, type SetStatus, setDisplayStatus } from "@portal/domain";
import { Button, Loader, StatusChip } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useId } from "react";
import { m } from "../../../lib/i18n.ts";
import { useApi } from "../../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../../ConflictNotice.tsx";
import { errorText, setStatusLabel } from "./labels.ts";
import * as styles from "./question-papers.css.ts";
import { useApproveSet } from "./use-paper-actions.ts";
import { useRemind } from "./use-remind.ts";

/**
 * The PDF viewer (react-pdf and pdf.js, about 640 KB) loads as its own chunk when a set has a
 * document, so the rest of the page shows without waiting for it.
 */
const PdfViewer = lazy(() => import("./PdfViewer.tsx").then((module) => ({ default: module.PdfViewer })));

/** Query key of a set's PDF bytes; outside the paper keys, so approving a set does not re-download it. */
const documentKey = (paperId: string, set: QuestionPaperSet, url: string | null) =>
  ["questionPaperDocuments", paperId, set, url ?? ""] as const;

/** GET /api/sf/exam/questionPaper/{id}/document/{set} as bytes; null when the set has no document (404). */
async function fetchSetDocument(api: ApiClient, paperId: string, set: QuestionPaperSet, signal: AbortSignal) {
  try {
    return unwrap(
      await api.GET("/sf/exam/questionPaper/{id}/document/{set}", {
        params: { path: { id: paperId, set } },
        parseAs: "arrayBuffer",
        signal,
      }),
    ) as ArrayBuffer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Sets 1 and 2 side by side (spec "Question paper view", §4, §7): each with its status (Approved or
 * Not Approved), its PDF ('Question paper is not available' when the set has no document or the
 * paper is unknown), Approve set n (hidden once the set is Approved) and Remind set n (always
 * offered; mails the faculty and shows 'Mail Sent Successfully').
 */
export function QuestionPaperDocumentsScreen({ paperId }: { paperId: string }) {
  const api = useApi();
  const query = useQuery(questionPaperQueryOptions(api, paperId));
  const paper = query.data?.questionpaper ?? null;
  const unknown = query.isError && query.error instanceof ApiError && query.error.status === 404;
  return (
    <section className={styles.documents} aria-label={m.qp_documents_label()}>
      {([1, 2] as const).map((set) => (
        <SetPanel
          key={set}
          paperId={paperId}
          set={set}
          paper={paper}
          loading={query.isPending}
          unknown={unknown}
        />
      ))}
    </section>
  );
}

function SetPanel({
  paperId,
  set,
  paper,
  loading,
  unknown,
}: {
  paperId: string;
  set: QuestionPaperSet;
  paper: QuestionPaperDetail | null;
  loading: boolean;
  unknown: boolean;
}) {
  const api = useApi();
  const titleId = useId();
  const { approveSet, pendingSet: approving, conflict, reload } = useApproveSet(paperId, paper?.version ?? 0);
  const { remind, pendingSet: reminding } = useRemind();
  const url = paper ? (set === 1 ? paper.setOneUrl : paper.setTwoUrl) : null;
  const status = paper ? ((set === 1 ? paper.setOneStatus : paper.setTwoStatus) as SetStatus) : null;
  const pdf = useQuery({
    queryKey: documentKey(paperId, set, url),
    queryFn: ({ signal }) => fetchSetDocument(api, paperId, set, signal),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const hasDocument = url !== null && pdf.data !== null;

  let body: ReactNode;
  if (loading || (url !== null && pdf.isPending)) {
    body = (
      <div className={styles.pdfFrame}>
        <Loader variant="block" label={m.qp_pdf_loading()} />
      </div>
    );
  } else if (unknown || url === null || pdf.data === null) {
    body = (
      <div className={styles.pdfFrame}>
        <p className={styles.pdfMessage}>{m.qp_not_available()}</p>
      </div>
    );
  } else if (pdf.isError || !pdf.data) {
    body = (
      <div className={styles.pdfFrame}>
        <p role="alert" className={styles.pdfMessage}>
          {m.qp_error({ message: errorText(pdf.error) })}
        </p>
      </div>
    );
  } else {
    body = (
      <Suspense
        fallback={
          <div className={styles.pdfFrame}>
            <Loader variant="block" label={m.qp_pdf_loading()} />
          </div>
        }
      >
        <PdfViewer data={pdf.data} label={m.qp_pdf_label({ set })} />
      </Suspense>
    );
  }

  return (
    <section className={styles.setPanel} aria-labelledby={titleId}>
      <div className={styles.setHeader}>
        <h2 id={titleId} className={styles.setTitle}>
          {m.qp_set_title({ set })}
        </h2>
        {status ? (
          <StatusChip tone={status === "Approved" ? "success" : "neutral"}>
            {setStatusLabel(setDisplayStatus(status))}
          </StatusChip>
        ) : null}
      </div>
      <div className={styles.actions}>
        {paper && status && canApproveSet(status, hasDocument) ? (
          <Button size="sm" loading={approving === set} onClick={() => approveSet(set)}>
            {m.qp_approve_set({ set })}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          disabled={!paper}
          loading={reminding === set}
          onClick={() => {
            if (paper) remind(paper, set);
          }}
        >
          {m.qp_remind_set({ set })}
        </Button>
      </div>
      {conflict ? <ConflictNotice onReload={reload} /> : null}
      {body}
    </section>
  );
}

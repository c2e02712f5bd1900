/**
 * The PDF viewer of the question paper view (react-pdf on pdf.js). This module touches `document`
 * when imported (pdf.js), so it is only used by an island rendered with `client:only="react"`, and
 * it is the only module that loads the pdf.js worker, so the worker is fetched on this page alone.
 */
import { Button, Loader } from "@portal/ui";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import "react-pdf/dist/Page/TextLayer.css";
import "react-pdf/dist/Page/AnnotationLayer.css";
import { m } from "../../../lib/i18n.ts";
import * as styles from "./question-papers.css.ts";

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** Widest rendering of a page, in CSS pixels; narrower containers get a narrower page. */
const MAX_PAGE_WIDTH = 900;

export type PdfViewerProps = {
  /** The PDF's bytes. The viewer copies them, so the caller's buffer stays usable. */
  data: ArrayBuffer;
  /** Accessible name of the document region, e.g. "Set 1 document". */
  label: string;
};

/**
 * Shows one page of a PDF at the width of its container, with Previous page / Next page buttons
 * and "Page n of N". The text layer is rendered, so the paper's text can be read by assistive
 * technology and selected. A document pdf.js cannot read shows a short error instead.
 */
export function PdfViewer({ data, label }: PdfViewerProps) {
  const file = useMemo(() => ({ data: new Uint8Array(data.slice(0)) }), [data]);
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const frameRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frameRef);

  return (
    <div className={styles.screen}>
      <section ref={frameRef} className={styles.pdfFrame} aria-label={label}>
        {/* Without Suspense: the bytes are memoised in this component, which must not suspend. */}
        <Document
          file={file}
          suspense={false}
          onLoadSuccess={(pdf) => {
            // A new document starts on its first page.
            setPageCount(pdf.numPages);
            setPage(1);
          }}
          loading={<Loader label={m.qp_pdf_loading()} variant="block" />}
          error={<p className={styles.pdfMessage}>{m.qp_pdf_error()}</p>}
          noData={<p className={styles.pdfMessage}>{m.qp_not_available()}</p>}
        >
          {pageCount > 0 ? (
            <Page
              pageNumber={page}
              width={width > 0 ? Math.min(width, MAX_PAGE_WIDTH) : undefined}
              loading={<Loader label={m.qp_pdf_loading()} variant="block" />}
              error={<p className={styles.pdfMessage}>{m.qp_pdf_error()}</p>}
            />
          ) : null}
        </Document>
      </section>
      {pageCount > 0 ? (
        <div className={styles.pdfPager}>
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            {m.qp_pdf_previous()}
          </Button>
          <span aria-live="polite">{m.qp_pdf_page({ page, count: pageCount })}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => setPage((p) => Math.min(pageCount, p + 1))}
          >
            {m.qp_pdf_next()}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The content width of an element, kept up to date with a ResizeObserver (0 before layout). */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

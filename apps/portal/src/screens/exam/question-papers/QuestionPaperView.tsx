import type { PublicConfig } from "@portal/api-client";
import type { Locale } from "@portal/domain";
import { IslandRoot } from "../../../shell/IslandRoot.tsx";
import { QuestionPaperDocumentsScreen } from "./QuestionPaperDocuments.tsx";
import { QuestionPaperSummaryScreen } from "./QuestionPaperSummary.tsx";
import * as styles from "./question-papers.css.ts";

export type QuestionPaperViewProps = {
  locale: Locale;
  paperId: string;
  /** The public configuration the server holds (`Astro.locals.config`); see IslandRoot. */
  config?: PublicConfig | null;
};

/**
 * The question paper view island (spec "Question paper view (route with {id})"): the summary tiles,
 * then sets 1 and 2 side by side. Render it with `client:only="react"` (pdf.js needs the browser).
 * The tiles show as soon as this light island runs; the PDF viewer and the pdf.js worker load as
 * separate chunks, on this page only. One island means one query cache and one toaster, so an
 * approval shows at once in the tiles and in the set panels.
 */
export default function QuestionPaperView({ locale, paperId, config }: QuestionPaperViewProps) {
  return (
    <IslandRoot locale={locale} config={config}>
      <div className={styles.screen}>
        <QuestionPaperSummaryScreen paperId={paperId} />
        <QuestionPaperDocumentsScreen paperId={paperId} />
      </div>
    </IslandRoot>
  );
}

import { questionPaperQueryOptions } from "@portal/api-client";
import {
  canOfferApproval,
  normalizeQuestionPaperStatus,
  type SetStatus,
  setDisplayStatus,
} from "@portal/domain";
import { Button, ButtonLink, Loader, StatTile, StatTileGroup, StatusChip } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../../lib/i18n.ts";
import { useApi } from "../../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../../ConflictNotice.tsx";
import { displayValue, errorText, setStatusLabel, statusLabel, statusTone } from "./labels.ts";
import * as styles from "./question-papers.css.ts";
import { paperLinks } from "./routes.ts";
import { offersPublish, paperApprovalBlock, useApprovePaper, usePublishPaper } from "./use-paper-actions.ts";

/**
 * Summary of one paper (spec "Question paper view"): tiles course name, term, faculty, paper-1
 * status and paper-2 status (a set shows Approved or Not Approved, spec §4); Back, a link to the
 * chat, Approve for the whole paper once both sets are Approved and the status offers approval, and
 * Publish once the paper is Approved (PATCH /sf/exam/update/QPPublish); a published paper says so.
 * An unknown id shows the server's message ("The course ID doesn't exist.").
 */
export function QuestionPaperSummaryScreen({ paperId }: { paperId: string }) {
  const api = useApi();
  const query = useQuery(questionPaperQueryOptions(api, paperId));
  const { approve, pendingId, conflict, reload } = useApprovePaper();
  const publication = usePublishPaper();

  if (query.isPending) {
    return (
      <div className={styles.screen}>
        <Loader variant="block" label={m.qp_loading()} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.screen}>
        <div className={styles.toolbarEnd}>
          <ButtonLink href={paperLinks.list}>{m.qp_back()}</ButtonLink>
        </div>
        <p role="alert" className={styles.errorBox}>
          {m.qp_error({ message: errorText(query.error) })}
        </p>
      </div>
    );
  }

  const paper = query.data.questionpaper;
  const status = normalizeQuestionPaperStatus(paper.status);
  const offerApproval = status !== null && canOfferApproval(status) && paperApprovalBlock(paper) === null;
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <div>
          <p className={styles.subtitle}>
            {displayValue(paper.component)} ·{" "}
            <StatusChip tone={statusTone(paper.status)}>{statusLabel(paper.status)}</StatusChip>
            {paper.publishedAt !== null ? (
              <>
                {" "}
                <StatusChip tone="success">{m.qp_published()}</StatusChip>
              </>
            ) : null}
          </p>
        </div>
        <div className={styles.actions}>
          <ButtonLink href={paperLinks.list} variant="secondary">
            {m.qp_back()}
          </ButtonLink>
          <ButtonLink
            href={paperLinks.chat(paper.id)}
            variant="secondary"
            aria-label={m.qp_chat_link_label({ course: displayValue(paper.courseName) })}
          >
            {m.qp_col_chat_history()}
          </ButtonLink>
          {offerApproval ? (
            <Button loading={pendingId === paper.id} onClick={() => approve(paper)}>
              {m.qp_approve_paper()}
            </Button>
          ) : null}
          {offersPublish(paper) ? (
            <Button
              loading={publication.pendingId === paper.id}
              aria-label={m.qp_publish_label({ course: displayValue(paper.courseName) })}
              onClick={() => publication.publish(paper)}
            >
              {m.qp_publish()}
            </Button>
          ) : null}
        </div>
      </div>
      {conflict ? <ConflictNotice onReload={reload} /> : null}
      {publication.conflict ? <ConflictNotice onReload={publication.reload} /> : null}
      <StatTileGroup>
        <StatTile label={m.qp_col_course_name()} value={displayValue(paper.courseName)} />
        <StatTile label={m.qp_field_term()} value={displayValue(paper.term)} />
        <StatTile label={m.qp_field_faculty()} value={displayValue(paper.faculty)} />
        <StatTile
          label={m.qp_tile_paper_status({ set: 1 })}
          value={setStatusLabel(setDisplayStatus(paper.setOneStatus as SetStatus))}
        />
        <StatTile
          label={m.qp_tile_paper_status({ set: 2 })}
          value={setStatusLabel(setDisplayStatus(paper.setTwoStatus as SetStatus))}
        />
      </StatTileGroup>
    </div>
  );
}

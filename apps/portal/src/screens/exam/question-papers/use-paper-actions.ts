import {
  publishQuestionPapersMutationOptions,
  type QuestionPaper,
  questionPaperKeys,
  updateQuestionPapersMutationOptions,
} from "@portal/api-client";
import {
  canPublishQuestionPaper,
  normalizeQuestionPaperStatus,
  type QuestionPaperSet,
  questionPaperApprovalBlock,
  type SetStatus,
} from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { useApi, useToast } from "../../../shell/IslandRoot.tsx";
import { isVersionConflict } from "../../version-conflict.ts";
import { errorText } from "./labels.ts";

/**
 * Returns `refresh()`, which marks every question-paper query stale so the screen refetches and
 * shows the saved state after a change (lists, the paper, its chat header).
 */
export function useQuestionPaperRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: questionPaperKeys.all }), [queryClient]);
}

/**
 * An approval refused because someone else changed the paper since it was read (409
 * version_conflict): `conflict` says so until `reload` (for ConflictNotice) has refetched the paper,
 * whose new version the next approval sends, or the next approval starts.
 */
type Conflict = { conflict: boolean; reload: () => Promise<void> };

/**
 * What every paper action does around its mutation: `fail` shows the server's message as an error
 * toast and marks a version conflict; `refresh` refetches the papers after a success; `clear` drops
 * the conflict when the next action starts.
 */
function useConflict(): Conflict & {
  fail: (error: unknown) => void;
  clear: () => void;
  refresh: () => Promise<void>;
} {
  const refresh = useQuestionPaperRefresh();
  const toast = useToast();
  const [conflict, setConflict] = useState(false);
  const reload = useCallback(async () => {
    await refresh();
    setConflict(false);
  }, [refresh]);
  const fail = useCallback(
    (error: unknown) => {
      toast.error(errorText(error));
      setConflict(isVersionConflict(error));
    },
    [toast],
  );
  const clear = useCallback(() => setConflict(false), []);
  return { conflict, reload, fail, clear, refresh };
}

/** The fields the whole-paper approval rule reads (spec §4, §5). */
export type ApprovablePaper = Pick<
  QuestionPaper,
  "id" | "status" | "setOneStatus" | "setTwoStatus" | "version"
>;

/**
 * Why a paper cannot be approved as a whole, translated, or null when it can: both sets must be
 * Approved and the status must offer approval (spec §5 'Question-paper is not apporved ').
 */
export function paperApprovalBlock(paper: ApprovablePaper): string | null {
  const status = normalizeQuestionPaperStatus(paper.status);
  if (status === null) return m.qp_not_approved();
  const block = questionPaperApprovalBlock({
    status,
    setOneStatus: paper.setOneStatus as SetStatus,
    setTwoStatus: paper.setTwoStatus as SetStatus,
  });
  return block === null ? null : m.qp_not_approved();
}

/**
 * Approving a whole paper (PATCH /api/sf/exam/update/question with `{ id, status: 'Approved',
 * sendEmail: true }`, which also mails the faculty). A blocked approval is refused before any call
 * with the spec's message as an error toast; the server's 409 is shown the same way.
 * `pendingId` is the id of the paper being approved, if any; `conflict` and `reload` as in Conflict.
 */
export function useApprovePaper(): {
  approve: (paper: ApprovablePaper) => void;
  pendingId: string | null;
} & Conflict {
  const api = useApi();
  const toast = useToast();
  const { conflict, reload, fail, clear, refresh } = useConflict();
  const mutation = useMutation({
    ...updateQuestionPapersMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.qp_paper_approved());
      await refresh();
    },
    onError: fail,
  });
  const approve = useCallback(
    (paper: ApprovablePaper) => {
      const block = paperApprovalBlock(paper);
      if (block !== null) {
        toast.error(block);
        return;
      }
      clear();
      mutation.mutate([{ id: paper.id, status: "Approved", sendEmail: true, version: paper.version }]);
    },
    [mutation, toast, clear],
  );
  const first = mutation.variables?.[0];
  const pendingId = mutation.isPending && first && "id" in first ? first.id : null;
  return { approve, pendingId, conflict, reload };
}

/**
 * Approving one set (PATCH /api/sf/exam/update/question with `{ questionPaperId,
 * questionPaperStatus: 'Approved', questionPaperSet }`, spec §7). `pendingSet` is the set being approved;
 * `conflict` and `reload` as in Conflict.
 */
export function useApproveSet(
  paperId: string,
  /** The version of the paper as shown (sent back; 409 when it changed since). */
  version: number,
): {
  approveSet: (set: QuestionPaperSet) => void;
  pendingSet: QuestionPaperSet | null;
} & Conflict {
  const api = useApi();
  const toast = useToast();
  const { conflict, reload, fail, clear, refresh } = useConflict();
  const mutation = useMutation({
    ...updateQuestionPapersMutationOptions(api),
    onSuccess: async (_answer, items) => {
      const item = items[0];
      if (item && "questionPaperSet" in item)
        toast.success(m.qp_set_approved({ set: item.questionPaperSet }));
      await refresh();
    },
    onError: fail,
  });
  const approveSet = useCallback(
    (set: QuestionPaperSet) => {
      clear();
      mutation.mutate([
        { questionPaperId: paperId, questionPaperStatus: "Approved", questionPaperSet: set, version },
      ]);
    },
    [mutation, paperId, version, clear],
  );
  const first = mutation.variables?.[0];
  const pendingSet =
    mutation.isPending && first && "questionPaperSet" in first
      ? (first.questionPaperSet as QuestionPaperSet)
      : null;
  return { approveSet, pendingSet, conflict, reload };
}

/** The fields the publication rule reads. */
export type PublishablePaper = Pick<QuestionPaper, "id" | "status" | "publishedAt" | "version">;

/** Publish is offered for an Approved paper not yet published (domain `canPublishQuestionPaper`). */
export function offersPublish(paper: PublishablePaper): boolean {
  const status = normalizeQuestionPaperStatus(paper.status);
  return status !== null && canPublishQuestionPaper({ status, published: paper.publishedAt !== null });
}

/**
 * Publishing a paper (PATCH /api/sf/exam/update/QPPublish with `[{ id, version }]`): a success
 * toast and a refetch; a refusal (409 not Approved or already published, 409 version_conflict)
 * shows the server's message as an error toast, the conflict also the reload notice.
 * `pendingId` is the id of the paper being published, if any.
 */
export function usePublishPaper(): {
  publish: (paper: PublishablePaper) => void;
  pendingId: string | null;
} & Conflict {
  const api = useApi();
  const toast = useToast();
  const { conflict, reload, fail, clear, refresh } = useConflict();
  const mutation = useMutation({
    ...publishQuestionPapersMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.qp_paper_published());
      await refresh();
    },
    onError: fail,
  });
  const publish = useCallback(
    (paper: PublishablePaper) => {
      clear();
      mutation.mutate([{ id: paper.id, version: paper.version }]);
    },
    [mutation, clear],
  );
  const pendingId = mutation.isPending ? (mutation.variables?.[0]?.id ?? null) : null;
  return { publish, pendingId, conflict, reload };
}

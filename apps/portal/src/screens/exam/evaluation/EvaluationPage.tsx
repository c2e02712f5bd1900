import {
  type EvaluationExam,
  type EvaluatorAnswerItem,
  type EvaluatorAssignment,
  evaluationKeys,
  evaluatorListQueryOptions,
  mailKeys,
  recordEvaluatorAnswersMutationOptions,
} from "@portal/api-client";
import { evaluatorStatusLabel, REASON_MAX_LENGTH, showsReasonMarker } from "@portal/domain";
import {
  Button,
  ButtonLink,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  Dialog,
  Loader,
  StatTile,
  StatTileGroup,
  StatusChip,
  TextArea,
} from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../../ConflictNotice.tsx";
import { errorText } from "../../kit/error-text.ts";
import { formatNumber } from "../../kit/format.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { isVersionConflict } from "../../row-edit.ts";
import { studentStatusLink } from "../eligibility/routes.ts";
import { AddEvaluatorDialog } from "./AddEvaluatorDialog.tsx";
import { EvaluationDeadlineForm } from "./EvaluationDeadlineForm.tsx";
import { ExamToolbar } from "./ExamToolbar.tsx";
import * as styles from "./evaluation.css.ts";
import {
  deadlineText,
  evaluatorStatusText,
  evaluatorStatusTone,
  orNa,
  paperText,
  roomText,
} from "./labels.ts";
import { ReasonMarker } from "./ReasonMarker.tsx";
import { evaluationLinks } from "./routes.ts";

export type EvaluationPageProps = Omit<ScreenIslandProps, "search"> & {
  /** The exam's id (the route's {id}). */
  examId: string;
  /** The request's query string; the page reads nothing from it. */
  search?: string;
};

/** The Evaluation page island (/app/exams/evaluation/{id}), inside its IslandRoot. */
export default function EvaluationPage({ examId, search: _search, ...root }: EvaluationPageProps) {
  return (
    <IslandRoot {...root}>
      <EvaluationPageScreen examId={examId} />
    </IslandRoot>
  );
}

/** The Evaluation page's first query: the exam with its evaluators. Nothing for an empty id. */
export function evaluationPageFirstQuery(examId: string): FirstQuery {
  return async ({ api, fetch }) => {
    if (examId !== "") await fetch(evaluatorListQueryOptions(api, examId));
  };
}

/** What a row action asks for: the Reject dialog (reason) or the withdraw confirmation. */
type Pending = { kind: "reject" | "withdraw"; row: EvaluatorAssignment } | null;

/**
 * The Evaluation page (spec §2 "Evaluation page", §3, §4, §5): Back (to the evaluation list), the
 * exam, summary cards (evaluators, requested, accepted, rejected, answer sheets, sheets per
 * evaluator, evaluation deadline), the deadline's date field (set or clear it, spec §3 Exam info
 * "Deadline"), the evaluator table (name, role, email, room, paper, answer sheets, status chip;
 * Rejected shows a reason marker) with row actions Accept, Reject (a dialog asks the reason,
 * required) and Withdraw (confirmed), and Add Evaluator. Every change goes through the API, shows a
 * toast and reloads the page's data; a failed change shows the server's message as an error toast.
 * A change refused because someone else changed the assignment since it was read (409
 * version_conflict) also shows the record-changed message with Reload (in the Reject dialog, which
 * keeps the typed reason, else above the table); Reload refetches the page's data, so trying again
 * sends the fresh version.
 */
export function EvaluationPageScreen({ examId }: { examId: string }) {
  const api = useApi();
  const query = useQuery(evaluatorListQueryOptions(api, examId));
  const back = (
    <ButtonLink href={evaluationLinks.list()} variant="secondary">
      {m.ev_back()}
    </ButtonLink>
  );
  if (query.isPending) return <Loader variant="block" label={m.ev_loading()} />;
  if (query.isError) {
    return (
      <div className={styles.screen}>
        <div className={styles.actions}>{back}</div>
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const { exam, summary, data } = query.data;
  return (
    <div className={styles.screen}>
      <ExamToolbar exam={exam}>{back}</ExamToolbar>
      <StatTileGroup>
        <StatTile label={m.ev_card_evaluators()} value={formatNumber(summary.evaluators)} />
        <StatTile label={m.ev_card_requested()} value={formatNumber(summary.requested)} />
        <StatTile label={m.ev_card_accepted()} value={formatNumber(summary.accepted)} />
        <StatTile label={m.ev_card_rejected()} value={formatNumber(summary.rejected)} />
        <StatTile label={m.ev_card_answer_sheets()} value={formatNumber(summary.answerSheets)} />
        <StatTile
          label={m.ev_card_sheets_per_evaluator()}
          value={summary.sheetsPerEvaluator === null ? m.ev_na() : formatNumber(summary.sheetsPerEvaluator)}
        />
        <StatTile label={m.ev_evaluation_deadline()} value={deadlineText(exam.deadline)} />
      </StatTileGroup>
      <EvaluationDeadlineForm exam={exam} />
      <EvaluatorTable exam={exam} rows={data} refreshing={query.isFetching} />
    </div>
  );
}

function EvaluatorTable({
  exam,
  rows,
  refreshing,
}: {
  exam: EvaluationExam;
  rows: EvaluatorAssignment[];
  refreshing: boolean;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  // The assignment whose change was refused as a version conflict, until Reload or another try.
  const [conflictId, setConflictId] = useState<string | null>(null);
  const answers = useMutation({
    ...recordEvaluatorAnswersMutationOptions(api),
    onMutate: (items) => setBusyId(items[0]?.id ?? null),
    onSettled: () => setBusyId(null),
  });
  const { mutate } = answers;
  const record = useCallback(
    (item: EvaluatorAnswerItem, done: string) => {
      setConflictId(null);
      mutate([item], {
        onSuccess: async () => {
          toast.success(done);
          setPending(null);
          await queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
          await queryClient.invalidateQueries({ queryKey: mailKeys.all });
        },
        onError: (error) => {
          toast.error(errorText(error));
          if (isVersionConflict(error)) {
            setConflictId(item.id);
            // The Reject dialog stays open with its reason; a withdrawal's confirmation closes.
            setPending((open) => (open?.kind === "reject" ? open : null));
          }
        },
      });
    },
    [mutate, toast, queryClient],
  );
  // Reload after a conflict: the fresh rows carry the new versions (the Reject dialog reads its row
  // from them below), so trying again saves over the fresh assignment.
  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
    setConflictId(null);
  }, [queryClient]);
  const rejecting =
    pending?.kind === "reject" ? (rows.find((r) => r.id === pending.row.id) ?? pending.row) : null;

  const columns = useMemo<DataTableColumn<EvaluatorAssignment>[]>(
    () => [
      { id: "name", header: m.ev_col_name(), cell: (r) => r.name, rowHeader: true },
      { id: "role", header: m.ev_col_role(), cell: (r) => orNa(r.role) },
      { id: "email", header: m.ev_col_email(), cell: (r) => r.email },
      { id: "room", header: m.ev_col_room(), cell: (r) => roomText(r.room) },
      { id: "paper", header: m.ev_col_paper(), cell: (r) => paperText(r.Assigned_Paper__c) },
      {
        id: "sheets",
        header: m.ev_card_answer_sheets(),
        cell: (r) => formatNumber(r.answerSheets),
        align: "end",
      },
      {
        id: "status",
        header: m.ev_col_status(),
        cell: (r) => (
          <span className={styles.statusCell}>
            <StatusChip tone={evaluatorStatusTone(r.status)}>{evaluatorStatusText(r.status)}</StatusChip>
            {showsReasonMarker(evaluatorStatusLabel(r.status)) ? <ReasonMarker reason={r.reason} /> : null}
          </span>
        ),
      },
      {
        id: "actions",
        header: m.ev_col_actions(),
        cell: (r) => {
          const status = evaluatorStatusLabel(r.status);
          const busy = busyId === r.id;
          return (
            <span className={styles.actions}>
              {status !== "Accepted" ? (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={busy && pending === null}
                  disabled={busyId !== null}
                  aria-label={m.ev_accept_label({ name: r.name })}
                  onClick={() =>
                    record(
                      { id: r.id, status: "Accepted", version: r.version },
                      m.ev_accepted_toast({ name: r.name }),
                    )
                  }
                >
                  {m.ev_accept()}
                </Button>
              ) : null}
              {status !== "Rejected" ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busyId !== null}
                  aria-label={m.ev_reject_label({ name: r.name })}
                  onClick={() => setPending({ kind: "reject", row: r })}
                >
                  {m.ev_reject()}
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                disabled={busyId !== null}
                aria-label={m.ev_withdraw_label({ name: r.name })}
                onClick={() => setPending({ kind: "withdraw", row: r })}
              >
                {m.ev_withdraw()}
              </Button>
            </span>
          );
        },
      },
    ],
    [busyId, pending, record],
  );

  return (
    <>
      <div className={styles.toolbar}>
        <nav aria-label={m.ev_more_views()} className={styles.actions}>
          <a className={styles.link} href={evaluationLinks.assignment(exam.id)}>
            {m.ev_assign_by_room()}
          </a>
          <a className={styles.link} href={studentStatusLink(exam.id)}>
            {m.ev_student_status_link()}
          </a>
        </nav>
        <Button onClick={() => setAdding(true)}>{m.ev_add_evaluator()}</Button>
      </div>
      {conflictId !== null && rejecting === null ? <ConflictNotice onReload={reload} /> : null}
      <DataTable
        caption={m.ev_table_caption()}
        captionHidden
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        emptyText={m.ev_no_record()}
        loading={refreshing && rows.length === 0}
        loadingLabel={m.ev_loading()}
        maxHeight="900px"
      />
      <AddEvaluatorDialog open={adding} onOpenChange={setAdding} exam={exam} />
      <RejectDialog
        row={rejecting}
        saving={answers.isPending}
        conflict={rejecting !== null && conflictId === rejecting.id}
        onReload={reload}
        onCancel={() => {
          setPending(null);
          setConflictId(null);
        }}
        onReject={(row, reason) =>
          record(
            { id: row.id, status: "Rejected", reason, version: row.version },
            m.ev_rejected_toast({ name: row.name }),
          )
        }
      />
      <ConfirmDialog
        open={pending?.kind === "withdraw"}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={m.ev_withdraw_title()}
        message={m.ev_withdraw_question({ name: pending?.row.name ?? "" })}
        confirmLabel={m.ev_yes()}
        cancelLabel={m.ev_cancel()}
        closeLabel={m.ev_close()}
        loading={answers.isPending}
        onConfirm={() => {
          if (pending)
            record(
              { id: pending.row.id, remove: true, version: pending.row.version },
              m.ev_withdrawn_toast({ name: pending.row.name }),
            );
        }}
      />
    </>
  );
}

/** Asks the reason of a rejection (required, at most 500 characters) before recording it. */
function RejectDialog({
  row,
  saving,
  conflict,
  onReload,
  onCancel,
  onReject,
}: {
  row: EvaluatorAssignment | null;
  saving: boolean;
  conflict: boolean;
  onReload: () => Promise<unknown>;
  onCancel: () => void;
  onReject: (row: EvaluatorAssignment, reason: string) => void;
}) {
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
      title={m.ev_reject_title()}
      description={row ? m.ev_reject_description({ name: row.name }) : undefined}
      closeLabel={m.ev_close()}
      closeOnInteractOutside={false}
      size="sm"
    >
      {/* Mounted only while open, so every rejection starts with an empty reason. */}
      {row ? (
        <RejectForm
          row={row}
          saving={saving}
          conflict={conflict}
          onReload={onReload}
          onCancel={onCancel}
          onReject={onReject}
        />
      ) : null}
    </Dialog>
  );
}

function RejectForm({
  row,
  saving,
  conflict,
  onReload,
  onCancel,
  onReject,
}: {
  row: EvaluatorAssignment;
  saving: boolean;
  conflict: boolean;
  onReload: () => Promise<unknown>;
  onCancel: () => void;
  onReject: (row: EvaluatorAssignment, reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className={styles.dialogFields}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === "") {
          setError(m.ev_reason_required());
          return;
        }
        onReject(row, reason.trim());
      }}
    >
      <TextArea
        label={m.ev_field_reason()}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
        maxLength={REASON_MAX_LENGTH}
        required
        error={error}
      />
      {conflict ? <ConflictNotice onReload={onReload} /> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {m.ev_cancel()}
        </Button>
        <Button type="submit" variant="danger" loading={saving}>
          {m.ev_reject()}
        </Button>
      </div>
    </form>
  );
}

import {
  type EvaluationExam,
  type EvaluatorListAnswer,
  evaluationKeys,
  updateEvaluationDeadlineMutationOptions,
} from "@portal/api-client";
import { Button, TextField } from "@portal/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { useApi, useToast } from "../../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../../ConflictNotice.tsx";
import { errorText } from "../../kit/error-text.ts";
import { isVersionConflict } from "../../row-edit.ts";
import * as styles from "./evaluation.css.ts";
import { errorField } from "./labels.ts";

/**
 * Sets or clears an exam's evaluation deadline (spec §3 Exam info "Deadline"; PATCH
 * /sf/exam/update/evaluationDeadline): a date field with Save, and Clear deadline while one is set
 * (an emptied field saved clears it too). The server's message is the toast; a refusal (e.g. a date
 * before the exam, 'The evaluation deadline (…) cannot be before the exam date (…)') is an error toast
 * and, when it is about the date, shown under the field, which keeps the date typed. A new stored
 * deadline (a save, a reload) resets the field unless it holds a date not saved yet. After a version
 * conflict (someone else changed the exam since it was read) the record-changed message and Reload show under the form, Reload
 * refetches the exam (its new version) keeping the typed date, and Save sends it over the fresh exam.
 */
export function EvaluationDeadlineForm({ exam }: { exam: EvaluationExam }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const stored = exam.deadline ?? "";
  const [value, setValue] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  // The stored deadline the field was last reset to: a new one (a save, a reload) resets the field
  // unless it holds a date not saved yet (e.g. refused as a conflict), which is kept for Save.
  const [base, setBase] = useState(stored);
  if (base !== stored) {
    setBase(stored);
    if (value === base) setValue(stored);
  }
  const save = useMutation(updateEvaluationDeadlineMutationOptions(api));

  const submit = (deadline: string | null) => {
    setConflict(false);
    save.mutate(
      { examId: exam.id, deadline, version: exam.version },
      {
        onSuccess: async (answer) => {
          toast.success(answer.message);
          queryClient.setQueryData<EvaluatorListAnswer>(evaluationKeys.evaluators(exam.id), (page) =>
            page ? { ...page, exam: answer.exam } : page,
          );
          await queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
        },
        onError: (failure) => {
          toast.error(errorText(failure));
          setError(errorField(failure) === "deadline" ? errorText(failure) : null);
          setConflict(isVersionConflict(failure));
        },
      },
    );
  };
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
    setConflict(false);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(value === "" ? null : value);
  };

  return (
    <>
      <form aria-label={m.ev_deadline_form()} className={styles.filters} noValidate onSubmit={onSubmit}>
        <TextField
          className={styles.filterField}
          label={m.ev_evaluation_deadline()}
          type="date"
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending} disabled={value === stored}>
            {m.ev_save()}
          </Button>
          {stored !== "" ? (
            <Button variant="ghost" disabled={save.isPending} onClick={() => submit(null)}>
              {m.ev_deadline_clear()}
            </Button>
          ) : null}
        </div>
      </form>
      {conflict ? <ConflictNotice onReload={reload} /> : null}
      <p className={styles.muted}>{m.ev_deadline_helper()}</p>
    </>
  );
}

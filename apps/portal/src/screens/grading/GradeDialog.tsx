import {
  gradingKeys,
  type StudentGradeSaveItem,
  type StudentScoreRow,
  saveStudentGradesMutationOptions,
} from "@portal/api-client";
import {
  finalGradeProblem,
  GRADE_LETTERS,
  GRADING_MESSAGES,
  type GradeLetter,
  ZStudentGradeSave,
} from "@portal/domain";
import { Button, Dialog } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import * as screenStyles from "../screen.css.ts";
import { FailureNotice } from "./failure-notice.tsx";
import { gradingTranslations } from "./grading-translations.ts";
import * as styles from "./results.css.ts";

/**
 * The grade form's schema: the domain's ZStudentGradeSave, the final grade the calculated one or
 * lower with a penalty (finalGradeProblem), and a reason once the grade is published (locked), the
 * same rules the server checks.
 */
export function gradeFormSchema(calculated: GradeLetter, locked: boolean) {
  // The reason is always typed (maybe empty), so the form's schema takes it without a default.
  return ZStudentGradeSave.extend({ reason: ZStudentGradeSave.shape.reason.unwrap() }).superRefine(
    (value, ctx) => {
      const problem = finalGradeProblem(calculated, value.finalGrade, value.penalty);
      if (problem) {
        ctx.addIssue({
          code: "custom",
          message: problem,
          path: [problem === GRADING_MESSAGES.penaltyRequired ? "penalty" : "finalGrade"],
        });
      }
      if (locked && value.reason.trim() === "") {
        ctx.addIssue({ code: "custom", message: GRADING_MESSAGES.reasonRequired, path: ["reason"] });
      }
    },
  );
}

type GradeForm = { finalGrade: GradeLetter; penalty: string; reason: string };

/**
 * Edit one student's grade (spec §4 grade row edit/done/revert, §7 student grade save: id,
 * CalculatedGrade, penality, finalGrade): final grade and penalty; a published (locked) grade asks
 * for the reason of the change, which the audit keeps with the grades before and after. Saves with
 * the row's current version; a stale one shows ConflictNotice, whose Reload keeps what was typed.
 * A refused save shows 'Failed to add. Please try again.' with the server's reason (spec §8).
 *
 * With `onDone` the dialog saves nothing: Done hands the checked item (same rules) to the caller,
 * which keeps it until its own Save (the grading page's header Save); `staged` is that caller's
 * earlier item for the row, shown instead of the stored grade.
 */
export function GradeDialog({
  courseOfferingId,
  row,
  onClose,
  onReload,
  onDone,
  staged,
}: {
  courseOfferingId: string;
  row: StudentScoreRow & { id: string };
  onClose: () => void;
  onReload: () => Promise<unknown>;
  onDone?: (item: StudentGradeSaveItem) => void;
  staged?: StudentGradeSaveItem;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  // The version as last loaded, read at submit time: after a Reload it is the fresh one.
  const version = useRef(row.version);
  version.current = row.version;
  const calculated = row.CalculatedGrade as GradeLetter;
  const schema = gradeFormSchema(calculated, row.locked);
  const translations = gradingTranslations();
  const save = useMutation({
    ...saveStudentGradesMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.gres_grade_saved({ name: row.studentName }));
      await queryClient.invalidateQueries({ queryKey: gradingKeys.offering(courseOfferingId) });
      onClose();
    },
    onError: setFailure,
  });
  const form = useForm({
    defaultValues: {
      finalGrade: (staged?.finalGrade ?? row.finalGrade) as GradeLetter,
      penalty: staged?.penality ?? row.penality,
      reason: staged?.reason ?? "",
    } as GradeForm,
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: ({ value }) => {
      const parsed = schema.parse(value);
      setFailure(null);
      const item: StudentGradeSaveItem = {
        id: row.id,
        CalculatedGrade: row.CalculatedGrade,
        penality: parsed.penalty,
        finalGrade: parsed.finalGrade,
        // The version of the row as last loaded: after a Reload this is the fresh one.
        version: version.current,
        reason: parsed.reason,
      };
      if (onDone) {
        onDone(item);
        onClose();
      } else {
        save.mutate([item]);
      }
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={m.gres_edit_grade_title({ name: row.studentName })}
      description={m.gres_edit_grade_description({ calculated: row.CalculatedGrade })}
      closeLabel={m.gres_close()}
      closeOnInteractOutside={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {m.gres_cancel()}
          </Button>
          <Button type="submit" form="grade-form" loading={save.isPending}>
            {onDone ? m.gres_done() : m.gres_save()}
          </Button>
        </>
      }
    >
      <form
        id="grade-form"
        noValidate
        className={styles.section}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        {row.locked ? <p className={screenStyles.muted}>{m.gres_locked_hint()}</p> : null}
        <form.Field name="finalGrade">
          {(field) => (
            <BoundSelect
              field={field}
              label={m.gres_col_final()}
              options={GRADE_LETTERS.map((letter) => ({ value: letter, label: letter }))}
              translations={translations}
            />
          )}
        </form.Field>
        <form.Field name="penalty">
          {(field) => (
            <BoundTextField
              field={field}
              label={m.gres_col_penalty()}
              maxLength={500}
              translations={translations}
            />
          )}
        </form.Field>
        {row.locked ? (
          <form.Field name="reason">
            {(field) => (
              <BoundTextField
                field={field}
                label={m.gres_reason()}
                maxLength={500}
                required
                translations={translations}
              />
            )}
          </form.Field>
        ) : null}
        <FailureNotice
          failure={failure}
          heading={m.gres_failed_to_add()}
          onReload={onReload}
          onCleared={() => setFailure(null)}
        />
      </form>
    </Dialog>
  );
}

import { gradingKeys, updateMarksMutationOptions } from "@portal/api-client";
import { GRADING_MESSAGES, ZMark } from "@portal/domain";
import { RowEditActions } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { BoundTextField } from "../form-field.tsx";
import { formatNumber } from "../kit/format.ts";
import { FailureNotice } from "./failure-notice.tsx";
import { gradingTranslations } from "./grading-translations.ts";
import * as styles from "./results.css.ts";
import type { MarkRow } from "./StudentGradingDetails.tsx";

/**
 * The form schema of one mark: the typed text read as a number and checked by the domain's ZMark
 * (never below 0, never above the sub-component's total marks), and a reason once the course
 * offering's results are published; the server checks the same.
 */
export function markFormSchema(totalMarks: number, published: boolean) {
  return z.object({ marksObtained: z.string(), reason: z.string() }).superRefine((value, ctx) => {
    const text = value.marksObtained.trim();
    const parsed = ZMark.safeParse({ marksObtained: text === "" ? Number.NaN : Number(text), totalMarks });
    if (!parsed.success) {
      ctx.addIssue({
        code: "custom",
        path: ["marksObtained"],
        message: parsed.error.issues[0]?.message ?? GRADING_MESSAGES.markBelowZero,
      });
    }
    if (published && value.reason.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["reason"], message: GRADING_MESSAGES.reasonRequired });
    }
  });
}

/**
 * The inline editor of one sub-component mark (spec §4 edit, done, revert): Done saves it at once,
 * a stale version shows ConflictNotice with Reload, Revert closes it. Loaded when a mark's Edit is
 * first pressed, with the form library and the schema.
 */
export function MarkForm({
  courseOfferingId,
  row,
  published,
  onDone,
  onReload,
}: {
  courseOfferingId: string;
  row: MarkRow;
  published: boolean;
  onDone: () => void;
  onReload: () => Promise<unknown>;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  // The version as last loaded, read at submit time: after a Reload it is the fresh one.
  const latest = useRef(row);
  latest.current = row;
  const schema = markFormSchema(row.TotalMarks, published);
  const translations = gradingTranslations();
  const save = useMutation({
    ...updateMarksMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.gres_marks_saved());
      await queryClient.invalidateQueries({ queryKey: gradingKeys.offering(courseOfferingId) });
      onDone();
    },
    onError: setFailure,
  });
  const form = useForm({
    defaultValues: {
      marksObtained: row.MarksObtined === null ? "" : String(row.MarksObtined),
      reason: "",
    },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: ({ value }) => {
      setFailure(null);
      save.mutate([
        {
          id: latest.current.id,
          studentId: row.studentId,
          subComponentId: row.subComponentId,
          MarksObtined: Number(value.marksObtained.trim()),
          TotalMarks: row.TotalMarks,
          version: latest.current.version,
          reason: value.reason.trim(),
        },
      ]);
    },
  });
  const submit = () => void form.handleSubmit();
  return (
    <form
      noValidate
      className={styles.section}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <form.Field name="marksObtained">
        {(field) => (
          <BoundTextField
            field={field}
            label={m.gres_mark_label({ name: row.SubComponentName, total: formatNumber(row.TotalMarks) })}
            inputMode="decimal"
            autoFocus
            translations={translations}
          />
        )}
      </form.Field>
      {published ? (
        <form.Field name="reason">
          {(field) => (
            <BoundTextField
              field={field}
              label={m.gres_reason()}
              maxLength={500}
              translations={translations}
            />
          )}
        </form.Field>
      ) : null}
      <RowEditActions
        editing
        saving={save.isPending}
        labels={{
          edit: m.gres_col_edit(),
          done: m.gres_done(),
          revert: m.gres_revert(),
          doneName: m.gres_done_mark_of({ name: row.SubComponentName }),
          revertName: m.gres_revert_mark_of({ name: row.SubComponentName }),
        }}
        onEdit={() => undefined}
        onDone={submit}
        onRevert={onDone}
      />
      <FailureNotice failure={failure} onReload={onReload} onCleared={() => setFailure(null)} />
    </form>
  );
}

import {
  gradingKeys,
  type PromotionCriterion,
  savePromotionCriterionMutationOptions,
} from "@portal/api-client";
import {
  CRITERIA_RECORD_TYPES,
  CRITERIA_TYPES,
  PROMOTION_MESSAGES,
  ZPromotionCriteria,
} from "@portal/domain";
import { Button, Dialog } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { BoundSelect, BoundTextField, type MessageTranslations } from "../form-field.tsx";
import { criteriaTypeLabel, recordTypeLabel } from "./criteria-labels.ts";
import { FailureNotice } from "./failure-notice.tsx";
import * as styles from "./results.css.ts";

/** The form's text fields as typed; numbers are read by the schema. */
type CriterionForm = {
  name: string;
  recordType: string;
  criteriaType: string;
  minGradePoints: string;
  maxFailedCourses: string;
  minAttendancePercent: string;
};

const toNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The form's schema: the typed numbers read as numbers, then the domain's ZPromotionCriteria, as the server checks. */
export const ZCriterionForm = z
  .object({
    name: z.string(),
    recordType: z.string(),
    criteriaType: z.string(),
    minGradePoints: z.string(),
    maxFailedCourses: z.string(),
    minAttendancePercent: z.string(),
  })
  .transform((v) => ({
    ...v,
    minGradePoints: toNumber(v.minGradePoints),
    maxFailedCourses: toNumber(v.maxFailedCourses),
    minAttendancePercent: toNumber(v.minAttendancePercent),
  }))
  .pipe(ZPromotionCriteria);

/** The promotion criterion rules' messages (the domain's, as the server answers them) in the user's language. */
export function criterionTranslations(): MessageTranslations {
  return {
    [PROMOTION_MESSAGES.name]: m.gres_msg_crit_name,
    [PROMOTION_MESSAGES.nameLength]: m.gres_msg_crit_name_length,
    [PROMOTION_MESSAGES.recordType]: m.gres_msg_crit_record_type,
    [PROMOTION_MESSAGES.criteriaType]: m.gres_msg_crit_type,
    [PROMOTION_MESSAGES.minGradePoints]: m.gres_msg_crit_min_gp,
    [PROMOTION_MESSAGES.maxFailedCourses]: m.gres_msg_crit_max_failed,
    [PROMOTION_MESSAGES.minAttendancePercent]: m.gres_msg_crit_min_attendance,
  };
}

/**
 * The promotion criterion dialog (spec §7 createCriteriaWithFilter): new (`criterion` null) or
 * edit, built with TanStack Form and ZCriterionForm (the domain's ZPromotionCriteria), so the browser
 * refuses what the server refuses; a stale version shows ConflictNotice with Reload (`onReload`).
 * Loaded when first opened (PromotionCriteria's lazyDialog).
 */
export function CriterionDialog({
  criterion,
  onClose,
  onReload,
}: {
  criterion: PromotionCriterion | null;
  onClose: () => void;
  onReload: () => Promise<unknown>;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const translations = criterionTranslations();
  const latest = useRef(criterion);
  latest.current = criterion;
  const save = useMutation({
    ...savePromotionCriterionMutationOptions(api),
    onSuccess: async (answer) => {
      toast.success(m.gres_crit_saved({ name: answer.criteria.name }));
      await queryClient.invalidateQueries({ queryKey: gradingKeys.all });
      onClose();
    },
    onError: setFailure,
  });
  const form = useForm({
    defaultValues: {
      name: criterion?.name ?? "",
      recordType: criterion?.recordType ?? "Default",
      criteriaType: criterion?.criteriaType ?? "Promotion",
      minGradePoints: criterion ? String(criterion.minGradePoints) : "",
      maxFailedCourses: criterion ? String(criterion.maxFailedCourses) : "",
      minAttendancePercent: criterion ? String(criterion.minAttendancePercent) : "",
    } as CriterionForm,
    validators: { onChange: ZCriterionForm, onSubmit: ZCriterionForm },
    onSubmit: ({ value }) => {
      const parsed = ZCriterionForm.parse(value);
      setFailure(null);
      const current = latest.current;
      save.mutate({
        ...parsed,
        ...(current ? { id: current.id, version: current.version, programmeId: current.programmeId } : {}),
      });
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={criterion ? m.gres_crit_edit_of({ name: criterion.name }) : m.gres_crit_new()}
      closeLabel={m.gres_close()}
      closeOnInteractOutside={false}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {m.gres_cancel()}
          </Button>
          <Button type="submit" form="criterion-form" loading={save.isPending}>
            {m.gres_save()}
          </Button>
        </>
      }
    >
      <form
        id="criterion-form"
        noValidate
        className={styles.formGrid}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="name">
          {(field) => (
            <BoundTextField
              field={field}
              label={m.gres_crit_name()}
              maxLength={200}
              required
              translations={translations}
            />
          )}
        </form.Field>
        <form.Field name="recordType">
          {(field) => (
            <BoundSelect
              field={field}
              label={m.gres_crit_record_type()}
              options={CRITERIA_RECORD_TYPES.map((t) => ({ value: t, label: recordTypeLabel(t) }))}
              translations={translations}
            />
          )}
        </form.Field>
        <form.Field name="criteriaType">
          {(field) => (
            <BoundSelect
              field={field}
              label={m.gres_crit_type()}
              options={CRITERIA_TYPES.map((t) => ({ value: t, label: criteriaTypeLabel(t) }))}
              translations={translations}
            />
          )}
        </form.Field>
        <form.Field name="minGradePoints">
          {(field) => (
            <BoundTextField
              field={field}
              label={m.gres_crit_min_gp()}
              inputMode="decimal"
              required
              translations={translations}
            />
          )}
        </form.Field>
        <form.Field name="maxFailedCourses">
          {(field) => (
            <BoundTextField
              field={field}
              label={m.gres_crit_max_failed()}
              inputMode="numeric"
              required
              translations={translations}
            />
          )}
        </form.Field>
        <form.Field name="minAttendancePercent">
          {(field) => (
            <BoundTextField
              field={field}
              label={m.gres_crit_min_attendance()}
              inputMode="decimal"
              required
              translations={translations}
            />
          )}
        </form.Field>
      </form>
      <FailureNotice failure={failure} onReload={onReload} onCleared={() => setFailure(null)} />
    </Dialog>
  );
}

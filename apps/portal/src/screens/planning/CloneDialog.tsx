import { ApiError, clonePlannerMutationOptions, planningKeys } from "@portal/api-client";
import { INTAKE_MONTHS, PLANNER_YEARS } from "@portal/domain";
import { Button, Dialog, Select, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { BoundSelect, fieldErrorText } from "../form-field.tsx";
import * as styles from "./planning.css.ts";

/*
 * The Term Academic Planner's Program Clone dialog, apart from the planner so its form library and
 * zod load when it opens (TermPlanner's lazyDialog).
 */

const ZCloneSource = z.object({
  academicProgramId: z.string().min(1, { error: "Field cannot be empty." }),
  intake: z.enum(INTAKE_MONTHS, { error: "Field cannot be empty." }),
  batch: z.string().regex(/^\d{4}$/, { error: "Field cannot be empty." }),
});

/** Program Clone (spec §2): copy the planner of another intake (program, intake, batch) into this one. */
export function CloneDialog({
  open,
  onOpenChange,
  programmes,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  programmes: ReadonlyArray<{ id: string; name: string }>;
  target: { academicProgramId: string; intake: string; year: number };
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const clone = useMutation(clonePlannerMutationOptions(api));
  const translations = { "Field cannot be empty.": m.planning_field_cannot_be_empty };
  const form = useForm({
    defaultValues: { academicProgramId: target.academicProgramId, intake: "", batch: "" },
    validators: { onChange: ZCloneSource, onSubmit: ZCloneSource },
    onSubmit: async ({ value }) => {
      try {
        const answer = await clone.mutateAsync({
          source: {
            academicProgramId: value.academicProgramId,
            intake: value.intake as "JAN",
            batch: Number(value.batch),
          },
          target: { ...target, intake: target.intake as "JAN" },
        });
        toast.success(answer.message);
        await queryClient.invalidateQueries({ queryKey: planningKeys.all });
        onOpenChange(false);
      } catch (error) {
        toast.error(error instanceof ApiError ? error.errorMessage : m.planning_something_went_wrong());
      }
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.planning_program_clone()}
      closeLabel={m.planning_close()}
    >
      <form
        className={styles.dialogForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="academicProgramId">
          {(field) => (
            <BoundSelect
              field={field}
              translations={translations}
              label={m.planning_academic_program()}
              placeholder={m.planning_select()}
              required
              options={programmes.map((p) => ({ value: p.id, label: p.name }))}
            />
          )}
        </form.Field>
        <form.Field name="intake">
          {(field) => (
            <BoundSelect
              field={field}
              translations={translations}
              label={m.planning_intake()}
              placeholder={m.planning_select()}
              required
              options={INTAKE_MONTHS.map((i) => ({ value: i, label: i }))}
            />
          )}
        </form.Field>
        <form.Field name="batch">
          {(field) => (
            <Select
              label={m.planning_batch()}
              placeholder={m.planning_select()}
              required
              name={field.name}
              value={field.state.value}
              options={PLANNER_YEARS.map((y) => ({ value: String(y), label: String(y) }))}
              onChange={(value) => {
                field.handleChange(value);
                field.handleBlur();
              }}
              error={fieldErrorText(field, translations)}
            />
          )}
        </form.Field>
        <div className={styles.dialogActions}>
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            {m.planning_cancel()}
          </Button>
          <Button variant="primary" type="submit" loading={clone.isPending}>
            {m.planning_clone()}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

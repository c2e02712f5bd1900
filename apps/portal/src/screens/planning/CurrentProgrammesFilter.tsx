import { isIsoDate, PROGRAMME_TYPES, SEMESTER_OPTIONS } from "@portal/domain";
import { Button } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import type { Filters } from "./CurrentProgrammes.tsx";
import * as styles from "./planning.css.ts";

/*
 * The Current Programmes Filter dialog's form (spec, Academic planning §2 "Current Programmes"), apart
 * from the list so the page's first load carries neither the form library nor zod.
 */

const ZFilters = z
  .object({
    program: z.string(),
    type: z.union([z.literal(""), z.enum(PROGRAMME_TYPES)]),
    campus: z.string(),
    semester: z.string(),
    startDate: z.string().refine((v) => v === "" || isIsoDate(v)),
    endDate: z.string().refine((v) => v === "" || isIsoDate(v)),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    error: "End date cannot be before the start date",
    path: ["endDate"],
  });

/**
 * The Filter dialog's fields (Program Module, Type, Start date, End date, Current Semester, Campus),
 * checked with ZFilters (an end date before the start date is refused); Apply calls `onApply` with
 * the values, Clear All with `empty`.
 */
export function FilterForm({
  filters,
  empty,
  programmes,
  campuses,
  onApply,
}: {
  filters: Filters;
  empty: Filters;
  programmes: string[];
  campuses: string[];
  onApply: (f: Filters) => void;
}) {
  const form = useForm({
    defaultValues: filters,
    validators: { onChange: ZFilters, onSubmit: ZFilters },
    onSubmit: ({ value }) => onApply(value),
  });
  const translations = { "End date cannot be before the start date": m.planning_end_before_start };
  return (
    <form
      className={styles.dialogForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="program">
        {(field) => (
          <BoundSelect
            field={field}
            label={m.planning_program_module()}
            placeholder={m.planning_all()}
            options={programmes.map((p) => ({ value: p, label: p }))}
          />
        )}
      </form.Field>
      <form.Field name="type">
        {(field) => (
          <BoundSelect
            field={field}
            label={m.planning_type()}
            placeholder={m.planning_all()}
            options={PROGRAMME_TYPES.map((t) => ({ value: t, label: t }))}
          />
        )}
      </form.Field>
      <form.Field name="startDate">
        {(field) => <BoundTextField field={field} type="date" label={m.planning_start_date()} />}
      </form.Field>
      <form.Field name="endDate">
        {(field) => (
          <BoundTextField
            field={field}
            translations={translations}
            type="date"
            label={m.planning_end_date()}
          />
        )}
      </form.Field>
      <form.Field name="semester">
        {(field) => (
          <BoundSelect
            field={field}
            label={m.planning_current_semester()}
            placeholder={m.planning_all()}
            options={SEMESTER_OPTIONS.map((s) => ({ value: String(s), label: String(s) }))}
          />
        )}
      </form.Field>
      <form.Field name="campus">
        {(field) => (
          <BoundSelect
            field={field}
            label={m.planning_campus()}
            placeholder={m.planning_all()}
            options={campuses.map((c) => ({ value: c, label: c }))}
          />
        )}
      </form.Field>
      <div className={styles.dialogActions}>
        <Button variant="secondary" type="button" onClick={() => onApply(empty)}>
          {m.planning_clear_all()}
        </Button>
        <Button variant="primary" type="submit">
          {m.planning_apply()}
        </Button>
      </div>
    </form>
  );
}

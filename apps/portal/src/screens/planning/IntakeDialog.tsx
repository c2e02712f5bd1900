import {
  type CreateIntakeRequest,
  createIntakeMutationOptions,
  planningKeys,
  planningSetupQueryOptions,
} from "@portal/api-client";
import {
  PLANNING_MESSAGES,
  SECTION_LETTERS,
  SEMESTER_OPTIONS,
  toWireDate,
  ZCreateIntake,
  ZIsoDate,
} from "@portal/domain";
import { Button, Dialog } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { leaveFlash } from "../../shell/flash.ts";
import { useApi, useNavigate, useToast } from "../../shell/IslandRoot.tsx";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import * as styles from "../screen.css.ts";
import { planningMessages } from "./messages.ts";
import { isRefusal, RefusalNotice } from "./refusal.tsx";
import { planningLinks } from "./routes.ts";
import { sessionStore, storeSelection } from "./state.ts";

/*
 * Add Intake/Specialization's FILTER dialog, apart from the page so its form library and zod load
 * when it first opens (AddIntake's lazyDialog).
 */

/** The filter component's choices (ids and texts as chosen on the page; "" while unset). */
export type IntakeFilters = { academicProgramId: string; year: string; intake: string };

const requiredChoice = z.string().trim().min(1, { error: PLANNING_MESSAGES.fieldCannotBeEmpty });
/** The FILTER dialog as typed (strings); the create call's own schema (ZCreateIntake) is checked on submit. */
const ZIntakeDetails = z
  .object({
    semesters: requiredChoice,
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    campusId: requiredChoice,
    totalSections: requiredChoice,
  })
  .refine((v) => v.endDate > v.startDate, {
    error: "End date must be after the start date",
    path: ["endDate"],
  });
type IntakeDetails = z.input<typeof ZIntakeDetails>;

/** The body of createProgramBatchSpecialization for the filters and the typed dialog (dates DD/MM/YYYY). */
export function toCreateIntakeRequest(v: IntakeFilters & IntakeDetails) {
  return {
    academicProgramId: v.academicProgramId,
    campusId: v.campusId,
    year: Number(v.year),
    intake: v.intake,
    startDate: toWireDate(v.startDate),
    endDate: toWireDate(v.endDate),
    semesters: Number(v.semesters),
    totalSections: Number(v.totalSections),
  };
}

/**
 * The FILTER dialog (spec §2): Semester, Start date, End date, Select City, Total Section, for the
 * page's `filters`. Submitting creates the intake with its programme plan and terms in one call
 * (createProgramBatchSpecialization; the server also places the curriculum's subjects in the terms
 * with Total Section sections each), stores the selection in session storage and goes to
 * /app/add-activity with the filters and the `ignored` holiday ids, where the server's confirmation
 * shows as a toast (shell/flash.ts). A 409 (the intake exists already) shows in the dialog
 * (RefusalNotice), keeping what was typed; another refusal shows its message under the field the
 * server names (or as a toast when it names none), keeping what was typed. The chosen city goes to
 * `onCampusChange` (the page's holiday list follows it). The page keeps the dialog mounted once
 * opened, so closing it keeps what was typed.
 */
export function IntakeDialog({
  open,
  onOpenChange,
  filters,
  ignored,
  onCampusChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: IntakeFilters;
  ignored: readonly string[];
  onCampusChange: (campusId: string) => void;
}) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setup = useQuery(planningSetupQueryOptions(api));
  const create = useMutation(createIntakeMutationOptions(api));
  // A 409 (the intake exists already), with what was typed kept.
  const [refused, setRefused] = useState<unknown>(null);
  const translations = planningMessages();
  const form = useForm({
    defaultValues: {
      semesters: "2",
      startDate: "",
      endDate: "",
      campusId: "",
      totalSections: "1",
    } as IntakeDetails,
    validators: { onChange: ZIntakeDetails, onSubmit: ZIntakeDetails },
    onSubmit: async ({ value, formApi }) => {
      setRefused(null);
      const typed = { ...filters, ...value };
      const body = toCreateIntakeRequest(typed);
      // The server's own rule for the call (same schema), so the browser refuses what it would refuse.
      const check = ZCreateIntake.safeParse(body);
      if (!check.success) {
        toast.error(check.error.issues[0]?.message ?? m.intake_provide_all_details());
        return;
      }
      try {
        const answer = await create.mutateAsync(body as CreateIntakeRequest);
        await queryClient.invalidateQueries({ queryKey: planningKeys.all });
        const programme = setup.data?.["Academic Program"].find((p) => p.id === typed.academicProgramId);
        const campusName = setup.data?.Campus.find((c) => c.id === typed.campusId)?.name ?? "";
        storeSelection(sessionStore(), {
          program: programme?.name ?? "",
          programPlan: answer.batchName,
          academicTerm: answer.terms[0]?.name ?? "",
          year: typed.year,
          intake: typed.intake,
          programPlanId: answer.programPlanId,
        });
        // Confirmed on the planner it lands on, where it can be read (shell/flash.ts).
        leaveFlash(answer.message);
        onOpenChange(false);
        navigate(
          planningLinks.planner({
            program: programme?.name ?? "",
            year: typed.year,
            intake: typed.intake,
            semester: typed.semesters,
            startDate: typed.startDate,
            endDate: typed.endDate,
            city: campusName,
            totalSection: typed.totalSections,
            ignoreHolidays: ignored.join(","),
          }),
        );
      } catch (error) {
        if (isRefusal(error)) {
          setRefused(error);
          return;
        }
        // The server's reason at the field it names, the typed values kept; else as a toast.
        const refusal = showRefusalOnForm(formApi, error, { translations });
        if (refusal.placedOn === null) toast.error(refusal.message);
      }
    },
  });
  const campuses = setup.data?.Campus ?? [];
  const submit = () => void form.handleSubmit();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.intake_filter()}
      closeLabel={m.intake_close()}
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {m.intake_cancel()}
          </Button>
          <Button variant="primary" loading={create.isPending} onClick={submit}>
            {m.intake_submit()}
          </Button>
        </div>
      }
    >
      {refused ? (
        <RefusalNotice
          error={refused}
          onReload={() => queryClient.invalidateQueries({ queryKey: planningKeys.all })}
        />
      ) : null}
      <form
        className={styles.screen}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <form.Field name="semesters">
          {(field) => (
            <BoundSelect
              field={field}
              label={m.intake_semester()}
              options={SEMESTER_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
              translations={translations}
              required
            />
          )}
        </form.Field>
        <form.Field name="startDate">
          {(field) => (
            <BoundTextField
              field={field}
              type="date"
              label={m.intake_start_date()}
              translations={translations}
              required
            />
          )}
        </form.Field>
        <form.Field name="endDate">
          {(field) => (
            <BoundTextField
              field={field}
              type="date"
              label={m.intake_end_date()}
              translations={translations}
              required
            />
          )}
        </form.Field>
        <form.Field name="campusId" listeners={{ onChange: ({ value }) => onCampusChange(value) }}>
          {(field) => (
            <BoundSelect
              field={field}
              label={m.intake_select_city()}
              placeholder={m.intake_select()}
              options={campuses.map((c) => ({ value: c.id, label: c.name }))}
              translations={translations}
              required
            />
          )}
        </form.Field>
        <form.Field name="totalSections">
          {(field) => (
            <BoundSelect
              field={field}
              label={m.intake_total_section()}
              options={SECTION_LETTERS.map((_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
              translations={translations}
              required
            />
          )}
        </form.Field>
      </form>
    </Dialog>
  );
}

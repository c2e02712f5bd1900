import {
  type CreateIntakeRequest,
  campusHolidaysQueryOptions,
  planningKeys,
  planningMutations,
  planningSetupQueryOptions,
} from "@portal/api-client";
import {
  BATCH_YEARS,
  INTAKE_MONTHS,
  isPlanningSelectionComplete,
  PLANNING_MESSAGES,
  SECTION_LETTERS,
  SEMESTER_OPTIONS,
  toWireDate,
  ZCreateIntake,
  ZIsoDate,
} from "@portal/domain";
import { Button, Checkbox, Dialog, Popover } from "@portal/ui";
import { useForm, useStore } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useNavigate,
  useToast,
} from "../../shell/IslandRoot.tsx";
import { errorText } from "../exams/labels.ts";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import * as styles from "../screen.css.ts";
import { planningMessages } from "./messages.ts";
import { isRefusal, RefusalNotice } from "./refusal.tsx";
import { planningLinks } from "./routes.ts";
import { sessionStore, storeSelection, wireToDisplay } from "./state.ts";

/** The Add Intake/Specialization island (`/app/add-program`). */
export default function AddIntake({ search: _search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <AddIntakeScreen />
    </IslandRoot>
  );
}

/** First query of Add Intake, run on the server: programmes and campuses (Load setup options). */
export const addIntakeFirstQuery: FirstQuery = async ({ api, fetch }) => {
  await fetch(planningSetupQueryOptions(api));
};

const requiredChoice = z.string().trim().min(1, { error: PLANNING_MESSAGES.fieldCannotBeEmpty });
/** The form as typed (strings); the create call's own schema (ZCreateIntake) is checked on submit. */
const ZIntakeForm = z
  .object({
    academicProgramId: requiredChoice,
    year: requiredChoice,
    intake: requiredChoice,
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
type IntakeForm = z.input<typeof ZIntakeForm>;

/** The body of createProgramBatchSpecialization for the typed form (dates DD/MM/YYYY). */
export function toCreateIntakeRequest(v: IntakeForm) {
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
 * Add Intake/Specialization (spec §2; §7 Load setup options; §9 years and intakes): the filter
 * component (Academic Program, Year, Intake); FILTER opens the FILTER dialog (Semester, Start date,
 * End date, Select City, Total Section), enabled once program, year and intake are set. The holiday
 * list popover shows the chosen city's holidays of that year, with Ignore Holidays opening the Ignore
 * Holiday dialog (a checkbox list). Submitting creates the intake with its programme plan and terms
 * in one call (createProgramBatchSpecialization), stores the selection in session storage and goes
 * to /app/add-activity with the filters (and the ignored holidays). Creating the intake also places
 * its curriculum's subjects in the terms with Total Section sections each (A..). A 409 (the intake
 * exists already) shows in the dialog (RefusalNotice), keeping what was typed.
 */
export function AddIntakeScreen() {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setup = useQuery(planningSetupQueryOptions(api));
  const create = useMutation(planningMutations.createIntake(api));
  const [filterOpen, setFilterOpen] = useState(false);
  const [ignoreOpen, setIgnoreOpen] = useState(false);
  const [ignored, setIgnored] = useState<string[]>([]);
  // A 409 (the intake exists already) shown in the FILTER dialog, with what was typed kept.
  const [refused, setRefused] = useState<unknown>(null);
  const translations = planningMessages();
  const form = useForm({
    defaultValues: {
      academicProgramId: "",
      year: "",
      intake: "",
      semesters: "2",
      startDate: "",
      endDate: "",
      campusId: "",
      totalSections: "1",
    } as IntakeForm,
    validators: { onChange: ZIntakeForm, onSubmit: ZIntakeForm },
    onSubmit: async ({ value }) => {
      setRefused(null);
      const body = toCreateIntakeRequest(value);
      // The server's own rule for the call (same schema), so the browser refuses what it would refuse.
      const check = ZCreateIntake.safeParse(body);
      if (!check.success) {
        toast.error(check.error.issues[0]?.message ?? m.intake_provide_all_details());
        return;
      }
      try {
        const answer = await create.mutateAsync(body as CreateIntakeRequest);
        await queryClient.invalidateQueries({ queryKey: planningKeys.all });
        const programme = setup.data?.["Academic Program"].find((p) => p.id === value.academicProgramId);
        const campusName = setup.data?.Campus.find((c) => c.id === value.campusId)?.name ?? "";
        storeSelection(sessionStore(), {
          program: programme?.name ?? "",
          programPlan: answer.batchName,
          academicTerm: answer.terms[0]?.name ?? "",
          year: value.year,
          intake: value.intake,
          programPlanId: answer.programPlanId,
        });
        toast.success(answer.message);
        setFilterOpen(false);
        navigate(
          planningLinks.addActivity({
            program: programme?.name ?? "",
            year: value.year,
            intake: value.intake,
            semester: value.semesters,
            startDate: value.startDate,
            endDate: value.endDate,
            city: campusName,
            totalSection: value.totalSections,
            ignoreHolidays: ignored.join(","),
          }),
        );
      } catch (error) {
        if (isRefusal(error)) setRefused(error);
        else toast.error(errorText(error));
      }
    },
  });
  const values = useStore(form.store, (s) => s.values);
  const ready = isPlanningSelectionComplete({
    program: values.academicProgramId,
    year: values.year,
    intake: values.intake,
  });
  const holidays = useQuery({
    ...campusHolidaysQueryOptions(api, values.campusId, values.year === "" ? "" : Number(values.year)),
    enabled: values.campusId !== "",
  });
  const holidayList = holidays.data?.holidays ?? [];
  const programmes = setup.data?.["Academic Program"] ?? [];
  const campuses = setup.data?.Campus ?? [];
  const submit = () => void form.handleSubmit();

  return (
    <div className={styles.screen}>
      <fieldset className={styles.filters} aria-label={m.intake_filters()}>
        <form.Field name="academicProgramId">
          {(field) => (
            <BoundSelect
              field={field}
              className={styles.filterField}
              label={m.intake_academic_program()}
              placeholder={m.intake_select()}
              options={programmes.map((p) => ({ value: p.id, label: p.name }))}
              translations={translations}
              required
            />
          )}
        </form.Field>
        <form.Field name="year">
          {(field) => (
            <BoundSelect
              field={field}
              className={styles.filterField}
              label={m.intake_year()}
              placeholder={m.intake_select()}
              options={BATCH_YEARS.map((y) => ({ value: String(y), label: String(y) }))}
              translations={translations}
              required
            />
          )}
        </form.Field>
        <form.Field name="intake">
          {(field) => (
            <BoundSelect
              field={field}
              className={styles.filterField}
              label={m.intake_intake()}
              placeholder={m.intake_select()}
              options={INTAKE_MONTHS.map((v) => ({ value: v, label: v }))}
              translations={translations}
              required
            />
          )}
        </form.Field>
        <Button variant="primary" disabled={!ready} onClick={() => setFilterOpen(true)}>
          {m.intake_filter()}
        </Button>
        <Popover
          trigger={m.intake_holiday_list()}
          triggerVariant="secondary"
          title={m.intake_holiday_list()}
          closeLabel={m.intake_close()}
          placement="bottom-start"
        >
          {values.campusId === "" ? (
            <p className={styles.muted}>{m.intake_choose_city_first()}</p>
          ) : holidayList.length === 0 ? (
            <p className={styles.muted}>{m.intake_no_data()}</p>
          ) : (
            <ul className={styles.cellList}>
              {holidayList.map((h) => (
                <li key={h.id}>
                  {wireToDisplay(h.startDate)} {h.name}
                  {ignored.includes(h.id) ? ` (${m.intake_ignored()})` : ""}
                </li>
              ))}
            </ul>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={holidayList.length === 0}
            onClick={() => setIgnoreOpen(true)}
          >
            {m.intake_ignore_holidays()}
          </Button>
        </Popover>
      </fieldset>
      <p className={styles.muted}>{m.intake_add_intake_hint()}</p>

      <Dialog
        open={filterOpen}
        onOpenChange={setFilterOpen}
        title={m.intake_filter()}
        closeLabel={m.intake_close()}
        footer={
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setFilterOpen(false)}>
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
          <form.Field name="campusId">
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

      <Dialog
        open={ignoreOpen}
        onOpenChange={setIgnoreOpen}
        title={m.intake_ignore_holiday()}
        closeLabel={m.intake_close()}
        footer={
          <Button variant="primary" onClick={() => setIgnoreOpen(false)}>
            {m.intake_done()}
          </Button>
        }
      >
        {holidayList.map((h) => (
          <Checkbox
            key={h.id}
            label={`${wireToDisplay(h.startDate)} ${h.name}`}
            checked={ignored.includes(h.id)}
            onChange={(checked) =>
              setIgnored((now) => (checked ? [...now, h.id] : now.filter((id) => id !== h.id)))
            }
          />
        ))}
      </Dialog>
    </div>
  );
}

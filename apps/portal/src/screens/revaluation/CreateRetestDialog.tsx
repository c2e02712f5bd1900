import {
  createRetestMutationOptions,
  examKeys,
  type RetestExamItem,
  type RetestFormOptions,
  retestFormOptionsQueryOptions,
  revaluationKeys,
} from "@portal/api-client";
import {
  emptyRetestExam,
  REQUIRED,
  RETEST_DURATIONS,
  RETEST_EXAM_MODES,
  RETEST_EXAM_TYPE,
  RETEST_STUDENT_FACULTY_RATIO,
  RETEST_TIME_ZONE,
  type RetestExamInput,
  ZRetestExam,
} from "@portal/domain";
import { Button, Dialog, Select, TextField } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import * as evaluationStyles from "../exam/evaluation/evaluation.css.ts";
import { BoundSelect, BoundTextField, fieldErrorText, type MessageTranslations } from "../form-field.tsx";
import { errorText } from "../kit/error-text.ts";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { formatNumber, plural, pluralCount } from "../kit/format.ts";
import * as styles from "../screen.css.ts";

/** The retest form's rule messages in the page's language ('Field cannot be empty.' for "Required", spec §5). */
export function retestTranslations(): MessageTranslations {
  return {
    [REQUIRED]: m.reval_field_cannot_be_empty,
    "duration must be 30 to 300 minutes in steps of 30": m.reval_duration_rule,
  };
}

/** Where the dialog starts: the student list's course, term and batch, and the requests to schedule. */
export type RetestPreset = {
  courseName: string;
  termName: string;
  batch: string;
  requestIds: readonly string[];
};

/**
 * The form's starting values: with a preset, the term of that name and batch (term names repeat
 * across batches) that offers the course, its batch and the course.
 */
export function retestDefaults(
  options: RetestFormOptions | undefined,
  preset?: RetestPreset,
): RetestExamInput {
  const values = emptyRetestExam();
  if (!options || !preset) return values;
  const offers = (termId: string) =>
    options.CourseList.find((c) => c.CourseName === preset.courseName && c.TermId === termId);
  const terms = options.TermList.filter((t) => t.TermName === preset.termName && offers(t.TermId));
  const term = terms.find((t) => t.batch === preset.batch) ?? terms[0];
  if (!term) return values;
  values.term = term.TermId;
  values.batch = term.batch;
  values.course = offers(term.TermId)?.CourseId ?? "";
  return values;
}

/**
 * The Create Retest Exam dialog (spec §2 Retest list, §3 retest exam creation item and form options,
 * §5 all fields required, §9: duration 30 to 300 minutes in steps of 30, exam type ReTest, mode
 * online or offline, time zone Asia/Kolkata and ratio 50:30 fixed). TanStack Form with the domain's
 * ZRetestExam, the rule the server checks. Term, course (of the term), batch (the term's), exam cycle
 * (the Retest cycles), date, start time, duration and mode; the fixed values are shown read-only.
 * With a `preset` (the student list) term and course start chosen and only the selected accepted
 * students are scheduled. Created: toast 'Retest Exam Created Successfully' (top right, 5 s), the
 * lists reload and the dialog closes; a refusal keeps what was typed and shows the server's reason
 * under the field it names (a date outside the exam cycle, its dates DD-MM-YYYY), else in the dialog
 * (e.g. a clash, a retest already in the cycle).
 */
export function CreateRetestDialog({ onClose, preset }: { onClose: () => void; preset?: RetestPreset }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const options = useQuery(retestFormOptionsQueryOptions(api));
  if (!options.data) {
    return (
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title={m.reval_create_retest_title()}
        closeLabel={m.reval_close()}
      >
        {options.isError ? (
          <p role="alert" className={styles.errorBox}>
            {errorText(options.error)}
          </p>
        ) : (
          <p className={styles.muted}>{m.ev_loading()}</p>
        )}
      </Dialog>
    );
  }
  return (
    <RetestForm
      options={options.data}
      preset={preset}
      onClose={onClose}
      onCreated={async (message) => {
        toast.success(message === "Retest Exam Created Successfully" ? m.reval_retest_created() : message);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: revaluationKeys.all }),
          queryClient.invalidateQueries({ queryKey: examKeys.all }),
        ]);
        onClose();
      }}
    />
  );
}

function RetestForm({
  options,
  preset,
  onClose,
  onCreated,
}: {
  options: RetestFormOptions;
  preset: RetestPreset | undefined;
  onClose: () => void;
  onCreated: (message: string) => Promise<void>;
}) {
  const api = useApi();
  // A refusal naming no field of the form; one that names a field shows under it.
  const [failure, setFailure] = useState<string | null>(null);
  const translations = retestTranslations();
  const create = useMutation({
    ...createRetestMutationOptions(api),
    onSuccess: (answer) => onCreated(answer.message),
    onError: (error) => {
      const refusal = showRefusalOnForm(form, error, { translations });
      setFailure(refusal.placedOn ? null : refusal.message);
    },
  });
  const form = useForm({
    defaultValues: retestDefaults(options, preset),
    validators: { onChange: ZRetestExam, onSubmit: ZRetestExam },
    onSubmit: ({ value }) => {
      const parsed = ZRetestExam.parse(value);
      setFailure(null);
      create.mutate({
        ...parsed,
        // ZRetestExam has checked it is one of RETEST_DURATIONS.
        duration: parsed.duration as RetestExamItem["duration"],
        ...(preset && preset.requestIds.length > 0 ? { requestIds: [...preset.requestIds] } : {}),
      });
    },
  });
  const cycleOf = (name: string) => options.examCycles.find((c) => c.name === name);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={m.reval_create_retest_title()}
      description={
        preset
          ? pluralCount(
              preset.requestIds.length,
              m.reval_create_retest_for_one,
              m.reval_create_retest_for_other,
            )
          : m.reval_create_retest_description()
      }
      closeLabel={m.reval_close()}
      closeOnInteractOutside={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {m.reval_cancel()}
          </Button>
          <Button type="submit" form="retest-form" loading={create.isPending}>
            {m.reval_create()}
          </Button>
        </>
      }
    >
      <form
        id="retest-form"
        noValidate
        className={evaluationStyles.dialogFields}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field
          name="term"
          listeners={{
            onChange: ({ value }) => {
              const term = options.TermList.find((t) => t.TermId === value);
              form.setFieldValue("batch", term?.batch ?? "");
              form.setFieldValue("course", "");
            },
          }}
        >
          {(field) => (
            <BoundSelect
              field={field}
              translations={translations}
              label={m.reval_term()}
              required
              placeholder={m.reval_choose()}
              options={options.TermList.map((t) => ({
                value: t.TermId,
                label: m.reval_term_option({ term: t.TermName, batch: t.batch }),
              }))}
            />
          )}
        </form.Field>
        <form.Subscribe selector={(s) => s.values.term}>
          {(term) => (
            <form.Field name="course">
              {(field) => (
                <BoundSelect
                  field={field}
                  translations={translations}
                  label={m.reval_course()}
                  required
                  placeholder={m.reval_choose()}
                  options={options.CourseList.filter((c) => c.TermId === term).map((c) => ({
                    value: c.CourseId,
                    label: plural(c.students, m.reval_course_option_one, m.reval_course_option_other, {
                      course: c.CourseName,
                      students: formatNumber(c.students),
                    }),
                  }))}
                />
              )}
            </form.Field>
          )}
        </form.Subscribe>
        <form.Field name="batch">
          {(field) => (
            <BoundSelect
              field={field}
              translations={translations}
              label={m.reval_batch()}
              required
              placeholder={m.reval_choose()}
              options={options.batchList.map((b) => ({ value: b, label: b }))}
            />
          )}
        </form.Field>
        <form.Field name="examCycle">
          {(field) => (
            <BoundSelect
              field={field}
              translations={translations}
              label={m.reval_exam_cycle()}
              required
              placeholder={m.reval_choose()}
              options={options.ExamMonthList.map((c) => ({ value: c, label: c }))}
            />
          )}
        </form.Field>
        <form.Subscribe selector={(s) => s.values.examCycle}>
          {(cycleName) => {
            const cycle = cycleOf(cycleName);
            return (
              <form.Field name="dateOfExam">
                {(field) => (
                  <BoundTextField
                    field={field}
                    translations={translations}
                    type="date"
                    label={m.reval_date_of_exam()}
                    required
                    helper={
                      cycle ? m.reval_cycle_dates({ start: cycle.startDate, end: cycle.endDate }) : undefined
                    }
                  />
                )}
              </form.Field>
            );
          }}
        </form.Subscribe>
        <form.Field name="startTimeOfExam">
          {(field) => (
            <BoundTextField
              field={field}
              translations={translations}
              type="time"
              label={m.reval_start_time()}
              required
            />
          )}
        </form.Field>
        <form.Field name="duration">
          {(field) => (
            <Select
              name={field.name}
              label={m.reval_duration()}
              required
              value={String(field.state.value ?? "")}
              options={RETEST_DURATIONS.map((d) => ({
                value: String(d),
                label: m.reval_minutes({ count: formatNumber(d) }),
              }))}
              onChange={(value) => {
                field.handleChange(Number(value));
                field.handleBlur();
              }}
              error={fieldErrorText(field, translations)}
            />
          )}
        </form.Field>
        <form.Field name="examMode">
          {(field) => (
            <BoundSelect
              field={field}
              translations={translations}
              label={m.reval_exam_mode()}
              required
              options={RETEST_EXAM_MODES.map((mode) => ({
                value: mode,
                label: mode === "online" ? m.reval_online() : m.reval_offline(),
              }))}
            />
          )}
        </form.Field>
        <TextField label={m.reval_exam_type()} value={RETEST_EXAM_TYPE} onChange={() => undefined} readOnly />
        <TextField label={m.reval_time_zone()} value={RETEST_TIME_ZONE} onChange={() => undefined} readOnly />
        <TextField
          label={m.reval_ratio()}
          value={RETEST_STUDENT_FACULTY_RATIO}
          onChange={() => undefined}
          readOnly
        />
        {failure ? (
          <p role="alert" className={styles.errorBox}>
            {failure}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
